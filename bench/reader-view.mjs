#!/usr/bin/env node
// The reader view's first paint on a long article (docs/decisions/0037): an article of 30,000
// characters (headings, paragraphs and code from the shared corpus, crawled from a local feed by
// the product's crawler) opened cold at /read/{id} in Chromium with the CPU throttled 4x, First
// Contentful Paint, Largest Contentful Paint and the moment its last paragraph is in the page.
// Reference, measured the same way in the same run: the same blocks as a bare HTML page (no
// script, no site around it), served from memory.
//   npm run build && npm run bench:reader-view -w bench
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../config/chromium.mjs';
import { requireBuilt, sharedData } from './lib/paths.mjs';
import { opml, serveFeeds } from './lib/feed-server.mjs';
import { visitorHeaders } from './lib/load.mjs';
import { THROTTLING, throttledPage } from './lib/page-vitals.mjs';
import { median, record, setting } from './lib/results.mjs';
import { admin, benchEnv, freePort, preparedDataDir, startServer } from './lib/server-process.mjs';

const RUNS = setting('BENCH_PAGE_RUNS', 5, 2);
const ARTICLE_CHARACTERS = 30_000;
const TITLE = 'A long read: thirty thousand characters';

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The article's body as HTML, ARTICLE_CHARACTERS characters of text: corpus articles one after
 * the other, each under its title as a heading, with a short code block after each.
 */
function longArticleHtml() {
  const parts = [];
  let length = 0;
  for (const line of readFileSync(join(sharedData, 'articles.jsonl'), 'utf8').split('\n')) {
    if (length >= ARTICLE_CHARACTERS) break;
    if (!line.trim()) continue;
    const { title, content } = JSON.parse(line);
    if (content.length < 2_000) continue;
    parts.push(`<h2>${escapeHtml(title)}</h2>`);
    length += title.length + 1;
    for (const paragraph of content.split('\n').filter(Boolean)) {
      if (length >= ARTICLE_CHARACTERS) break;
      const text = paragraph.slice(0, ARTICLE_CHARACTERS - length);
      parts.push(`<p>${escapeHtml(text)}</p>`);
      length += text.length + 1;
    }
    parts.push('<pre><code>for (const block of blocks) {\n  render(block);\n}</code></pre>');
    length += 44;
  }
  return parts.join('\n');
}

function feedOf(body) {
  return Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" ' +
      'xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>' +
      '<title>Long reads</title><link>https://long-reads.example/</link><description>bench</description>' +
      `<item><title>${TITLE}</title><link>https://long-reads.example/posts/long</link>` +
      '<pubDate>Mon, 02 Nov 2026 09:00:00 GMT</pubDate>' +
      `<content:encoded><![CDATA[${body}]]></content:encoded></item></channel></rss>`,
  );
}

/** The same article as a bare page: its title and body, no script, no site around it. */
function barePage(body) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${TITLE}</title><style>body{max-width:70ch;margin:0 auto;font:1.125rem/1.7 system-ui}</style>` +
    `</head><body><article><h1>${TITLE}</h1>${body}</article></body></html>`;
  const server = createServer((_request, response) =>
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

/** One cold visit: FCP, LCP and when the article's last paragraph is in the page (ms). */
async function visit(browser, url, lastParagraph) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await throttledPage(context);
    const response = await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    await page.getByText(lastParagraph, { exact: true }).waitFor({ timeout: 120_000 });
    const textIn = await page.evaluate(() => performance.now());
    await page.waitForTimeout(1000);
    const { fcp, lcp } = await page.evaluate(() => globalThis.__benchVitals);
    return { fcp, lcp, textIn };
  } finally {
    await context.close();
  }
}

async function measure(browser, url, lastParagraph) {
  await visit(browser, url, lastParagraph); // not counted: warms the server and the browser
  const visits = [];
  for (let run = 0; run < RUNS; run += 1) visits.push(await visit(browser, url, lastParagraph));
  const of = (key) => median(visits.map((one) => one[key]));
  return { fcp: of('fcp'), lcp: of('lcp'), textIn: of('textIn') };
}

requireBuilt();
const body = longArticleHtml();
const lastParagraph = [...body.matchAll(/<p>([^<]*)<\/p>/g)]
  .at(-1)[1]
  .replace(/&lt;/g, '<')
  .replace(/&gt;/g, '>')
  .replace(/&quot;/g, '"')
  .replace(/&amp;/g, '&');
const feeds = await serveFeeds([{ name: 'long-reads', body: feedOf(body) }], 1);
const dataDir = await preparedDataDir('reader-view');
const env = benchEnv(dataDir);
let server;
let bare;
let browser;
try {
  const opmlFile = join(dataDir, 'feeds.opml');
  writeFileSync(opmlFile, opml(feeds.urls));
  await admin(['import-opml', opmlFile], env);
  await admin(['crawl'], env);
  server = await startServer(env, await freePort());
  const headers = await visitorHeaders(server.origin);
  const call = async (path, body) => {
    const response = await fetch(`${server.origin}/api/${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const [{ post_id: postId }] = await call('discover_feed', { offset: 0, limit: 1 });
  const stored = await call('get_article_text', { postId });
  const characters = stored.blocks.reduce((sum, block) => sum + (block.text?.length ?? 0), 0);
  if (stored.article?.title !== TITLE || characters < ARTICLE_CHARACTERS * 0.95) {
    throw new Error(`Article ${postId} is not the long read (${characters} characters)`);
  }
  bare = await barePage(body);
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const reader = await measure(browser, `${server.origin}/read/${postId}`, lastParagraph);
  const reference = await measure(browser, bare.url, lastParagraph);

  console.info(
    `Reader view: Chromium, cold cache, ${THROTTLING}x CPU throttling, 1280x800, median of ${RUNS} ` +
      `visits after one uncounted; an article of ${characters} characters in ` +
      `${stored.blocks.length} blocks`,
  );
  console.info(`${'page'.padEnd(34)}   FCP ms   LCP ms   last paragraph in ms`);
  for (const [label, result] of [
    ['reader view /read/{id}', reader],
    ['bare page, same text', reference],
  ]) {
    console.info(
      `${label.padEnd(34)} ${result.fcp.toFixed(0).padStart(8)} ${result.lcp.toFixed(0).padStart(8)} ${result.textIn.toFixed(0).padStart(22)}`,
    );
  }
  const comparedWith = 'the same text as a bare page';
  record(
    [
      ['FCP', 'fcp'],
      ['LCP', 'lcp'],
      ['last paragraph in the page', 'textIn'],
    ].map(([figure, key]) => ({
      bench: 'reader view, 30,000 characters',
      figure,
      value: reader[key],
      unit: 'ms',
      reference: comparedWith,
      referenceValue: reference[key],
    })),
  );
} finally {
  await browser?.close();
  await bare?.close();
  await server?.stop();
  await feeds.close();
  rmSync(dataDir, { recursive: true, force: true });
}
