import { repeatsPreview } from './preview-overlap.js';

const preview =
  'We moved our job queue from Redis to Postgres. This post explains why, and what it cost us.';

test('a sentence the preview shows, whole or mostly, repeats it', () => {
  expect(repeatsPreview('We moved our job queue from Redis to Postgres.', preview)).toBe(true);
  expect(
    repeatsPreview('So we moved our job queue from Redis to Postgres last year.', preview),
  ).toBe(true);
});

test('a sentence sharing only some words with the preview does not', () => {
  expect(repeatsPreview('Postgres handles 4,000 jobs a second with SKIP LOCKED.', preview)).toBe(
    false,
  );
  expect(repeatsPreview('Anything at all.', '')).toBe(false);
});
