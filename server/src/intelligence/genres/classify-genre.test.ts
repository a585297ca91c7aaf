import { classifyGenre } from './classify-genre.js';

// Titles of real posts from the shared corpus.
test.each([
  ['crates.io Postmortem: User Uploaded Malware', 'incident'],
  ['Cloudflare outage on February 20, 2026', 'incident'],
  ['Rustup 1.24.0 release incident report for 2021-04-27', 'incident'],
  ['This Week In Rust: This Week in Rust 662', 'roundup'],
  ['AWS Weekly Roundup: Local Zone in Athens, and more', 'roundup'],
  ["Florian's OCaml compiler weekly, 28 April 2023", 'roundup'],
  ['Announcing Rust 1.46.0', 'release'],
  ['Firefox Tooling Announcements: MozPhab 2.15.4 Released', 'release'],
  ['Opus 4.5 is now available in Windsurf', 'release'],
  ['How Atlassian Migrated 4 Million Jira Databases to AWS Aurora', 'migration'],
  ['How We Moved Discord Voice to the Edge', 'migration'],
  ['Benchmarking OCaml Json Libraries', 'benchmark'],
  [
    'How to Run Claude Code with Docker: Local Models, MCP Servers, and Secure Sandboxes',
    'tutorial',
  ],
  ['Getting Started with JuiceFS Using TiKV', 'tutorial'],
  ['Under the hood with Apple’s new Containerization framework', 'deep-dive'],
  ['How Figma’s multiplayer technology works', 'deep-dive'],
  ['How we built saga rollbacks for Cloudflare Workflows', 'deep-dive'],
  ['Optional Dependencies Considered Harmful', 'opinion'],
  ['Why You Should Not Trust All the Numbers You See', 'opinion'],
])('%s: %s', (title, genre) => {
  expect(classifyGenre(title, '')).toBe(genre);
});

test('a post that says nothing of its kind has no genre', () => {
  expect(classifyGenre('Lightning-as-a-service for agriculture', '')).toBeNull();
  expect(classifyGenre('Menhir', 'A menhir is a large upright standing stone.')).toBeNull();
});

test('a weak title cue alone says nothing', () => {
  expect(classifyGenre('Why F#?', '')).toBeNull();
  expect(classifyGenre('What happened in August 2022?', '')).toBeNull();
});

test('the opening alone says a release or a tutorial', () => {
  expect(
    classifyGenre('Devstral', "We're excited to announce Devstral, a model for coding agents."),
  ).toBe('release');
  expect(
    classifyGenre('Pushing data to Sheets', '', 'In this tutorial you will learn to store data.'),
  ).toBe('tutorial');
});

test('ties go to the genre whose words are used least loosely', () => {
  // "how to" (tutorial) against "migrate" (migration): a how-to is a tutorial whatever it does…
  expect(classifyGenre('Tutorial: Use TiDB DM to Migrate Data from MySQL', '')).toBe('tutorial');
  // …and an announcement stays one when it names a migration tool.
  expect(
    classifyGenre(
      'Amazon Bedrock introduces new advanced prompt optimization and migration tool',
      '',
    ),
  ).toBe('release');
});
