import { articlePassages, MAX_PASSAGES, passageId, passageOf } from './passages.js';

const sentence = (n: number) => `Sentence number ${n} says one thing about the system.`;

test('cuts the text after every three sentences and where a section starts', () => {
  const text = [
    [1, 2, 3, 4].map(sentence).join(' '),
    '',
    'Rolling out',
    '',
    [5, 6].map(sentence).join(' '),
  ].join('\n');

  expect(articlePassages(text)).toEqual([
    { number: 0, sentences: [1, 2, 3].map(sentence) },
    { number: 1, sentences: [sentence(4)] },
    { number: 2, sentences: [5, 6].map(sentence) },
  ]);
});

test('leaves out fragments too short to quote', () => {
  expect(articlePassages(`Fig. 2. ${sentence(1)} Yes. ${sentence(2)}`)).toEqual([
    { number: 0, sentences: [sentence(1), sentence(2)] },
  ]);
});

test('a passage id names its article and its number', () => {
  expect(passageOf(passageId(4_321, 7))).toEqual({ postId: 4_321, number: 7 });
  expect(passageOf(passageId(1, MAX_PASSAGES - 1))).toEqual({
    postId: 1,
    number: MAX_PASSAGES - 1,
  });
});
