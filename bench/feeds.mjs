#!/usr/bin/env node
// Feed API under load: /api/discover_feed and /api/source_feed/{id} at 12 per page with the
// corpus grown to BENCH_ARTICLES (100,000) distinct articles, as a visitor (the first page every
// visitor gets alike, kept in memory: decision 0035), and the discover feed of a signed-in reader
// with topics (their own, read for them each time), under autocannon with
// 50 connections for BENCH_DURATION (20) s each, on the embedded database, once the server has built
// its search indexes (a first start builds them for about a minute at 100,000 articles, sharing
// the process with the requests; bench:memory times that); beside a bare Fastify process
// answering the same discover page from memory (the ceiling of this machine and stack). Each
// figure is printed with the CPU time the answering process used per request: on a machine shared
// with other work, the latencies and rates follow the load, the CPU a request costs much less.
//   npm run build -w shared && npm run build -w server && npm run bench:feeds -w bench
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createReader } from './lib/api-client.mjs';
import { startBareFastify } from './lib/bare-fastify.mjs';
import { loadPost, visitorHeaders } from './lib/load.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { record, setting } from './lib/results.mjs';
import { scaledCorpus } from './lib/scaled-corpus.mjs';
import { cpuMs, freePort, searchIndexesSaved, startServer } from './lib/server-process.mjs';

const CONNECTIONS = 50;
const DURATION_SECONDS = setting('BENCH_DURATION', 20, 5);
const PAGE = JSON.stringify({ queryData: null, offset: 0, limit: 12 });
const READER_TOPICS = ['Programming Languages', 'Databases'];
/** The load on `url`, and the CPU time the process `pid` answering it used per request. */
async function load(url, headers, pid) {
  const cpuBefore = cpuMs(pid);
  const result = await loadPost(url, {
    headers,
    body: PAGE,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    check: (page) => Array.isArray(page) && page.length === 12,
  });
  return { ...result, cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / (result.requests + 1) };
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

requireBuilt();
const corpus = await scaledCorpus('feeds');
let server;
let bare;
try {
  // Without saved indexes, so the files appear when this server has built them (a copy saved
  // while the corpus was made is older than its articles).
  rmSync(join(corpus.dataDir, 'search'), { recursive: true, force: true });
  server = await startServer(
    {
      ...corpus.env,
      // The web process alone: an `all` process's start jobs would meanwhile give the grown
      // copies (written in SQL) their topics, genres, previews and stories on the same thread,
      // and measure those instead of the feeds.
      ROLE: 'web',
      // The one reader below stands for many people's connections: their bound on feed calls
      // (READER_CONCURRENCY, decision 0012) is lifted to the load's.
      READER_CONCURRENCY: String(CONNECTIONS),
      READER_QUEUE: String(CONNECTIONS),
    },
    await freePort(),
  );
  const warmUpMs = server.readyMs + (await searchIndexesSaved(corpus.dataDir));
  const headers = await visitorHeaders(server.origin);
  const sourceId = await biggestSourceId(server.origin, headers);
  const discover = await load(`${server.origin}/api/discover_feed`, headers, server.pid);
  const source = await load(`${server.origin}/api/source_feed/${sourceId}`, headers, server.pid);
  const { client: reader } = await createReader(server.origin, 'feeds');
  await reader.postJson('/api/save_user_topics', { topics: READER_TOPICS });
  const personal = await load(`${server.origin}/api/discover_feed`, reader.headers(), server.pid);
  await server.stop();
  server = undefined;

  const bodyFile = join(corpus.dataDir, 'discover-page.json');
  writeFileSync(bodyFile, JSON.stringify(discover.json));
  bare = await startBareFastify({ port: await freePort(), bodyFile });
  const reference = await load(`${bare.origin}/api/discover_feed`, headers, bare.pid);

  const results = [
    ['/api/discover_feed', discover],
    [`/api/source_feed/${sourceId}`, source],
    ["reader's discover_feed", personal],
    ['bare Fastify, same JSON', reference],
  ];
  console.info(
    `Feed API: ${corpus.articles} articles, 12 per page, visitor, ${CONNECTIONS} connections, ` +
      `${DURATION_SECONDS} s each, embedded database, from ${(warmUpMs / 1000).toFixed(0)} s after ` +
      `start (search indexes built); reference: a bare Fastify route answering ` +
      `the same discover page (${Buffer.byteLength(JSON.stringify(discover.json))} bytes) from memory`,
  );
  console.info(
    `${'call'.padEnd(26)}   p50 ms   p99 ms    req/s  errors  req/s vs bare  CPU ms/req  vs bare`,
  );
  for (const [label, result] of results) {
    console.info(
      [
        label.padEnd(26),
        String(result.p50).padStart(8),
        String(result.p99).padStart(8),
        result.requestsPerSecond.toFixed(0).padStart(8),
        String(result.errors).padStart(7),
        `${(result.requestsPerSecond / reference.requestsPerSecond).toFixed(3)}`.padStart(14),
        result.cpuMsPerRequest.toFixed(3).padStart(11),
        `${(result.cpuMsPerRequest / reference.cpuMsPerRequest).toFixed(1)}x`.padStart(8),
      ].join(' '),
    );
  }
  const bench = `feed API (${Math.round(corpus.articles / 1000)}k articles)`;
  const ref = 'bare Fastify, same JSON';
  record([
    {
      bench,
      figure: 'discover_feed req/s',
      value: discover.requestsPerSecond,
      unit: 'req/s',
      reference: ref,
      referenceValue: reference.requestsPerSecond,
    },
    {
      bench,
      figure: 'discover_feed p50',
      value: discover.p50,
      unit: 'ms',
      reference: ref,
      referenceValue: reference.p50,
    },
    {
      bench,
      figure: 'discover_feed p99',
      value: discover.p99,
      unit: 'ms',
      reference: ref,
      referenceValue: reference.p99,
    },
    {
      bench,
      figure: 'discover_feed CPU per request',
      value: discover.cpuMsPerRequest,
      unit: 'ms',
      reference: ref,
      referenceValue: reference.cpuMsPerRequest,
    },
    {
      bench,
      figure: "a reader's discover_feed req/s",
      value: personal.requestsPerSecond,
      unit: 'req/s',
      reference: ref,
      referenceValue: reference.requestsPerSecond,
    },
    {
      bench,
      figure: "a reader's discover_feed p99",
      value: personal.p99,
      unit: 'ms',
      reference: ref,
      referenceValue: reference.p99,
    },
    {
      bench,
      figure: 'source_feed req/s',
      value: source.requestsPerSecond,
      unit: 'req/s',
      reference: ref,
      referenceValue: reference.requestsPerSecond,
    },
    {
      bench,
      figure: 'errors (discover + source + reader)',
      value: discover.errors + source.errors + personal.errors,
      unit: 'count',
      reference: 'bare Fastify errors',
      referenceValue: reference.errors,
    },
  ]);
} finally {
  await server?.stop();
  await bare?.stop();
  corpus.remove();
}
