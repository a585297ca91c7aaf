import { expansionText, expansionWords } from './expand-query.js';

test('everyday wording brings in the words articles use for it', () => {
  expect(expansionText('why does the chatbot make things up')).toMatch(/hallucination/);
  expect(expansionText('how do I make my website usable for blind people')).toMatch(
    /screen reader/,
  );
  expect(expansionText('release a change to a small group of users first')).toMatch(/canary/);
});

test('a cue needs every one of its words, in any order and any form', () => {
  expect(expansionText('memory that keeps growing')).toMatch(/memory leak/);
  expect(expansionText('the memory')).toBe('');
});

test('technical queries are left as they are', () => {
  expect(expansionText('kafka consumer rebalancing')).toBe('');
  expect(expansionText('postgres vacuum')).toBe('');
});

test('added words are optional, weighted, and never repeat the query', () => {
  const added = expansionWords('my program uses more and more memory', 0.5);
  expect(added.map((word) => word.terms[0])).toContain('leak');
  expect(added.map((word) => word.terms[0])).not.toContain('memori');
  expect(added.every((word) => word.optional && word.weight === 0.5)).toBe(true);
});

test('each added word stands for the words of the cue that brought it', () => {
  const added = expansionWords('why do chatbots make things up', 1);
  const hallucination = added.find((word) => word.terms[0] === 'hallucin');
  expect(hallucination?.standsFor).toEqual(['thing']);
});
