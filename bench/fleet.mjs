#!/usr/bin/env node
// The load drill's mixed workload (e2e/drills/load.mjs: session checks, discover feed, search,
// more-like-this, bookmark toggles by 4 signed-in readers over 200 connections) on the corpus grown
// to BENCH_ARTICLES (100,000), served three ways side by side: 1 embedded process, 1 web process
// + PostgreSQL, 2 web processes + 1 worker + PostgreSQL (bench/lib/fleet.mjs). All three run at
// once, each on its own copy of the corpus, and their capacity runs (closed loop, BENCH_DURATION s)
// take turns for BENCH_FLEET_ROUNDS rounds, so load from elsewhere on the machine falls on all
// alike; the median round is reported. Then one run each at BENCH_FLEET_RATE requests/s (60: the
// drill's sustained rate). PostgreSQL: TEST_POSTGRES_URL, or scripts/postgres-for-tests.sh.
//   npm run build -w shared && npm run build -w server && npm run bench:fleet -w bench
import { postgresCorpus, startTopology, TOPOLOGIES, warmUp } from './lib/fleet.mjs';
import { articlePool, createReaders, describeRun, runWorkload } from './lib/mixed-load.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { benchPostgres } from './lib/postgres.mjs';
import { record, setting } from './lib/results.mjs';
import { scaledCorpus } from './lib/scaled-corpus.mjs';

const CONNECTIONS = 200;
const READERS = 4;
const SECONDS = setting('BENCH_DURATION', 20, 5);
const ROUNDS = setting('BENCH_FLEET_ROUNDS', 3, 1);
const RATE = setting('BENCH_FLEET_RATE', 60, 60);
const WARM_UP_SECONDS = 5;

const errorsOf = (run) => run.status5xx + run.errors; // autocannon counts timeouts as errors
const medianRun = (runs) =>
  [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(runs.length / 2)];

requireBuilt();
const corpus = await scaledCorpus('fleet');
const postgres = benchPostgres();
let pgCorpus;
const running = [];
try {
  if (postgres.url) {
    pgCorpus = await postgresCorpus(postgres.url, corpus.dataDir, `bench_fleet_${process.pid}`);
  } else {
    console.info(`PostgreSQL: not measured (${postgres.skipped})`);
  }
  for (const topology of TOPOLOGIES.filter((one) => !one.postgres || pgCorpus)) {
    const served = await startTopology(topology, { dataDir: corpus.dataDir, postgres: pgCorpus });
    running.push({ topology, served, capacity: [] });
    const readers = await createReaders(served.origins, READERS);
    await warmUp(readers);
    const articles = await articlePool(readers[0]);
    // A few seconds of the load first: every web process fills its ranking caches.
    await runWorkload(readers, articles, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
    Object.assign(running.at(-1), { readers, articles });
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const one of running) {
      const run = await runWorkload(one.readers, one.articles, {
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      one.capacity.push(run);
      console.info(`round ${round}, ${one.topology.label}: ${describeRun(run)}`);
    }
  }
  for (const one of running) {
    one.sustained = await runWorkload(one.readers, one.articles, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      rate: RATE,
    });
    one.rss = one.served.rss();
    console.info(`at ${RATE} req/s, ${one.topology.label}: ${describeRun(one.sustained)}`);
  }
} finally {
  for (const one of running) await one.served.stop();
  await pgCorpus?.drop();
  corpus.remove();
}

const k = `${Math.round(corpus.articles / 1000)}k articles`;
console.info(
  `\nMixed load (the load drill's), ${CONNECTIONS} connections, ${READERS} readers, ${k}; ` +
    `capacity: median of ${ROUNDS} closed-loop runs of ${SECONDS} s taken in turns`,
);
console.info(
  `${'topology'.padEnd(32)}${'capacity'.padStart(12)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}` +
    `  | at ${RATE} req/s: p99 ms, errors | RSS MiB`,
);
for (const one of running) {
  one.median = medianRun(one.capacity);
  console.info(
    `${one.topology.label.padEnd(32)}${`${one.median.requestsPerSecond} req/s`.padStart(12)}` +
      `${String(one.median.p99).padStart(9)}${String(errorsOf(one.median)).padStart(8)}  | ` +
      `${one.sustained.p99}, ${errorsOf(one.sustained)} | ` +
      Object.entries(one.rss)
        .map(([name, mib]) => `${name} ${mib}`)
        .join(', '),
  );
}
const [embedded, web1, web2] = running;
if (web1 && web2) {
  console.info(
    `2 web processes serve ${(web2.median.requestsPerSecond / web1.median.requestsPerSecond).toFixed(2)}x ` +
      `what 1 serves; 1 web process on PostgreSQL ` +
      `${(web1.median.requestsPerSecond / embedded.median.requestsPerSecond).toFixed(2)}x the embedded one`,
  );
}

const bench = `mixed load (${k})`;
const rows = [];
for (const one of running) {
  const reference =
    one === embedded
      ? {}
      : {
          reference: `${embedded.topology.label}`,
          referenceValue: embedded.median.requestsPerSecond,
        };
  rows.push(
    {
      bench,
      figure: `${one.topology.label}: capacity`,
      value: one.median.requestsPerSecond,
      unit: 'req/s',
      ...reference,
    },
    {
      bench,
      figure: `${one.topology.label}: p99 at capacity`,
      value: one.median.p99,
      unit: 'ms',
      ...(one === embedded
        ? {}
        : { reference: embedded.topology.label, referenceValue: embedded.median.p99 }),
    },
    {
      bench,
      figure: `${one.topology.label}: p99 at ${RATE} req/s`,
      value: one.sustained.p99,
      unit: 'ms',
      ...(one === embedded
        ? {}
        : { reference: embedded.topology.label, referenceValue: embedded.sustained.p99 }),
    },
    {
      bench,
      figure: `${one.topology.label}: errors (5xx, socket, timeouts)`,
      value: one.capacity.reduce((sum, run) => sum + errorsOf(run), 0) + errorsOf(one.sustained),
      unit: 'count',
    },
  );
}
if (web1 && web2) {
  rows.push({
    bench,
    figure: `${web2.topology.label}: capacity`,
    value: web2.median.requestsPerSecond,
    unit: 'req/s',
    reference: web1.topology.label,
    referenceValue: web1.median.requestsPerSecond,
  });
}
record(rows);
