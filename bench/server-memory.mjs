#!/usr/bin/env node
// Server memory and start time: the built server's resident set size (RSS) after start (and its
// first search, which waits for the lexical and vector indexes) and after a few requests (feed
// pages, searches, more like this, and search and topic pages as a visitor lands on them, whose
// first views the server renders), on an empty database and with the corpus grown to
// BENCH_ARTICLES (100,000) embedded articles, started twice: first with no saved lexical index
// (it is built from the articles and saved in DATA_DIR), then again (restored from that file,
// decision 0024); the time from spawning the process to its first 200 on /api/discover_feed and
// to its first search answered. Reference: a bare Fastify process answering one route from
// memory, started and measured the same way.
//   npm run build -w shared && npm run build -w server && npm run bench:memory -w bench
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBareFastify } from './lib/bare-fastify.mjs';
import { visitorHeaders } from './lib/load.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { record } from './lib/results.mjs';
import { scaledCorpus } from './lib/scaled-corpus.mjs';
import {
  benchEnv,
  freePort,
  preparedDataDir,
  rssMiB,
  searchIndexesSaved,
  startServer,
} from './lib/server-process.mjs';

const PAGE = (offset) => JSON.stringify({ queryData: null, offset, limit: 12 });
/** The first 200 on /api/discover_feed, as a visitor (a session and XSRF token first). */
const READY = async (origin) => {
  const headers = await visitorHeaders(origin);
  const response = await fetch(`${origin}/api/discover_feed`, {
    method: 'POST',
    headers,
    body: PAGE(0),
  });
  return response.ok;
};
const SEARCHES = ['kubernetes autoscaling', 'how we migrated to postgres', 'feature flags'];
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

/**
 * Starts the server on `env`, measures start time, the first search (answered by full text while
 * a first start builds the indexes), then with `dataDir` the time until both indexes are built
 * and saved, RSS, a few requests, RSS again.
 */
async function measure(env, dataDir) {
  const server = await startServer(env, await freePort(), { ready: READY, pollMs: 20 });
  try {
    const headers = await visitorHeaders(server.origin);
    const post = async (path, body) => {
      const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers, body });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    };
    // The indexes start loading when the server does; a search waits for them 2 s at most.
    const searchStarted = performance.now();
    await post('/api/search', JSON.stringify({ queryData: SEARCHES[0], offset: 0, limit: 12 }));
    const searchReadyMs = server.readyMs + performance.now() - searchStarted;
    const indexesMs = dataDir
      ? server.readyMs + performance.now() - searchStarted + (await searchIndexesSaved(dataDir))
      : NaN;
    await settle();
    const afterStart = rssMiB(server.pid);
    let page = [];
    for (let offset = 0; offset < 60; offset += 12) {
      const articles = await post('/api/discover_feed', PAGE(offset));
      if (offset === 0) page = articles;
    }
    for (const query of SEARCHES) {
      await post('/api/search', JSON.stringify({ queryData: query, offset: 0, limit: 12 }));
    }
    if (page[0]) {
      await post(
        '/api/more_like_this',
        JSON.stringify({ queryData: String(page[0].post_id), offset: 0, limit: 12 }),
      );
    }
    const landingPages = [
      ...SEARCHES.map((query) => `/search?searchQuery=${encodeURIComponent(query)}`),
      '/topic/Databases',
    ];
    for (const path of landingPages) {
      const response = await fetch(`${server.origin}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      await response.text();
    }
    await settle();
    return {
      readyMs: server.readyMs,
      searchReadyMs,
      indexesMs,
      afterStart,
      afterRequests: rssMiB(server.pid),
      page,
    };
  } finally {
    await server.stop();
  }
}

requireBuilt();
const emptyDir = await preparedDataDir('memory-empty');
const corpus = await scaledCorpus('memory');
let bare;
try {
  const empty = await measure(benchEnv(emptyDir));
  const scaled = await measure(corpus.env, corpus.dataDir);
  const restarted = await measure(corpus.env, corpus.dataDir);
  const bodyFile = join(corpus.dataDir, 'discover-page.json');
  writeFileSync(bodyFile, JSON.stringify(scaled.page));
  bare = await startBareFastify({ port: await freePort(), bodyFile, pollMs: 20 });
  await settle();
  const bareRss = rssMiB(bare.pid);

  const k = `${Math.round(corpus.articles / 1000)}k articles`;
  const again = `${k}, restarted`;
  console.info(
    `Server memory and start: built server (ROLE=web, embedded database) on an empty database ` +
      `and with ${corpus.articles} embedded articles, started with no saved search indexes, ` +
      `then restarted (restored from it); RSS after start: after the first search, once the ` +
      `search indexes are loaded; requests: 5 feed pages, ` +
      `${SEARCHES.length} searches, 1 more like this, ${SEARCHES.length} search pages and 1 topic ` +
      `page as a visitor (rendered first views)`,
  );
  console.info(
    `${'database'.padEnd(22)} first 200 ms  first search ms  indexes ms  RSS after start  ` +
      'RSS after requests',
  );
  for (const [label, result] of [
    ['empty', empty],
    [k, scaled],
    [again, restarted],
    ['bare Fastify (ref.)', { readyMs: bare.readyMs, afterStart: bareRss, afterRequests: NaN }],
  ]) {
    console.info(
      [
        label.padEnd(22),
        result.readyMs.toFixed(0).padStart(12),
        (result.searchReadyMs?.toFixed(0) ?? '-').padStart(16),
        (Number.isNaN(result.indexesMs ?? NaN) ? '-' : result.indexesMs.toFixed(0)).padStart(11),
        `${result.afterStart.toFixed(0)} MiB`.padStart(16),
        (Number.isNaN(result.afterRequests)
          ? '-'
          : `${result.afterRequests.toFixed(0)} MiB`
        ).padStart(19),
      ].join(' '),
    );
  }
  const ref = 'bare Fastify process';
  record(
    [
      { figure: 'start to first 200 discover_feed, empty db', value: empty.readyMs, unit: 'ms' },
      { figure: `start to first 200 discover_feed, ${k}`, value: scaled.readyMs, unit: 'ms' },
      { figure: `start to first search answered, ${k}`, value: scaled.searchReadyMs, unit: 'ms' },
      { figure: `start to search indexes built, ${k}`, value: scaled.indexesMs, unit: 'ms' },
      { figure: 'RSS after start, empty db', value: empty.afterStart, unit: 'MiB' },
      { figure: `RSS after start, ${k}`, value: scaled.afterStart, unit: 'MiB' },
      { figure: `RSS after requests + search, ${k}`, value: scaled.afterRequests, unit: 'MiB' },
      {
        figure: `start to first search answered, ${again}`,
        value: restarted.searchReadyMs,
        unit: 'ms',
      },
      { figure: `RSS after start, ${again}`, value: restarted.afterStart, unit: 'MiB' },
      {
        figure: `RSS after requests + search, ${again}`,
        value: restarted.afterRequests,
        unit: 'MiB',
      },
    ].map((row) => ({
      bench: 'server',
      ...row,
      reference: ref,
      referenceValue: row.unit === 'ms' ? bare.readyMs : bareRss,
    })),
  );
} finally {
  await bare?.stop();
  corpus.remove();
  rmSync(emptyDir, { recursive: true, force: true });
}
