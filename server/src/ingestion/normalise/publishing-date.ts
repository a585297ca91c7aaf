/** Dates before this are typos or epoch defaults ("1970-01-01"), not real publishing dates. */
const EARLIEST_PLAUSIBLE = Date.UTC(1991, 0, 1);

/** "2024-05-01 10:00" and similar ISO-looking text without a zone: read as UTC, not local time. */
const ZONELESS_ISO = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

function parseDate(raw: string | undefined): number | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const time = Date.parse(ZONELESS_ISO.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(time) || time < EARLIEST_PLAUSIBLE ? undefined : time;
}

/**
 * The article's publishing date: the feed's date (RFC 822, ISO 8601 and the like), or the time
 * it was first seen when the date is missing or unreadable. Dates in the future are clamped to
 * `seenAt`, so a wrong clock or a scheduled post cannot pin an article to the top of every feed.
 */
export function publishingDate(raw: string | undefined, seenAt: Date): Date {
  const time = parseDate(raw);
  return time === undefined || time > seenAt.getTime() ? seenAt : new Date(time);
}
