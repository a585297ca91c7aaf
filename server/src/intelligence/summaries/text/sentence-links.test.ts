import { closestSentences, sentenceLink } from './sentence-links.js';
import { sentencesOf, textUnits } from './sentences.js';

test('links to a sentence with a text fragment of its first and last words', () => {
  expect(
    sentenceLink(
      'https://blog.example/post#comments',
      'Postgres handles 4,000 jobs a second with SKIP LOCKED and one index.',
    ),
  ).toBe(
    'https://blog.example/post#:~:text=Postgres%20handles%204%2C000%20jobs,LOCKED%20and%20one%20index.',
  );
  expect(sentenceLink('https://blog.example/post', 'A short one-liner.')).toBe(
    'https://blog.example/post#:~:text=A%20short%20one%2Dliner.',
  );
});

test('finds the sentence a paraphrased bullet comes from', () => {
  const sentences = sentencesOf(
    textUnits(
      'We moved the queue to Postgres. Throughput reached 4,000 jobs a second with SKIP LOCKED. ' +
        'The old Redis cluster was retired in May.',
    ),
  );
  expect(
    closestSentences(['Redis was retired.', 'SKIP LOCKED gives 4,000 jobs per second.'], sentences),
  ).toEqual([
    'The old Redis cluster was retired in May.',
    'Throughput reached 4,000 jobs a second with SKIP LOCKED.',
  ]);
});
