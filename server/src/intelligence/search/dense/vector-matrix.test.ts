import { readFileSync } from 'node:fs';
import wabt from 'wabt';
import { DOT_SCAN_WASM, VectorMatrix } from './vector-matrix.js';

/** Deterministic pseudo-random vectors (a linear congruential generator). */
function vectors(count: number, dimension: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 - 0.5;
  };
  return Array.from({ length: count }, () => Float32Array.from({ length: dimension }, next));
}

const dot = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, value, index) => sum + value * b[index]!, 0);

test('the shipped module is dot-scan.wat compiled', async () => {
  const source = readFileSync(new URL('./dot-scan.wat', import.meta.url), 'utf8');
  const compiled = (await wabt()).parseWat('dot-scan.wat', source, { simd: true });
  expect(Buffer.from(compiled.toBinary({}).buffer).toString('base64')).toBe(DOT_SCAN_WASM);
});

test.each([384, 20, 3])(
  'the scan gives every row its dot product with the query (%i dimensions)',
  (dimension) => {
    const matrix = new VectorMatrix(dimension);
    const rows = vectors(3000, dimension, 11);
    rows.forEach((vector, row) => matrix.set(row, vector));
    const [query] = vectors(1, dimension, 5);

    const similarities = matrix.similarities(query!, rows.length);

    expect(similarities).toHaveLength(rows.length);
    rows.forEach((vector, row) => expect(similarities[row]).toBeCloseTo(dot(vector, query!), 4));
    expect(matrix.row(1234)).toEqual(rows[1234]);
  },
);
