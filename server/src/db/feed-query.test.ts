import type { FeedFilter } from '@blogstream/shared/contract';
import { FeedQuery, feedFilterKey } from './feed-query.js';

/** The placeholders of `sql` in the order they appear, each once. */
function placeholdersOf(sql: string): number[] {
  return [...new Set([...sql.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])))].sort(
    (a, b) => a - b,
  );
}

/** Every way of building a reader's feed query the feeds use, in a few orders. */
const steps: Record<string, (query: FeedQuery) => FeedQuery> = {
  snapshot: (query) => query.upTo(40),
  seen: (query) => query.seenByReader(1_700_000_000_000),
  story: (query) => query.storyOnce(),
  source: (query) => query.and(`a.source_id = ${query.param(7)}`),
  genre: (query) => query.filteredBy({ genre: 'tutorial' }),
  dates: (query) => query.filteredBy({ from: '2025-01-01', to: '2025-01-31' }),
  everything: (query) =>
    query.filteredBy({ genre: 'incident', from: '2025-01-01', to: '2025-06-30', source: 'acme' }),
};

const orders = [
  ['snapshot', 'seen', 'story', 'genre'],
  ['genre', 'source', 'snapshot'],
  ['story', 'genre', 'seen', 'source', 'snapshot'],
  ['dates', 'seen', 'snapshot'],
  ['seen', 'everything', 'story', 'source'],
  ['seen'],
  [],
];

test.each(orders)(
  'placeholders are numbered 1 to n, each with its argument, whatever the conditions (%#)',
  (...names: string[]) => {
    const query = new FeedQuery(3);
    for (const name of names) steps[name]!(query);
    const sql = `SELECT 1 FROM articles a WHERE ${query.where}`;
    const numbers = placeholdersOf(sql);
    expect(numbers).toEqual(query.params.map((_value, index) => index + 1));
  },
);

test("the reader's id is one placeholder, however many conditions name it", () => {
  const query = new FeedQuery(3).notMuted().storyOnce().seenByReader(0);
  expect(query.params.filter((value) => value === 3)).toHaveLength(1);
  expect(query.where).toContain(`= ${query.reader}`);
  expect(query.params[Number(query.reader.slice(1)) - 1]).toBe(3);
});

test('each filter field adds its condition with its value; none adds nothing', () => {
  const filtered = new FeedQuery().upTo(10).filteredBy({ genre: 'incident' });
  expect(filtered.where).toContain('a.genre = $2');
  expect(filtered.params).toEqual([10, 'incident']);
  const unfiltered = new FeedQuery().upTo(10).filteredBy({ genre: null });
  expect(unfiltered.where).toBe('a.post_id <= $1');
  expect(unfiltered.params).toEqual([10]);
  expect(new FeedQuery().where).toBe('true');
});

test('a date range keeps whole UTC days: from its first moment to before the next day', () => {
  const query = new FeedQuery().filteredBy({ from: '2025-01-01', to: '2025-01-31' });
  expect(query.where).toBe('a.publishing_date >= $1\n        AND a.publishing_date < $2');
  expect(query.params).toEqual([
    new Date('2025-01-01T00:00:00.000Z'),
    new Date('2025-02-01T00:00:00.000Z'),
  ]);
});

test("a ranking's key differs when the filter differs, and only then", () => {
  const filters: FeedFilter[] = [
    {},
    { genre: 'tutorial' },
    { genre: 'incident' },
    { from: '2025-01-01' },
    { to: '2025-01-01' },
    { from: '2025-01-01', to: '2025-02-01' },
    { genre: 'tutorial', from: '2025-01-01' },
    { source: 'acme' },
    { source: 'acme-engineering' },
    { source: 'acme', genre: 'tutorial' },
  ];
  const keys = filters.map((filter) => feedFilterKey(filter));
  expect(new Set(keys).size).toBe(filters.length);
  expect(feedFilterKey({ genre: null })).toBe(feedFilterKey({}));
  expect(feedFilterKey({ genre: 'tutorial' })).toBe(feedFilterKey({ genre: 'tutorial' }));
});
