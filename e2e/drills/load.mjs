#!/usr/bin/env node
// Load drill: a mixed workload (session checks, discover feed, search, more-like-this, bookmark
// toggles by signed-in readers) from 200 connections, against a server holding the whole shared
// corpus, crawled and embedded by the product's own commands (bench/lib/corpus-database.mjs).
//
// 1. Capacity: the 200 connections send as fast as answers come back (closed loop) for
//    DRILL_LOAD_CAPACITY_SECONDS: the most the server serves, and what saturation does to the tail.
//    Beside it, the same load on a bare Fastify process whose route holds the event loop for the
//    product's mean service time (1000 / capacity ms): what saturation alone does to any server.
// 2. Sustained: DRILL_LOAD_RUNS runs of DRILL_LOAD_SECONDS offering DRILL_LOAD_RATE requests/s
//    over the 200 connections. Passes with the rate served, 0 5xx and 0 socket errors/timeouts in
//    every run, and resident memory flat across the runs (the last at most DRILL_LOAD_RSS_SLACK_MIB
//    above the first). docs/decisions/0012 says why the bar is set below saturation.
//
//   node e2e/drills/load.mjs
//   DRILL_LOAD_SECONDS=10 node e2e/drills/load.mjs      (npm run drills)
//   DRILL_LOAD_CONNECTIONS (200), DRILL_LOAD_RATE (60), DRILL_LOAD_RUNS (3),
//   DRILL_LOAD_CAPACITY_SECONDS (20), DRILL_LOAD_DATA_DIR (reuse a corpus dir)
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startBareFastify } from '../../bench/lib/bare-fastify.mjs';
import { corpusDatabase } from '../../bench/lib/corpus-database.mjs';
import { sharedData } from '../../bench/lib/paths.mjs';
import { createReader, reportResult } from './lib/client.mjs';
import {
  drillEnv,
  freePort,
  requireBuilt,
  sleep,
  startServer,
  temporaryDataDir,
} from './lib/server.mjs';

const SECONDS = Number(process.env.DRILL_LOAD_SECONDS ?? 60);
const CAPACITY_SECONDS = Number(process.env.DRILL_LOAD_CAPACITY_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.DRILL_LOAD_CONNECTIONS ?? 200);
/** Requests/s offered in the sustained runs: about 5 million a day from one embedded process. */
const RATE = Number(process.env.DRILL_LOAD_RATE ?? 60);
const RUNS = Number(process.env.DRILL_LOAD_RUNS ?? 3);
/** A sustained run must serve at least this share of the offered rate. */
const RATE_SERVED = 0.95;
const RSS_SLACK_MIB = Number(process.env.DRILL_LOAD_RSS_SLACK_MIB ?? 64);
/** Readers share the connections: each autocannon instance is one signed-in reader. */
const READERS = 4;

const queries = readFileSync(join(sharedData, 'search-queries-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line).query);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * Half the searches repeat one of the 30 dev queries (popular queries, served from the ranking
 * cache after their first time), half are two words from article titles, rarely asked twice.
 */
function searchQuery(titleWords) {
  return Math.random() < 0.5 ? pick(queries) : `${pick(titleWords)} ${pick(titleWords)}`;
}

function workload(postIds, titleWords) {
  const json = (body) => JSON.stringify(body);
  return [
    { method: 'GET', path: '/api/check_logged_in' },
    {
      method: 'POST',
      path: '/api/discover_feed',
      setupRequest: (request) => ({
        ...request,
        body: json({ queryData: null, offset: pick([0, 12, 24, 48]), limit: 12 }),
      }),
    },
    {
      method: 'POST',
      path: '/api/search',
      setupRequest: (request) => ({
        ...request,
        body: json({ queryData: searchQuery(titleWords), offset: 0, limit: 12 }),
      }),
    },
    {
      method: 'POST',
      path: '/api/more_like_this',
      setupRequest: (request) => ({
        ...request,
        body: json({ queryData: pick(postIds), offset: 0, limit: 12 }),
      }),
    },
    {
      method: 'POST',
      path: '/api/bookmark_post',
      setupRequest: (request) => ({
        ...request,
        path: Math.random() < 0.5 ? '/api/bookmark_post' : '/api/remove_bookmark',
        body: json({ postId: pick(postIds) }),
      }),
    },
    {
      method: 'POST',
      path: '/api/discover_feed',
      setupRequest: (request) => ({
        ...request,
        body: json({ queryData: null, offset: 0, limit: 12 }),
      }),
    },
  ];
}

/** Sums autocannon results (one per reader) into one run's figures. */
function summarise(results) {
  const sum = (key) => results.reduce((total, result) => total + (result[key] ?? 0), 0);
  const statusCounts = {};
  for (const result of results) {
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) {
      statusCounts[code] = (statusCounts[code] ?? 0) + count;
    }
  }
  return {
    requests: sum('2xx') + sum('3xx') + sum('4xx') + sum('5xx'),
    requestsPerSecond: Math.round(results.reduce((total, r) => total + r.requests.average, 0)),
    // Latencies: the worst instance's percentile (each instance saw its share of the traffic).
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    status5xx: sum('5xx'),
    status4xx: sum('4xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    statusCounts,
  };
}

/** One run of the mixed workload; `rate` undefined: as fast as answers come back. */
function runWorkload(origin, readers, { postIds, titleWords }, { seconds, rate }) {
  const perReader = Math.max(1, Math.round(CONNECTIONS / readers.length));
  return Promise.all(
    readers.map((reader) =>
      autocannon({
        url: origin,
        connections: perReader,
        duration: seconds,
        timeout: 10,
        ...(rate ? { overallRate: rate / readers.length } : {}),
        headers: reader.client.headers(),
        requests: workload(postIds, titleWords),
      }),
    ),
  ).then(summarise);
}

/** The capacity run's load on a bare Fastify process as slow per request as the product. */
async function bareReference(busyMs, sampleArticles) {
  const directory = temporaryDataDir('load-reference');
  const bodyFile = join(directory, 'page.json');
  writeFileSync(bodyFile, JSON.stringify(sampleArticles));
  const bare = await startBareFastify({ port: await freePort(), bodyFile, busyMs });
  try {
    const result = await autocannon({
      url: `${bare.origin}/api/discover_feed`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      connections: CONNECTIONS,
      duration: CAPACITY_SECONDS,
      timeout: 10,
    });
    return summarise([result]);
  } finally {
    await bare.stop();
    rmSync(directory, { recursive: true, force: true });
  }
}

const describe = (run) =>
  `${run.requests} requests, ${run.requestsPerSecond} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
  `max ${run.max} ms, 5xx ${run.status5xx}, 4xx ${run.status4xx}, errors ${run.errors}, ` +
  `timeouts ${run.timeouts}`;

async function main() {
  requireBuilt();
  const started = performance.now();
  let corpus;
  let dataDir = process.env.DRILL_LOAD_DATA_DIR;
  if (!dataDir) {
    const building = performance.now();
    corpus = await corpusDatabase('drill-load');
    dataDir = corpus.dataDir;
    console.info(
      `corpus: ${corpus.crawl.newArticles} articles crawled in ${corpus.crawl.seconds} s, ` +
        `embedded in ${corpus.embedSeconds.toFixed(0)} s (${((performance.now() - building) / 1000).toFixed(0)} s in all)`,
    );
  }
  const server = await startServer(drillEnv(dataDir), await freePort());
  const runs = [];
  let capacity;
  let reference;
  try {
    const readers = [];
    for (let i = 0; i < READERS; i++) readers.push(await createReader(server.origin, 'load'));
    const postIds = [];
    const titleWords = new Set();
    let samplePage = [];
    for (let offset = 0; offset < 500; offset += 50) {
      const page = await readers[0].client.postJson('/api/discover_feed', {
        queryData: null,
        offset,
        limit: 50,
      });
      if (offset === 0) samplePage = page.slice(0, 12);
      for (const article of page) {
        postIds.push(article.post_id);
        for (const word of article.title.toLowerCase().match(/\p{L}{4,}/gu) ?? []) {
          titleWords.add(word);
        }
      }
    }
    const articles = { postIds, titleWords: [...titleWords] };
    if (postIds.length < 100)
      throw new Error(`only ${postIds.length} articles in the discover feed`);
    console.info(
      `load drill: ${CONNECTIONS} connections, ${READERS} readers, ${postIds.length} articles and ` +
        `${titleWords.size} title words in the pool, server RSS ${server.rssMiB()} MiB at start`,
    );

    capacity = await runWorkload(server.origin, readers, articles, { seconds: CAPACITY_SECONDS });
    capacity.rssMiB = server.rssMiB();
    console.info(
      `  capacity (closed loop, ${CAPACITY_SECONDS} s): ${describe(capacity)}, ` +
        `RSS ${capacity.rssMiB} MiB`,
    );
    const serviceMs = 1000 / Math.max(1, capacity.requestsPerSecond);
    reference = await bareReference(serviceMs, samplePage);
    reference.serviceMs = Number(serviceMs.toFixed(1));
    console.info(
      `  reference, bare Fastify holding ${reference.serviceMs} ms per request: ${describe(reference)}`,
    );
    await sleep(2_000);

    for (let run = 1; run <= RUNS; run++) {
      const result = await runWorkload(server.origin, readers, articles, {
        seconds: SECONDS,
        rate: RATE,
      });
      await sleep(2_000);
      result.rssMiB = server.rssMiB();
      runs.push(result);
      console.info(
        `  run ${run} (${RATE} req/s offered, ${SECONDS} s): ${describe(result)}, ` +
          `RSS ${result.rssMiB} MiB ${JSON.stringify(result.statusCounts)}`,
      );
    }
    // The readers are still signed in after the load (sessions survived the churn).
    for (const reader of readers) {
      const state = await reader.client.getJson('/api/check_logged_in');
      if (state.email !== reader.email) throw new Error('a reader lost its session under load');
    }
  } finally {
    const stopped = await server.stop();
    if (stopped.code !== 0 && stopped.code !== null)
      console.info(`server exited with ${stopped.code}`);
    corpus?.remove();
  }
  const problems = [];
  const total5xx = runs.reduce((sum, run) => sum + run.status5xx, 0);
  const totalErrors = runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0);
  if (total5xx > 0) problems.push(`${total5xx} 5xx`);
  if (totalErrors > 0) problems.push(`${totalErrors} socket errors/timeouts`);
  const slowRuns = runs.filter((run) => run.requestsPerSecond < RATE * RATE_SERVED).length;
  if (slowRuns > 0) problems.push(`${slowRuns} runs served under ${RATE * RATE_SERVED} req/s`);
  const growth = runs.at(-1).rssMiB - runs[0].rssMiB;
  if (growth > RSS_SLACK_MIB) problems.push(`RSS grew ${growth} MiB from run 1 to run ${RUNS}`);
  reportResult({
    name: 'load',
    pass: problems.length === 0,
    seconds: Math.round((performance.now() - started) / 1000),
    summary:
      `capacity ${capacity.requestsPerSecond} req/s (p99 ${capacity.p99} ms, ` +
      `${capacity.timeouts} timeouts; bare reference ${reference.timeouts}); ` +
      `${CONNECTIONS} conns at ${RATE} req/s x ${SECONDS} s x ${RUNS}: ` +
      runs
        .map((run) => `${run.requestsPerSecond} req/s p99 ${run.p99} ms RSS ${run.rssMiB} MiB`)
        .join(' | ') +
      `; 5xx ${total5xx}, errors ${totalErrors}` +
      (problems.length ? ` -- ${problems.join('; ')}` : ''),
    numbers: { connections: CONNECTIONS, rate: RATE, seconds: SECONDS, capacity, reference, runs },
  });
}

main().catch((error) => {
  console.error(error);
  reportResult({ name: 'load', pass: false, summary: `error: ${error.message.split('\n')[0]}` });
});
