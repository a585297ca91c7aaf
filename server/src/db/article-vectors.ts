import { createHash } from 'node:crypto';
import type { Db, Queryable } from './db.js';

/** pgvector's text form: '[0.1,0.2,...]'. Seven significant digits keep float32 precision. */
export function toVectorLiteral(vector: Float32Array): string {
  let text = '[';
  for (let index = 0; index < vector.length; index += 1) {
    if (index > 0) text += ',';
    text += Number(vector[index]!.toPrecision(7));
  }
  return `${text}]`;
}

export function parseVectorLiteral(text: string): Float32Array {
  const body = text.slice(1, -1);
  const vector = new Float32Array(body === '' ? 0 : body.split(',').length);
  let start = 0;
  for (let index = 0; index < vector.length; index += 1) {
    const end = body.indexOf(',', start);
    vector[index] = Number(end === -1 ? body.slice(start) : body.slice(start, end));
    start = end + 1;
  }
  return vector;
}

export interface StoredEmbedding {
  postId: number;
  vector: Float32Array;
}

/** Upserts embeddings of one model (a row of another model is replaced). */
export async function storeEmbeddings(
  db: Queryable,
  model: string,
  embeddings: readonly StoredEmbedding[],
): Promise<void> {
  if (embeddings.length === 0) return;
  await db.query(
    `INSERT INTO article_embeddings (post_id, model, embedding)
     SELECT id, $1, vec::vector FROM unnest($2::bigint[], $3::text[]) AS input (id, vec)
     ON CONFLICT (post_id) DO UPDATE
       SET model = EXCLUDED.model, embedding = EXCLUDED.embedding, embedded_at = now()`,
    [
      model,
      embeddings.map((embedding) => embedding.postId),
      embeddings.map((embedding) => toVectorLiteral(embedding.vector)),
    ],
  );
}

/** The stored vector of one article under `model`, if it has one. */
export async function articleEmbedding(
  db: Queryable,
  model: string,
  postId: number,
): Promise<Float32Array | undefined> {
  const { rows } = await db.query<{ embedding: string }>(
    'SELECT embedding::text AS embedding FROM article_embeddings WHERE post_id = $1 AND model = $2',
    [postId, model],
  );
  return rows[0] ? parseVectorLiteral(rows[0].embedding) : undefined;
}

export interface EmbeddingCounts {
  articles: number;
  embedded: number;
}

export async function embeddingCounts(db: Queryable, model: string): Promise<EmbeddingCounts> {
  const { rows } = await db.query<{ articles: number; embedded: number }>(
    `SELECT (SELECT count(*) FROM articles)::int AS articles,
            (SELECT count(*) FROM article_embeddings WHERE model = $1)::int AS embedded`,
    [model],
  );
  return rows[0] ?? { articles: 0, embedded: 0 };
}

/** An article still without a vector of the model, with what its embedding text is made of. */
export interface PendingArticle {
  post_id: string | number;
  title: string;
  description: string;
  content: string;
  source_name: string;
}

/**
 * Up to `limit` articles below post id `below` without a vector of `model`, newest first, with
 * what their embedding text is made of. Rows another worker holds (lockStillPending) are
 * skipped.
 *
 * "No vector" is a NOT EXISTS anti-join on purpose: written as a LEFT JOIN filtered on
 * `e.model <> $1`, the planner read statistics in which every stored vector is of this model as
 * "almost nothing is pending" and scanned and sorted the whole table for every batch (53
 * articles/s at 100,000 articles, against about 1,200/s with the anti-join).
 */
export async function pendingArticles(
  db: Queryable,
  model: string,
  limit: number,
  below: number,
): Promise<PendingArticle[]> {
  const { rows } = await db.query<PendingArticle>(
    `SELECT a.post_id, a.title, a.description, left(a.content, 4000) AS content, s.name AS source_name
       FROM articles a
       JOIN sources s ON s.source_id = a.source_id
      WHERE a.post_id < $3
        AND NOT EXISTS (SELECT 1 FROM article_embeddings e
                         WHERE e.post_id = a.post_id AND e.model = $1)
      ORDER BY a.post_id DESC
      LIMIT $2
      FOR SHARE OF a SKIP LOCKED`,
    [model, limit, below],
  );
  return rows;
}

/**
 * Which of `postIds` still have no vector of `model`, locked for the caller's transaction; rows
 * another worker holds are skipped (it stores theirs), so workers embedding at once never write
 * one article twice.
 */
export async function lockStillPending(
  tx: Queryable,
  model: string,
  postIds: readonly number[],
): Promise<Set<number>> {
  const { rows } = await tx.query<{ post_id: string | number }>(
    `SELECT a.post_id FROM articles a
      WHERE a.post_id = ANY($2::bigint[])
        AND NOT EXISTS (SELECT 1 FROM article_embeddings e
                         WHERE e.post_id = a.post_id AND e.model = $1)
      FOR UPDATE OF a SKIP LOCKED`,
    [model, postIds],
  );
  return new Set(rows.map((row) => Number(row.post_id)));
}

/**
 * PGlite runs no autovacuum, so without this its planner never learns the tables' sizes and keeps
 * plans made for empty tables (a full scan per page of the vector index's load, slower search).
 * PostgreSQL's autovacuum does this on its own. The statistics persist across restarts.
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  if (db.mode === 'embedded') await db.query('ANALYZE articles, article_embeddings, sources');
}

/** A stored vector as the in-process vector index loads it. */
export interface StoredVector {
  postId: number;
  vector: Float32Array;
  /** As text: keeps the microseconds a JavaScript Date would drop from the watermark. */
  embeddedAt: string;
}

/** Where a reader of the vectors of a model got to: the last row by (embedded_at, post_id). */
export interface EmbeddingMark {
  embeddedAt: string;
  postId: number;
}

interface StoredRow {
  post_id: string | number;
  embedding: string;
  embedded_at: string;
}

const toStoredVector = (row: StoredRow): StoredVector => ({
  postId: Number(row.post_id),
  vector: parseVectorLiteral(row.embedding),
  embeddedAt: row.embedded_at,
});

/** How many vectors of `model` are stored. */
export async function modelEmbeddingCount(db: Queryable, model: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM article_embeddings WHERE model = $1',
    [model],
  );
  return rows[0]?.count ?? 0;
}

/** The newest vector of `model` by (embedded_at, post_id); undefined when there is none. */
export async function newestEmbeddingMark(
  db: Queryable,
  model: string,
): Promise<EmbeddingMark | undefined> {
  // Ordered by the column, not the text of the same name: that would scan and sort every row.
  const { rows } = await db.query<{ embedded_at: string; post_id: string }>(
    `SELECT e.embedded_at::text AS embedded_at, e.post_id FROM article_embeddings e
        WHERE e.model = $1 ORDER BY e.embedded_at DESC, e.post_id DESC LIMIT 1`,
    [model],
  );
  const mark = rows[0];
  return mark && { embeddedAt: mark.embedded_at, postId: Number(mark.post_id) };
}

/** Up to `limit` vectors of `model` after post id `after`, in post_id order (the primary key). */
export async function embeddingsAfterPostId(
  db: Queryable,
  model: string,
  after: number,
  limit: number,
): Promise<StoredVector[]> {
  const { rows } = await db.query<StoredRow>(
    `SELECT post_id, embedding::text AS embedding, embedded_at::text AS embedded_at
         FROM article_embeddings
        WHERE model = $1 AND post_id > $2
        ORDER BY post_id
        LIMIT ${limit}`,
    [model, after],
  );
  return rows.map(toStoredVector);
}

/**
 * Up to `limit` vectors of `model` embedded after `mark`, in (embedded_at, post_id) order,
 * through the (model, embedded_at, post_id) index.
 */
export async function embeddingsAfterMark(
  db: Queryable,
  model: string,
  mark: EmbeddingMark,
  limit: number,
): Promise<StoredVector[]> {
  const { rows } = await db.query<StoredRow>(
    `SELECT e.post_id, e.embedding::text AS embedding, e.embedded_at::text AS embedded_at
         FROM article_embeddings e
        WHERE e.model = $1 AND (e.embedded_at, e.post_id) > ($2::timestamptz, $3::bigint)
        ORDER BY e.embedded_at, e.post_id
        LIMIT ${limit}`,
    [model, mark.embeddedAt, mark.postId],
  );
  return rows.map(toStoredVector);
}

/**
 * How long ago, in seconds, the oldest vector of `model` after `mark` was embedded (every vector
 * of the model without a mark); 0 when there is none.
 */
export async function embeddingAgeAfter(
  db: Queryable,
  model: string,
  mark: EmbeddingMark | null,
): Promise<number> {
  const { rows } = await db.query<{ age: number }>(
    `SELECT COALESCE(extract(epoch FROM now() - min(e.embedded_at)), 0)::float8 AS age
       FROM article_embeddings e
      WHERE e.model = $1 AND (e.embedded_at, e.post_id) > ($2::timestamptz, $3::bigint)`,
    [model, mark?.embeddedAt ?? '-infinity', mark?.postId ?? 0],
  );
  return Math.max(0, Number(rows[0]?.age ?? 0));
}

/** pgvector's limit for an HNSW index over `vector`: a larger model is searched by an exact scan. */
const MAX_INDEXED_DIMENSION = 2000;
/** Any fixed number: processes building the vector search index take turns. */
const SEARCH_INDEX_LOCK_KEY = 7_406_184_313;
/** A build gets at least this much memory, so that the graph of 100,000 vectors fits in it. */
const SEARCH_INDEX_BUILD_MEMORY_KB = 512 * 1024;

/** `vector(n)`: pgvector indexes and compares vectors of a fixed dimension. */
function fixedVector(dimension: number): string {
  if (!Number.isInteger(dimension) || dimension < 1) {
    throw new Error(`Not a vector dimension: ${dimension}`);
  }
  return `vector(${dimension})`;
}

/** The HNSW index over one model's vectors (a partial index: one per model, named by its hash). */
function searchIndexName(model: string): string {
  return `article_embeddings_hnsw_${createHash('sha256').update(model).digest('hex').slice(0, 16)}`;
}

/** Whether the vector search index of `model` exists and is usable. */
export async function hasVectorSearchIndex(db: Queryable, model: string): Promise<boolean> {
  const { rows } = await db.query<{ valid: boolean }>(
    `SELECT i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid
      WHERE c.relname = $1 AND pg_table_is_visible(c.oid)`,
    [searchIndexName(model)],
  );
  return rows[0]?.valid === true;
}

/**
 * Builds pgvector's HNSW index over the vectors of `model` (inner product: the vectors are unit
 * length) unless it exists; returns whether this call built it. PostgreSQL only: inside PGlite a
 * build of 100,000 vectors takes over a minute, grows its memory for good and searches slower
 * than the embedded process's own scan (docs/decisions/0020).
 *
 * One transaction under an advisory lock: processes building at once take turns and the later
 * ones find it built; a crash leaves no half-built index behind. While it builds, other writes of
 * vectors wait (reads do not): 10-20 s for 100,000 vectors of 384 dimensions on 2 cores.
 */
export async function createVectorSearchIndex(
  db: Db,
  model: string,
  dimension: number,
): Promise<boolean> {
  if (dimension > MAX_INDEXED_DIMENSION) return false;
  const name = searchIndexName(model);
  const vectorType = fixedVector(dimension);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${SEARCH_INDEX_LOCK_KEY})`);
    if (await hasVectorSearchIndex(tx, model)) return false;
    await tx.query(
      `SELECT set_config('maintenance_work_mem',
         greatest(pg_size_bytes(current_setting('maintenance_work_mem')) / 1024, $1)::text || 'kB',
         true)`,
      [SEARCH_INDEX_BUILD_MEMORY_KB],
    );
    // DDL takes no parameters: the model is quoted as a string literal.
    await tx.query(
      `CREATE INDEX IF NOT EXISTS ${name} ON article_embeddings
         USING hnsw ((embedding::${vectorType}) vector_ip_ops)
         WHERE model = '${model.replaceAll("'", "''")}'`,
    );
    return true;
  });
}

/** Which stored vectors a nearest-neighbour search may return. */
export interface StoredNeighbourFilter {
  /** Only articles up to this post id. */
  snapshot: number;
  /** Never this article. */
  exclude?: number;
}

/**
 * The `k` stored vectors of `model` with the largest inner product with `query` (best first, in
 * relaxed order: the caller sorts), searched by pgvector: approximately through the model's HNSW
 * index when it exists (VECTOR_SEARCH_SESSION, db/connection/pg-pool.ts), else by an exact scan.
 */
export async function nearestStoredVectors(
  db: Queryable,
  model: string,
  dimension: number,
  query: Float32Array,
  k: number,
  { snapshot, exclude }: StoredNeighbourFilter,
): Promise<{ postId: number; similarity: number }[]> {
  const vectorType = fixedVector(dimension);
  const { rows } = await db.query<{ post_id: string | number; similarity: number }>(
    `SELECT post_id, -(embedding::${vectorType} <#> $1::${vectorType}) AS similarity
       FROM article_embeddings
      WHERE model = $2 AND post_id <= $3 AND post_id <> $4
      ORDER BY embedding::${vectorType} <#> $1::${vectorType}
      LIMIT ${Math.max(0, Math.floor(k))}`,
    [toVectorLiteral(query), model, snapshot, exclude ?? 0],
  );
  return rows.map((row) => ({ postId: Number(row.post_id), similarity: Number(row.similarity) }));
}

/** The stored vectors of `model` of those of `postIds` that have one. */
export async function storedVectorsOf(
  db: Queryable,
  model: string,
  postIds: readonly number[],
): Promise<Map<number, Float32Array>> {
  if (postIds.length === 0) return new Map();
  const { rows } = await db.query<{ post_id: string | number; embedding: string }>(
    `SELECT post_id, embedding::text AS embedding FROM article_embeddings
      WHERE model = $1 AND post_id = ANY($2::bigint[])`,
    [model, postIds],
  );
  return new Map(rows.map((row) => [Number(row.post_id), parseVectorLiteral(row.embedding)]));
}

/** The inner product of `query` with the stored vector of `model` of each of `postIds`. */
export async function storedVectorSimilarities(
  db: Queryable,
  model: string,
  query: Float32Array,
  postIds: readonly number[],
): Promise<Map<number, number>> {
  if (postIds.length === 0) return new Map();
  const { rows } = await db.query<{ post_id: string | number; similarity: number }>(
    `SELECT post_id, -(embedding <#> $1::vector) AS similarity FROM article_embeddings
      WHERE model = $2 AND post_id = ANY($3::bigint[])`,
    [toVectorLiteral(query), model, postIds],
  );
  return new Map(rows.map((row) => [Number(row.post_id), Number(row.similarity)]));
}
