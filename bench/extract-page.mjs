#!/usr/bin/env node
// Article page extraction (date, image, title, main text, excerpt) in process, beside parsing
// the same HTML alone: ms per page (median, p95) over the hand-written article pages of
// server/src/ingestion/page/fixtures, repeated; and the worst case, a page past the 2 MB cut.
//   npm run build -w shared && npm run build -w server && npm run bench:extract-page -w bench
// Not part of the suite.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './lib/paths.mjs';
import { percentile, record, setting } from './lib/results.mjs';

const ROUNDS = setting('EXTRACT_PAGE_ROUNDS', 200, 30);
const LARGE_PAGE_RUNS = setting('BENCH_REPEATS', 5, 2);
const NOW = new Date('2025-01-01T00:00:00Z');

const pageDir = resolve(repoRoot, 'server/dist/ingestion/page');
if (!existsSync(join(pageDir, 'extract-page.js'))) {
  throw new Error(`${pageDir} is missing: run npm run build -w shared && npm run build -w server`);
}
const dist = (file) => import(pathToFileURL(join(pageDir, file)).href);
const { extractArticlePage } = await dist('extract-page.js');
const { parseHtmlDocument } = await dist('readable-article.js');

const fixtureDir = resolve(repoRoot, 'server/src/ingestion/page/fixtures');
const pages = readdirSync(fixtureDir)
  .filter((name) => name.endsWith('.html'))
  .sort()
  .map((name) => ({ name, html: readFileSync(join(fixtureDir, name), 'utf8') }));

/** Milliseconds of each call of `work` on each page, `rounds` times over, after one warm-up round. */
function timings(work, rounds) {
  for (const { html, name } of pages) work(html, name);
  const byPage = new Map(pages.map(({ name }) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const { html, name } of pages) {
      const started = performance.now();
      work(html, name);
      byPage.get(name).push(performance.now() - started);
    }
  }
  return byPage;
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const all = (byPage) => sorted([...byPage.values()].flat());

const extract = (html, name) => extractArticlePage(html, `https://blog.example/${name}`, NOW);
const parse = (html) => parseHtmlDocument(html);

const extracted = timings(extract, ROUNDS);
const parsed = timings(parse, ROUNDS);

// The worst case: a page past the 2 MB cut, its article followed by a long "related posts" list.
const card =
  '<li class="card"><a href="/blog/post"><img src="/img/thumb.jpg" width="320" height="180">' +
  '<h3>Another post from the archive</h3></a><p>A teaser for another post, a sentence long.</p>' +
  '<time datetime="2023-01-01">1 Jan 2023</time></li>\n';
const base = pages.find(({ name }) => name === 'engineering-blog.html').html;
const cards = card.repeat(Math.ceil((2.5 * 1024 * 1024) / card.length));
const largePage = base.replace('</main>', `</main><ul class="related">${cards}</ul>`);
const largeTimes = (work) =>
  sorted(
    Array.from({ length: LARGE_PAGE_RUNS }, () => {
      const started = performance.now();
      work(largePage, 'large');
      return performance.now() - started;
    }),
  );
const largeExtract = largeTimes(extract);
const largeParse = largeTimes((html) => parse(html.slice(0, 2 * 1024 * 1024)));

console.info(
  `${pages.length} pages x ${ROUNDS} rounds (ms per page: extraction, parse alone)\n` +
    [...extracted.keys()]
      .map((name) => {
        const cell = (byPage) =>
          percentile(sorted(byPage.get(name)), 0.5)
            .toFixed(2)
            .padStart(7);
        return `  ${name.padEnd(26)} ${cell(extracted)} ${cell(parsed)}`;
      })
      .join('\n') +
    `\nlarge page: ${(largePage.length / 1024 / 1024).toFixed(1)} MiB, cut to 2 MiB, ` +
    `${LARGE_PAGE_RUNS} runs`,
);

const row = (figure, value, referenceValue, unit = 'ms') => ({
  bench: 'extract-page',
  figure,
  value,
  unit,
  reference: 'parse alone (linkedom)',
  referenceValue,
});
record([
  row('ms per page, median', percentile(all(extracted), 0.5), percentile(all(parsed), 0.5)),
  row('ms per page, p95', percentile(all(extracted), 0.95), percentile(all(parsed), 0.95)),
  row(
    'ms, page past the 2 MB cut (median)',
    percentile(largeExtract, 0.5),
    percentile(largeParse, 0.5),
  ),
]);
