#!/usr/bin/env node
// Crawl throughput against local feed servers: feeds/s and articles/s, cold (empty database)
// and warm (every feed answers 304), beside the feed parser alone (decode + parse, in process)
// on the same bytes. Runs the built admin command, as an operator would:
//   npm run build -w shared && npm run build -w server && npm run bench:crawl -w bench
// Corpora: 1,000 generated feeds of 20 items (CRAWL_GENERATED_FEEDS), then, unless BENCH_QUICK,
// the 69 raw feed files and the whole article corpus served as one feed per source.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFeeds, generatedFeeds, rawFeeds } from './lib/corpus-feeds.mjs';
import { opml, serveFeeds } from './lib/feed-server.mjs';
import { repoRoot, requireBuilt } from './lib/paths.mjs';
import { QUICK, record, setting } from './lib/results.mjs';
import { admin, benchEnv, parseCrawlSummary, preparedDataDir } from './lib/server-process.mjs';

const CONCURRENCY = process.env.CRAWL_CONCURRENCY ?? '8';
const GENERATED = setting('CRAWL_GENERATED_FEEDS', 1000, 300);
const PARSE_REPEATS = setting('BENCH_REPEATS', 5, 2);

const dist = (path) => import(pathToFileURL(join(repoRoot, 'server/dist', path)).href);
const { parseFeed } = await dist('ingestion/parse/parse-feed.js');
const { decodeText } = await dist('ingestion/parse/decode-text.js');

async function measure(label, feeds) {
  const served = await serveFeeds(feeds);
  const dataDir = await preparedDataDir('crawl');
  const env = benchEnv(dataDir, { CRAWL_CONCURRENCY: CONCURRENCY, LOG_LEVEL: 'info' });
  try {
    const opmlFile = join(dataDir, 'feeds.opml');
    writeFileSync(opmlFile, opml(served.urls));
    await admin(['import-opml', opmlFile], env);
    const cold = parseCrawlSummary(await admin(['crawl'], env));
    const warm = parseCrawlSummary(await admin(['crawl', '--all'], env));
    return { label, cold, warm, parser: parserAlone(feeds) };
  } finally {
    await served.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The crawler's decode and parse steps alone over the same bodies: the best of the repeats. */
function parserAlone(feeds) {
  let best = Infinity;
  let entries = 0;
  for (let repeat = 0; repeat < PARSE_REPEATS; repeat += 1) {
    entries = 0;
    const started = performance.now();
    for (const feed of feeds) {
      entries += parseFeed(decodeText(feed.body, 'application/rss+xml')).entries.length;
    }
    best = Math.min(best, (performance.now() - started) / 1000);
  }
  return { feeds: feeds.length, newArticles: entries, seconds: best };
}

const rate = (count, seconds) => count / seconds;

function row({ label, cold, warm, parser }) {
  const cell = (count, seconds) => rate(count, seconds).toFixed(1).padStart(8);
  return [
    label.padEnd(34),
    String(cold.feeds).padStart(5),
    String(cold.newArticles).padStart(8),
    `${cold.seconds.toFixed(2)} s`.padStart(9),
    cell(cold.feeds, cold.seconds),
    cell(cold.newArticles, cold.seconds),
    `${warm.seconds.toFixed(2)} s`.padStart(9),
    cell(warm.feeds, warm.seconds),
    `${warm.notModified}/${warm.feeds}`.padStart(9),
    cell(parser.feeds, parser.seconds),
    cell(parser.newArticles, parser.seconds),
  ].join(' ');
}

requireBuilt();
const results = [
  await measure(`${GENERATED} generated feeds x 20 items`, generatedFeeds(GENERATED)),
];
if (!QUICK) {
  results.push(await measure('raw feed files (shared/data/feeds)', rawFeeds()));
  results.push(await measure('whole corpus (articles.jsonl)', corpusFeeds()));
}
console.info(
  `Crawl throughput, concurrency ${CONCURRENCY}, 16 local hosts, embedded database; ` +
    `parser alone: decodeText + parseFeed in process on the same bytes, best of ${PARSE_REPEATS}`,
);
console.info(
  `${'corpus'.padEnd(34)} feeds articles   cold    feeds/s articles/s   warm   feeds/s  304s` +
    `   parser feeds/s articles/s`,
);
for (const result of results) {
  console.info(row(result));
  if (result.cold.failed > 0 || result.warm.failed > 0) {
    console.info(`  (failed: ${result.cold.failed} cold, ${result.warm.failed} warm)`);
  }
}

const rows = [];
for (const { label, cold, warm, parser } of results) {
  const bench = `crawl: ${label}`;
  const reference = 'parser alone, same bytes';
  rows.push(
    {
      bench,
      figure: 'cold feeds/s',
      value: rate(cold.feeds, cold.seconds),
      unit: '/s',
      reference,
      referenceValue: rate(parser.feeds, parser.seconds),
    },
    {
      bench,
      figure: 'cold articles/s',
      value: rate(cold.newArticles, cold.seconds),
      unit: '/s',
      reference,
      referenceValue: rate(parser.newArticles, parser.seconds),
    },
    {
      bench,
      figure: `all-304 feeds/s (${warm.notModified}/${warm.feeds} not modified)`,
      value: rate(warm.feeds, warm.seconds),
      unit: '/s',
      reference,
      referenceValue: rate(parser.feeds, parser.seconds),
    },
  );
  if (cold.failed + warm.failed > 0) {
    rows.push({
      bench,
      figure: 'failed fetches (cold + warm)',
      value: cold.failed + warm.failed,
      unit: 'count',
    });
  }
}
record(rows);
