#!/usr/bin/env node
// Latency of /api/discover_feed and /api/source_feed/{id} at 12 per page with the whole corpus
// loaded, under autocannon with 50 connections, on the embedded database:
//   npm run build -w shared && npm run build -w server && npm run bench:feeds -w bench
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { corpusFeeds } from './lib/corpus-feeds.mjs';
import { opml, serveFeeds } from './lib/feed-server.mjs';
import { requireBuilt } from './lib/paths.mjs';
import {
  admin,
  benchEnv,
  freePort,
  parseCrawlSummary,
  preparedDataDir,
  startServer,
} from './lib/server-process.mjs';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 15);
const PAGE = { queryData: null, offset: 0, limit: 12 };

/** A visitor's cookies and XSRF header, as the site's first page load would get them. */
async function visitorHeaders(origin) {
  const response = await fetch(`${origin}/api/check_logged_in`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.split('=')[1];
  return {
    'content-type': 'application/json',
    cookie: cookies.join('; '),
    ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
  };
}

async function biggestSourceId(origin, headers) {
  const sources = await (
    await fetch(`${origin}/api/get_recommended_sources`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ limit: 1 }),
    })
  ).json();
  return sources[0].source_id;
}

async function load(origin, path, headers) {
  const check = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(PAGE),
  });
  const page = await check.json();
  if (!check.ok || page.length !== 12) throw new Error(`${path} answered ${check.status}`);
  const result = await autocannon({
    url: `${origin}${path}`,
    method: 'POST',
    headers,
    body: JSON.stringify(PAGE),
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  return {
    path,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

requireBuilt();
const feeds = corpusFeeds();
const served = await serveFeeds(feeds);
const dataDir = await preparedDataDir('feeds');
const env = benchEnv(dataDir);
let server;
try {
  const opmlFile = join(dataDir, 'feeds.opml');
  writeFileSync(opmlFile, opml(served.urls));
  await admin(['import-opml', opmlFile], env);
  const crawl = parseCrawlSummary(await admin(['crawl'], { ...env, LOG_LEVEL: 'info' }));
  server = await startServer(env, await freePort());
  const headers = await visitorHeaders(server.origin);
  const sourceId = await biggestSourceId(server.origin, headers);
  const results = [
    await load(server.origin, '/api/discover_feed', headers),
    await load(server.origin, `/api/source_feed/${sourceId}`, headers),
  ];
  console.info(
    `Feed latency: ${crawl.newArticles} articles from ${crawl.feeds} feeds, 12 per page, ` +
      `${CONNECTIONS} connections, ${DURATION_SECONDS} s each, embedded database`,
  );
  console.info(`${'call'.padEnd(26)}   p50 ms   p99 ms    req/s  errors`);
  for (const result of results) {
    console.info(
      [
        result.path.padEnd(26),
        String(result.p50).padStart(8),
        String(result.p99).padStart(8),
        result.requestsPerSecond.toFixed(0).padStart(8),
        String(result.errors).padStart(7),
      ].join(' '),
    );
  }
} finally {
  await server?.stop();
  await served.close();
  rmSync(dataDir, { recursive: true, force: true });
}
