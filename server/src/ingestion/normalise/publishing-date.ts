/**
 * Dates as feeds and article pages write them, read strictly: RFC 822/2822/1123 and their
 * real-world variants, ISO 8601 / W3C-DTF, and a few other common feed forms. Anything else is
 * unreadable rather than guessed at (no Date.parse), and every instant is computed with Date.UTC
 * so the server's own time zone never matters.
 */

/** Dates before this are typos or epoch defaults ("1970-01-01"), not real publishing dates. */
const EARLIEST_PLAUSIBLE = Date.UTC(1991, 0, 1);
/** A date this far ahead of the crawler's clock is clock skew or a zone mix-up, read as "now". */
const FUTURE_TOLERANCE_MS = 48 * 60 * 60 * 1000;
/** Longer text is not a date (and is not worth matching against). */
const MAX_DATE_LENGTH = 120;
/** The widest real UTC offsets are -12:00 and +14:00. */
const MAX_OFFSET_MINUTES = 14 * 60;

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTHS = new Map<string, number>([
  ...MONTH_NAMES.flatMap((name, index): [string, number][] => [
    [name, index + 1],
    [name.slice(0, 3), index + 1],
  ]),
  ['sept', 9],
]);

const WEEKDAY_NAMES = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];
const WEEKDAYS = new Set([
  ...WEEKDAY_NAMES,
  ...WEEKDAY_NAMES.map((name) => name.slice(0, 3)),
  'tues',
  'thur',
  'thurs',
]);

/** Offsets in minutes east of UTC of the zone names feeds use. */
const NAMED_ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  // North America.
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
  AKST: -540,
  AKDT: -480,
  HST: -600,
  // Europe (MEZ and MESZ are the German names of CET and CEST).
  BST: 60,
  WET: 0,
  WEST: 60,
  CET: 60,
  CEST: 120,
  MET: 60,
  MEST: 120,
  MEZ: 60,
  MESZ: 120,
  EET: 120,
  EEST: 180,
  MSK: 180,
  // Asia and Pacific. IST is also Irish Standard Time (+01:00), but India's +05:30 is far more
  // common in feeds: Irish blogs write GMT/IST less often than Indian ones write IST.
  IST: 330,
  JST: 540,
  KST: 540,
  HKT: 480,
  SGT: 480,
  AWST: 480,
  ACST: 570,
  ACDT: 630,
  AEST: 600,
  AEDT: 660,
  NZST: 720,
  NZDT: 780,
};

/** US zone names that say neither standard nor daylight time: their standard offsets. */
const US_GENERIC_ZONES: Record<string, number> = { ET: -300, CT: -360, MT: -420, PT: -480 };

/**
 * Military single-letter zones other than Z. RFC 822 gave them with the wrong sign, so writers
 * disagree on what they mean; RFC 2822 (section 4.3) says to read them as -0000, i.e. UTC.
 */
const MILITARY_ZONE = /^[A-IK-Y]$/;

interface WallClock {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Day of the month of a month's nth Sunday (n = 1, 2...), or its last Sunday for n = -1. */
function sunday(year: number, month: number, n: number): number {
  if (n < 0) {
    const last = daysInMonth(year, month);
    return last - new Date(Date.UTC(year, month - 1, last)).getUTCDay();
  }
  const firstSunday = 1 + ((7 - new Date(Date.UTC(year, month - 1, 1)).getUTCDay()) % 7);
  return firstSunday + 7 * (n - 1);
}

/**
 * Whether US daylight saving time is in force at this local wall-clock time: 02:00 on the second
 * Sunday of March to 02:00 on the first Sunday of November since 2007, first Sunday of April to
 * last Sunday of October before. The repeated hour of the change back is read as daylight time.
 */
function usDaylightTime({ year, month, day, hour, minute }: WallClock): boolean {
  const [startMonth, startDay, endMonth, endDay] =
    year >= 2007
      ? [3, sunday(year, 3, 2), 11, sunday(year, 11, 1)]
      : [4, sunday(year, 4, 1), 10, sunday(year, 10, -1)];
  const local = Date.UTC(year, month - 1, day, hour, minute);
  return (
    local >= Date.UTC(year, startMonth - 1, startDay, 2) &&
    local < Date.UTC(year, endMonth - 1, endDay, 2)
  );
}

const NUMERIC_OFFSET = /^([+-])(\d{2})(?::?(\d{2}))?(?: [a-z]{1,5})?$/i;
const PREFIXED_OFFSET = /^(?:gmt|utc|ut)([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** The zone's offset in minutes east of UTC; no zone is UTC; undefined for an unknown zone. */
function zoneOffset(zone: string | undefined, wall: WallClock): number | undefined {
  if (!zone) return 0;
  // "+0200", "+02:00", "+02", "+0000 UTC" (Go's default layout): the number is what counts.
  const numeric = NUMERIC_OFFSET.exec(zone) ?? PREFIXED_OFFSET.exec(zone);
  if (numeric) {
    const [, sign, hours, minutes = '0'] = numeric;
    const offset = Number(hours) * 60 + Number(minutes);
    if (Number(minutes) > 59 || offset > MAX_OFFSET_MINUTES) return undefined;
    return sign === '-' ? -offset : offset;
  }
  const name = zone.toUpperCase();
  const named = NAMED_ZONES[name];
  if (named !== undefined) return named;
  const generic = US_GENERIC_ZONES[name];
  if (generic !== undefined) return usDaylightTime(wall) ? generic + 60 : generic;
  return MILITARY_ZONE.test(name) ? 0 : undefined;
}

const CLOCK = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(?: ?([ap])\.?m\.?)?$/i;

/** "10:00", "10:00:00.250", "9:05 pm": hour, minute, second and millisecond, unchecked. */
function clockTime(text: string | undefined): Omit<WallClock, 'year' | 'month' | 'day'> | null {
  if (text === undefined) return { hour: 0, minute: 0, second: 0, millisecond: 0 };
  const match = CLOCK.exec(text);
  if (!match) return null;
  const [, hourText = '', minute = '', second = '0', fraction = '', meridiem] = match;
  let hour = Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
  }
  return {
    hour,
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.padEnd(3, '0').slice(0, 3)),
  };
}

/** RFC 2822 section 4.3: two-digit years 00-49 are 2000-2049, 50-99 are 1950-1999. */
function fullYear(text: string): number {
  const year = Number(text);
  if (text.length > 2) return year;
  return year < 50 ? 2000 + year : 1900 + year;
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/** "1", "01", "1st", "22nd": the day number, or NaN for a wrong suffix ("1th"). */
function dayOfMonth(text: string): number {
  const [, digits = '', suffix] = /^(\d{1,2})([a-z]{2})?$/i.exec(text) ?? [];
  const day = Number(digits);
  return suffix === undefined || suffix.toLowerCase() === ordinalSuffix(day) ? day : NaN;
}

const nameOf = (text: string) => text.replace(/\.$/, '').toLowerCase();

interface DateParts {
  weekday?: string;
  year: string;
  month: string;
  day: string;
  time?: string;
  zone?: string;
}

/**
 * The instant the parts name, when each is in range: a date that Date.UTC would roll over
 * (31 February, 25:00) is no date. A weekday that disagrees with the date is tolerated: feeds
 * often get it wrong while the date itself is right.
 */
function instantOf(parts: DateParts): number | undefined {
  if (parts.weekday !== undefined && !WEEKDAYS.has(nameOf(parts.weekday))) return undefined;
  const month = /^\d+$/.test(parts.month) ? Number(parts.month) : MONTHS.get(nameOf(parts.month));
  const time = clockTime(parts.time);
  if (month === undefined || !time) return undefined;
  const wall: WallClock = {
    year: fullYear(parts.year),
    month,
    day: dayOfMonth(parts.day),
    ...time,
  };
  // Also keeps away from Date.UTC's reading of years 0-99 as 1900-1999.
  if (wall.year < 1900 || month < 1 || month > 12) return undefined;
  if (!(wall.day >= 1 && wall.day <= daysInMonth(wall.year, month))) return undefined;
  if (wall.hour > 23 || wall.minute > 59 || wall.second > 59) return undefined;
  const offset = zoneOffset(parts.zone, wall);
  if (offset === undefined) return undefined;
  const { year, day, hour, minute, second, millisecond } = wall;
  const instant = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  return instant - offset * 60_000;
}

const ZONE = String.raw`[+-]\d{2}(?::?\d{2})?(?: [a-z]{1,5})?|[a-z]{1,5}(?:[+-]\d{1,2}(?::?\d{2})?)?`;
const TIME = String.raw`\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?: ?[ap]\.?m\.?)?`;
const NAME = String.raw`[a-z]+\.?`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const TIME_AND_ZONE = `(?: (?<time>${TIME})(?: (?<zone>${ZONE}))?)?`;

/** "2024-05-01", "2024-05-01T10:00:00.5+02:00", "2024-05-01 10:00:00 +0000", "...10:00 UTC". */
const ISO_DATE = new RegExp(
  String.raw`^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})` +
    String.raw`(?:[t ](?<time>\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?) ?(?<zone>${ZONE})?)?$`,
  'i',
);

/** Forms tried on text whose commas became spaces. */
const WRITTEN_DATES = [
  // RFC 822 and kin: "Mon, 01 May 2024 10:00:00 +0000", "1 May 24", "01-May-2024 10:00 GMT".
  new RegExp(
    `^(?:(?<weekday>${NAME}) )?(?<day>${DAY})[ -](?<month>${NAME})[ -](?<year>\\d{4}|\\d{2})${TIME_AND_ZONE}$`,
    'i',
  ),
  // "May 1, 2024", "Mon May 01 2024 10:00:00 GMT+0200" (JavaScript's Date#toString).
  new RegExp(
    `^(?:(?<weekday>${NAME}) )?(?<month>${NAME}) (?<day>${DAY}) (?<year>\\d{4})${TIME_AND_ZONE}$`,
    'i',
  ),
  // "Mon May  1 10:00:00 UTC 2024" (Unix date and C's asctime).
  new RegExp(
    `^(?:(?<weekday>${NAME}) )?(?<month>${NAME}) (?<day>${DAY}) (?<time>${TIME})(?: (?<zone>${ZONE}))? (?<year>\\d{4})$`,
    'i',
  ),
];

function partsOf(text: string): DateParts | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return iso.groups as unknown as DateParts;
  const written = text.replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
  for (const form of WRITTEN_DATES) {
    const match = form.exec(written);
    if (match) return match.groups as unknown as DateParts;
  }
  return undefined;
}

/**
 * A date from a feed or a page, or undefined when the text is not one of the forms above, names
 * an unknown zone or an impossible day or time, or lies before 1991. Text without a zone is UTC.
 */
export function parseFeedDate(text: string | undefined): Date | undefined {
  const trimmed = text?.trim();
  if (!trimmed || trimmed.length > MAX_DATE_LENGTH) return undefined;
  // A trailing comment says the zone's name in words: "+0000 (UTC)", "GMT+0200 (CEST)".
  const parts = partsOf(trimmed.replace(/\s*\([^()]*\)$/, ''));
  const instant = parts && instantOf(parts);
  return instant === undefined || instant < EARLIEST_PLAUSIBLE ? undefined : new Date(instant);
}

/**
 * The article's publishing date, or null ("undated") when it is missing, unreadable, or more
 * than 48 hours after `seenAt`. A date less far in the future is clamped to `seenAt` (a wrong
 * clock or zone), so it cannot pin an article to the top of every feed.
 */
export function publishingDate(raw: string | undefined, seenAt: Date): Date | null {
  const date = parseFeedDate(raw);
  if (!date) return null;
  const ahead = date.getTime() - seenAt.getTime();
  if (ahead > FUTURE_TOLERANCE_MS) return null;
  return ahead > 0 ? new Date(seenAt.getTime()) : date;
}
