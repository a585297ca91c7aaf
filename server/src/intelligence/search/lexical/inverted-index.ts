/**
 * An in-memory inverted index scored with BM25F (Robertson and Zaragoza's field-weighted BM25):
 * per field, a term's frequency is normalised by the field's length against its average, the
 * fields are summed with their weights, and the sum saturates once per term:
 *
 *   tf~ = sum over fields f of  w_f * tf_f / (1 - b_f + b_f * len_f / avglen_f)
 *   score = sum over query terms of  idf * tf~ / (k1 + tf~),  idf = ln(1 + (N - df + 0.5) / (df + 0.5))
 *
 * Postings are kept compactly: sealed segments are bytes (per term, the rows of the documents
 * holding it as gaps from the previous row, then their field frequencies, about 2.5 bytes a
 * posting: writePosting), and the documents added since sit in a small delta segment, sealed into
 * a new segment when it grows. Sealing copies nothing already sealed, so loading a large corpus
 * allocates its postings about once; merging compacts every segment into one. A replaced or
 * removed document's row is only marked dead; merging drops its postings. The whole index can be
 * saved as a list of arrays and restored from them (snapshot, restore).
 */
import type { Snapshot, SnapshotSections } from '../index-snapshot.js';
import type { QueryWord } from './search-terms.js';
import { textTokens, tokenTerms } from './search-terms.js';

export const FIELDS = ['title', 'description', 'body', 'source'] as const;
export type Field = (typeof FIELDS)[number];
export type FieldTexts = Record<Field, string>;

export interface LexicalParameters {
  k1: number;
  weights: Readonly<Record<Field, number>>;
  /** Length normalisation per field: 0 none, 1 full. */
  b: Readonly<Record<Field, number>>;
  /**
   * When no document contains every word, the share of the query's weight (the summed idf of its
   * words) a document's words must still cover: what keeps an off-topic query from being
   * answered with every article that shares one common word with it.
   */
  fallbackCoverage: number;
}

/** What restore() needs besides the arrays of a snapshot. */
export interface InvertedIndexHeader {
  rows: number;
  terms: number;
  lengthTotals: number[];
  /** Postings per sealed segment. */
  segments: number[];
}

export interface LexicalHit {
  id: number;
  score: number;
  /** The article contains every word of the query (the AND tier). */
  matchedAll: boolean;
  /**
   * The score against the query's own weight (its words' summed idf): about 0.25 for a word
   * mentioned once in a long body, 0.9 for a word of the title.
   */
  strength: number;
}

const FIELD_COUNT = FIELDS.length;
const MAX_FREQUENCY = 255;
/** A prefix (`word*`) stands for at most this many terms, the most frequent. */
const MAX_PREFIX_TERMS = 50;
/** Query words beyond this many are ignored (each needs a bit of the match mask). */
const MAX_QUERY_WORDS = 31;

/** Field frequencies of one term in one document, 8 bits each (unsigned 32-bit). */
function pack(frequencies: readonly number[], start: number): number {
  let packed = 0;
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    packed |= Math.min(frequencies[start + field]!, MAX_FREQUENCY) << (8 * field);
  }
  return packed >>> 0;
}

function grown<T extends Float64Array | Float32Array | Uint8Array | Int32Array>(
  array: T,
  needed: number,
): T {
  if (needed <= array.length) return array;
  const larger = new (array.constructor as new (length: number) => T)(
    Math.max(needed, array.length * 2),
  );
  larger.set(array);
  return larger;
}

/**
 * Sealed postings: those of term t are bytes[offsets[t] .. offsets[t + 1]), rows ascending, each
 * as writePosting wrote it.
 */
interface Segment {
  offsets: Uint32Array;
  bytes: Uint8Array;
  /** How many postings the bytes hold. */
  postings: number;
}

/** The field of a one-field mask (1, 2, 4, 8), else -1. */
const ONLY_FIELD = [-1, 0, 1, -1, 2, -1, -1, -1, 3, -1, -1, -1, -1, -1, -1, -1];
/** A frequency this small shares its byte with the field mask when it is the only field. */
const SMALL_FREQUENCY = 15;

function varintLength(value: number): number {
  let length = 1;
  for (let rest = value >>> 7; rest !== 0; rest >>>= 7) length += 1;
  return length;
}

/** The fields a posting's packed frequencies have (a bit each) and the bytes beyond its mask. */
function frequencyBytes(packed: number): { mask: number; extra: number } {
  let mask = 0;
  let fields = 0;
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    if ((packed >>> (8 * field)) & MAX_FREQUENCY) {
      mask |= 1 << field;
      fields += 1;
    }
  }
  const only = ONLY_FIELD[mask]!;
  const small = only >= 0 && packed >>> (8 * only) <= SMALL_FREQUENCY;
  return { mask, extra: small ? 0 : fields };
}

function postingLength(gap: number, packed: number): number {
  return varintLength(gap) + 1 + frequencyBytes(packed).extra;
}

/**
 * One posting at `at`: the gap from the previous row as a LEB128 varint, then a byte holding the
 * mask of the fields that have the term (low 4 bits) and, when only one does and at most 15
 * times (most postings: once in the body), that frequency (high 4 bits); otherwise a byte per
 * field of the mask follows. Returns the offset after it.
 */
function writePosting(bytes: Uint8Array, at: number, gap: number, packed: number): number {
  let rest = gap;
  while (rest > 0x7f) {
    bytes[at++] = (rest & 0x7f) | 0x80;
    rest >>>= 7;
  }
  bytes[at++] = rest;
  const { mask, extra } = frequencyBytes(packed);
  if (extra === 0) {
    bytes[at++] = mask | ((packed >>> (8 * ONLY_FIELD[mask]!)) << 4);
    return at;
  }
  bytes[at++] = mask;
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    if (mask & (1 << field)) bytes[at++] = (packed >>> (8 * field)) & MAX_FREQUENCY;
  }
  return at;
}

/** Visits the postings of a term (its row and packed frequencies) in one segment. */
type PostingSource = (term: number, visit: (row: number, packed: number) => void) => void;

function sealedPostings({ offsets, bytes }: Segment): PostingSource {
  return (term, visit) => {
    // A term newer than the segment has no postings in it.
    if (term + 1 >= offsets.length) return;
    const end = offsets[term + 1]!;
    let row = 0;
    for (let at = offsets[term]!; at < end;) {
      let byte = bytes[at++]!;
      let gap = byte & 0x7f;
      for (let shift = 7; byte & 0x80; shift += 7) {
        byte = bytes[at++]!;
        gap |= (byte & 0x7f) << shift;
      }
      row += gap;
      const head = bytes[at++]!;
      const mask = head & 0xf;
      let packed = 0;
      if (head >>> 4) packed = (head >>> 4) << (8 * ONLY_FIELD[mask]!);
      else {
        for (let field = 0; field < FIELD_COUNT; field += 1) {
          if (mask & (1 << field)) packed |= bytes[at++]! << (8 * field);
        }
      }
      visit(row, packed >>> 0);
    }
  };
}

function deltaPostings(delta: ReadonlyMap<number, number[]>): PostingSource {
  return (term, visit) => {
    const postings = delta.get(term);
    if (!postings) return;
    for (let index = 0; index < postings.length; index += 2)
      visit(postings[index]!, postings[index + 1]!);
  };
}

/** Added to the score of a document containing every word: the AND tier ranks first. */
const ALL_WORDS_TIER = 1e9;

/**
 * The least of the `k` largest of the first `count` keys (-Infinity when there are no more than
 * k): a bounded min-heap of numbers, so tens of thousands of matches cost a comparison each.
 */
function cutoff(keys: Float64Array, count: number, k: number): number {
  if (count <= k) return -Infinity;
  const heap = keys.slice(0, k);
  const sink = (start: number) => {
    let index = start;
    for (;;) {
      const left = index * 2 + 1;
      let least = index;
      if (left < k && heap[left]! < heap[least]!) least = left;
      if (left + 1 < k && heap[left + 1]! < heap[least]!) least = left + 1;
      if (least === index) return;
      [heap[index], heap[least]] = [heap[least]!, heap[index]!];
      index = least;
    }
  };
  for (let index = (k >> 1) - 1; index >= 0; index -= 1) sink(index);
  for (let index = k; index < count; index += 1) {
    if (keys[index]! > heap[0]!) {
      heap[0] = keys[index]!;
      sink(0);
    }
  }
  return heap[0]!;
}

/**
 * What an added word covers of the query (QueryWord.standsFor): the summed weight of the query's
 * own words it rephrases, already weighed (they are searched before the added words).
 */
function rephrasedWeight(
  word: QueryWord,
  searched: readonly QueryWord[],
  wordWeights: readonly number[],
): number {
  const rephrased = new Set(word.standsFor);
  return searched.reduce(
    (sum, own, bit) =>
      !own.optional && rephrased.has(own.terms[0]!) ? sum + wordWeights[bit]! : sum,
    0,
  );
}

export class InvertedIndex {
  private readonly termIds = new Map<string, number>();
  /**
   * The term ids of each distinct token seen: a token is analysed (stop words, stemming) once,
   * and then costs one lookup however often it occurs (words repeat: Zipf).
   */
  private readonly tokenTermIds = new Map<string, readonly number[]>();
  private readonly termTexts: string[] = [];
  /** Documents holding each term, dead rows included until the next merge. */
  private documentFrequency: Int32Array = new Int32Array(1024);
  /** Sealed segments, oldest first. */
  private segments: Segment[] = [];
  /** Delta segment: term -> [row, packed frequencies, row, packed frequencies, ...]. */
  private delta = new Map<number, number[]>();
  private deltaPostings = 0;
  // Per row.
  private ids: Float64Array = new Float64Array(1024);
  private lengths: Float32Array = new Float32Array(1024 * FIELD_COUNT);
  private alive: Uint8Array = new Uint8Array(1024);
  private readonly rowOf = new Map<number, number>();
  private rowCount = 0;
  private readonly lengthTotals = new Float64Array(FIELD_COUNT);
  // Scratch space of one search (searches run one at a time).
  private scores = new Float64Array(1024);
  private masks = new Int32Array(1024);

  /** Documents searchable now. */
  get size(): number {
    return this.rowOf.size;
  }

  /** Whether a document with this id is indexed. */
  has(id: number): boolean {
    return this.rowOf.has(id);
  }

  /** The ids of the indexed documents. */
  indexedIds(): IterableIterator<number> {
    return this.rowOf.keys();
  }

  /** Adds a document, replacing the one with the same id. */
  add(id: number, texts: FieldTexts): void {
    this.remove(id);
    const row = this.rowCount;
    this.rowCount += 1;
    this.ids = grown(this.ids, this.rowCount);
    this.alive = grown(this.alive, this.rowCount);
    this.lengths = grown(this.lengths, this.rowCount * FIELD_COUNT);
    this.ids[row] = id;
    this.alive[row] = 1;
    this.rowOf.set(id, row);
    // The document's terms, each with its frequency per field (FIELD_COUNT numbers per slot).
    const slots = new Map<number, number>();
    const frequencies: number[] = [];
    FIELDS.forEach((field, fieldIndex) => {
      let length = 0;
      for (const token of textTokens(texts[field])) {
        for (const termId of this.termIdsOf(token)) {
          length += 1;
          let slot = slots.get(termId);
          if (slot === undefined) {
            slot = slots.size;
            slots.set(termId, slot);
            frequencies.push(0, 0, 0, 0);
          }
          frequencies[slot * FIELD_COUNT + fieldIndex]! += 1;
        }
      }
      this.lengths[row * FIELD_COUNT + fieldIndex] = length;
      this.lengthTotals[fieldIndex]! += length;
    });
    for (const [termId, slot] of slots) {
      let postings = this.delta.get(termId);
      if (!postings) {
        postings = [];
        this.delta.set(termId, postings);
      }
      postings.push(row, pack(frequencies, slot * FIELD_COUNT));
      this.documentFrequency[termId]! += 1;
    }
    this.deltaPostings += slots.size;
  }

  remove(id: number): void {
    const row = this.rowOf.get(id);
    if (row === undefined) return;
    this.rowOf.delete(id);
    this.alive[row] = 0;
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      this.lengthTotals[field]! -= this.lengths[row * FIELD_COUNT + field]!;
    }
  }

  /** Postings in the sealed segments (dead rows included until the next merge). */
  get postingCount(): number {
    return this.segments.reduce((sum, segment) => sum + segment.postings, 0);
  }

  /** Postings waiting in the delta segment: merge when this grows large against the main one. */
  get pendingPostings(): number {
    return this.deltaPostings;
  }

  /** Moves the delta segment into a new sealed segment, leaving the sealed ones as they are. */
  seal(): void {
    if (this.deltaPostings === 0) return;
    const { offsets, bytes, postings } = this.segmentOf([deltaPostings(this.delta)]);
    this.segments.push({ offsets, bytes, postings });
    this.delta = new Map();
    this.deltaPostings = 0;
  }

  /**
   * Compacts every segment and the delta into one sealed segment, without dead rows. Also forgets
   * the tokens seen (tokenTermIds): after a large load they would hold the whole vocabulary again.
   */
  merge(): void {
    const { offsets, bytes, postings, counts } = this.segmentOf([
      ...this.segments.map(sealedPostings),
      deltaPostings(this.delta),
    ]);
    this.segments = [{ offsets, bytes, postings }];
    this.documentFrequency = counts;
    this.delta = new Map();
    this.deltaPostings = 0;
    this.tokenTermIds.clear();
  }

  /**
   * The index as a header and sections (the delta is sealed first), for restore(): what
   * LexicalIndex writes to its snapshot file. The large arrays are the index's own, which later
   * changes do not write to (sealed postings, and rows before the newest); the rest are copies.
   * Each section's name starts with `prefix`, so two indexes can share one file.
   */
  snapshot(prefix = ''): { header: InvertedIndexHeader; sections: SnapshotSections } {
    this.seal();
    const rows = this.rowCount;
    const sections: SnapshotSections = {
      [`${prefix}ids`]: this.ids.subarray(0, rows),
      [`${prefix}lengths`]: this.lengths.subarray(0, rows * FIELD_COUNT),
      [`${prefix}alive`]: this.alive.slice(0, rows),
      [`${prefix}documentFrequency`]: this.documentFrequency.slice(0, this.termTexts.length),
      [`${prefix}terms`]: new TextEncoder().encode(this.termTexts.join('\n')),
    };
    this.segments.forEach((segment, n) => {
      sections[`${prefix}offsets${n}`] = segment.offsets;
      sections[`${prefix}postings${n}`] = segment.bytes;
    });
    return {
      header: {
        rows,
        terms: this.termTexts.length,
        lengthTotals: [...this.lengthTotals],
        segments: this.segments.map((segment) => segment.postings),
      },
      sections,
    };
  }

  /**
   * The index that snapshot(prefix) described; throws when the sections do not fit the header.
   */
  static restore(
    header: InvertedIndexHeader,
    section: Snapshot<unknown>['section'],
    prefix = '',
  ): InvertedIndex {
    const { rows, terms } = header;
    const index = new InvertedIndex();
    const termTexts =
      terms === 0 ? [] : new TextDecoder().decode(section(`${prefix}terms`, 'u8')).split('\n');
    index.ids = section(`${prefix}ids`, 'f64');
    index.lengths = section(`${prefix}lengths`, 'f32');
    index.alive = section(`${prefix}alive`, 'u8');
    index.documentFrequency = section(`${prefix}documentFrequency`, 'i32');
    if (
      index.ids.length !== rows ||
      index.lengths.length !== rows * FIELD_COUNT ||
      index.alive.length !== rows ||
      index.documentFrequency.length !== terms ||
      termTexts.length !== terms
    ) {
      throw new Error('The index snapshot does not match its header');
    }
    index.rowCount = rows;
    index.lengthTotals.set(header.lengthTotals);
    termTexts.forEach((term, id) => {
      index.termIds.set(term, id);
      index.termTexts.push(term);
    });
    for (let row = 0; row < rows; row += 1) {
      if (index.alive[row]) index.rowOf.set(index.ids[row]!, row);
    }
    index.segments = header.segments.map((postings, n) => {
      const offsets = section(`${prefix}offsets${n}`, 'u32');
      const bytes = section(`${prefix}postings${n}`, 'u8');
      // A segment sealed before later terms were seen has fewer offsets.
      if (offsets.length > terms + 1 || offsets[offsets.length - 1] !== bytes.length) {
        throw new Error('The index snapshot does not match its header');
      }
      return { offsets, bytes, postings };
    });
    return index;
  }

  /** One segment of the live postings of `sources`, in order; `counts`: live documents per term. */
  private segmentOf(sources: readonly PostingSource[]): Segment & { counts: Int32Array } {
    const termCount = this.termTexts.length;
    const { alive } = this;
    const counts = new Int32Array(termCount);
    const offsets = new Uint32Array(termCount + 1);
    let previous = 0;
    let size = 0;
    const measure = (row: number, packed: number) => {
      if (!alive[row]) return;
      size += postingLength(row - previous, packed);
      previous = row;
    };
    for (let term = 0; term < termCount; term += 1) {
      previous = 0;
      for (const source of sources) source(term, measure);
      offsets[term + 1] = size;
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    let postings = 0;
    const write = (row: number, packed: number) => {
      if (!alive[row]) return;
      at = writePosting(bytes, at, row - previous, packed);
      previous = row;
      postings += 1;
    };
    for (let term = 0; term < termCount; term += 1) {
      previous = 0;
      const before = postings;
      for (const source of sources) source(term, write);
      counts[term] = postings - before;
    }
    return { offsets, bytes, postings, counts };
  }

  /**
   * The `max` terms that set a text apart from the indexed documents (term frequency, with the
   * field weights, times inverse document frequency): a more-like-this query for it.
   */
  distinctiveTerms(
    texts: FieldTexts,
    weights: LexicalParameters['weights'],
    max: number,
  ): string[] {
    const weighted = new Map<number, number>();
    for (const field of FIELDS.filter((one) => weights[one] > 0)) {
      for (const token of textTokens(texts[field])) {
        for (const termId of this.termIdsOf(token)) {
          weighted.set(termId, (weighted.get(termId) ?? 0) + weights[field]);
        }
      }
    }
    const documents = Math.max(1, this.rowOf.size);
    const scored: [number, number][] = [];
    for (const [termId, frequency] of weighted) {
      const df = this.documentFrequency[termId]!;
      // A term no other document has cannot find anything.
      if (df <= 1) continue;
      scored.push([termId, (1 + Math.log(frequency)) * Math.log(documents / df)]);
    }
    return scored
      .sort((a, b) => b[1] - a[1])
      .slice(0, max)
      .map(([termId]) => this.termTexts[termId]!);
  }

  /**
   * The `depth` best documents `accept` lets through: those containing every word first (AND),
   * then, as a fallback, those containing enough of them (fallbackCoverage), each tier by BM25F
   * score. Documents containing an excluded word are left out. An optional word (an expansion)
   * is needed for neither tier but adds its weighted score, and to what a document covers.
   */
  search(
    words: readonly QueryWord[],
    parameters: LexicalParameters,
    depth: number,
    accept: (id: number) => boolean = () => true,
  ): LexicalHit[] {
    const documents = this.rowOf.size;
    if (documents === 0) return [];
    this.scores = grown(this.scores, this.rowCount);
    this.masks = grown(this.masks, this.rowCount);
    const { scores, masks } = this;
    const touched: number[] = [];
    const excluded = new Set<number>();
    const weights = FIELDS.map((field) => parameters.weights[field]);
    const b = FIELDS.map((field) => parameters.b[field]);
    const averages = FIELDS.map((_, field) => this.lengthTotals[field]! / documents || 1);
    let wanted = 0;
    const searched = [
      ...words.filter((word) => !word.excluded && !word.optional),
      ...words.filter((word) => !word.excluded && word.optional),
    ].slice(0, MAX_QUERY_WORDS);
    const wordWeights = searched.map(() => 0);
    // A word no document has weighs what the rarest term would: the query asks for something
    // the articles do not have, and a match of its other words covers less of it.
    const unknownWeight = Math.log(1 + (documents + 0.5) / 0.5);
    // One scoring function for every posting (the current word's bit and term's idf in `bit`
    // and `idf`): a single closure that the engine can inline into the posting loops.
    let bit = 0;
    let idf = 0;
    const score = (row: number, packed: number) => {
      let weighted = 0;
      for (let field = 0; field < FIELD_COUNT; field += 1) {
        const tf = (packed >>> (8 * field)) & MAX_FREQUENCY;
        if (tf === 0) continue;
        const length = this.lengths[row * FIELD_COUNT + field]!;
        weighted +=
          (weights[field]! * tf) / (1 - b[field]! + (b[field]! * length) / averages[field]!);
      }
      if (weighted === 0) return;
      if (masks[row] === 0) touched.push(row);
      masks[row]! |= 1 << bit;
      scores[row]! += (idf * weighted) / (parameters.k1 + weighted);
    };
    searched.forEach((word, wordBit) => {
      bit = wordBit;
      if (!word.optional) wanted |= 1 << bit;
      const weight = word.weight ?? 1;
      const termIds = this.termsOf(word);
      if (termIds.length === 0 && !word.optional) wordWeights[bit] = unknownWeight;
      for (const termId of termIds) {
        const frequency = this.documentFrequency[termId]!;
        idf = weight * Math.log(1 + (documents - frequency + 0.5) / (frequency + 0.5));
        wordWeights[bit] = Math.max(wordWeights[bit]!, idf);
        this.forEachPosting(termId, score);
      }
      if (word.standsFor) {
        wordWeights[bit] = Math.max(
          wordWeights[bit]!,
          rephrasedWeight(word, searched, wordWeights),
        );
      }
    });
    for (const word of words.filter((candidate) => candidate.excluded)) {
      for (const termId of this.termsOf(word))
        this.forEachPosting(termId, (row) => excluded.add(row));
    }
    const covered = (mask: number) =>
      wordWeights.reduce((sum, weight, bit) => (mask & (1 << bit) ? sum + weight : sum), 0);
    const queryWeight = covered(wanted);
    const enough = parameters.fallbackCoverage * queryWeight;
    // Rank keys of the documents that qualify, then hits for the `depth` best only.
    const rows = new Int32Array(touched.length);
    const keys = new Float64Array(touched.length);
    const rowScores = new Float64Array(touched.length);
    let count = 0;
    for (const row of touched) {
      const mask = masks[row]!;
      const matchedAll = wanted !== 0 && (mask & wanted) === wanted;
      if (!excluded.has(row) && (matchedAll || covered(mask) >= enough) && accept(this.ids[row]!)) {
        rows[count] = row;
        rowScores[count] = scores[row]!;
        keys[count] = scores[row]! + (matchedAll ? ALL_WORDS_TIER : 0);
        count += 1;
      }
      scores[row] = 0;
      masks[row] = 0;
    }
    const least = cutoff(keys, count, depth);
    const hits: LexicalHit[] = [];
    for (let index = 0; index < count; index += 1) {
      if (keys[index]! < least) continue;
      const matchedAll = keys[index]! >= ALL_WORDS_TIER;
      const score = rowScores[index]!;
      const strength = queryWeight > 0 ? score / queryWeight : 0;
      hits.push({ id: this.ids[rows[index]!]!, score, matchedAll, strength });
    }
    return hits
      .sort(
        (a, b) => Number(b.matchedAll) - Number(a.matchedAll) || b.score - a.score || b.id - a.id,
      )
      .slice(0, depth);
  }

  private termIdsOf(token: string): readonly number[] {
    let ids = this.tokenTermIds.get(token);
    if (ids === undefined) {
      ids = tokenTerms(token).map((term) => this.termId(term));
      this.tokenTermIds.set(token, ids);
    }
    return ids;
  }

  private termId(term: string): number {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.termTexts.length;
      this.termIds.set(term, id);
      this.termTexts.push(term);
      this.documentFrequency = grown(this.documentFrequency, this.termTexts.length);
    }
    return id;
  }

  /** The known terms a query word matches: its whole form, else its parts; a prefix's terms. */
  private termsOf(word: QueryWord): number[] {
    const [whole] = word.terms;
    if (whole === undefined) return [];
    if (word.prefix) {
      const matching: number[] = [];
      this.termTexts.forEach((term, id) => {
        if (term.startsWith(whole) && this.documentFrequency[id]! > 0) matching.push(id);
      });
      return matching
        .sort((a, b) => this.documentFrequency[b]! - this.documentFrequency[a]!)
        .slice(0, MAX_PREFIX_TERMS);
    }
    const known = this.termIds.get(whole);
    if (known !== undefined) return [known];
    return word.terms.slice(1).flatMap((term) => this.termIds.get(term) ?? []);
  }

  private forEachPosting(termId: number, visit: (row: number, packed: number) => void): void {
    const { alive } = this;
    const live = (row: number, packed: number) => {
      if (alive[row]) visit(row, packed);
    };
    for (const segment of this.segments) sealedPostings(segment)(termId, live);
    deltaPostings(this.delta)(termId, live);
  }
}
