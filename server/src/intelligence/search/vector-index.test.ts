import { storeEmbeddings } from '../../db/article-vectors.js';
import { normalise } from '../embeddings/embedder.js';
import { openTestDatabase, type TestDatabase } from '../../testing/accounts-harness.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { VectorIndex } from './vector-index.js';

const DIMENSION = 16;
let database: TestDatabase;
let postIds: number[];

/** Deterministic pseudo-random unit vectors (a linear congruential generator). */
function vectors(count: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
  return Array.from({ length: count }, () =>
    normalise(Float32Array.from({ length: DIMENSION }, next)),
  );
}

function exactNearest(query: Float32Array, stored: Map<number, Float32Array>, k: number) {
  return [...stored]
    .map(([postId, vector]) => ({
      postId,
      similarity: vector.reduce((sum, value, index) => sum + value * query[index]!, 0),
    }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k)
    .map((neighbour) => neighbour.postId);
}

beforeAll(async () => {
  database = await openTestDatabase('embedded');
  const sources = await addSources(database.db, [sourceEntry('vectors', 'Vectors', [])]);
  await addArticles(
    database.db,
    sources.get('vectors')!,
    Array.from({ length: 60 }, (_, index) => article('vectors.example', `Article ${index}`, index)),
  );
  const { rows } = await database.db.query<{ post_id: number }>(
    'SELECT post_id FROM articles ORDER BY post_id',
  );
  postIds = rows.map((row) => Number(row.post_id));
});

afterAll(() => database?.close());

test('finds the same neighbours as an exact search over the stored vectors', async () => {
  const stored = new Map(postIds.slice(0, 40).map((id, index) => [id, vectors(40, 7)[index]!]));
  await storeEmbeddings(
    database.db,
    'model-a',
    [...stored].map(([postId, vector]) => ({ postId, vector })),
  );
  const index = new VectorIndex(database.db, 'model-a', DIMENSION);
  await index.refresh();

  expect(index.count).toBe(40);
  for (const query of vectors(20, 99)) {
    const found = index.nearest(query, 10, () => true).map((neighbour) => neighbour.postId);
    expect(found).toEqual(exactNearest(query, stored, 10));
  }
});

test('only lets through what the filter accepts, best first', async () => {
  const index = new VectorIndex(database.db, 'model-a', DIMENSION);
  await index.refresh();
  const [query] = vectors(1, 5);
  const evenOnly = index.nearest(query!, 5, (postId) => postId % 2 === 0);
  expect(evenOnly.every((neighbour) => neighbour.postId % 2 === 0)).toBe(true);
  const similarities = evenOnly.map((neighbour) => neighbour.similarity);
  expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
});

test('a refresh picks up vectors stored since, and never those of another model', async () => {
  const index = new VectorIndex(database.db, 'model-a', DIMENSION);
  await index.refresh();
  const before = index.count;
  const versionBefore = index.version;
  await index.refresh();
  // Nothing new: rankings cached under this version stay valid.
  expect(index.version).toBe(versionBefore);
  const fresh = postIds.slice(40, 45);
  await storeEmbeddings(
    database.db,
    'model-a',
    fresh.map((postId, position) => ({ postId, vector: vectors(5, 3)[position]! })),
  );
  await storeEmbeddings(
    database.db,
    'model-b',
    postIds.slice(45, 50).map((postId, position) => ({ postId, vector: vectors(5, 4)[position]! })),
  );
  await index.refresh();

  expect(index.count).toBe(before + 5);
  expect(index.version).not.toBe(versionBefore);
  expect(fresh.every((postId) => index.vectorOf(postId))).toBe(true);
  expect(postIds.slice(45, 50).some((postId) => index.vectorOf(postId))).toBe(false);
});

test('re-embedding an article under another model takes it out of the old model index', async () => {
  const index = new VectorIndex(database.db, 'model-a', DIMENSION);
  await index.refresh();
  const moved = postIds[0]!;
  await storeEmbeddings(database.db, 'model-b', [{ postId: moved, vector: vectors(1, 11)[0]! }]);
  await index.refresh();

  expect(index.vectorOf(moved)).toBeUndefined();
  const { rows } = await database.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM article_embeddings WHERE model = 'model-a'`,
  );
  expect(index.count).toBe(rows[0]!.count);
});
