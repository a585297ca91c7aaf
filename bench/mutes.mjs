#!/usr/bin/env node
// Keyword mutes under load (docs/decisions/0022-reader-controls-read-state-and-mutes.md): the
// whole shared corpus crawled by the product, on the embedded database, and two signed-in
// readers with Hide read on: one with MAX_MUTES (100) keyword mutes of up to 50 characters, one
// with one of them. Each keyword is the start of a real title (so it hides that article, and its
// words are found in other texts). Each reader's home feed (the discover feed, ranked from a pool
// every article of which passes their filters) and search in a loop of one request at a time, for
// BENCH_DURATION (10) s each; then a visitor's topic feed in a loop while each reader loops over
// both (the embedded database runs one query at a time, so a costly reader
// slows everyone), beside the visitor's topic feed alone.
//   npm run build -w shared && npm run build -w server && npm run bench:mutes -w bench
import { MAX_MUTES } from '@blogstream/shared/contract';
import { corpusDatabase } from './lib/corpus-database.mjs';
import { visitorHeaders } from './lib/load.mjs';
import { requireBuilt } from './lib/paths.mjs';
import { percentile, record, setting } from './lib/results.mjs';
import { freePort, startServer } from './lib/server-process.mjs';
import { createReader } from './lib/api-client.mjs';

const DURATION_SECONDS = setting('BENCH_DURATION', 10, 4);
const TOPIC = 'Software Engineering';
const SEARCH = 'database performance';
const PAGE = { queryData: null, offset: 0, limit: 12 };
const KEYWORD_CHARS = 50;

const homeFeed = { path: '/api/discover_feed', body: PAGE };
const topicFeed = { path: `/api/discover_feed/${encodeURIComponent(TOPIC)}`, body: PAGE };
const search = { path: '/api/search', body: { ...PAGE, queryData: SEARCH } };

/** A title as a keyword the contract accepts: its first words, up to 50 characters. */
function keywordOf(title) {
  const words = title
    .toLowerCase()
    .replace(/[^\p{L}\p{N} +#.'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let keyword = '';
  for (const word of words) {
    const longer = keyword ? `${keyword} ${word}` : word;
    if (longer.length > KEYWORD_CHARS) break;
    keyword = longer;
  }
  return keyword.length >= 3 ? keyword : null;
}

/** MAX_MUTES distinct keywords from the titles of the home feed's first articles. */
async function keywordsFromTitles(client) {
  const keywords = new Set();
  for (let offset = 0; keywords.size < MAX_MUTES; offset += 50) {
    const page = await client.postJson(homeFeed.path, { ...PAGE, offset, limit: 50 });
    if (page.length === 0) throw new Error(`only ${keywords.size} keywords in the home feed`);
    for (const { title } of page) {
      const keyword = keywordOf(title);
      if (keyword && keywords.size < MAX_MUTES) keywords.add(keyword);
    }
  }
  return [...keywords];
}

async function mutingReader(origin, keywords) {
  const { client } = await createReader(origin, 'mutes');
  await client.postJson('/api/save_hide_read', { hide_read: true });
  for (const value of keywords) await client.postJson('/api/add_mute', { kind: 'keyword', value });
  return client.headers();
}

/**
 * One request at a time, cycling through `calls`, until `until()` is true: each call's latencies
 * in ms, sorted. A call that does not answer 200 throws.
 */
async function loop(origin, headers, calls, until) {
  const latencies = calls.map(() => []);
  for (let index = 0; !until(); index = (index + 1) % calls.length) {
    const { path, body } = calls[index];
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    latencies[index].push(performance.now() - started);
  }
  return latencies.map((values) => values.sort((a, b) => a - b));
}

const forSeconds = (seconds) => {
  const end = performance.now() + seconds * 1000;
  return () => performance.now() >= end;
};

const figures = (sorted) => ({
  p50: percentile(sorted, 0.5),
  p95: percentile(sorted, 0.95),
  calls: sorted.length,
});

/** The reader's home feed and search, each looped alone. */
async function readerAlone(origin, headers) {
  const [feed] = await loop(origin, headers, [homeFeed], forSeconds(DURATION_SECONDS));
  const [found] = await loop(origin, headers, [search], forSeconds(DURATION_SECONDS));
  return { feed: figures(feed), search: figures(found) };
}

/** The visitor's topic feed looped while `readerHeaders` (if any) loops over feed and search. */
async function visitorBeside(origin, visitor, readerHeaders) {
  let done = false;
  const visitorLoop = loop(origin, visitor, [topicFeed], forSeconds(DURATION_SECONDS)).finally(
    () => (done = true),
  );
  const readerLoop = readerHeaders
    ? loop(origin, readerHeaders, [homeFeed, search], () => done)
    : Promise.resolve();
  const [[feed]] = await Promise.all([visitorLoop, readerLoop]);
  return figures(feed);
}

requireBuilt();
const corpus = await corpusDatabase('mutes', {}, { embed: false });
let server;
try {
  server = await startServer(corpus.env, await freePort());
  const { origin } = server;
  const visitor = await visitorHeaders(origin);
  const setup = await createReader(origin, 'mutes-setup');
  const keywords = await keywordsFromTitles(setup.client);
  const many = await mutingReader(origin, keywords);
  const one = await mutingReader(origin, keywords.slice(0, 1));
  // Every call once first: rankings cached and plans warm for both readers and the visitor.
  for (const headers of [many, one, visitor]) {
    await loop(origin, headers, [homeFeed, topicFeed, search], forSeconds(1));
  }

  const manyAlone = await readerAlone(origin, many);
  const oneAlone = await readerAlone(origin, one);
  const visitorAlone = await visitorBeside(origin, visitor, null);
  const visitorBesideMany = await visitorBeside(origin, visitor, many);
  const visitorBesideOne = await visitorBeside(origin, visitor, one);

  const row = (label, { p50, p95, calls }) =>
    `${label.padEnd(44)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${String(calls).padStart(7)}`;
  console.info(
    `Keyword mutes: ${corpus.crawl.newArticles} articles, embedded database, Hide read on, ` +
      `${MAX_MUTES} keywords of up to ${KEYWORD_CHARS} characters against 1; one request at a ` +
      `time per client, ${DURATION_SECONDS} s per line; visitor's topic ${TOPIC}, search "${SEARCH}"`,
  );
  console.info(`${'call'.padEnd(44)}   p50 ms   p95 ms   calls`);
  console.info(row(`home feed, ${MAX_MUTES} mutes`, manyAlone.feed));
  console.info(row('home feed, 1 mute', oneAlone.feed));
  console.info(row(`search, ${MAX_MUTES} mutes`, manyAlone.search));
  console.info(row('search, 1 mute', oneAlone.search));
  console.info(row('visitor topic feed, alone', visitorAlone));
  console.info(row(`visitor topic feed, ${MAX_MUTES}-mute reader looping`, visitorBesideMany));
  console.info(row('visitor topic feed, 1-mute reader looping', visitorBesideOne));

  const bench = 'keyword mutes';
  const beside = (figure, value, reference, referenceValue) => ({
    bench,
    figure,
    value,
    unit: 'ms',
    reference,
    referenceValue,
  });
  record([
    beside(`home feed p50, ${MAX_MUTES} mutes`, manyAlone.feed.p50, '1 mute', oneAlone.feed.p50),
    beside(`home feed p95, ${MAX_MUTES} mutes`, manyAlone.feed.p95, '1 mute', oneAlone.feed.p95),
    beside(`search p50, ${MAX_MUTES} mutes`, manyAlone.search.p50, '1 mute', oneAlone.search.p50),
    beside(`search p95, ${MAX_MUTES} mutes`, manyAlone.search.p95, '1 mute', oneAlone.search.p95),
    beside(
      `visitor topic feed p50, ${MAX_MUTES}-mute reader looping`,
      visitorBesideMany.p50,
      '1-mute reader looping',
      visitorBesideOne.p50,
    ),
    beside(
      `visitor topic feed p95, ${MAX_MUTES}-mute reader looping`,
      visitorBesideMany.p95,
      '1-mute reader looping',
      visitorBesideOne.p95,
    ),
  ]);
} finally {
  await server?.stop();
  corpus.remove();
}
