import type { FeedFilter } from './article.js';
import { isGenre } from './genres.js';
import { clientPath } from './routes.js';

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

/**
 * The search page of these words and filter (a saved search's address, in the drawer and in its
 * e-mails): `/search?searchQuery=vacuum&genre=tutorial`.
 */
export function searchPagePath(query: string, filter: FeedFilter): string {
  const filterParams = feedFilterParams(filter);
  const path = clientPath('search', { searchQuery: query });
  return filterParams ? `${path}&${filterParams}` : path;
}
