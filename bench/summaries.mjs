#!/usr/bin/env node
// Summaries and card previews as an editor reads them, over the whole shared corpus read by the
// product's own feed parser and normaliser in process (what the crawler stores, no page visits):
// offline summaries of every article with 1,500+ characters of text (coverage, code in bullets,
// bullets opening on an unresolved reference, bullets that are not the article's sentences, key
// concepts the article is not about) and previews opening on a byline or page chrome, each for a
// tuning half and a held-out half of the sources; then sample previews and summaries to read.
//   npm run build -w shared && npm run build -w server && npm run bench:summaries -w bench
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFeeds } from './lib/corpus-feeds.mjs';
import { repoRoot, requireBuilt } from './lib/paths.mjs';
import { record } from './lib/results.mjs';
import { previewChecks, splitBySource, summaryChecks } from './lib/summary-quality.mjs';

requireBuilt();
const server = (path) => import(pathToFileURL(join(repoRoot, 'server/dist', path)).href);
const { parseFeed } = await server('ingestion/parse/parse-feed.js');
const { normaliseEntry } = await server('ingestion/normalise/normalise-entry.js');

/** Every corpus article as the crawler would store it, with its source's name. */
function normalisedCorpus() {
  const fetchedAt = new Date();
  return corpusFeeds().flatMap((feed) => {
    const source = feed.name.replace(/-part-\d+$/, '');
    const parsed = parseFeed(feed.body.toString('utf8'));
    const context = {
      documentUrl: `https://${source}.example/feed.xml`,
      format: parsed.format,
      fetchedAt,
      sourceTopics: [],
    };
    return parsed.entries
      .map((entry) => normaliseEntry(entry, context))
      .filter(Boolean)
      .map((article) => ({ ...article, source }));
  });
}

/** `count` items spread evenly over the list (the same ones on every run). */
const spread = (list, count) =>
  Array.from(
    { length: Math.min(count, list.length) },
    (_, index) => list[Math.floor((index * list.length) / Math.min(count, list.length))],
  );

const articles = normalisedCorpus();
const sources = new Set(articles.map((article) => article.source));
const halves = splitBySource(articles);
const sourcesOf = (half) => [...halves.values()].filter((value) => value === half).length;
console.info(
  `${articles.length} articles of ${sources.size} sources: ${sourcesOf('tuning')} sources in the ` +
    `tuning half, ${sourcesOf('held-out')} held out`,
);

const { figures, summaries } = await summaryChecks(server, articles, halves);
figures.push(...previewChecks(articles, halves));

console.info('\n20 sample previews (as stored, first 200 characters):');
for (const article of spread(
  articles.filter((item) => item.description),
  20,
)) {
  console.info(`  [${article.source}] ${article.description.slice(0, 200)}`);
}
console.info('\n10 sample summaries:');
for (const { article, summary } of spread(summaries, 10)) {
  console.info(`  ${article.title} [${article.source}]`);
  for (const bullet of summary.bullet_points) console.info(`    - ${bullet}`);
  console.info(`    concepts: ${summary.key_concepts.join(' | ')}`);
}
record(figures);
