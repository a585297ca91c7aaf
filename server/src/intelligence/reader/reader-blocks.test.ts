import { readerBlocks, readingMinutes } from './reader-blocks.js';

test('stored lines become paragraphs, "- " lines list items, short lines before prose headings', () => {
  const content = [
    'Intro paragraph that opens the article with a full sentence.',
    '',
    'Why retries hurt',
    'Retries multiply load when a service is already struggling, so budgets matter.',
    '- first item',
    '- second item',
    'Thanks for reading.',
  ].join('\n');
  expect(readerBlocks(content)).toEqual([
    { kind: 'paragraph', text: 'Intro paragraph that opens the article with a full sentence.' },
    { kind: 'heading', level: 2, text: 'Why retries hurt' },
    {
      kind: 'paragraph',
      text: 'Retries multiply load when a service is already struggling, so budgets matter.',
    },
    { kind: 'list_item', text: 'first item' },
    { kind: 'list_item', text: 'second item' },
    { kind: 'paragraph', text: 'Thanks for reading.' },
  ]);
});

test('reading time: words at 230 a minute, at least one minute, none without text', () => {
  expect(readingMinutes([])).toBe(0);
  expect(readingMinutes([{ kind: 'paragraph', text: 'Short.' }])).toBe(1);
  expect(readingMinutes([{ kind: 'paragraph', text: 'word '.repeat(2300) }])).toBe(10);
  expect(readingMinutes([{ kind: 'image', src: 'https://example.com/a.png', alt: 'a' }])).toBe(0);
});
