import { classifyTopics, scoreTopics, TOPIC_RULES } from './classify-topics.js';

const postgresPost = {
  title: 'Choosing isolation levels in PostgreSQL',
  opening:
    'Every transaction in PostgreSQL runs at an isolation level. We moved our database from ' +
    'read committed to repeatable read and measured what changed in the query planner.',
};

test('an article of one topic from a blog of another is filed under its own', () => {
  expect(classifyTopics(postgresPost.title, postgresPost.opening, ['Security'])).toEqual([
    'Databases',
  ]);
});

test('a change to the prior alone cannot give a topic the text is not about', () => {
  const overwhelmingPrior = { ...TOPIC_RULES, sourcePrior: 100 };
  expect(
    classifyTopics(postgresPost.title, postgresPost.opening, ['Security'], overwhelmingPrior),
  ).not.toContain('Security');
});

test('the source prior breaks a close call in favour of what the blog writes about', () => {
  const title = 'Notes from the rate limiter';
  const opening = 'How we count requests, and what happens at the limit.';
  expect(classifyTopics(title, opening, [])).toEqual([]);
  expect(classifyTopics(title, opening, ['Distributed Systems'])).toEqual(['Distributed Systems']);
});

test('topics come best first with their scores, and a passing mention gives none', () => {
  expect(scoreTopics('Announcing Rust 1.80 with a faster compiler', '', [])).toEqual([
    { topic: 'Programming Languages', score: 4 },
  ]);
  expect(classifyTopics('The rest of the story', 'Our team went hiking this weekend.', [])).toEqual(
    [],
  );
});

test("a project's council and its teams are how an open-source project governs itself, not leadership and culture", () => {
  const opening =
    'The Leadership Council met four times this quarter. The compiler team and the ' +
    'infrastructure team each chose a new representative, and the governance working group ' +
    'published its plan.';
  expect(classifyTopics('Leadership Council update', opening, [])).toEqual(['Open Source']);
  expect(
    classifyTopics('Being a principal engineer', 'What leadership means at our company.', []),
  ).toEqual(['Leadership & Culture']);
});

test('a package manager or a memory manager is not a manager of people', () => {
  const opening = 'Our package manager resolves versions; the memory manager frees pages early.';
  expect(
    classifyTopics('How the package manager and the memory manager work', opening, []),
  ).not.toContain('Leadership & Culture');
});
