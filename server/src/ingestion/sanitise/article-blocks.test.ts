import { readFileSync } from 'node:fs';
import { parseFeed } from '../parse/parse-feed.js';
import { sharedDataFile } from '../../testing/shared-data.js';
import { htmlBlocks, MAX_BLOCKS_TEXT_LENGTH } from './article-blocks.js';

/** An entry of a real feed of the shared corpus (Inside Rust), its content's HTML as served. */
function insideRustEntry(title: string): string {
  const feed = parseFeed(readFileSync(sharedDataFile('feeds', 'inside-rust.xml'), 'utf8'));
  const entry = feed.entries.find((candidate) => candidate.title?.value === title);
  if (!entry?.content) throw new Error(`No entry "${title}" with content`);
  return entry.content.value;
}

test('a real post keeps its headings with their level, its code blocks verbatim and its inline code as text', () => {
  const blocks =
    htmlBlocks(
      insideRustEntry('Stabilizing async fn in traits in 2023'),
      'https://blog.rust-lang.org/inside-rust/2023/05/03/stabilizing-async-fn-in-trait.html',
    ) ?? [];

  expect(blocks[0]).toEqual({
    kind: 'paragraph',
    text: expect.stringMatching(/^The async working group's headline goal for 2023/),
  });
  expect(blocks).toContainEqual({
    kind: 'heading',
    level: 2,
    text: 'MVP Part 1: Core support for "async functions in traits"',
  });
  expect(blocks).toContainEqual({
    kind: 'paragraph',
    text: 'The easiest way to explain what we are going to stabilize is to use a code example. To start, we will permit the use of async fn in trait definitions...',
  });
  expect(blocks).toContainEqual({
    kind: 'code',
    text: 'impl HealthCheck for MyHealthChecker {\n    async fn check(&mut self) -> bool {\n        do_async_op().await\n    }\n}',
  });
  expect(blocks.filter((block) => block.kind === 'code')).toHaveLength(10);
  expect(blocks.flatMap((block) => (block.kind === 'heading' ? [block.level] : []))).toEqual([
    2, 2, 2, 2, 2, 3, 3, 2, 2,
  ]);
});

test("a real post's image is kept where it stands, its address absolute, its alt text decoded", () => {
  const blocks =
    htmlBlocks(
      insideRustEntry('API token scopes'),
      'https://blog.rust-lang.org/inside-rust/2023/05/09/api-token-scopes.html',
    ) ?? [];

  expect(blocks.map((block) => block.kind)).toEqual([
    'paragraph',
    'paragraph',
    'paragraph',
    'paragraph',
    'paragraph',
    'image',
    'paragraph',
    'paragraph',
  ]);
  expect(blocks[5]).toEqual({
    kind: 'image',
    src: 'https://blog.rust-lang.org/images/inside-rust/2023-05-09-api-token-scopes/screenshot.png',
    alt: 'Screenshot of the "New API Token" page',
  });
});

test('quotes, list items and table rows are blocks; a <br> ends a paragraph; scripts, forms and their text are dropped', () => {
  const html = `
    <p>Intro <em>with</em> <a href="https://example.com">a link</a>.<br>Second line.</p>
    <script>alert("x")</script><form><button>Subscribe</button></form>
    <blockquote><p>Their retry budget is 10 %.</p></blockquote>
    <ul><li>one<br>still one</li><li>two <ul><li>nested</li></ul></li></ul>
    <table><tr><th>Budget</th><th>Share</th></tr><tr><td>retries</td><td>10 %</td></tr></table>`;

  expect(htmlBlocks(html, 'https://example.com/post')).toEqual([
    { kind: 'paragraph', text: 'Intro with a link.' },
    { kind: 'paragraph', text: 'Second line.' },
    { kind: 'quote', text: 'Their retry budget is 10 %.' },
    { kind: 'list_item', text: 'one still one' },
    { kind: 'list_item', text: 'two' },
    { kind: 'list_item', text: 'nested' },
    { kind: 'paragraph', text: 'Budget Share' },
    { kind: 'paragraph', text: 'retries 10 %' },
  ]);
});

test('only http(s) pictures are kept: no javascript: or data: source, no tracking pixel or emoji', () => {
  const html = `<p>Before</p>
    <img src="javascript:alert(1)" alt="x"><img src="data:image/png;base64,AAAA" alt="y">
    <img src="https://stats.wordpress.com/b.gif" width="1" height="1">
    <img class="wp-smiley emoji" src="https://s.w.org/images/core/emoji/1f600.png" alt="😀">
    <img src="/figures/latency.png" alt="">`;

  expect(htmlBlocks(html, 'https://example.com/post')).toEqual([
    { kind: 'paragraph', text: 'Before' },
    { kind: 'image', src: 'https://example.com/figures/latency.png', alt: '' },
  ]);
});

test('plain text sent as HTML has no blocks of its own: its lines stay the paragraphs', () => {
  expect(htmlBlocks('First line\nSecond &amp; last', 'https://example.com/post')).toBeNull();
});

test(`the blocks stop before the one that would take the text past ${MAX_BLOCKS_TEXT_LENGTH} characters`, () => {
  const paragraph = 'word '.repeat(2_000).trim();
  const blocks = htmlBlocks(`<p>${paragraph}</p>`.repeat(10), undefined) ?? [];

  expect(blocks).toHaveLength(Math.floor(MAX_BLOCKS_TEXT_LENGTH / (paragraph.length + 1)));
});
