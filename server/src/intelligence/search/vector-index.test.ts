import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createVectorSearchIndex,
  nearestStoredVectors,
  storeEmbeddings,
} from '../../db/article-vectors.js';
import { normalise } from '../embeddings/embedder.js';
import { vectorIndexFor } from '../embeddings/semantic-service.js';
import {
  describeEachDriver,
  openTestDatabase,
  type TestDatabase,
} from '../../testing/accounts-harness.js';
import { testOnPostgres } from '../../testing/test-database.js';
import { addArticles, addSources, article, sourceEntry } from '../../testing/content-fixtures.js';
import { InProcessVectorIndex } from './vector-index.js';
import { PgVectorIndex } from './pgvector-index.js';

const DIMENSION = 16;
/** The in-process index stores vectors in 8 bits: similarities are within this of the exact ones. */
const QUANTISED = 0.01;

/** Deterministic pseudo-random unit vectors (a linear congruential generator). */
function vectors(count: number, seed: number, dimension = DIMENSION): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
  return Array.from({ length: count }, () =>
    normalise(Float32Array.from({ length: dimension }, next)),
  );
}

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * b[index]!, 0);

function exactNearest(query: Float32Array, stored: Map<number, Float32Array>, k: number) {
  return [...stored]
    .map(([postId, vector]) => ({ postId, similarity: dot(vector, query) }))
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, k);
}

async function addVectorArticles(database: TestDatabase, count: number): Promise<number[]> {
  const sources = await addSources(database.db, [sourceEntry('vectors', 'Vectors', [])]);
  await addArticles(
    database.db,
    sources.get('vectors')!,
    Array.from({ length: count }, (_, index) =>
      article('vectors.example', `Article ${index}`, index),
    ),
  );
  const { rows } = await database.db.query<{ post_id: number }>(
    'SELECT post_id FROM articles ORDER BY post_id',
  );
  return rows.map((row) => Number(row.post_id));
}

describeEachDriver('the vector index', (driver) => {
  let database: TestDatabase;
  let postIds: number[];
  let stored: Map<number, Float32Array>;

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    postIds = await addVectorArticles(database, 60);
    const generated = vectors(40, 7);
    stored = new Map(postIds.slice(0, 40).map((id, index) => [id, generated[index]!]));
    await storeEmbeddings(
      database.db,
      'model-a',
      [...stored].map(([postId, vector]) => ({ postId, vector })),
    );
  });

  afterAll(() => database?.close());

  const indexOf = async (model = 'model-a') => {
    const index = vectorIndexFor(database.db, model, DIMENSION);
    await index.refresh();
    return index;
  };

  test('is searched where the backend keeps the vectors', async () => {
    const index = await indexOf();
    expect(index).toBeInstanceOf(driver === 'embedded' ? InProcessVectorIndex : PgVectorIndex);
  });

  test('finds the same neighbours as an exact search over the stored vectors', async () => {
    const index = await indexOf();
    for (const query of vectors(20, 99)) {
      const found = await index.nearest(query, 10, { snapshot: Number.MAX_SAFE_INTEGER });
      const exact = exactNearest(query, stored, 10);
      expect(found).toHaveLength(10);
      found.forEach((neighbour, rank) => {
        expect(
          Math.abs(neighbour.similarity - dot(stored.get(neighbour.postId)!, query)),
        ).toBeLessThan(QUANTISED);
        expect(Math.abs(neighbour.similarity - exact[rank]!.similarity)).toBeLessThan(QUANTISED);
      });
    }
  });

  test('leaves out articles past the snapshot, the excluded one and those below the minimum', async () => {
    const index = await indexOf();
    const [query] = vectors(1, 5);
    const snapshot = postIds[29]!;
    const exclude = postIds[3]!;
    const found = await index.nearest(query!, 40, { snapshot, exclude }, 0.1);

    expect(found.length).toBeGreaterThan(0);
    expect(found.every((one) => one.postId <= snapshot && one.postId !== exclude)).toBe(true);
    expect(found.every((one) => one.similarity >= 0.1)).toBe(true);
    const similarities = found.map((one) => one.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
    const expected = [...stored].filter(
      ([postId, vector]) =>
        postId <= snapshot && postId !== exclude && dot(vector, query!) >= 0.1 + QUANTISED,
    );
    expect(found.length).toBeGreaterThanOrEqual(expected.length);
  });

  test('gives the stored vectors and their similarity to a query, for articles that have one', async () => {
    const index = await indexOf();
    const [query] = vectors(1, 8);
    const asked = [postIds[0]!, postIds[5]!, postIds[50]!];

    const found = await index.vectorsOf(asked);
    const similarities = await index.similarities(query!, asked);

    expect([...found.keys()].sort()).toEqual([postIds[0]!, postIds[5]!].sort());
    for (const postId of [postIds[0]!, postIds[5]!]) {
      expect(Math.abs(dot(found.get(postId)!, stored.get(postId)!) - 1)).toBeLessThan(QUANTISED);
      expect(Math.abs(similarities.get(postId)! - dot(stored.get(postId)!, query!))).toBeLessThan(
        QUANTISED,
      );
    }
    expect(similarities.has(postIds[50]!)).toBe(false);
  });

  test('a refresh picks up vectors stored since, and never those of another model', async () => {
    const index = await indexOf();
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
    const otherModel = postIds.slice(45, 50);
    await storeEmbeddings(
      database.db,
      'model-b',
      otherModel.map((postId, position) => ({ postId, vector: vectors(5, 4)[position]! })),
    );
    await index.refresh();

    expect(index.version).not.toBe(versionBefore);
    expect((await index.vectorsOf(fresh)).size).toBe(5);
    expect((await index.vectorsOf(otherModel)).size).toBe(0);
    const [query] = vectors(1, 3);
    const found = await index.nearest(query!, 60, { snapshot: Number.MAX_SAFE_INTEGER });
    expect(found.some((one) => otherModel.includes(one.postId))).toBe(false);
  });

  test('re-embedding an article under another model takes it out of the old model index', async () => {
    const index = await indexOf();
    const moved = postIds[0]!;
    await storeEmbeddings(database.db, 'model-b', [{ postId: moved, vector: vectors(1, 11)[0]! }]);
    await index.refresh();

    expect((await index.vectorsOf([moved])).size).toBe(0);
    const found = await index.nearest(vectors(1, 11)[0]!, 60, {
      snapshot: Number.MAX_SAFE_INTEGER,
    });
    expect(found.some((one) => one.postId === moved)).toBe(false);
    if (index instanceof InProcessVectorIndex) {
      const { rows } = await database.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM article_embeddings WHERE model = 'model-a'`,
      );
      expect(index.count).toBe(rows[0]!.count);
    }
  });
});

/** How often the HNSW index was scanned (statistics arrive within a second or so). */
async function indexScans(database: TestDatabase): Promise<number> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const { rows } = await database.db.query<{ scans: number }>(
      `SELECT coalesce(sum(idx_scan), 0)::int AS scans FROM pg_stat_user_indexes
        WHERE indexrelname LIKE 'article_embeddings_hnsw_%'`,
    );
    if (rows[0]!.scans > 0) return rows[0]!.scans;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 0;
}

testOnPostgres('pgvector’s HNSW index is built once and serves the search statement', async () => {
  const database = await openTestDatabase('postgres');
  try {
    const postIds = await addVectorArticles(database, 300);
    const generated = vectors(300, 17, 32);
    const stored = new Map(postIds.map((id, index) => [id, generated[index]!]));
    await storeEmbeddings(
      database.db,
      'model-h',
      [...stored].map(([postId, vector]) => ({ postId, vector })),
    );
    const [query] = vectors(1, 23, 32);
    const exact = exactNearest(query!, stored, 10).map((one) => one.postId);

    const built = await Promise.all([
      createVectorSearchIndex(database.db, 'model-h', 32),
      createVectorSearchIndex(database.db, 'model-h', 32),
    ]);
    // Below some tens of thousands of rows the planner rightly prefers to scan and sort.
    const found = await database.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_sort = off');
      return nearestStoredVectors(tx, 'model-h', 32, query!, 10, {
        snapshot: Number.MAX_SAFE_INTEGER,
      });
    });
    const scans = await indexScans(database);

    expect(built.filter(Boolean)).toHaveLength(1);
    expect(scans).toBeGreaterThan(0);
    const ids = found.map((one) => one.postId);
    expect(ids.filter((postId) => exact.includes(postId)).length).toBeGreaterThanOrEqual(9);
    const { rows } = await database.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes
        WHERE tablename = 'article_embeddings' AND indexdef LIKE '%hnsw%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toContain(`WHERE (model = 'model-h'::text)`);
  } finally {
    await database.close();
  }
});

test('the in-process index restores its snapshot, catches up on vectors stored since and ignores another model’s', async () => {
  const database = await openTestDatabase('embedded');
  const dir = mkdtempSync(join(tmpdir(), 'blogstream-vectors-'));
  const snapshotFile = join(dir, 'vector-index.bin');
  const messages: string[] = [];
  const log = {
    info: (_details: object, message: string) => messages.push(message),
    warn: (_details: object, message: string) => messages.push(message),
  };
  const restoring = (model = 'model-s') =>
    new InProcessVectorIndex(database.db, model, DIMENSION, { snapshotFile, log });
  try {
    const postIds = await addVectorArticles(database, 30);
    const generated = vectors(30, 11);
    const store = (ids: number[]) =>
      storeEmbeddings(
        database.db,
        'model-s',
        ids.map((postId) => ({ postId, vector: generated[postIds.indexOf(postId)]! })),
      );
    await store(postIds.slice(0, 20));
    const first = restoring();
    await first.refresh();
    await first.flush();
    expect(messages).toEqual(['Saved a search index']);

    await store(postIds.slice(20));
    const second = restoring();
    await second.refresh();
    expect(messages).toContain('Restored a search index');
    expect(second.count).toBe(30);
    const [query] = vectors(1, 5);
    const all = new Map(postIds.map((postId, index) => [postId, generated[index]!]));
    const found = await second.nearest(query!, 5, { snapshot: Number.MAX_SAFE_INTEGER });
    expect(found.map((one) => one.postId)).toEqual(
      exactNearest(query!, all, 5).map((one) => one.postId),
    );

    // A snapshot of another model is not this model's vectors.
    messages.length = 0;
    await restoring('model-t').refresh();
    expect(messages).not.toContain('Restored a search index');

    // Rows that do not match their checksum are read from the database again.
    const levels = readFileSync(`${snapshotFile}.levels`);
    levels[levels.length >> 1]! ^= 0xff;
    writeFileSync(`${snapshotFile}.levels`, levels);
    const third = restoring();
    await third.refresh();
    expect(messages).not.toContain('Restored a search index');
    expect(await third.nearest(query!, 5, { snapshot: Number.MAX_SAFE_INTEGER })).toEqual(found);
    await third.flush();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
