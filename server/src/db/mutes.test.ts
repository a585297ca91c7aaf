import { MAX_MUTES } from '@blogstream/shared/contract';
import { addArticles, addSources, article, sourceEntry } from '../testing/content-fixtures.js';
import {
  describeEachDriver,
  openTestDatabase,
  type TestDatabase,
} from '../testing/test-database.js';
import { mutedFor } from './mutes.js';

/** Titles, each with what a whole-word, case-insensitive keyword mute must find in it. */
const TITLES = [
  'Rust 1.80 is out',
  'Why we trust our tests',
  'Porting C++ services',
  'C++17 at scale',
  'What is new in C#',
  'Moving to .NET 8',
  'A dotnet story',
  'Scaling Node.js workers',
  'Nodexjs is not a thing',
  "O'Reilly's new book",
  'E-mail that arrives',
  'Email that arrives',
  'Machine learning at home',
  'Machine-learning pipelines',
  'Learning machines',
  'When (regex) escapes fail',
  'Matching a|b in grep',
  'A plain title',
];

/** Keywords as the contract lets readers store them, and what each hides alone. */
const KEYWORDS: Record<string, string[]> = {
  rust: ['Rust 1.80 is out'],
  'c++': ['Porting C++ services'],
  'c#': ['What is new in C#'],
  '.net': ['Moving to .NET 8'],
  'node.js': ['Scaling Node.js workers'],
  "o'reilly": ["O'Reilly's new book"],
  'e-mail': ['E-mail that arrives'],
  'machine learning': ['Machine learning at home'],
};

/**
 * Keywords the contract refuses but an older row or a direct insert could hold: each is text to
 * find, never an expression, and none may break the query or hide everything.
 */
const METACHARACTER_KEYWORDS: Record<string, string[]> = {
  '(regex)': ['When (regex) escapes fail'],
  'a|b': ['Matching a|b in grep'],
  '.*': [],
  '[': [],
  '\\': [],
  '?': [],
};

describeEachDriver('keyword mutes', (driver) => {
  let database: TestDatabase;
  let nextUser = 0;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    const ids = await addSources(database.db, [sourceEntry('gamma', 'Gamma Eng', [])]);
    await addArticles(
      database.db,
      ids.get('gamma')!,
      TITLES.map((title, index) => article('gamma.example', title, index + 1)),
    );
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  /** A new reader with these keyword mutes stored as given. */
  async function readerMuting(keywords: string[]): Promise<number> {
    nextUser += 1;
    const { rows } = await database.db.query<{ user_id: number }>(
      `INSERT INTO users (email, name) VALUES ($1, 'Reader') RETURNING user_id`,
      [`reader${nextUser}@example.com`],
    );
    const userId = Number(rows[0]!.user_id);
    await database.db.query(
      `INSERT INTO reader_mutes (user_id, kind, value)
         SELECT $1, 'keyword', keyword FROM unnest($2::text[]) AS keyword`,
      [userId, keywords],
    );
    return userId;
  }

  async function hiddenFrom(userId: number | null): Promise<string[]> {
    const { rows } = await database.db.query<{ title: string }>(
      `SELECT a.title FROM articles a WHERE ${mutedFor('$1', 'a')} ORDER BY a.title`,
      [userId],
    );
    return rows.map((row) => row.title);
  }

  test.each(Object.entries({ ...KEYWORDS, ...METACHARACTER_KEYWORDS }))(
    'the keyword %p hides only whole words of it, whatever the case',
    async (keyword, hidden) => {
      expect(await hiddenFrom(await readerMuting([keyword]))).toEqual([...hidden].sort());
    },
  );

  test('a reader with many keywords has hidden exactly what each keyword hides alone', async () => {
    const keywords = { ...KEYWORDS, ...METACHARACTER_KEYWORDS };
    // Up to the limit of mutes, the rest as long as a keyword may be and found in no title.
    const fillers = Array.from({ length: MAX_MUTES - Object.keys(keywords).length }, (_, index) =>
      `unmatched keyword ${index} `.padEnd(50, 'x'),
    );
    const userId = await readerMuting([...Object.keys(keywords), ...fillers]);

    expect(await hiddenFrom(userId)).toEqual([...new Set(Object.values(keywords).flat())].sort());
  });

  test('a visitor and a reader without keywords have nothing hidden', async () => {
    expect(await hiddenFrom(null)).toEqual([]);
    expect(await hiddenFrom(await readerMuting([]))).toEqual([]);
  });
});
