import { openTestDatabase, type TestDatabase } from '../../testing/accounts-harness.js';
import { addSubjectArticles } from '../../testing/intelligence-fixtures.js';
import { accountsTestConfig } from '../../testing/accounts-harness.js';
import { InProcessVectorIndex } from '../search/vector-index.js';
import { embeddingCounts, hasVectorSearchIndex } from '../../db/article-vectors.js';
import { testOnPostgres } from '../../testing/test-database.js';
import { consoleLog } from '../../lib/log.js';
import { embedPendingArticles } from './embed-articles.js';
import type { TextEmbedder } from './embedder.js';
import { createEmbedder } from './semantic-service.js';

let database: TestDatabase;
let embedder: TextEmbedder;
const logged: string[] = [];
const log = {
  ...consoleLog('silent'),
  info: (_details: object, message: string) => void logged.push(message),
};
const options = { batchSize: 4, log };

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  await addSubjectArticles(database.db);
  embedder = await createEmbedder(accountsTestConfig(), database.db);
}, 60_000);

afterAll(() => database?.close());

test('embeds every article in batches with the model named, then has nothing left to do', async () => {
  const embedded = await embedPendingArticles(database.db, embedder, options);
  const counts = await embeddingCounts(database.db, embedder.model);

  expect(embedded).toBe(counts.articles);
  expect(counts.embedded).toBe(counts.articles);
  expect(logged[0]).toBe(`Embedding ${counts.articles} articles with ${embedder.model}`);
  expect(logged.at(-1)).toMatch(new RegExp(`^Embedded ${counts.articles} articles in`));
  expect(await embedPendingArticles(database.db, embedder, options)).toBe(0);
  // The embedded database keeps its vectors in the web process: no pgvector index.
  expect(await hasVectorSearchIndex(database.db, embedder.model)).toBe(false);
});

testOnPostgres(
  'on PostgreSQL a pass leaves the model’s vector search index built, once',
  async () => {
    const postgres = await openTestDatabase('postgres');
    try {
      await addSubjectArticles(postgres.db);
      logged.length = 0;
      await embedPendingArticles(postgres.db, embedder, options);
      const built = logged.filter((line) => line.startsWith('Built the vector search index'));
      await embedPendingArticles(postgres.db, embedder, options);

      expect(await hasVectorSearchIndex(postgres.db, embedder.model)).toBe(true);
      expect(built).toHaveLength(1);
      expect(
        logged.filter((line) => line.startsWith('Built the vector search index')),
      ).toHaveLength(1);
    } finally {
      await postgres.close();
    }
  },
);

test('a new model re-embeds everything, and the old model vectors are never mixed in', async () => {
  const nextModel: TextEmbedder = { ...embedder, model: `${embedder.model}-next` };
  const oldIndex = new InProcessVectorIndex(database.db, embedder.model, embedder.dimension);

  const embedded = await embedPendingArticles(database.db, nextModel, options);
  await oldIndex.refresh();

  const counts = await embeddingCounts(database.db, nextModel.model);
  expect(embedded).toBe(counts.articles);
  expect(oldIndex.count).toBe(0);
});
