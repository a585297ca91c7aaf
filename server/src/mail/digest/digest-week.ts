const DAY_MS = 24 * 3600 * 1000;

/** The week a digest run belongs to, and the articles it covers. */
export interface DigestWeek {
  /** Monday (UTC) of the ISO week, YYYY-MM-DD: the delivery table's key. */
  monday: string;
  /** The ISO week, e.g. 2025-W23 (logs, subject). */
  label: string;
  /** Articles first stored in [since, until) count as new: the 7 days before the run. */
  since: Date;
  until: Date;
}

function isoWeekLabel(monday: Date): string {
  // The ISO week's year is the year of its Thursday; week 1 holds the year's first Thursday.
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The digest week of a run started at `now`. */
export function digestWeekOf(now: Date): DigestWeek {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY_MS);
  return {
    monday: monday.toISOString().slice(0, 10),
    label: isoWeekLabel(monday),
    since: new Date(now.getTime() - 7 * DAY_MS),
    until: now,
  };
}
