import { createHash } from 'node:crypto';
import { parseVectorLiteral, toVectorLiteral } from './article-vectors.js';
import type { Queryable } from './db.js';

/** The key a text's sentence vector is kept under (SHA-256 of its UTF-8 bytes). */
export function contentHash(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** The stored vectors of `model` for those of `hashes` that have one, by hex of the hash. */
export async function storedSentenceVectors(
  db: Queryable,
  model: string,
  hashes: readonly Buffer[],
): Promise<Map<string, Float32Array>> {
  if (hashes.length === 0) return new Map();
  const { rows } = await db.query<{ content_hash: Uint8Array; embedding: string }>(
    `SELECT content_hash, embedding::text AS embedding FROM sentence_vectors
      WHERE model = $1 AND content_hash = ANY($2::bytea[])`,
    [model, hashes],
  );
  return new Map(
    rows.map((row) => [
      Buffer.from(row.content_hash).toString('hex'),
      parseVectorLiteral(row.embedding),
    ]),
  );
}

/** Keeps sentence vectors of `model` by their text's hash (a hash already kept stays). */
export async function storeSentenceVectors(
  db: Queryable,
  model: string,
  vectors: readonly { hash: Buffer; vector: Float32Array }[],
): Promise<void> {
  if (vectors.length === 0) return;
  await db.query(
    `INSERT INTO sentence_vectors (model, content_hash, embedding)
     SELECT $1, hash, vec::vector FROM unnest($2::bytea[], $3::text[]) AS input (hash, vec)
     ON CONFLICT DO NOTHING`,
    [model, vectors.map((one) => one.hash), vectors.map((one) => toVectorLiteral(one.vector))],
  );
}
