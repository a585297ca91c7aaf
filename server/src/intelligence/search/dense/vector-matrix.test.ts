import { readFileSync } from 'node:fs';
import wabt from 'wabt';
import { normalise } from '../../embeddings/embedder.js';
import { DOT_SCAN_WASM, VectorMatrix } from './vector-matrix.js';

/** Deterministic pseudo-random unit vectors (a linear congruential generator). */
function vectors(count: number, dimension: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
  return Array.from({ length: count }, () =>
    normalise(Float32Array.from({ length: dimension }, next)),
  );
}

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * b[index]!, 0);

test('the shipped module is dot-scan.wat compiled', async () => {
  const source = readFileSync(new URL('./dot-scan.wat', import.meta.url), 'utf8');
  const compiled = (await wabt()).parseWat('dot-scan.wat', source, { simd: true });
  expect(Buffer.from(compiled.toBinary({}).buffer).toString('base64')).toBe(DOT_SCAN_WASM);
});

test.each([384, 20, 3])(
  'the scan gives every row its dot product with the query within 0.01 (%i dimensions)',
  (dimension) => {
    const matrix = new VectorMatrix(dimension);
    const rows = vectors(3000, dimension, 11);
    rows.forEach((vector, row) => matrix.set(row, vector));
    const [query] = vectors(1, dimension, 5);

    const similarities = matrix.similarities(query!, rows.length);

    expect(similarities).toHaveLength(rows.length);
    const errors = rows.map((vector, row) => Math.abs(similarities[row]! - dot(vector, query!)));
    expect(Math.max(...errors)).toBeLessThan(0.01);
  },
);

test('a stored row comes back within half a quantisation level of each component', () => {
  const matrix = new VectorMatrix(384);
  const rows = vectors(50, 384, 3);
  rows.forEach((vector, row) => matrix.set(row, vector));
  for (const row of [0, 17, 49]) {
    const largest = Math.max(...rows[row]!.map(Math.abs));
    const stored = matrix.row(row);
    stored.forEach((value, index) =>
      expect(Math.abs(value - rows[row]![index]!)).toBeLessThanOrEqual(largest / 127 / 2 + 1e-7),
    );
  }
});

test('rows survive the memory growing, and a zero vector scores zero', () => {
  const matrix = new VectorMatrix(64);
  const rows = vectors(5000, 64, 21);
  rows.slice(0, 100).forEach((vector, row) => matrix.set(row, vector));
  const [query] = vectors(1, 64, 8);
  const before = Array.from(matrix.similarities(query!, 100));
  rows.slice(100).forEach((vector, row) => matrix.set(row + 100, vector));
  matrix.set(5000, new Float32Array(64));

  const after = matrix.similarities(query!, 5001);

  expect(Array.from(after.subarray(0, 100))).toEqual(before);
  expect(after[5000]).toBe(0);
});

test('the 10 most similar rows are the exact ones for unit vectors of 384 dimensions', () => {
  const matrix = new VectorMatrix(384);
  const rows = vectors(5000, 384, 13);
  rows.forEach((vector, row) => matrix.set(row, vector));
  for (const query of vectors(20, 384, 77)) {
    const similarities = matrix.similarities(query, rows.length);
    const top = (score: (row: number) => number) =>
      rows
        .map((_, row) => row)
        .sort((a, b) => score(b) - score(a))
        .slice(0, 10);
    const exact = top((row) => dot(rows[row]!, query));
    const found = top((row) => similarities[row]!);
    expect(found.filter((row) => exact.includes(row)).length).toBeGreaterThanOrEqual(9);
  }
});
