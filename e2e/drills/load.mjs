#!/usr/bin/env node
// Load drill: a mixed workload (session checks, discover feed, search, more-like-this, bookmark
// toggles by signed-in readers) at 200 connections for 60 s with autocannon, three runs against a
// server holding the whole shared corpus, crawled and embedded by the product's own commands
// (bench/lib/corpus-database.mjs). Passes with 0 5xx and 0 socket errors/timeouts in every run and
// resident memory flat across the runs (run 3 at most DRILL_LOAD_RSS_SLACK_MIB above run 1).
//
//   node e2e/drills/load.mjs
//   DRILL_LOAD_SECONDS=10 node e2e/drills/load.mjs      (CI / npm run drills)
//   DRILL_LOAD_CONNECTIONS (200), DRILL_LOAD_RUNS (3), DRILL_LOAD_DATA_DIR (reuse a corpus dir)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { corpusDatabase } from '../../bench/lib/corpus-database.mjs';
import { sharedData } from '../../bench/lib/paths.mjs';
import { createReader, reportResult } from './lib/client.mjs';
import { drillEnv, freePort, mib, requireBuilt, sleep, startServer } from './lib/server.mjs';

const SECONDS = Number(process.env.DRILL_LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.DRILL_LOAD_CONNECTIONS ?? 200);
const RUNS = Number(process.env.DRILL_LOAD_RUNS ?? 3);
const RSS_SLACK_MIB = Number(process.env.DRILL_LOAD_RSS_SLACK_MIB ?? 64);
/** Readers share the connections: each autocannon instance is one signed-in reader. */
const READERS = 4;

const queries = readFileSync(join(sharedData, 'search-queries-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line).query);
const pick = (list) => list[Math.floor(Math.random() * list.length)];

function workload(postIds) {
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
        body: json({ queryData: pick(queries), offset: 0, limit: 12 }),
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

function runOnce(origin, readers, postIds) {
  const perReader = Math.max(1, Math.round(CONNECTIONS / readers.length));
  return Promise.all(
    readers.map((reader) =>
      autocannon({
        url: origin,
        connections: perReader,
        duration: SECONDS,
        timeout: 10,
        headers: reader.client.headers(),
        requests: workload(postIds),
      }),
    ),
  ).then((results) => {
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
      // Latencies: the worst instance's percentile (each instance saw a quarter of the traffic).
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p99: Math.max(...results.map((r) => r.latency.p99)),
      max: Math.max(...results.map((r) => r.latency.max)),
      status5xx: sum('5xx'),
      status4xx: sum('4xx'),
      errors: sum('errors'),
      timeouts: sum('timeouts'),
      statusCounts,
    };
  });
}

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
  try {
    const readers = [];
    for (let i = 0; i < READERS; i++) readers.push(await createReader(server.origin, 'load'));
    const postIds = [];
    for (let offset = 0; offset < 500; offset += 50) {
      const page = await readers[0].client.postJson('/api/discover_feed', {
        queryData: null,
        offset,
        limit: 50,
      });
      postIds.push(...page.map((article) => article.post_id));
    }
    if (postIds.length < 100)
      throw new Error(`only ${postIds.length} articles in the discover feed`);
    const rssStart = server.rssBytes();
    console.info(
      `load drill: ${CONNECTIONS} connections x ${SECONDS} s x ${RUNS} runs, ${READERS} readers, ` +
        `${postIds.length} articles in the pool, server RSS ${mib(rssStart)} MiB at start`,
    );
    for (let run = 1; run <= RUNS; run++) {
      const result = await runOnce(server.origin, readers, postIds);
      await sleep(2_000);
      result.rssMiB = mib(server.rssBytes());
      runs.push(result);
      console.info(
        `  run ${run}: ${result.requests} requests, ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, ` +
          `p99 ${result.p99} ms, max ${result.max} ms, 5xx ${result.status5xx}, 4xx ${result.status4xx}, ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, RSS ${result.rssMiB} MiB ` +
          `${JSON.stringify(result.statusCounts)}`,
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
  const growth = runs.at(-1).rssMiB - runs[0].rssMiB;
  if (growth > RSS_SLACK_MIB) problems.push(`RSS grew ${growth} MiB from run 1 to run ${RUNS}`);
  reportResult({
    name: 'load',
    pass: problems.length === 0,
    seconds: Math.round((performance.now() - started) / 1000),
    summary:
      `${CONNECTIONS} conns x ${SECONDS} s x ${RUNS}: ` +
      runs
        .map((run) => `${run.requestsPerSecond} req/s p99 ${run.p99} ms RSS ${run.rssMiB} MiB`)
        .join(' | ') +
      `; 5xx ${total5xx}, errors ${totalErrors}` +
      (problems.length ? ` -- ${problems.join('; ')}` : ''),
    numbers: { connections: CONNECTIONS, seconds: SECONDS, runs },
  });
}

main().catch((error) => {
  console.error(error);
  reportResult({ name: 'load', pass: false, summary: `error: ${error.message.split('\n')[0]}` });
});
