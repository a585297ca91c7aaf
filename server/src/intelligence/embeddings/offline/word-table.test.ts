import { encodeWords } from './binary-file.js';
import { WordTable } from './word-table.js';

test('finds each word’s row, the first where a word repeats, and nothing for other words', () => {
  const long = 'x'.repeat(300);
  const words = ['the', 'zürich', 'c++', '', 'the', long, '東京'];
  const table = new WordTable(encodeWords(words));

  expect(table.size).toBe(words.length);
  expect(['the', 'zürich', 'c++', '', long, '東京'].map((word) => table.get(word))).toEqual([
    0, 1, 2, 3, 5, 6,
  ]);
  expect(table.get('th')).toBeUndefined();
  expect(table.get('zurich')).toBeUndefined();
  expect(table.get(`${long}y`)).toBeUndefined();
});

test('a table of many words finds every one of them', () => {
  const words = Array.from({ length: 5000 }, (_, n) => `word${n}`);
  const table = new WordTable(encodeWords(words));
  expect(words.every((word, row) => table.get(word) === row)).toBe(true);
});
