import type { FeedFilter } from './article.js';
import { isGenre } from './genres.js';
import { clientPath } from './routes.js';
import type { SavedSearchFilter } from './saved-searches.js';

/** Whether `value` is a day of the calendar written YYYY-MM-DD (as the contract's z.iso.date()). */
function isIsoDate(value: string): boolean {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : null;
  return day !== null && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
}

/**
 * How the address keeps a feed's filter (`?genre=tutorial`): one entry per field of FeedFilter
 * (article.ts), kept in the address parameter of the same name, with what the page accepts as its
 * value. A value it does not accept is no filter, so a stale link shows the feed unfiltered. No
 * validation library here: visitors' pages read the address before they validate anything.
 */
const FEED_FILTER_PARAMS: Record<keyof FeedFilter, (value: string) => boolean> = {
  genre: isGenre,
  from: isIsoDate,
  to: isIsoDate,
  // Whether a blog has the name is the server's to say.
  source: (value) => value !== '',
};

const FEED_FILTER_FIELDS = Object.keys(FEED_FILTER_PARAMS) as (keyof FeedFilter)[];

/** The filter an address asks for: only the fields it names with a value the page accepts. */
export function feedFilterOf(params: URLSearchParams): FeedFilter {
  const filter: Record<string, string> = {};
  for (const field of FEED_FILTER_FIELDS) {
    const value = params.get(field);
    if (value !== null && FEED_FILTER_PARAMS[field](value)) filter[field] = value;
  }
  return filter as FeedFilter;
}

/** `params` with the fields `change` names set to its values (removed where undefined or null). */
export function withFeedFilter(params: URLSearchParams, change: FeedFilter): URLSearchParams {
  const updated = new URLSearchParams(params);
  for (const field of FEED_FILTER_FIELDS) {
    if (!(field in change)) continue;
    const value = change[field];
    if (value === undefined || value === null) updated.delete(field);
    else updated.set(field, value);
  }
  return updated;
}

/** The filter as address parameters in a fixed order ('' for none): a key for what it shows. */
export function feedFilterParams(filter: FeedFilter): string {
  return withFeedFilter(new URLSearchParams(), filter).toString();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The date-range pills of the home, topic and search pages: articles published in the last `days`
 * days, today (UTC) included (docs/decisions/0034).
 */
export const PUBLISHED_PERIODS = [
  { label: 'Past week', days: 7 },
  { label: 'Past month', days: 30 },
  { label: 'Past year', days: 365 },
] as const;

/** The UTC day `days` days before `now`'s, YYYY-MM-DD: the first day of the past `days` days. */
export function daysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The pill period a filter's dates are on `now`'s day (a first day a pill sets and no last day),
 * or undefined: the address keeps a period as its first day (docs/decisions/0034).
 */
export function periodOf(
  { from, to }: FeedFilter,
  now = Date.now(),
): (typeof PUBLISHED_PERIODS)[number] | undefined {
  return to ? undefined : PUBLISHED_PERIODS.find(({ days }) => daysAgo(days, now) === from);
}

/**
 * How a page's filter is saved as a search: a pill's period as itself (`pastDays`), relative to
 * each day the search runs, not the first day it had when saved; other dates as they are
 * (docs/decisions/0040).
 */
export function savedFilterOf(filter: FeedFilter, now = Date.now()): SavedSearchFilter {
  const period = periodOf(filter, now);
  if (!period) return filter;
  const { from: _firstDay, ...rest } = filter;
  return { ...rest, pastDays: period.days };
}

/** The feed filter a saved search runs with on `now`'s day: its period from its first day then. */
export function filterOnDay(
  { pastDays, ...filter }: SavedSearchFilter,
  now = Date.now(),
): FeedFilter {
  return pastDays ? { ...filter, from: daysAgo(pastDays, now) } : filter;
}

/**
 * The search page of these words and a saved search's filter as of today (a saved search's
 * address, in the drawer and in its e-mails): `/search?searchQuery=vacuum&genre=tutorial`.
 */
export function searchPagePath(query: string, filter: SavedSearchFilter): string {
  const filterParams = feedFilterParams(filterOnDay(filter));
  const path = clientPath('search', { searchQuery: query });
  return filterParams ? `${path}&${filterParams}` : path;
}
