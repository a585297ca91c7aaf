import type { Queryable } from '../db/db.js';

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
