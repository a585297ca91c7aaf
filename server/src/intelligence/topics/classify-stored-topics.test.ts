import type { ArticleToStore } from '../../db/article-store.js';
import { consoleLog } from '../../lib/log.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { classifyStoredTopics } from './classify-stored-topics.js';
import { TOPIC_RULES_VERSION } from '../../ingestion/normalise/classify-topics.js';

let database: TestDatabase;
let sourceId: number;
const logged: string[] = [];
const log = { ...consoleLog('silent'), info: (_: object, message: string) => logged.push(message) };

interface StoredTopics {
  topics: string[];
  topic_scores: number[] | null;
  topics_version: number | null;
}

async function storedTopics(stored: ArticleToStore): Promise<StoredTopics> {
  const { rows } = await database.db.query<StoredTopics>(
    'SELECT topics, topic_scores, topics_version FROM articles WHERE link = $1',
    [stored.link],
  );
  return rows[0]!;
}

const postgres = article('tables.example', 'Choosing isolation levels in PostgreSQL', 3, {
  content:
    'Every transaction in PostgreSQL runs at an isolation level. We moved our database from ' +
    'read committed to repeatable read.',
  // Stamped with its blog's topics before topics were given per article.
  topics: ['Security'],
});
const offsite = article('tables.example', 'Our team offsite in the mountains', 2, {
  content: 'We hiked for two days and talked about everything but databases.',
});
const release = article('tables.example', 'Announcing Rust 1.80 with a faster compiler', 1, {
  content: 'The Rust team is happy to announce a new version of Rust.',
});

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  const sources = await addSources(database.db, [
    sourceEntry('tables', 'Tables', ['Security', 'Databases']),
  ]);
  sourceId = sources.get('tables')!;
  await addArticles(database.db, sourceId, [postgres, offsite, release]);
});

afterAll(() => database?.close());

test('the pass gives stored articles their topics from their own words, in batches, with progress', async () => {
  logged.length = 0;
  expect(await classifyStoredTopics(database.db, log, 2)).toBe(3);

  expect(logged).toEqual(['Topics given to 2 articles', 'Topics given to 3 articles']);
  expect(await storedTopics(postgres)).toEqual({
    topics: ['Databases'],
    topic_scores: [expect.any(Number)],
    topics_version: TOPIC_RULES_VERSION,
  });
  expect(await storedTopics(offsite)).toEqual({
    topics: [],
    topic_scores: [],
    topics_version: TOPIC_RULES_VERSION,
  });
  expect((await storedTopics(release)).topics).toEqual(['Programming Languages']);
  // Nothing changed since: nothing to do.
  expect(await classifyStoredTopics(database.db, log, 2)).toBe(0);
});

test('articles given their topics by older rules get them again', async () => {
  await classifyStoredTopics(database.db, log);
  await database.db.query('UPDATE articles SET topics_version = $1', [TOPIC_RULES_VERSION - 1]);

  expect(await classifyStoredTopics(database.db, log)).toBe(3);
  expect((await storedTopics(postgres)).topics_version).toBe(TOPIC_RULES_VERSION);
});

test('a feed read again with changed text has the article given its topics again, unchanged text not', async () => {
  await classifyStoredTopics(database.db, log);
  await addArticles(database.db, sourceId, [postgres]);
  expect((await storedTopics(postgres)).topics_version).toBe(TOPIC_RULES_VERSION);

  const rewritten = {
    ...offsite,
    title: 'Sharding MySQL without downtime',
    content: 'Our MySQL database outgrew one primary, so we split it by customer.',
  };
  await addArticles(database.db, sourceId, [rewritten]);
  expect((await storedTopics(offsite)).topics_version).toBeNull();

  expect(await classifyStoredTopics(database.db, log)).toBe(1);
  expect((await storedTopics(offsite)).topics).toContain('Databases');
});
