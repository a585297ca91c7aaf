import type { GloveTable } from './glove.js';
import { seededRandom } from './linear-algebra.js';
import { stem, tokenize } from './tokenize.js';

/**
 * The corpus-adapted part of the offline model (what training produces and the artefact stores).
 * A text's vector has two blocks, each a weighted bag of word vectors with its common component
 * removed and then unit-normalised:
 *   - general: GloVe vectors of the surface words (general English, paraphrase-friendly);
 *   - corpus: LSA term vectors of the stems, trained on the article corpus (domain words such as
 *     grpc, ebpf, kubernetes that GloVe lacks or misplaces); a word unknown to the corpus but known
 *     to GloVe gets a corpus vector through a ridge projection GloVe → corpus space.
 * The blocks are joined as [√α·general, √(1−α)·corpus], so the cosine of two texts is the
 * α-weighted mean of the two blocks' cosines.
 */
export interface CorpusModel {
  /** Training recipe version, part of the model name. */
  readonly recipe: string;
  readonly corpusDims: number;
  /** Stem vocabulary; row i of the corpus vectors belongs to stems[i]. */
  readonly stems: readonly string[];
  /** Term weight (idf) per stem. */
  readonly idf: Float32Array;
  /** Weight of a word the corpus never saw (as rare as the rarest trained stem). */
  readonly unseenIdf: number;
  /** Int8 corpus vectors (stems × corpusDims) with a scale per row. */
  readonly corpusQ: Int8Array;
  readonly corpusScales: Float32Array;
  /** GloVe → corpus-space ridge projection, gloveDims × corpusDims, row-major. */
  readonly projection: Float32Array;
  /** Unit common components removed from each block (computed over the training documents). */
  readonly commonGeneral: Float32Array;
  readonly commonCorpus: Float32Array;
  /** Share of the general (GloVe) block in the cosine. */
  readonly alpha: number;
  /** Extra term frequency of a word of the first line (the title) of a document. */
  readonly titleBoost: number;
}

export interface PreparedModel {
  readonly model: CorpusModel;
  readonly glove: GloveTable;
  readonly stemIndex: ReadonlyMap<string, number>;
  readonly dimension: number;
}

export function prepareModel(model: CorpusModel, glove: GloveTable): PreparedModel {
  const stemIndex = new Map<string, number>();
  model.stems.forEach((value, row) => stemIndex.set(value, row));
  return { model, glove, stemIndex, dimension: glove.dims + model.corpusDims };
}

/** Weighted term counts of a text: the first line counts titleBoost extra when it is a document. */
export function termCounts(text: string, titleBoost: number): Map<string, number> {
  const counts = new Map<string, number>();
  const newline = text.indexOf('\n');
  const title = newline < 0 ? text : text.slice(0, newline);
  const rest = newline < 0 ? '' : text.slice(newline + 1);
  for (const token of tokenize(title)) counts.set(token, (counts.get(token) ?? 0) + 1 + titleBoost);
  for (const token of tokenize(rest)) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

export function removeComponent(vector: Float64Array, component: Float32Array): void {
  let dot = 0;
  for (let d = 0; d < vector.length; d++) dot += (vector[d] as number) * (component[d] as number);
  for (let d = 0; d < vector.length; d++)
    vector[d] = (vector[d] as number) - dot * (component[d] as number);
}

/** Scales a vector to unit length; returns its length before (0: left as is). */
export function normalise(vector: Float64Array): number {
  let norm = 0;
  for (let d = 0; d < vector.length; d++) norm += (vector[d] as number) ** 2;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let d = 0; d < vector.length; d++) vector[d] = (vector[d] as number) / norm;
  return norm;
}

/** A known word of a text: its stem's row of the corpus vectors and its GloVe row, if any. */
export interface WeightedTerm {
  stemRow: number | undefined;
  gloveRow: number | undefined;
  /** (1 + log tf) × idf, the first line of a document counting titleBoost extra. */
  weight: number;
}

/** The words of a text either block knows, with their weights. */
export function weightedTerms(
  prepared: PreparedModel,
  text: string,
  purpose: 'document' | 'query',
): WeightedTerm[] {
  const { model, glove, stemIndex } = prepared;
  const terms: WeightedTerm[] = [];
  for (const [token, count] of termCounts(text, purpose === 'document' ? model.titleBoost : 0)) {
    const stemRow = stemIndex.get(stem(token));
    const gloveRow = glove.index.get(token);
    if (stemRow === undefined && gloveRow === undefined) continue;
    const idf = stemRow === undefined ? model.unseenIdf : (model.idf[stemRow] as number);
    terms.push({ stemRow, gloveRow, weight: (1 + Math.log(count)) * idf });
  }
  return terms;
}

/** Adds weight × a GloVe row to a general block. */
export function addGloveRow(
  glove: GloveTable,
  gloveRow: number,
  weight: number,
  general: Float64Array,
): void {
  const gDims = glove.dims;
  const scale = weight * (glove.scales[gloveRow] as number);
  const base = gloveRow * gDims;
  for (let d = 0; d < gDims; d++)
    general[d] = (general[d] as number) + scale * (glove.q[base + d] as number);
}

/**
 * Adds weight × the corpus vector the ridge projection gives a word the corpus never saw. The
 * ridge prediction is shrunk towards zero as much as the fit is uncertain: used as is.
 */
export function addProjectedGloveRow(
  prepared: PreparedModel,
  gloveRow: number,
  weight: number,
  corpus: Float64Array,
): void {
  const { model, glove } = prepared;
  const gDims = glove.dims;
  const cDims = model.corpusDims;
  const gScale = weight * (glove.scales[gloveRow] as number);
  const base = gloveRow * gDims;
  for (let g = 0; g < gDims; g++) {
    const value = gScale * (glove.q[base + g] as number);
    if (value === 0) continue;
    const row = g * cDims;
    for (let d = 0; d < cDims; d++)
      corpus[d] = (corpus[d] as number) + value * (model.projection[row + d] as number);
  }
}

/** The two raw (weighted-sum) blocks of a text, before common-component removal. */
export function rawBlocks(
  prepared: PreparedModel,
  text: string,
  purpose: 'document' | 'query',
): { general: Float64Array; corpus: Float64Array } {
  const { model, glove } = prepared;
  const cDims = model.corpusDims;
  const general = new Float64Array(glove.dims);
  const corpus = new Float64Array(cDims);
  for (const { stemRow, gloveRow, weight } of weightedTerms(prepared, text, purpose)) {
    if (gloveRow !== undefined) addGloveRow(glove, gloveRow, weight, general);
    if (stemRow !== undefined) {
      const scale = weight * (model.corpusScales[stemRow] as number);
      const base = stemRow * cDims;
      for (let d = 0; d < cDims; d++)
        corpus[d] = (corpus[d] as number) + scale * (model.corpusQ[base + d] as number);
    } else if (gloveRow !== undefined) addProjectedGloveRow(prepared, gloveRow, weight, corpus);
  }
  return { general, corpus };
}

/** One unit-length vector [√α·general, √(1−α)·corpus]; all zeros only when no word is known. */
export function embedText(
  prepared: PreparedModel,
  text: string,
  purpose: 'document' | 'query',
): Float32Array {
  const { model } = prepared;
  const { general, corpus } = rawBlocks(prepared, text, purpose);
  removeComponent(general, model.commonGeneral);
  removeComponent(corpus, model.commonCorpus);
  const hasGeneral = normalise(general) > 0;
  const hasCorpus = normalise(corpus) > 0;
  if (!hasGeneral && !hasCorpus) return fallbackVector(text, prepared.dimension);
  // A text with only one block filled puts all its weight there, so it stays unit-length.
  const a = hasGeneral && hasCorpus ? model.alpha : hasGeneral ? 1 : 0;
  const wg = Math.sqrt(a);
  const wc = Math.sqrt(1 - a);
  const out = new Float32Array(prepared.dimension);
  for (let d = 0; d < general.length; d++) out[d] = wg * (general[d] as number);
  for (let d = 0; d < corpus.length; d++) out[general.length + d] = wc * (corpus[d] as number);
  return out;
}

/**
 * A text with no known word (empty, only numbers or unknown symbols) still needs a unit vector:
 * a pseudo-random one seeded by its tokens, so equal texts match each other and nothing else.
 */
function fallbackVector(text: string, dimension: number): Float32Array {
  let hash = 0x811c9dc5;
  for (const token of tokenize(text)) {
    for (let i = 0; i < token.length; i++) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 32, 0x01000193);
  }
  const random = seededRandom(hash);
  const out = Float32Array.from({ length: dimension }, () => random() - 0.5);
  const norm = Math.hypot(...out);
  return out.map((value) => value / norm);
}
