import { quantiseRows } from './binary-file.js';
import type { GloveTable } from './glove.js';
import {
  DEFAULT_CONTRASTIVE_OPTIONS,
  trainingPairs,
  tuneTermVectors,
  type ContrastiveOptions,
} from './contrastive.js';
import { randomizedSvd, ridge, seededRandom, topComponent, type Csr } from './linear-algebra.js';
import { normalise, prepareModel, rawBlocks, termCounts, type CorpusModel } from './model.js';
import { stem } from './tokenize.js';

/** LSA term vectors tuned contrastively on the corpus's own pairs (decision 0042). */
export const RECIPE = 'lsa-glove-contrastive-1';

export interface TrainOptions {
  /** LSA dimensions of the corpus block (the vector has 100 + this many). */
  corpusDims: number;
  /** Stems in fewer documents are left out of the vocabulary. */
  minDocumentFrequency: number;
  maxVocabulary: number;
  /** Term vectors are rows of V·Σ^sigmaPower (0: LSA fold-in, the document space itself). */
  sigmaPower: number;
  alpha: number;
  titleBoost: number;
  /** Ridge penalty of the GloVe → corpus projection, relative to the number of fitted words. */
  ridgeLambda: number;
  contrastive: ContrastiveOptions;
  seed: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  corpusDims: 284,
  minDocumentFrequency: 2,
  maxVocabulary: 60_000,
  sigmaPower: 0,
  alpha: 0.5,
  titleBoost: 1,
  ridgeLambda: 0.001,
  contrastive: DEFAULT_CONTRASTIVE_OPTIONS,
  seed: 20240601,
};

/**
 * Trains the corpus part of the offline model from document texts (built with
 * articleEmbeddingText). Pure and deterministic: the same texts, GloVe table and options give the
 * same model, so the product can retrain from its own database.
 */
export function trainCorpusModel(
  texts: readonly string[],
  glove: GloveTable,
  overrides: Partial<TrainOptions> = {},
): CorpusModel {
  const options = { ...DEFAULT_TRAIN_OPTIONS, ...overrides };
  // 1. Stem counts per document, and the most frequent surface form of each stem.
  const surfaceCounts = new Map<string, Map<string, number>>();
  const documents: Map<string, number>[] = [];
  const df = new Map<string, number>();
  for (const text of texts) {
    const stems = new Map<string, number>();
    for (const [token, count] of termCounts(text, options.titleBoost)) {
      const key = stem(token);
      stems.set(key, (stems.get(key) ?? 0) + count);
      const forms = surfaceCounts.get(key) ?? new Map<string, number>();
      forms.set(token, (forms.get(token) ?? 0) + count);
      surfaceCounts.set(key, forms);
    }
    for (const key of stems.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    documents.push(stems);
  }
  const n = Math.max(documents.length, 1);
  const stems = [...df]
    .filter(([, count]) => count >= options.minDocumentFrequency)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.maxVocabulary)
    .map(([key]) => key);
  if (stems.length < options.corpusDims + 1) throw new Error('corpus too small to train on');
  const column = new Map(stems.map((key, index) => [key, index]));
  const idf = Float32Array.from(stems, (key) => Math.log(1 + n / (df.get(key) as number)));
  const unseenIdf = Math.log(1 + n);

  // 2. TF-IDF matrix (documents × stems), rows unit-length.
  const rowStart = [0];
  const colIndex: number[] = [];
  const values: number[] = [];
  for (const document of documents) {
    const entries: [number, number][] = [];
    for (const [key, count] of document) {
      const col = column.get(key);
      if (col !== undefined) entries.push([col, (1 + Math.log(count)) * (idf[col] as number)]);
    }
    if (entries.length === 0) continue;
    entries.sort((a, b) => a[0] - b[0]);
    const norm = Math.sqrt(entries.reduce((sum, [, value]) => sum + value * value, 0));
    for (const [col, value] of entries) {
      colIndex.push(col);
      values.push(value / norm);
    }
    rowStart.push(colIndex.length);
  }
  const x: Csr = {
    rows: rowStart.length - 1,
    cols: stems.length,
    rowStart: Int32Array.from(rowStart),
    colIndex: Int32Array.from(colIndex),
    values: Float64Array.from(values),
  };

  // 3. LSA term vectors.
  const k = options.corpusDims;
  const { v, sigma } = randomizedSvd(x, k, { seed: options.seed });
  const termVectors = new Float64Array(stems.length * k);
  for (let r = 0; r < stems.length; r++) {
    for (let j = 0; j < k; j++) {
      termVectors[r * k + j] =
        (v[r * k + j] as number) * (sigma[j] as number) ** options.sigmaPower;
    }
  }
  const assemble = (vectors: Float64Array): CorpusModel =>
    assembleModel(texts, glove, options, { stems, idf, unseenIdf, surfaceCounts, vectors });
  const lsa = assemble(termVectors);
  if (options.contrastive.epochs === 0) return lsa;

  // 4. Contrastive tuning from the LSA start, then the projection and components fitted again.
  const random = seededRandom(options.seed);
  const pairs = trainingPairs(texts, options.contrastive.sentencePairs, random);
  if (pairs.length < options.contrastive.batch) return lsa;
  tuneTermVectors(prepareModel(lsa, glove), termVectors, pairs, options.contrastive, options.seed);
  return assemble(termVectors);
}

/**
 * The model around a set of term vectors: quantised, with the GloVe → corpus projection fitted on
 * the stems whose usual surface form GloVe knows, and each block's common component over the
 * training documents (SIF-style removal).
 */
function assembleModel(
  texts: readonly string[],
  glove: GloveTable,
  options: TrainOptions,
  vocabulary: {
    stems: string[];
    idf: Float32Array;
    unseenIdf: number;
    surfaceCounts: ReadonlyMap<string, ReadonlyMap<string, number>>;
    vectors: Float64Array;
  },
): CorpusModel {
  const { stems, idf, unseenIdf, surfaceCounts, vectors: termVectors } = vocabulary;
  const k = options.corpusDims;
  const { q: corpusQ, scales: corpusScales } = quantiseRows(termVectors, stems.length, k);

  const gDims = glove.dims;
  const fitted: number[] = [];
  const gloveRows: number[] = [];
  stems.forEach((key, row) => {
    const forms = [...(surfaceCounts.get(key) ?? new Map<string, number>())].sort(
      (a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1),
    );
    const gloveRow =
      forms.length > 0 ? glove.index.get((forms[0] as [string, number])[0]) : undefined;
    if (gloveRow !== undefined) {
      fitted.push(row);
      gloveRows.push(gloveRow);
    }
  });
  const a = new Float64Array(fitted.length * gDims);
  const b = new Float64Array(fitted.length * k);
  fitted.forEach((row, i) => {
    const gloveRow = gloveRows[i] as number;
    const scale = glove.scales[gloveRow] as number;
    for (let d = 0; d < gDims; d++)
      a[i * gDims + d] = scale * (glove.q[gloveRow * gDims + d] as number);
    for (let d = 0; d < k; d++) b[i * k + d] = termVectors[row * k + d] as number;
  });
  const projection = Float32Array.from(
    ridge(a, b, fitted.length, gDims, k, options.ridgeLambda * fitted.length),
  );

  const draft: CorpusModel = {
    recipe: RECIPE,
    corpusDims: k,
    stems,
    idf,
    unseenIdf,
    corpusQ,
    corpusScales,
    projection,
    commonGeneral: new Float32Array(gDims),
    commonCorpus: new Float32Array(k),
    alpha: options.alpha,
    titleBoost: options.titleBoost,
  };
  const prepared = prepareModel(draft, glove);
  const generalRows: Float64Array[] = [];
  const corpusRows: Float64Array[] = [];
  for (const text of texts) {
    const { general, corpus } = rawBlocks(prepared, text, 'document');
    if (normalise(general) > 0) generalRows.push(general);
    if (normalise(corpus) > 0) corpusRows.push(corpus);
  }
  return {
    ...draft,
    commonGeneral: topComponent(generalRows, gDims, options.seed),
    commonCorpus: topComponent(corpusRows, k, options.seed),
  };
}
