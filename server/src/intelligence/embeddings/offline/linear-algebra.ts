import { EigenvalueDecomposition, Matrix, solve } from 'ml-matrix';

/** Deterministic PRNG (mulberry32) so training gives the same model for the same corpus. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function gaussian(random: () => number): () => number {
  return () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

/** A sparse matrix in compressed-row form. */
export interface Csr {
  rows: number;
  cols: number;
  rowStart: Int32Array;
  colIndex: Int32Array;
  values: Float64Array;
}

/**
 * X·D for a dense row-major D (cols × width) → rows × width, or with `transposed` Xᵀ·D for D
 * (rows × width) → cols × width: each stored value of X adds its multiple of one row of D to one
 * row of the product, its column's and its row's, the other way round when transposed.
 */
function multiply(x: Csr, dense: Float64Array, width: number, transposed = false): Float64Array {
  const out = new Float64Array((transposed ? x.cols : x.rows) * width);
  for (let i = 0; i < x.rows; i++) {
    const rowOffset = i * width;
    for (let p = x.rowStart[i] as number; p < (x.rowStart[i + 1] as number); p++) {
      const value = x.values[p] as number;
      const columnOffset = (x.colIndex[p] as number) * width;
      const from = transposed ? rowOffset : columnOffset;
      const to = transposed ? columnOffset : rowOffset;
      for (let c = 0; c < width; c++)
        out[to + c] = (out[to + c] as number) + value * (dense[from + c] as number);
    }
  }
  return out;
}

/** Orthonormalises the columns of a row-major rows × width matrix in place (modified Gram–Schmidt, twice). */
function orthonormaliseColumns(m: Float64Array, rows: number, width: number): void {
  // Work on contiguous columns: copy out, orthonormalise, copy back.
  const columns = Array.from({ length: width }, (_, c) => {
    const column = new Float64Array(rows);
    for (let r = 0; r < rows; r++) column[r] = m[r * width + c] as number;
    return column;
  });
  for (let pass = 0; pass < 2; pass++) {
    for (let c = 0; c < width; c++) {
      const column = columns[c] as Float64Array;
      for (let prev = 0; prev < c; prev++) {
        const other = columns[prev] as Float64Array;
        let dot = 0;
        for (let r = 0; r < rows; r++) dot += (column[r] as number) * (other[r] as number);
        for (let r = 0; r < rows; r++)
          column[r] = (column[r] as number) - dot * (other[r] as number);
      }
      let norm = 0;
      for (let r = 0; r < rows; r++) norm += (column[r] as number) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let r = 0; r < rows; r++) column[r] = (column[r] as number) / norm;
    }
  }
  columns.forEach((column, c) => {
    for (let r = 0; r < rows; r++) m[r * width + c] = column[r] as number;
  });
}

/**
 * Truncated SVD X ≈ U Σ Vᵀ by randomized range finding (Halko, Martinsson, Tropp 2011) with power
 * iterations; the small dense step is an eigen-decomposition of B·Bᵀ (ml-matrix). Returns the top
 * `rank` right singular vectors (cols × rank, row-major) and singular values.
 */
export function randomizedSvd(
  x: Csr,
  rank: number,
  options: { oversample?: number; powerIterations?: number; seed?: number } = {},
): { v: Float64Array; sigma: Float64Array } {
  const width = Math.min(rank + (options.oversample ?? 20), x.cols, x.rows);
  const normal = gaussian(seededRandom(options.seed ?? 1));
  const omega = new Float64Array(x.cols * width);
  for (let i = 0; i < omega.length; i++) omega[i] = normal();
  let y = multiply(x, omega, width);
  orthonormaliseColumns(y, x.rows, width);
  for (let iteration = 0; iteration < (options.powerIterations ?? 3); iteration++) {
    const z = multiply(x, y, width, true);
    orthonormaliseColumns(z, x.cols, width);
    y = multiply(x, z, width);
    orthonormaliseColumns(y, x.rows, width);
  }
  // Bᵀ = Xᵀ Q (cols × width); B Bᵀ = (XᵀQ)ᵀ(XᵀQ) (width × width).
  const bt = multiply(x, y, width, true);
  const gram = Matrix.zeros(width, width);
  for (let a = 0; a < width; a++) {
    for (let b = a; b < width; b++) {
      let dot = 0;
      for (let r = 0; r < x.cols; r++)
        dot += (bt[r * width + a] as number) * (bt[r * width + b] as number);
      gram.set(a, b, dot);
      gram.set(b, a, dot);
    }
  }
  const eigen = new EigenvalueDecomposition(gram, { assumeSymmetric: true });
  const order = eigen.realEigenvalues
    .map((value, index) => ({ value, index }))
    .sort((p, q) => q.value - p.value)
    .slice(0, rank);
  const vectors = eigen.eigenvectorMatrix;
  const k = order.length;
  const sigma = new Float64Array(k);
  const v = new Float64Array(x.cols * k);
  order.forEach(({ value, index }, j) => {
    const s = Math.sqrt(Math.max(value, 0));
    sigma[j] = s;
    // Fix the sign so the result does not depend on the eigen solver's choice.
    let sum = 0;
    const column = new Float64Array(x.cols);
    for (let r = 0; r < x.cols; r++) {
      let dot = 0;
      for (let c = 0; c < width; c++) dot += (bt[r * width + c] as number) * vectors.get(c, index);
      column[r] = s > 0 ? dot / s : 0;
      sum += column[r] as number;
    }
    const sign = sum < 0 ? -1 : 1;
    for (let r = 0; r < x.cols; r++) v[r * k + j] = sign * (column[r] as number);
  });
  return { v, sigma };
}

/** Ridge regression W = (AᵀA + λI)⁻¹ AᵀB for row-major A (n × p), B (n × q) → p × q. */
export function ridge(
  a: Float64Array,
  b: Float64Array,
  n: number,
  p: number,
  q: number,
  lambda: number,
): Float64Array {
  const ata = Matrix.zeros(p, p);
  const atb = Matrix.zeros(p, q);
  for (let r = 0; r < n; r++) {
    for (let i = 0; i < p; i++) {
      const ai = a[r * p + i] as number;
      if (ai === 0) continue;
      for (let j = i; j < p; j++) ata.set(i, j, ata.get(i, j) + ai * (a[r * p + j] as number));
      for (let j = 0; j < q; j++) atb.set(i, j, atb.get(i, j) + ai * (b[r * q + j] as number));
    }
  }
  for (let i = 0; i < p; i++) {
    for (let j = 0; j < i; j++) ata.set(i, j, ata.get(j, i));
    ata.set(i, i, ata.get(i, i) + lambda);
  }
  const w = solve(ata, atb);
  return Float64Array.from(w.to1DArray());
}

/** Top principal direction (uncentred, unit) of row vectors, by power iteration. */
export function topComponent(rows: readonly Float64Array[], dims: number, seed = 7): Float32Array {
  const normal = gaussian(seededRandom(seed));
  let u = Float64Array.from({ length: dims }, () => normal());
  for (let iteration = 0; iteration < 50; iteration++) {
    const next = new Float64Array(dims);
    for (const row of rows) {
      let dot = 0;
      for (let d = 0; d < dims; d++) dot += (row[d] as number) * (u[d] as number);
      for (let d = 0; d < dims; d++) next[d] = (next[d] as number) + dot * (row[d] as number);
    }
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += (next[d] as number) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dims; d++) next[d] = (next[d] as number) / norm;
    u = next;
  }
  // Deterministic sign.
  const sum = u.reduce((total, value) => total + value, 0);
  return Float32Array.from(u, (value) => (sum < 0 ? -value : value));
}
