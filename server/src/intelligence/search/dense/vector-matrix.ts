/**
 * Vectors quantised to 8 bits and held in WebAssembly memory, scanned with SIMD (dot-scan.wat).
 * Each row keeps its own scale (its largest component maps to 127), so a unit vector of 384
 * dimensions takes 384 bytes instead of 1,536: 100,000 of them about 37 MiB. The query is
 * quantised to 15 bits, so nearly all of the error is the rows': about 0.001 in a similarity
 * (vector-matrix.test.ts), and the search-quality bench ranks as with 32-bit floats within 0.001
 * nDCG@10 (docs/decisions/0020). The scan of 100,000 rows takes a few milliseconds.
 */

/** dot-scan.wat compiled with wabt's wat2wasm; vector-matrix.test.ts recompiles it and compares. */
export const DOT_SCAN_WASM =
  'AGFzbQEAAAABCwFgB39/f31/f38AAwIBAAUDAQABBxECBm1lbW9yeQIABHNjYW4AAArEAQHBAQIEfwJ7IAAhCQJAA0AgByAFTw0B/QwAAAAAAAAAAAAAAAAAAAAAIQtBACEIA0AgCSAIav0ABAAhDCACIAhBAXRqIQogCyAM/YcBIAr9AAQA/boB/a4BIQsgCyAM/YgBIAr9AAQQ/boB/a4BIQsgCEEQaiEIIAggBkkNAAsgBCAHQQJ0aiAL/RsAIAv9GwFqIAv9GwIgC/0bA2pqsiABIAdBAnRqKgIAlCADlDgCACAJIAZqIQkgB0EBaiEHDAALCws=';

const PAGE_BYTES = 65_536;
const FLOAT_BYTES = 4;
/** The scan reads 16 bytes at a time: rows are padded to a multiple of 16 components. */
const LANES = 16;
const ROW_LEVELS = 127;
const QUERY_LEVELS = 16_383;
/** Growth beyond the rows reserved: WebAssembly memory never shrinks, so grow in small steps. */
const GROWTH = 1.25;

type ScanFunction = (
  matrix: number,
  scales: number,
  query: number,
  queryScale: number,
  out: number,
  rows: number,
  stride: number,
) => void;

/** The part of the WebAssembly API used here (the server compiles without the DOM library). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

const scanModule = new wasm.Module(Buffer.from(DOT_SCAN_WASM, 'base64'));

/** Writes `vector` as levels of ±`levels` into `target` (zeros past its end); returns the scale. */
function quantise(
  vector: Float32Array,
  target: Int8Array | Int16Array,
  dimension: number,
  levels: number,
): number {
  let largest = 0;
  for (let index = 0; index < dimension; index += 1) {
    largest = Math.max(largest, Math.abs(vector[index] ?? 0));
  }
  const scale = largest / levels;
  target.fill(0);
  if (scale === 0) return 0;
  for (let index = 0; index < dimension; index += 1) {
    target[index] = Math.round((vector[index] ?? 0) / scale);
  }
  return scale;
}

/**
 * Layout of the memory: the rows (capacity x stride bytes) from offset 0, then one scale per row,
 * the query (stride 16-bit levels) and one similarity per row. Growing keeps the rows where they
 * are and moves the rest.
 */
export class VectorMatrix {
  readonly stride: number;
  private readonly memory: WasmMemory;
  private readonly scan: ScanFunction;
  private capacity = 0;

  constructor(readonly dimension: number) {
    this.stride = Math.ceil(dimension / LANES) * LANES;
    const instance = new wasm.Instance(scanModule);
    this.memory = instance.exports.memory as WasmMemory;
    this.scan = instance.exports.scan as ScanFunction;
    this.reserve(1024);
  }

  private get scalesAt(): number {
    return this.capacity * this.stride;
  }

  private get queryAt(): number {
    return this.scalesAt + this.capacity * FLOAT_BYTES;
  }

  private get outAt(): number {
    return this.queryAt + 2 * this.stride;
  }

  /**
   * Makes room for `rows` rows (at least), keeping the rows stored. Reserving the count before
   * loading keeps the memory at what the rows need.
   */
  reserve(rows: number): void {
    if (rows <= this.capacity) return;
    const capacity = Math.max(rows, Math.ceil(this.capacity * GROWTH));
    const bytes = capacity * (this.stride + 2 * FLOAT_BYTES) + 2 * this.stride;
    const pages = Math.ceil(bytes / PAGE_BYTES) - this.memory.buffer.byteLength / PAGE_BYTES;
    if (pages > 0) this.memory.grow(pages);
    const oldScalesAt = this.scalesAt;
    const oldCapacity = this.capacity;
    this.capacity = capacity;
    // The scales move up behind the larger row area (copyWithin copies overlapping ranges safely).
    new Uint8Array(this.memory.buffer).copyWithin(
      this.scalesAt,
      oldScalesAt,
      oldScalesAt + oldCapacity * FLOAT_BYTES,
    );
  }

  set(row: number, vector: Float32Array): void {
    this.reserve(row + 1);
    const target = new Int8Array(this.memory.buffer, row * this.stride, this.stride);
    const scale = quantise(vector, target, this.dimension, ROW_LEVELS);
    new Float32Array(this.memory.buffer, this.scalesAt, this.capacity)[row] = scale;
  }

  /** Copies of the first `rows` rows' levels and scales (to save them: index-snapshot.ts). */
  copyRows(rows: number): { levels: Uint8Array; scales: Float32Array } {
    return {
      levels: new Uint8Array(this.memory.buffer, 0, rows * this.stride).slice(),
      scales: new Float32Array(this.memory.buffer, this.scalesAt, rows).slice(),
    };
  }

  /**
   * Rows as copyRows gave them, from row 0: `scales`, and the levels that `fill` writes into the
   * view of the matrix it is given (read from a file straight into it: no copy in between).
   */
  setRows(scales: Float32Array, fill: (levels: Uint8Array) => void): void {
    this.reserve(scales.length);
    fill(new Uint8Array(this.memory.buffer, 0, scales.length * this.stride));
    new Float32Array(this.memory.buffer, this.scalesAt, scales.length).set(scales);
  }

  /** One row's vector, as stored (each component within half a level of the original). */
  row(row: number): Float32Array {
    const levels = new Int8Array(this.memory.buffer, row * this.stride, this.dimension);
    const scale = new Float32Array(this.memory.buffer, this.scalesAt, this.capacity)[row]!;
    return Float32Array.from(levels, (level) => level * scale);
  }

  /**
   * The dot product of `query` with each of the first `rows` rows. The array is a view of this
   * matrix's scratch space: read it before the next scan or write.
   */
  similarities(query: Float32Array, rows: number): Float32Array {
    const levels = new Int16Array(this.memory.buffer, this.queryAt, this.stride);
    const queryScale = quantise(query, levels, this.dimension, QUERY_LEVELS);
    this.scan(0, this.scalesAt, this.queryAt, queryScale, this.outAt, rows, this.stride);
    return new Float32Array(this.memory.buffer, this.outAt, rows);
  }
}
