#!/usr/bin/env node
// Load drill: a mixed workload (session checks, discover feed, search, more-like-this, bookmark
// toggles by signed-in readers) from 200 connections, against a server holding the whole shared
// corpus, crawled and embedded by the product's own commands (bench/lib/corpus-database.mjs).
// With PostgreSQL (TEST_POSTGRES_URL, or scripts/postgres-for-tests.sh), the same load runs
// three times side by side on the same corpus: on 1 embedded process, on 1 web process +
// PostgreSQL, and on 2 web processes + 1 worker + PostgreSQL (bench/lib/fleet.mjs).
//
// For each:
// 1. Capacity: the 200 connections send as fast as answers come back (closed loop) for
//    DRILL_LOAD_CAPACITY_SECONDS: the most the server serves, and what saturation does to the tail.
//    Beside the embedded one, the same load on a bare Fastify process whose route holds the event
//    loop for the product's mean service time (1000 / capacity ms): what saturation alone does.
// 2. Sustained: DRILL_LOAD_RUNS runs of DRILL_LOAD_SECONDS offering DRILL_LOAD_RATE requests/s
//    over the 200 connections. Passes with the rate served, 0 5xx and 0 socket errors/timeouts in
//    every run, and resident memory flat across the runs (the last at most DRILL_LOAD_RSS_SLACK_MIB
//    above the first, per process). docs/decisions/0012 says why the bar is set below saturation.
// With PostgreSQL it also fails when 2 web processes serve no more than 1 (the machine's 2 cores).
// DRILL_LOAD_RATE_BARS=0 (the CI form) keeps every bar but the two on throughput, which a short run
// on a shared machine cannot hold steadily: CI asks that the drill runs and answers without errors.
//
//   node e2e/drills/load.mjs
//   DRILL_LOAD_SECONDS=10 node e2e/drills/load.mjs      (npm run drills)
//   DRILL_LOAD_CONNECTIONS (200), DRILL_LOAD_RATE (60), DRILL_LOAD_RUNS (3),
//   DRILL_LOAD_CAPACITY_SECONDS (20), DRILL_LOAD_DATA_DIR (reuse a corpus dir),
//   BENCH_POSTGRES=0 (the embedded process only)
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { startBareFastify } from '../../bench/lib/bare-fastify.mjs';
import { corpusDatabase } from '../../bench/lib/corpus-database.mjs';
import { postgresCorpus, startTopology, TOPOLOGIES, warmUp } from '../../bench/lib/fleet.mjs';
import {
  articlePool,
  createReaders,
  describeRun,
  runWorkload,
  summarise,
} from '../../bench/lib/mixed-load.mjs';
import { benchPostgres } from '../../bench/lib/postgres.mjs';
import { reportResult } from '../../bench/lib/api-client.mjs';
import { requireBuilt } from '../../bench/lib/paths.mjs';
import { freePort, temporaryDataDir } from '../../bench/lib/server-process.mjs';

const SECONDS = Number(process.env.DRILL_LOAD_SECONDS ?? 60);
const CAPACITY_SECONDS = Number(process.env.DRILL_LOAD_CAPACITY_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.DRILL_LOAD_CONNECTIONS ?? 200);
/** Requests/s offered in the sustained runs: about 5 million a day from one embedded process. */
const RATE = Number(process.env.DRILL_LOAD_RATE ?? 60);
const RUNS = Number(process.env.DRILL_LOAD_RUNS ?? 3);
/** A sustained run must serve at least this share of the offered rate. */
const RATE_SERVED = 0.95;
const RATE_BARS = process.env.DRILL_LOAD_RATE_BARS !== '0';
const RSS_SLACK_MIB = Number(process.env.DRILL_LOAD_RSS_SLACK_MIB ?? 64);
/** Readers share the connections: each autocannon instance is one signed-in reader. */
const READERS = 4;
const WARM_UP_SECONDS = 5;

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

const rssLine = (rss) =>
  Object.entries(rss)
    .map(([name, mib]) => `${name} ${mib}`)
    .join(', ');

/** Capacity and sustained runs on one topology; the embedded one also gets the bare reference. */
async function drillTopology(topology, where) {
  const served = await startTopology(topology, where);
  const result = { topology: topology.label, runs: [] };
  try {
    const readers = await createReaders(served.origins, READERS);
    await warmUp(readers);
    const articles = await articlePool(readers[0]);
    // Every web process answers a few seconds of the load first (its ranking caches fill), so the
    // capacity compares steady states, not one cold process with two.
    await runWorkload(readers, articles, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    result.rssAtStart = served.rss();
    console.info(
      `\n${topology.label}: ${CONNECTIONS} connections, ${READERS} readers over ` +
        `${served.origins.length} web process(es), ${articles.postIds.length} articles and ` +
        `${articles.titleWords.length} title words in the pool, RSS MiB at start: ` +
        rssLine(result.rssAtStart),
    );
    result.capacity = await runWorkload(readers, articles, {
      connections: CONNECTIONS,
      seconds: CAPACITY_SECONDS,
    });
    result.capacity.rss = served.rss();
    console.info(
      `  capacity (closed loop, ${CAPACITY_SECONDS} s): ${describeRun(result.capacity)}, ` +
        `RSS MiB ${rssLine(result.capacity.rss)}`,
    );
    if (!topology.postgres) {
      const serviceMs = 1000 / Math.max(1, result.capacity.requestsPerSecond);
      result.reference = await bareReference(serviceMs, articles.samplePage);
      result.reference.serviceMs = Number(serviceMs.toFixed(1));
      console.info(
        `  reference, bare Fastify holding ${result.reference.serviceMs} ms per request: ` +
          describeRun(result.reference),
      );
    }
    await sleep(2_000);
    for (let run = 1; run <= RUNS; run++) {
      const sustained = await runWorkload(readers, articles, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        rate: RATE,
      });
      await sleep(2_000);
      sustained.rss = served.rss();
      result.runs.push(sustained);
      console.info(
        `  run ${run} (${RATE} req/s offered, ${SECONDS} s): ${describeRun(sustained)}, ` +
          `RSS MiB ${rssLine(sustained.rss)} ${JSON.stringify(sustained.statusCounts)}`,
      );
    }
    result.loggedErrors = served.loggedErrors();
    for (const error of result.loggedErrors.slice(0, 10)) console.info(`  logged: ${error}`);
    // The readers are still signed in after the load (sessions survived the churn).
    for (const reader of readers) {
      const state = await reader.client.getJson('/api/check_logged_in');
      if (state.email !== reader.email) throw new Error('a reader lost its session under load');
    }
  } finally {
    await served.stop();
  }
  return result;
}

/** What keeps a topology's sustained runs from passing. */
function problemsOf({ topology, runs }) {
  const problems = [];
  const total5xx = runs.reduce((sum, run) => sum + run.status5xx, 0);
  const totalErrors = runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0);
  if (total5xx > 0) problems.push(`${total5xx} 5xx`);
  if (totalErrors > 0) problems.push(`${totalErrors} socket errors/timeouts`);
  // Even without the rate bars (CI's busy machine), a run that answered nothing fails.
  const deadRuns = runs.filter((run) => run.requests === 0).length;
  if (deadRuns > 0) problems.push(`${deadRuns} runs answered no request`);
  const slowRuns = runs.filter((run) => run.requestsPerSecond < RATE * RATE_SERVED).length;
  if (RATE_BARS && slowRuns > 0)
    problems.push(`${slowRuns} runs served under ${RATE * RATE_SERVED} req/s`);
  for (const [name, first] of Object.entries(runs[0].rss)) {
    const growth = runs.at(-1).rss[name] - first;
    if (growth > RSS_SLACK_MIB) problems.push(`${name} RSS grew ${growth} MiB over the runs`);
  }
  return problems.map((problem) => `${topology}: ${problem}`);
}

const summaryOf = (result) =>
  `${result.topology}: capacity ${result.capacity.requestsPerSecond} req/s (p99 ` +
  `${result.capacity.p99} ms, ${result.capacity.timeouts} timeouts` +
  (result.reference ? `; bare reference ${result.reference.timeouts}` : '') +
  `); at ${RATE} req/s: ` +
  result.runs.map((run) => `${run.requestsPerSecond} req/s p99 ${run.p99} ms`).join(' | ') +
  `; 5xx ${result.runs.reduce((sum, run) => sum + run.status5xx, 0)}, errors ` +
  `${result.runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0)}`;

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
  const postgres = benchPostgres();
  let pgCorpus;
  const results = [];
  try {
    if (postgres.url) {
      pgCorpus = await postgresCorpus(postgres.url, dataDir, `drill_load_${process.pid}`);
      console.info(
        `PostgreSQL: the corpus copied and pgvector's index built in ${pgCorpus.seconds.toFixed(0)} s`,
      );
    } else {
      console.info(`PostgreSQL: not measured (${postgres.skipped})`);
    }
    for (const topology of TOPOLOGIES) {
      if (topology.postgres && !pgCorpus) continue;
      results.push(await drillTopology(topology, { dataDir, postgres: pgCorpus }));
    }
  } finally {
    await pgCorpus?.drop();
    corpus?.remove();
  }

  const problems = results.flatMap(problemsOf);
  const byKey = Object.fromEntries(
    TOPOLOGIES.map((topology, index) => [topology.key, results[index]]),
  );
  let ratio;
  if (byKey.web1 && byKey.web2) {
    ratio = byKey.web2.capacity.requestsPerSecond / byKey.web1.capacity.requestsPerSecond;
    console.info(`\n2 web processes serve ${ratio.toFixed(2)}x what 1 serves (capacity)`);
    if (RATE_BARS && ratio <= 1) problems.push('2 web processes served no more than 1');
  }
  console.info(
    `\n${'topology'.padEnd(32)} capacity   p99 ms  errors  | at ${RATE} req/s p99 ms, errors`,
  );
  for (const result of results) {
    const { capacity, runs } = result;
    // autocannon counts timeouts among its errors.
    const errors = (run) => run.status5xx + run.errors;
    console.info(
      `${result.topology.padEnd(32)} ${String(capacity.requestsPerSecond).padStart(4)} req/s` +
        `${String(capacity.p99).padStart(8)}${String(errors(capacity)).padStart(8)}  | ` +
        runs.map((run) => `${run.p99}, ${errors(run)}`).join(' / '),
    );
  }
  reportResult({
    name: 'load',
    pass: problems.length === 0,
    seconds: Math.round((performance.now() - started) / 1000),
    summary:
      `${CONNECTIONS} conns, ${RATE} req/s x ${SECONDS} s x ${RUNS} -- ` +
      results.map(summaryOf).join(' || ') +
      (ratio ? `; 2 web / 1 web capacity ${ratio.toFixed(2)}x` : '') +
      (problems.length ? ` -- ${problems.join('; ')}` : ''),
    numbers: { connections: CONNECTIONS, rate: RATE, seconds: SECONDS, results, ratio },
  });
}

main().catch((error) => {
  console.error(error);
  reportResult({ name: 'load', pass: false, summary: `error: ${error.message.split('\n')[0]}` });
});
