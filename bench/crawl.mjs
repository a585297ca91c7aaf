#!/usr/bin/env node
// Crawl throughput against local feed servers: feeds/s and articles/s, cold (empty database)
// and warm (every feed answers 304). Runs the built admin command, as an operator would:
//   npm run build -w shared && npm run build -w server && npm run bench:crawl -w bench
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusFeeds, rawFeeds } from './lib/corpus-feeds.mjs';
import { opml, serveFeeds } from './lib/feed-server.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { admin, benchEnv, parseCrawlSummary, preparedDataDir } from './lib/server-process.mjs';

const CONCURRENCY = process.env.CRAWL_CONCURRENCY ?? '8';

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
    return { label, cold, warm };
  } finally {
    await served.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function row({ label, cold, warm }) {
  const rate = (count, seconds) => (count / seconds).toFixed(1).padStart(8);
  return [
    label.padEnd(34),
    String(cold.feeds).padStart(5),
    String(cold.newArticles).padStart(8),
    `${cold.seconds.toFixed(2)} s`.padStart(9),
    rate(cold.feeds, cold.seconds),
    rate(cold.newArticles, cold.seconds),
    `${warm.seconds.toFixed(2)} s`.padStart(9),
    rate(warm.feeds, warm.seconds),
    `${warm.notModified}/${warm.feeds}`.padStart(9),
  ].join(' ');
}

requireBuilt();
const results = [
  await measure('raw feed files (shared/data/feeds)', rawFeeds()),
  await measure('whole corpus (articles.jsonl)', corpusFeeds()),
];
console.info(`Crawl throughput, concurrency ${CONCURRENCY}, 16 local hosts, embedded database`);
console.info(
  `${'corpus'.padEnd(34)} feeds articles   cold    feeds/s articles/s   warm   feeds/s  304s`,
);
for (const result of results) {
  console.info(row(result));
  if (result.cold.failed > 0 || result.warm.failed > 0) {
    console.info(`  (failed: ${result.cold.failed} cold, ${result.warm.failed} warm)`);
  }
}
