// The load drill's mixed workload (session checks, discover feed, search, more-like-this, bookmark
// toggles by signed-in readers), shared by e2e/drills/load.mjs and bench/fleet.mjs: the readers,
// the articles and words they pick from, one run under autocannon over one or more web
// processes, and the figures of a run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createReader } from './api-client.mjs';
import { sharedData } from './paths.mjs';

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

/**
 * `count` signed-in readers made through the public API, the i-th on origins[i % origins.length]
 * (sessions live in the database: any web process of a fleet accepts them).
 */
export async function createReaders(origins, count, prefix = 'load') {
  const readers = [];
  for (let i = 0; i < count; i++) {
    const origin = origins[i % origins.length];
    readers.push({ ...(await createReader(origin, prefix)), origin });
  }
  return readers;
}

/**
 * What the readers pick from: the post ids and title words of the first 500 articles of the
 * discover feed, and its first page (the bare reference answers it).
 */
export async function articlePool(reader) {
  const postIds = [];
  const titleWords = new Set();
  let samplePage = [];
  for (let offset = 0; offset < 500; offset += 50) {
    const page = await reader.client.postJson('/api/discover_feed', {
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
  if (postIds.length < 100) throw new Error(`only ${postIds.length} articles in the discover feed`);
  return { postIds, titleWords: [...titleWords], samplePage };
}

/** Sums autocannon results (one per reader) into one run's figures. */
export function summarise(results) {
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

/**
 * One run of the mixed workload from `connections` connections shared by the readers, each
 * reader's on its own web process; `rate` undefined: as fast as answers come back (closed loop).
 */
export function runWorkload(readers, { postIds, titleWords }, { connections, seconds, rate }) {
  const perReader = Math.max(1, Math.round(connections / readers.length));
  return Promise.all(
    readers.map((reader) =>
      autocannon({
        url: reader.origin,
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

export const describeRun = (run) =>
  `${run.requests} requests, ${run.requestsPerSecond} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
  `max ${run.max} ms, 5xx ${run.status5xx}, 4xx ${run.status4xx}, errors ${run.errors}, ` +
  `timeouts ${run.timeouts}`;
