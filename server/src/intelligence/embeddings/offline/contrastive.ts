import { seededRandom } from './linear-algebra.js';
import {
  addGloveRow,
  addProjectedGloveRow,
  normalise,
  removeComponent,
  weightedTerms,
  type PreparedModel,
} from './model.js';
import { tokenize } from './tokenize.js';

/**
 * Contrastive tuning of the corpus block's term vectors (docs/decisions/0042): LSA places a word
 * by the documents it occurs in; tuning moves it so that a text finds the article it came from
 * among others. Pairs come from the corpus itself: an article's title and its body, and a
 * sentence of the body and the rest of it (the inverse cloze task). The GloVe block, the idf
 * weights and the words the corpus never saw (the ridge projection) stay fixed.
 */
export interface ContrastiveOptions {
  /** Passes over the pairs; 0 leaves the LSA vectors as they are. */
  epochs: number;
  /** Pairs per step; the other pairs' documents are each query's negatives. */
  batch: number;
  temperature: number;
  /** Adam's step size, in the units of the term vectors' coordinates. */
  learningRate: number;
  /** Sentence-to-rest pairs drawn from each article's body. */
  sentencePairs: number;
}

export const DEFAULT_CONTRASTIVE_OPTIONS: ContrastiveOptions = {
  epochs: 3,
  batch: 128,
  temperature: 0.05,
  learningRate: 3e-4,
  sentencePairs: 2,
};

/** A body shorter than this gives no pairs: too little to say what it is about. */
const MIN_BODY_CHARS = 300;
/** Characters of a body a pair's document keeps (about what an article's embedding reads). */
const DOCUMENT_CHARS = 3_000;
/** A sentence of fewer content words is no query. */
const MIN_SENTENCE_WORDS = 5;

export interface TrainingPair {
  query: string;
  /** Starts with an empty first line, so no part of it counts as a title. */
  document: string;
}

function sentencesOf(body: string): string[] {
  return body
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => tokenize(sentence).length >= MIN_SENTENCE_WORDS);
}

/**
 * The pairs of texts built with articleEmbeddingText (title on the first line): the title with
 * the body, and up to `sentencePairs` sentences each with the rest of the body.
 */
export function trainingPairs(
  texts: readonly string[],
  sentencePairs: number,
  random: () => number,
): TrainingPair[] {
  const pairs: TrainingPair[] = [];
  for (const text of texts) {
    const newline = text.indexOf('\n');
    if (newline < 0) continue;
    const title = text.slice(0, newline).trim();
    const body = text
      .slice(newline + 1)
      .replace(/\s+/g, ' ')
      .trim();
    if (body.length < MIN_BODY_CHARS) continue;
    if (title) pairs.push({ query: title, document: `\n${body.slice(0, DOCUMENT_CHARS)}` });
    const sentences = sentencesOf(body);
    if (sentences.length < 4) continue;
    for (let drawn = 0; drawn < sentencePairs; drawn++) {
      const chosen = Math.floor(random() * sentences.length);
      const rest = sentences.filter((_, index) => index !== chosen).join(' ');
      pairs.push({
        query: sentences[chosen] as string,
        document: `\n${rest.slice(0, DOCUMENT_CHARS)}`,
      });
    }
  }
  return pairs;
}

/** One side of a pair: the trainable words, and what stays fixed. */
interface Side {
  rows: Int32Array;
  weights: Float64Array;
  /** The corpus block of the words the corpus never saw (ridge projection). */
  projected: Float64Array;
  /** The general block, common component removed, unit length; null when no word has one. */
  general: Float64Array | null;
}

function sideOf(prepared: PreparedModel, text: string, purpose: 'document' | 'query'): Side {
  const { glove, model } = prepared;
  const rows: number[] = [];
  const weights: number[] = [];
  const projected = new Float64Array(model.corpusDims);
  const general = new Float64Array(glove.dims);
  for (const { stemRow, gloveRow, weight } of weightedTerms(prepared, text, purpose)) {
    if (gloveRow !== undefined) addGloveRow(glove, gloveRow, weight, general);
    if (stemRow !== undefined) {
      rows.push(stemRow);
      weights.push(weight);
    } else if (gloveRow !== undefined) addProjectedGloveRow(prepared, gloveRow, weight, projected);
  }
  removeComponent(general, model.commonGeneral);
  const hasGeneral = normalise(general) > 0;
  return {
    rows: Int32Array.from(rows),
    weights: Float64Array.from(weights),
    projected,
    general: hasGeneral ? general : null,
  };
}

/** A side's corpus block from the current term vectors: unit length, and its length before. */
function corpusBlock(
  side: Side,
  terms: Float64Array,
  dims: number,
  common: Float32Array,
): { unit: Float64Array; length: number } {
  const unit = Float64Array.from(side.projected);
  for (let i = 0; i < side.rows.length; i++) {
    const weight = side.weights[i] as number;
    const base = (side.rows[i] as number) * dims;
    for (let d = 0; d < dims; d++)
      unit[d] = (unit[d] as number) + weight * (terms[base + d] as number);
  }
  removeComponent(unit, common);
  const length = normalise(unit);
  return { unit, length: length > 0 ? length : 1 };
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0;
  for (let d = 0; d < a.length; d++) sum += (a[d] as number) * (b[d] as number);
  return sum;
};

/** Sparse Adam over the rows a step touched. */
class RowAdam {
  private readonly first: Float64Array;
  private readonly second: Float64Array;
  private readonly steps: Int32Array;

  constructor(
    private readonly values: Float64Array,
    private readonly dims: number,
    private readonly learningRate: number,
  ) {
    this.first = new Float64Array(values.length);
    this.second = new Float64Array(values.length);
    this.steps = new Int32Array(values.length / dims);
  }

  step(row: number, gradient: Float64Array): void {
    const steps = (this.steps[row] as number) + 1;
    this.steps[row] = steps;
    const firstBias = 1 - 0.9 ** steps;
    const secondBias = 1 - 0.999 ** steps;
    const base = row * this.dims;
    for (let d = 0; d < this.dims; d++) {
      const g = gradient[d] as number;
      const first = 0.9 * (this.first[base + d] as number) + 0.1 * g;
      const second = 0.999 * (this.second[base + d] as number) + 0.001 * g * g;
      this.first[base + d] = first;
      this.second[base + d] = second;
      this.values[base + d] =
        (this.values[base + d] as number) -
        (this.learningRate * (first / firstBias)) / (Math.sqrt(second / secondBias) + 1e-8);
    }
  }
}

/**
 * Tunes `terms` (stems × corpusDims, row-major, the vectors `prepared` was drafted from) in
 * place with an in-batch softmax (InfoNCE) over the pairs' cosines as embedText computes them.
 * Deterministic for the same inputs and seed. Returns the mean loss of each epoch.
 */
export function tuneTermVectors(
  prepared: PreparedModel,
  terms: Float64Array,
  pairs: readonly TrainingPair[],
  options: ContrastiveOptions,
  seed: number,
): number[] {
  const { model } = prepared;
  const dims = model.corpusDims;
  const alpha = model.alpha;
  const common = model.commonCorpus;
  const sides = pairs.map(({ query, document }) => ({
    query: sideOf(prepared, query, 'query'),
    document: sideOf(prepared, document, 'document'),
  }));
  const random = seededRandom(seed);
  const adam = new RowAdam(terms, dims, options.learningRate);
  const order = sides.map((_, index) => index);
  const losses: number[] = [];
  const size = options.batch;

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    let loss = 0;
    let counted = 0;
    for (let start = 0; start + size <= order.length; start += size) {
      const batch = order.slice(start, start + size).map((index) => sides[index]!);
      const queries = batch.map(({ query }) => corpusBlock(query, terms, dims, common));
      const documents = batch.map(({ document }) => corpusBlock(document, terms, dims, common));
      const queryGradients = batch.map(() => new Float64Array(dims));
      const documentGradients = batch.map(() => new Float64Array(dims));
      const logits = new Float64Array(size);
      for (let i = 0; i < size; i++) {
        const queryGeneral = batch[i]!.query.general;
        let max = -Infinity;
        for (let j = 0; j < size; j++) {
          const documentGeneral = batch[j]!.document.general;
          const general =
            queryGeneral && documentGeneral ? alpha * dot(queryGeneral, documentGeneral) : 0;
          const value =
            (general + (1 - alpha) * dot(queries[i]!.unit, documents[j]!.unit)) /
            options.temperature;
          logits[j] = value;
          if (value > max) max = value;
        }
        let total = 0;
        for (let j = 0; j < size; j++) total += Math.exp((logits[j] as number) - max);
        loss += Math.log(total) + max - (logits[i] as number);
        counted += 1;
        for (let j = 0; j < size; j++) {
          const share = Math.exp((logits[j] as number) - max) / total - (i === j ? 1 : 0);
          const scale = (share * (1 - alpha)) / options.temperature / size;
          const queryGradient = queryGradients[i]!;
          const documentGradient = documentGradients[j]!;
          const queryUnit = queries[i]!.unit;
          const documentUnit = documents[j]!.unit;
          for (let d = 0; d < dims; d++) {
            queryGradient[d] = (queryGradient[d] as number) + scale * (documentUnit[d] as number);
            documentGradient[d] =
              (documentGradient[d] as number) + scale * (queryUnit[d] as number);
          }
        }
      }
      const rowGradients = new Map<number, Float64Array>();
      const backward = (
        side: Side,
        block: { unit: Float64Array; length: number },
        g: Float64Array,
      ) => {
        // Through the unit scaling, then the common component's removal (a projection).
        const along = dot(block.unit, g);
        for (let d = 0; d < dims; d++)
          g[d] = ((g[d] as number) - (block.unit[d] as number) * along) / block.length;
        removeComponent(g, common);
        for (let i = 0; i < side.rows.length; i++) {
          const row = side.rows[i] as number;
          const weight = side.weights[i] as number;
          let gradient = rowGradients.get(row);
          if (!gradient) rowGradients.set(row, (gradient = new Float64Array(dims)));
          for (let d = 0; d < dims; d++)
            gradient[d] = (gradient[d] as number) + weight * (g[d] as number);
        }
      };
      batch.forEach((pair, i) => {
        backward(pair.query, queries[i]!, queryGradients[i]!);
        backward(pair.document, documents[i]!, documentGradients[i]!);
      });
      for (const [row, gradient] of rowGradients) adam.step(row, gradient);
    }
    losses.push(counted > 0 ? loss / counted : 0);
  }
  return losses;
}
