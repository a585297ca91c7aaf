import { encodeModel } from './artefact.js';
import { loadGlove } from './glove.js';
import { trainCorpusModel } from './train.js';

/**
 * Trains the corpus part of the offline model on `texts` (built with articleEmbeddingText and
 * TRAINING_TEXT_LIMITS) against the GloVe table kept in `cacheDir`, and encodes it as a model
 * file: what the shipped model was made with (server/scripts/train-offline-model.mjs; also
 * bench:own-word-model, docs/decisions/0043). Deterministic; minutes of CPU.
 */
export function trainModelFile(
  texts: readonly string[],
  cacheDir: string,
  trainedOn: string,
): { file: Buffer; stems: number; dims: string } {
  const glove = loadGlove(cacheDir);
  const model = trainCorpusModel(texts, glove);
  const file = encodeModel(model, { trainedOn, glove: glove.source, gloveDims: glove.dims });
  return { file, stems: model.stems.length, dims: `${glove.dims}+${model.corpusDims}` };
}
