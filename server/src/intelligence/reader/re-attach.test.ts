import { selectorOf } from '@blogstream/shared/lib';
import { reattach } from './re-attach.js';

const TEXT = [
  'Retries need a budget.',
  'Their retry budget is 10 % of the requests, and a client that runs out waits.',
  'A retry budget is not a timeout: the budget caps load, the timeout caps latency.',
].join('\n');

/** The selectors of the first `quote` found after `after` in TEXT. */
function selectorFor(quote: string, after = 0) {
  const start = TEXT.indexOf(quote, after);
  return selectorOf(TEXT, start, start + quote.length);
}

const placed = (text: string, attached: ReturnType<typeof reattach>) =>
  attached && text.slice(attached.start, attached.end);

test('a highlight on unchanged text stays where it was made', () => {
  const selector = selectorFor('retry budget is 10 %');
  const { start, end } = selector.position;
  expect(reattach(TEXT, selector)).toEqual({ start, end, method: 'position' });
});

test('a highlight whose text moved is found by its quote', () => {
  const moved = `Updated in May.\n${TEXT}`;
  const attached = reattach(moved, selectorFor('retry budget is 10 %'));
  expect(attached?.method).toBe('quote');
  expect(placed(moved, attached)).toBe('retry budget is 10 %');
});

test('of a quote written twice, the one whose context fits is taken', () => {
  const selector = selectorFor('the budget', TEXT.indexOf('timeout'));
  const moved = `Preface.\n${TEXT}`;
  const attached = reattach(moved, selector);
  expect(attached?.start).toBe(moved.indexOf('the budget caps'));
});

test('whitespace and line breaks that changed do not matter', () => {
  const reflowed = TEXT.replace('Their retry budget', 'Their retry\nbudget').replace(
    / is /g,
    '  is ',
  );
  const attached = reattach(reflowed, selectorFor('Their retry budget is 10 %'));
  expect(attached?.method).toBe('quote');
  expect(placed(reflowed, attached)).toBe('Their retry\nbudget  is 10 %');
});

test('a small edit inside the quote is found by a fuzzy match, to the same words', () => {
  const edited = TEXT.replace('a client that runs out waits', 'a client which runs out waits');
  const attached = reattach(edited, selectorFor('and a client that runs out waits.'));
  expect(attached?.method).toBe('fuzzy');
  expect(placed(edited, attached)).toBe('and a client which runs out waits.');
});

test('a word added at the quote’s edge is taken in, by where its context now is', () => {
  const edited = TEXT.replace('caps load, the timeout', 'caps load, and the timeout');
  const attached = reattach(edited, selectorFor('the budget caps load, the'));
  expect(placed(edited, attached)).toBe('the budget caps load, and the');
});

test('a passage that is gone, or changed beyond a fifth of its characters, is orphaned', () => {
  const selector = selectorFor('Their retry budget is 10 % of the requests');
  expect(
    reattach(
      TEXT.split('\n')
        .filter((line) => !line.startsWith('Their'))
        .join('\n'),
      selector,
    ),
  ).toBeNull();
  expect(
    reattach(TEXT.replace('Their retry budget is 10 %', 'Our quota was 25 %'), selector),
  ).toBeNull();
});

test('a short quote that changed is orphaned, never guessed', () => {
  expect(reattach(TEXT.replace('10 %', '20 %'), selectorFor('10 %'))).toBeNull();
});
