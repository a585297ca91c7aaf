#!/usr/bin/env node
// Front end in Chromium: the JavaScript a cold visit to / and to /search loads (the shell plus
// the remote, recorded from the network, gzip -9 bytes of each body), and Largest Contentful
// Paint, Total Blocking Time and Cumulative Layout Shift with the CPU throttled 4x through the
// DevTools protocol. The built server serves the built shell and remotes over the crawled corpus.
// References: the shell's own share of the JS; for the vitals a plain static HTML page (a heading
// and a paragraph, no script) loaded the same way (what the browser costs on this machine).
// Not measured: the same pages built without federation (needs another webpack build).
//   npm run build && npm run bench:front-end -w bench
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { corpusDatabase } from './lib/corpus-database.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { median, record, setting } from './lib/results.mjs';
import { freePort, startServer } from './lib/server-process.mjs';

const RUNS = setting('BENCH_PAGE_RUNS', 5, 2);
const THROTTLING = 4;
const SETTLE_MS = 3000;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
const PAGES = [
  ['/', '/'],
  ['/search', '/search?searchQuery=kubernetes'],
];

/** Registered before any page script: LCP, CLS, long tasks and FCP, buffered. */
function observeVitals() {
  const vitals = { lcp: 0, cls: 0, fcp: 0, longTasks: [] };
  globalThis.__benchVitals = vitals;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({
        type,
        buffered: true,
      });
    } catch {
      // Not supported: the figure stays 0.
    }
  };
  observe('largest-contentful-paint', (entry) => {
    vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  });
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) vitals.cls += entry.value;
  });
  observe('longtask', (entry) => vitals.longTasks.push([entry.startTime, entry.duration]));
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  });
}

/** One cold visit: a new context (empty cache), 4x CPU throttling, the page until quiet. */
async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING });
    await page.addInitScript(observeVitals);
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.waitForTimeout(SETTLE_MS);
    const vitals = await page.evaluate(() => globalThis.__benchVitals);
    const js = { shell: { raw: 0, gzip: 0, files: 0 }, remote: { raw: 0, gzip: 0, files: 0 } };
    for (const script of scripts) {
      const body = await script.body().catch(() => null);
      if (!body) continue;
      const part = new URL(script.url()).pathname.startsWith('/mfe/') ? js.remote : js.shell;
      part.raw += body.length;
      part.gzip += gzipSync(body, { level: 9 }).length;
      part.files += 1;
    }
    // Total Blocking Time from first contentful paint to the end of the settled window.
    const tbt = vitals.longTasks
      .filter(([start]) => start >= vitals.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { lcp: vitals.lcp, cls: vitals.cls, tbt, fcp: vitals.fcp, js };
  } finally {
    await context.close();
  }
}

async function measure(browser, url) {
  // One visit first, not counted: the server's first search loads its vector index.
  await visit(browser, url);
  const visits = [];
  for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, url));
  const of = (pick) => median(visits.map(pick));
  return {
    lcp: of((v) => v.lcp),
    tbt: of((v) => v.tbt),
    cls: of((v) => v.cls),
    fcp: of((v) => v.fcp),
    js: visits.at(-1).js,
  };
}

/** The reference page: static HTML, no script, served from memory. */
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

requireBuilt();
const corpus = await corpusDatabase('front-end');
let server;
let reference;
let browser;
try {
  server = await startServer(corpus.env, await freePort());
  reference = await staticPage();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const baseline = await measure(browser, reference.url);
  const results = [];
  for (const [label, path] of PAGES) {
    results.push({ label, ...(await measure(browser, `${server.origin}${path}`)) });
  }
  const kib = (bytes) => bytes / 1024;
  console.info(
    `Front end: Chromium, cold cache, ${THROTTLING}x CPU throttling, 1280x800, median of ${RUNS} ` +
      `visits after one uncounted; JS = script responses, gzip -9 of each body; TBT from FCP to ${SETTLE_MS / 1000} s ` +
      `after network idle; ${corpus.crawl.newArticles} articles`,
  );
  console.info(
    `${'page'.padEnd(20)} shell JS gz  remote JS gz  total gz (raw)       files   FCP ms   LCP ms   TBT ms    CLS`,
  );
  for (const result of [{ label: 'static page (ref.)', ...baseline }, ...results]) {
    const { shell, remote } = result.js;
    console.info(
      [
        result.label.padEnd(20),
        `${kib(shell.gzip).toFixed(1)} KiB`.padStart(11),
        `${kib(remote.gzip).toFixed(1)} KiB`.padStart(13),
        `${kib(shell.gzip + remote.gzip).toFixed(1)} (${kib(shell.raw + remote.raw).toFixed(0)}) KiB`.padStart(
          19,
        ),
        `${shell.files}+${remote.files}`.padStart(7),
        result.fcp.toFixed(0).padStart(8),
        result.lcp.toFixed(0).padStart(8),
        result.tbt.toFixed(0).padStart(8),
        result.cls.toFixed(3).padStart(6),
      ].join(' '),
    );
  }
  const rows = [];
  for (const { label, js, lcp, tbt, cls } of results) {
    const bench = `front end ${label}`;
    const vitalsRef = `static HTML page, ${THROTTLING}x CPU`;
    rows.push(
      {
        bench,
        figure: `JS gzip, shell + remote (${js.shell.files}+${js.remote.files} files)`,
        value: kib(js.shell.gzip + js.remote.gzip),
        unit: 'KiB',
        reference: "the shell's own JS",
        referenceValue: kib(js.shell.gzip),
      },
      {
        bench,
        figure: 'LCP',
        value: lcp,
        unit: 'ms',
        reference: vitalsRef,
        referenceValue: baseline.lcp,
      },
      {
        bench,
        figure: 'TBT',
        value: tbt,
        unit: 'ms',
        reference: vitalsRef,
        referenceValue: baseline.tbt,
      },
      {
        bench,
        figure: 'CLS',
        value: cls,
        unit: '',
        reference: vitalsRef,
        referenceValue: baseline.cls,
      },
    );
  }
  rows.push({
    bench: 'front end',
    figure: 'same pages without federation',
    value: null,
    unit: '',
    reference: 'not measured: needs a second, non-federated webpack build',
  });
  record(rows);
} finally {
  await browser?.close();
  await reference?.close();
  await server?.stop();
  corpus.remove();
}
