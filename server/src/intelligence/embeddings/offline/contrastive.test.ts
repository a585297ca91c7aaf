import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trainingPairs, tuneTermVectors } from './contrastive.js';
import { loadGlove, type GloveTable } from './glove.js';
import { seededRandom } from './linear-algebra.js';
import { embedText, prepareModel, type CorpusModel } from './model.js';
import { trainCorpusModel } from './train.js';

const cacheDir = mkdtempSync(join(tmpdir(), 'contrastive-test-'));
let glove: GloveTable;

beforeAll(() => {
  glove = loadGlove(cacheDir);
});

afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const body = (subject: string, detail: string) =>
  `${detail}. `.repeat(2) +
  `This post explains how our team handled ${subject} in production over several months. ` +
  `We measured every change carefully and wrote down what we learned about ${subject}. ` +
  `The results surprised the engineers who maintain the ${subject} systems today. ` +
  `Finally we describe what we would do differently next time with ${subject}.`;

test('pairs are a title with its body and sentences with the rest, short bodies left out', () => {
  const texts = [
    `Tuning the garbage collector\n\n${body('garbage collection', 'Pauses dropped after we resized the heap')}`,
    'A title alone\n\n',
  ];
  const pairs = trainingPairs(texts, 2, seededRandom(1));
  expect(pairs[0]).toEqual({
    query: 'Tuning the garbage collector',
    document: expect.stringMatching(/^\nPauses dropped/),
  });
  expect(pairs).toHaveLength(3);
  for (const pair of pairs.slice(1)) {
    expect(pair.document.startsWith('\n')).toBe(true);
    expect(pair.document).not.toContain(pair.query);
  }
});

/**
 * Articles of made-up words (seeded), no subject shared by design: each title is two words of its
 * own body and two words of its own that no body has, which only training on pairs can place.
 */
function randomArticles(count: number): string[] {
  const random = seededRandom(3);
  const pick = (letters: string) => letters.charAt(Math.floor(random() * letters.length));
  const vocabulary = Array.from({ length: 600 }, () =>
    Array.from({ length: 3 }, () => pick('bdfgklmnprstvz') + pick('aeiou')).join(''),
  );
  const word = () => vocabulary[Math.floor(random() * vocabulary.length)] as string;
  return Array.from({ length: count }, () => {
    const sentences = Array.from({ length: 6 }, () => {
      const words = Array.from({ length: 9 }, word);
      return `${words.join(' ').replace(/^./, (first) => first.toUpperCase())}.`;
    });
    const [first, second] = sentences.join(' ').toLowerCase().split(/\W+/);
    return `${first} ${second} ${word()}q ${word()}x\n\n${sentences.join(' ')}`;
  });
}

const tuning = { epochs: 3, batch: 16, temperature: 0.05, learningRate: 0.01, sentencePairs: 1 };
const untuned = { ...tuning, epochs: 0 };

test('tuning makes a title find its own article sooner, the same each run', () => {
  const texts = randomArticles(96);
  const train = (contrastive: typeof tuning) =>
    trainCorpusModel(texts, glove, { corpusDims: 8, minDocumentFrequency: 1, contrastive });
  const tuned = train(tuning);
  expect(Buffer.from(train(tuning).corpusQ.buffer).equals(Buffer.from(tuned.corpusQ.buffer))).toBe(
    true,
  );

  // Mean reciprocal rank of each title's own body among all bodies, by the corpus block alone.
  const reciprocalRank = (model: CorpusModel) => {
    const prepared = prepareModel({ ...model, alpha: 0 }, glove);
    const bodies = texts.map((text) =>
      embedText(prepared, text.slice(text.indexOf('\n')), 'document'),
    );
    let total = 0;
    texts.forEach((text, own) => {
      const query = embedText(prepared, text.slice(0, text.indexOf('\n')), 'query');
      const cosines = bodies.map((body) =>
        query.reduce((sum, value, d) => sum + value * (body[d] as number), 0),
      );
      total += 1 / (1 + cosines.filter((value) => value > (cosines[own] as number)).length);
    });
    return total / texts.length;
  };
  expect(reciprocalRank(tuned)).toBeGreaterThan(reciprocalRank(train(untuned)));
});

test('tuning reports a falling loss', () => {
  const texts = randomArticles(64);
  const model = trainCorpusModel(texts, glove, {
    corpusDims: 6,
    minDocumentFrequency: 1,
    contrastive: untuned,
  });
  const terms = Float64Array.from(
    model.corpusQ,
    (value, index) => value * (model.corpusScales[Math.floor(index / 6)] as number),
  );
  const pairs = trainingPairs(texts, 1, seededRandom(2));
  const losses = tuneTermVectors(prepareModel(model, glove), terms, pairs, tuning, 7);
  expect(losses).toHaveLength(3);
  expect(losses[2]!).toBeLessThan(losses[0]!);
});
