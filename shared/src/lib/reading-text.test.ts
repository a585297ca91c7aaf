import type { ReaderBlock } from '@blogstream/shared/contract';
import { blockStarts, readingText } from './reading-text.js';
import { nextInList, readerLocationState } from './reading-list.js';

const BLOCKS: ReaderBlock[] = [
  { kind: 'heading', level: 2, text: 'Budgets' },
  { kind: 'image', src: 'https://cdn.example.com/a.png', alt: 'A chart' },
  { kind: 'code', text: 'take()\nwait()' },
  { kind: 'paragraph', text: 'Done.' },
];

test("the reading text is the blocks' texts one a line, code verbatim, images adding nothing", () => {
  expect(readingText(BLOCKS)).toBe('Budgets\ntake()\nwait()\nDone.');
  // An image starts where the next text does; it holds none of the reading text.
  expect(blockStarts(BLOCKS)).toEqual([0, 8, 8, 22]);
});

test('the list the reader view was opened from: its next article, none at its end or outside it', () => {
  expect(readerLocationState({ readingList: [4, 9, 2], listening: true })).toEqual({
    readingList: [4, 9, 2],
    listening: true,
  });
  expect(readerLocationState({ readingList: ['4'] })).toBeNull();
  expect(readerLocationState(null)).toBeNull();
  expect(nextInList([4, 9, 2], 9)).toBe(2);
  expect(nextInList([4, 9, 2], 2)).toBeNull();
  expect(nextInList([4, 9, 2], 7)).toBeNull();
});
