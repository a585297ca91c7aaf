#!/usr/bin/env node
// Where a visitor's JavaScript goes on / and /search: one unthrottled visit per page to the
// built site on an empty database, each loaded script attributed through its source map to npm
// packages and Blogstream layers (lib/bundle-analysis.mjs). Quick to rerun while cutting bytes;
// the front-end bench prints the same analysis for its measured visits.
//   npm run build && npm run bench:bundle -w bench
import { rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../config/chromium.mjs';
import { analyseScripts, formatAnalysis, MEASURED_PAGES } from './lib/bundle-analysis.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { benchEnv, freePort, startServer, temporaryDataDir } from './lib/server-process.mjs';

/** The scripts (url and body) a cold visit to `url` loads until the network is idle. */
async function scriptsOfVisit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    const responses = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const scripts = [];
    for (const response of responses) {
      const body = await response.body().catch(() => null);
      if (body) scripts.push({ url: response.url(), body });
    }
    return scripts;
  } finally {
    await context.close();
  }
}

requireBuilt();
const dataDir = temporaryDataDir('bundle');
const server = await startServer(benchEnv(dataDir), await freePort());
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const [label, path] of MEASURED_PAGES) {
    const scripts = await scriptsOfVisit(browser, `${server.origin}${path}`);
    console.info(formatAnalysis(label, await analyseScripts(scripts)));
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
