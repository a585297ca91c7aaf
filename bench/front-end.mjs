#!/usr/bin/env node
// Front end in Chromium: the JavaScript a cold visit to / and to /search loads (the shell plus
// the remote, recorded from the network, gzip -9 bytes of each body), and Largest Contentful
// Paint, Total Blocking Time, Cumulative Layout Shift and the first article card on screen with
// the CPU throttled 4x through the DevTools protocol; then a signed-in reader's home (/ with their
// session's cookies, decision 0021), from navigation to its first card, beside the visitor's
// search page of the same run. The built server serves the built shell and remotes over the crawled corpus.
// Reference: the same pages built without federation (bench/monolith: the shell's webpack
// configuration without the Module Federation plugin, the remotes as lazy chunks of one build),
// served by the same server from PUBLIC_DIR and measured the same way. Printed beside them: a
// plain static HTML page (a heading and a paragraph, no script), what the browser costs here.
// Then where the bytes go: the scripts of the last visit to each page, attributed through their
// source maps to npm packages and Blogstream layers (lib/bundle-analysis.mjs).
//   npm run build && npm run bench:front-end -w bench
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import webpack from 'webpack';
import { chromiumFlags, chromiumPath } from '../config/chromium.mjs';
import monolithConfig from './monolith/webpack.config.mjs';
import { createReader } from './lib/api-client.mjs';
import { analyseScripts, formatAnalysis, MEASURED_PAGES } from './lib/bundle-analysis.mjs';
import { corpusDatabase } from './lib/corpus-database.mjs';
import { THROTTLING, throttledPage } from './lib/page-vitals.mjs';
import { repoRoot, requireBuilt } from './lib/paths.mjs';
import { median, record, setting } from './lib/results.mjs';
import { freePort, startServer } from './lib/server-process.mjs';

const RUNS = setting('BENCH_PAGE_RUNS', 5, 2);
const SETTLE_MS = 3000;
const PAGES = MEASURED_PAGES;
/** The signed-in reader's home, measured with their cookies; and the visitor's page beside it. */
const READER_HOME = ['/ signed in', '/'];
const VISITOR_SEARCH = '/search';
/** The reader's topics: their home offers these pills. */
const READER_TOPICS = ['Programming Languages', 'Databases'];

/**
 * One cold visit: a new context (empty cache, only the given cookies), 4x CPU throttling, the
 * page until quiet.
 */
async function visit(browser, url, cookies = []) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(cookies);
    const page = await throttledPage(context);
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForTimeout(SETTLE_MS);
    const vitals = await page.evaluate(() => globalThis.__benchVitals);
    const js = { shell: { raw: 0, gzip: 0, files: 0 }, remote: { raw: 0, gzip: 0, files: 0 } };
    const loaded = [];
    for (const script of scripts) {
      const body = await script.body().catch(() => null);
      if (!body) continue;
      loaded.push({ url: script.url(), body });
      const part = new URL(script.url()).pathname.startsWith('/mfe/') ? js.remote : js.shell;
      part.raw += body.length;
      part.gzip += gzipSync(body, { level: 9 }).length;
      part.files += 1;
    }
    // Total Blocking Time from first contentful paint to the end of the settled window.
    const tbt = vitals.longTasks
      .filter(([start]) => start >= vitals.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return {
      lcp: vitals.lcp,
      cls: vitals.cls,
      tbt,
      fcp: vitals.fcp,
      // A card drawn with the page is on screen once the page first paints, not before.
      firstCard: vitals.firstCard && Math.max(vitals.firstCard, vitals.fcp),
      js,
      scripts: loaded,
    };
  } finally {
    await context.close();
  }
}

async function measure(browser, url, cookies = []) {
  // One visit first, not counted: the server's first search loads its vector index.
  await visit(browser, url, cookies);
  const visits = [];
  for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, url, cookies));
  const of = (pick) => median(visits.map(pick));
  return {
    lcp: of((v) => v.lcp),
    tbt: of((v) => v.tbt),
    cls: of((v) => v.cls),
    fcp: of((v) => v.fcp),
    firstCard: of((v) => v.firstCard),
    js: visits.at(-1).js,
    // While the server still answers: the source maps sit beside the scripts.
    bytes: await analyseScripts(visits.at(-1).scripts),
  };
}

/** What the browser costs alone: static HTML, no script, served from memory. */
async function staticPage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>reference</title></head>' +
    '<body><h1>Engineering blogs, one feed</h1><p>' +
    'A plain paragraph of text standing in for the first screen of the reader. '.repeat(12) +
    '</p></body></html>';
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Builds the non-federated site into `<dir>/shell` (the layout PUBLIC_DIR expects). */
function buildWithoutFederation(directory) {
  process.env.MONOLITH_OUT = join(directory, 'shell');
  const compiler = webpack(monolithConfig({}, { mode: 'production' }));
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else resolve();
    }),
  );
}

/**
 * A signed-in reader with topics, made through the site's sign-up; their session's cookies, by
 * name. The session lives in the database, so every server on the corpus accepts it.
 */
async function signedInReader(origin) {
  const { client } = await createReader(origin, 'front-end');
  await client.postJson('/api/save_user_topics', { topics: READER_TOPICS });
  return [...client.cookies];
}

/**
 * Every page of PAGES measured on a server started with `env`, then the reader's home with the
 * cookies `readerCookies` gives for the server's origin.
 */
async function measureSite(browser, env, readerCookies) {
  const server = await startServer(env, await freePort());
  try {
    const results = {};
    for (const [label, path] of PAGES) {
      results[label] = await measure(browser, `${server.origin}${path}`);
    }
    const [label, path] = READER_HOME;
    const cookies = await readerCookies(server.origin);
    results[label] = await measure(browser, `${server.origin}${path}`, cookies);
    return results;
  } finally {
    await server.stop();
  }
}

const kib = (bytes) => bytes / 1024;
const totalGzip = ({ js }) => kib(js.shell.gzip + js.remote.gzip);

function printRow(label, result) {
  const { shell, remote } = result.js;
  console.info(
    [
      label.padEnd(28),
      `${kib(shell.gzip).toFixed(1)} KiB`.padStart(11),
      `${kib(remote.gzip).toFixed(1)} KiB`.padStart(13),
      `${totalGzip(result).toFixed(1)} (${kib(shell.raw + remote.raw).toFixed(0)}) KiB`.padStart(
        19,
      ),
      `${shell.files}+${remote.files}`.padStart(7),
      result.fcp.toFixed(0).padStart(8),
      result.lcp.toFixed(0).padStart(8),
      result.tbt.toFixed(0).padStart(8),
      result.cls.toFixed(3).padStart(6),
      result.firstCard.toFixed(0).padStart(9),
    ].join(' '),
  );
}

requireBuilt();
const corpus = await corpusDatabase('front-end');
const monolithDir = mkdtempSync(join(tmpdir(), 'blogstream-monolith-'));
let staticServer;
let browser;
try {
  await buildWithoutFederation(monolithDir);
  staticServer = await staticPage();
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const baseline = await measure(browser, staticServer.url);
  let reader;
  const readerCookies = async (origin) => {
    reader ??= await signedInReader(origin);
    return reader.map(([name, value]) => ({ name, value, url: origin }));
  };
  const federated = await measureSite(browser, corpus.env, readerCookies);
  const monolith = await measureSite(
    browser,
    { ...corpus.env, PUBLIC_DIR: monolithDir },
    readerCookies,
  );
  const pages = [...PAGES, READER_HOME];
  console.info(
    `Front end: Chromium, cold cache, ${THROTTLING}x CPU throttling, 1280x800, median of ${RUNS} ` +
      `visits after one uncounted; JS = script responses, gzip -9 of each body; TBT from FCP to ${SETTLE_MS / 1000} s ` +
      `after network idle; card = first <article> on screen; ${corpus.crawl.newArticles} articles`,
  );
  console.info(
    `${'page'.padEnd(28)} shell JS gz  remote JS gz  total gz (raw)       files   FCP ms   LCP ms   TBT ms    CLS   card ms`,
  );
  printRow('static page (browser cost)', baseline);
  for (const [label] of pages) {
    printRow(label, federated[label]);
    printRow(`${label} without federation`, monolith[label]);
  }
  for (const [label] of pages) {
    console.info(`\n${formatAnalysis(label, federated[label].bytes)}`);
    console.info(`\n${formatAnalysis(`${label} without federation`, monolith[label].bytes)}`);
  }
  const rows = [];
  for (const [label] of pages) {
    const withFederation = federated[label];
    const without = monolith[label];
    const bench = `front end ${label}`;
    const comparedWith = 'same page without federation';
    rows.push(
      {
        bench,
        figure: `JS gzip, shell + remote (${withFederation.js.shell.files}+${withFederation.js.remote.files} files)`,
        value: totalGzip(withFederation),
        unit: 'KiB',
        reference: `${comparedWith} (${without.js.shell.files} files)`,
        referenceValue: totalGzip(without),
      },
      ...['lcp', 'tbt', 'cls'].map((vital) => ({
        bench,
        figure: vital.toUpperCase(),
        value: withFederation[vital],
        unit: vital === 'cls' ? '' : 'ms',
        reference: comparedWith,
        referenceValue: without[vital],
      })),
    );
  }
  // A signed-in reader's first screen against a visitor's, both with first views (decision 0021).
  rows.push({
    bench: `front end ${READER_HOME[0]}`,
    figure: 'first card',
    value: federated[READER_HOME[0]].firstCard,
    unit: 'ms',
    reference: `visitor's ${VISITOR_SEARCH}, same run`,
    referenceValue: federated[VISITOR_SEARCH].firstCard,
  });
  // The service worker (decision 0028) is fetched by the browser after the page's load event, so
  // it is not page JavaScript above; its own weight, from the shell's build:
  const worker = readFileSync(join(repoRoot, 'shell/dist/sw.js'));
  const workerGzip = kib(gzipSync(worker, { level: 9 }).length);
  console.info(
    `\nservice worker (after load): ${workerGzip.toFixed(1)} KiB gz (${kib(worker.length).toFixed(1)} KiB)`,
  );
  rows.push({
    bench: 'front end service worker',
    figure: 'sw.js gzip, fetched after load',
    value: workerGzip,
    unit: 'KiB',
  });
  record(rows);
} finally {
  await browser?.close();
  await staticServer?.close();
  corpus.remove();
  rmSync(monolithDir, { recursive: true, force: true });
}
