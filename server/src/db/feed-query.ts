import type { FeedFilter } from '@blogstream/shared/contract';
import { notMuted } from './mutes.js';
import { notHiddenAsRead } from './read-marks.js';
import { storyShown } from './stories.js';

/** Makes a placeholder holding `value` (`$3`), numbered by the query it belongs to. */
export type Param = (value: unknown) => string;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The first moment of the UTC day `day` (YYYY-MM-DD), or of the day `later` days after it. */
function startOfDay(day: string, later = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + later * DAY_MS);
}

/**
 * What each field of a feed's filter (the contract's FeedFilter) keeps, as SQL over alias `a`.
 * The type asks for every field: a filter the contract gains and no query applies fails the type
 * check.
 */
const FILTER_CONDITIONS: {
  [Field in keyof FeedFilter]-?: (value: NonNullable<FeedFilter[Field]>, param: Param) => string;
} = {
  genre: (genre, param) => `a.genre = ${param(genre)}`,
  // Days are UTC: from its first moment, to before the next day's (undated articles never match).
  from: (from, param) => `a.publishing_date >= ${param(startOfDay(from))}`,
  to: (to, param) => `a.publishing_date < ${param(startOfDay(to, 1))}`,
  source: (urlName, param) =>
    `a.source_id = (SELECT s.source_id FROM sources s WHERE s.url_name = ${param(urlName)})`,
};

const FILTER_FIELDS = Object.keys(FILTER_CONDITIONS) as (keyof FeedFilter)[];

/** The fields of `filter` that narrow the feed, each with its value. */
function narrowing(filter: FeedFilter): [keyof FeedFilter, string][] {
  return FILTER_FIELDS.flatMap((field) => {
    const value = filter[field];
    return value === undefined || value === null ? [] : [[field, value]];
  });
}

/**
 * What the filter's articles depend on, for the key of a cached ranking: the same for the same
 * filter, different when a field differs. 'any' for no filter.
 */
export function feedFilterKey(filter: FeedFilter = {}): string {
  const fields = narrowing(filter);
  return fields.length === 0
    ? 'any'
    : fields.map(([field, value]) => `${field}=${encodeURIComponent(value)}`).join('&');
}

/** Whether `filter` narrows the feed at all. */
export function narrows(filter: FeedFilter = {}): boolean {
  return narrowing(filter).length > 0;
}

/** Conditions joined for a WHERE clause ('true' when there is none). */
const joined = (conditions: readonly string[]): string =>
  conditions.length === 0 ? 'true' : conditions.join('\n        AND ');

/**
 * The conditions of a query over articles `a` for one reader (docs/decisions/0034, after
 * miniflux's EntryQueryBuilder): each method appends its SQL and its arguments, and the builder
 * numbers the placeholders, so conditions combine in any number and order. `where` reads the
 * conditions, `params` the arguments in placeholder order.
 */
export class FeedQuery {
  readonly params: unknown[] = [];
  readonly #conditions: string[] = [];
  /** The conditions tested on each article by a subquery of its own: mutes, stories told once. */
  readonly #readerConditions: string[] = [];
  #readerParam: string | undefined;

  /** `userId`: the reader (null for a visitor), whose mutes and read state the methods read. */
  constructor(private readonly userId: number | null = null) {}

  /** A placeholder holding `value`. */
  readonly param: Param = (value) => {
    this.params.push(value);
    return `$${this.params.length}`;
  };

  /** The placeholder of the reader's id, one for every condition and column naming it. */
  get reader(): string {
    this.#readerParam ??= this.param(this.userId);
    return this.#readerParam;
  }

  /** Keeps the articles meeting `condition`, SQL over `a` (its placeholders from `param`). */
  and(condition: string): this {
    this.#conditions.push(condition);
    return this;
  }

  /**
   * Articles whose text has `words` (the database's full text: a weighted tsvector per article,
   * migration 0005, queried with websearch_to_tsquery, so quoted phrases, OR and -word work).
   */
  matching(words: string): this {
    return this.and(`a.search_vector @@ websearch_to_tsquery('english', ${this.param(words)})`);
  }

  /** Articles up to `snapshot`, the newest post_id a scroll's first page saw. */
  upTo(snapshot: number): this {
    return this.and(`a.post_id <= ${this.param(snapshot)}`);
  }

  /** Keeps the articles meeting `condition`, one of the reader's (`readerWhere`). */
  private andForReader(condition: string): this {
    this.#readerConditions.push(condition);
    return this;
  }

  /** Nothing the reader muted (db/mutes.ts): a source, a topic, a keyword. */
  notMuted(): this {
    return this.andForReader(notMuted(this.reader));
  }

  /** With Hide read on, nothing the reader read by `readBefore` (db/read-marks.ts). */
  notReadBefore(readBefore: number): this {
    return this.and(notHiddenAsRead(this.reader, this.param(new Date(readBefore))));
  }

  /** What a reader's feeds show (decision 0022): unmuted, and unread when they hide the read. */
  seenByReader(readBefore: number): this {
    return this.notMuted().notReadBefore(readBefore);
  }

  /** A story once (db/stories.ts), by its lead or the copy the reader's mutes leave; `alsoShown`. */
  storyOnce(alsoShown?: string): this {
    return this.andForReader(storyShown({ reader: this.reader, alsoShown }));
  }

  /** Only what `filter` keeps, field by field (FILTER_CONDITIONS). */
  filteredBy(filter: FeedFilter = {}): this {
    for (const [field, value] of narrowing(filter)) {
      const condition = FILTER_CONDITIONS[field] as (value: string, param: Param) => string;
      this.and(condition(value, this.param));
    }
    return this;
  }

  /** Every condition, joined for a WHERE clause ('true' when there is none). */
  get where(): string {
    return joined([...this.#conditions, ...this.#readerConditions]);
  }

  /**
   * The conditions but the reader's mutes and stories: the article's own columns (`and`, `upTo`,
   * `filteredBy`, `matching`) and Hide read (an anti-join the planner makes once per query).
   */
  get articleWhere(): string {
    return joined(this.#conditions);
  }

  /**
   * The reader's mutes and a story once (`notMuted`, `storyOnce`): tested on each article by a
   * subquery of its own, so a query may test them only on the articles it is about to keep
   * (discover-pool.ts).
   */
  get readerWhere(): string {
    return joined(this.#readerConditions);
  }
}
