import { dot, normalise, type TextEmbedder } from './embedder.js';
import { twoModelsInOne } from './two-models-in-one.js';

/** An embedder giving each text a fixed unit vector. */
function fixed(model: string, vectors: Record<string, number[]>): TextEmbedder {
  const dimension = Object.values(vectors)[0]!.length;
  return {
    model,
    dimension,
    embed: async (texts) => texts.map((text) => normalise(Float32Array.from(vectors[text]!))),
  };
}

test("two models in one vector: the dot product weighs each model's cosine, the name carries the weight", async () => {
  const first = fixed('first', { a: [1, 0], b: [0.6, 0.8] });
  const second = fixed('second', { a: [1, 0, 0], b: [0, 0, 1] });
  const both = twoModelsInOne(first, second, 0.25);

  const [a, b] = await both.embed(['a', 'b'], 'document');

  expect(both.model).toBe('second+first@0.25');
  expect(both.dimension).toBe(5);
  expect(dot(a!, a!)).toBeCloseTo(1, 6);
  // 0.75 x the first's cosine (0.6) + 0.25 x the second's (0).
  expect(dot(a!, b!)).toBeCloseTo(0.45, 6);
});
