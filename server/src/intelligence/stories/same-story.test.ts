import { sameStory, storyFingerprint, type StoryArticle } from './same-story.js';

const post = (title: string, text = '', fromAggregator = false): StoryArticle => ({
  title,
  text,
  fromAggregator,
});
const match = (left: StoryArticle, right: StoryArticle) =>
  sameStory(storyFingerprint(left), storyFingerprint(right));

/** About sixty words of one real post's opening (tarides.com, August 2020). */
const FUZZING_OPENING =
  'Writing a fuzzer for ocamlformat turned out to be an interesting exercise. The tool reformats ' +
  'OCaml source code and it must never change what a program means, so we used AFL and Crowbar ' +
  'to generate random inputs, formatted them twice and compared the results. This post explains ' +
  'how the generator works, which bugs it found in the parser and the printer, and what we ' +
  'learned about writing property based tests for a code formatter.';

test('one post cross-posted under its title on two blogs is one story', () => {
  expect(match(post('Introducing Agent Skills'), post('Introducing Agent Skills'))).toBe(
    'same title',
  );
});

test('an aggregator’s copy is one story with the original once its blog prefix is set aside', () => {
  expect(
    match(
      post('The Rust Programming Language Blog: Project goals update — November 2025', '', true),
      post('Project goals update — November 2025'),
    ),
  ).toBe('same title');
  // A blog's own title with a colon keeps its prefix.
  expect(
    match(post('Rust Blog: Project goals update — November 2025'), post('Project goals update')),
  ).toBeNull();
});

test('near-identical texts are one story whatever the titles say', () => {
  expect(
    match(
      post('Fuzzing OCamlFormat with AFL and Crowbar', FUZZING_OPENING),
      post('How we fuzz our formatter', FUZZING_OPENING),
    ),
  ).toBe('same text');
});

test('recurring titles that differ only by their date are different stories', () => {
  expect(
    match(post('Changelist: February 2023'), post('Progress report: February 2023')),
  ).toBeNull();
  expect(
    match(post('Linkerd Edge Release Roundup: April 2024'), post('Changelist: April 2024')),
  ).toBeNull();
});

test('titles that differ in a number (a version, an issue) are different posts', () => {
  expect(match(post('Announcing Rust 1.97.0'), post('Announcing Rust 1.97.1'))).toBeNull();
  expect(
    match(
      post('Scaling note 1.1.0: queues, leases and replicas'),
      post('Scaling note 1.2.0: queues, leases and replicas'),
    ),
  ).toBeNull();
  expect(
    match(
      post('Fine-tune Claude 3 Haiku in Amazon Bedrock'),
      post('Fine-tune Claude 3 Haiku in Amazon Bedrock'),
    ),
  ).toBe('same title');
});

test('a title of one or two words is too common to match on', () => {
  expect(match(post('Hello world'), post('Hello world'))).toBeNull();
  expect(match(post('ICFP 2022 Review'), post('ICFP 2022 Review'))).toBeNull();
});

test('one title over two different texts is two posts', () => {
  const other =
    'Our team spent the quarter migrating every service to a new deployment system. We describe ' +
    'the rollout plan, the canaries, the dashboards we watched, the incidents we had on the way ' +
    'and what we would do differently next time. The migration took twelve weeks, touched three ' +
    'hundred services and ended with the old system switched off for good in December.';
  expect(
    match(
      post('Introducing our new deployment system', FUZZING_OPENING),
      post('Introducing our new deployment system', other),
    ),
  ).toBeNull();
});

test('another company announcing the same product is a different story', () => {
  expect(
    match(
      post('Introducing Claude Opus 4.7'),
      post('Introducing Anthropic’s Claude Opus 4.7 model in Amazon Bedrock'),
    ),
  ).toBeNull();
});
