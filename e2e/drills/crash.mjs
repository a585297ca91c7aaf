#!/usr/bin/env node
// Crash drill: kill -9 the server in the middle of a stream of acknowledged writes (bookmarks,
// follows, collection creates and memberships by several readers), restart it on the same data
// directory, and compare what the API then reports with the client's ledger of acknowledged
// writes. An acknowledged write that is missing after the restart is a lost write.
//
//   node e2e/drills/crash.mjs            (DRILL_CRASH_KILLS=5, DRILL_CRASH_READERS=6)
//
// Embedded mode (PGlite in DATA_DIR). Writes answered 2xx are "acknowledged"; a write in flight at
// the kill may land or not (both are accepted, and the ledger adopts what the database says).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rawFeeds } from '../../bench/lib/corpus-feeds.mjs';
import { opml, serveFeeds } from '../../bench/lib/feed-server.mjs';
import { createReader, reportResult } from '../../bench/lib/api-client.mjs';
import { requireBuilt } from '../../bench/lib/paths.mjs';
import {
  admin,
  drillEnv,
  freePort,
  startServer,
  temporaryDataDir,
} from '../../bench/lib/server-process.mjs';

const KILLS = Number(process.env.DRILL_CRASH_KILLS ?? 5);
const READERS = Number(process.env.DRILL_CRASH_READERS ?? 6);
const FEEDS = Number(process.env.DRILL_CRASH_FEEDS ?? 8);
const POSTS_PER_READER = 60;
const MAX_COLLECTIONS = 40;

const random = (n) => Math.floor(Math.random() * n);
const pick = (list) => list[random(list.length)];

/** One reader's ledger: the state the server acknowledged, key by key. */
class Ledger {
  bookmarks = new Map(); // postId -> bool
  follows = new Map(); // sourceId -> bool
  collections = new Map(); // name -> collection_id (acknowledged creates)
  members = new Map(); // `${collectionId}:${postId}` -> bool
  pending = null; // the one write in flight: { kind, key, value }
  acknowledged = 0;
}

async function writeLoop(reader, posts, sources, stop) {
  const { client, ledger } = reader;
  let serial = 0;
  while (!stop.stopped) {
    const roll = Math.random();
    let op;
    if (roll < 0.4) {
      const postId = pick(posts);
      const value = !(ledger.bookmarks.get(postId) ?? false);
      op = {
        kind: 'bookmark',
        key: postId,
        value,
        path: value ? '/api/bookmark_post' : '/api/remove_bookmark',
        body: { postId },
      };
    } else if (roll < 0.65) {
      const sourceId = pick(sources);
      const value = !(ledger.follows.get(sourceId) ?? false);
      op = {
        kind: 'follow',
        key: sourceId,
        value,
        path: value ? '/api/follow_source' : '/api/unfollow_source',
        body: { sourceId },
      };
    } else if (roll < 0.8 && ledger.collections.size < MAX_COLLECTIONS) {
      const name = `drill ${reader.index}-${Date.now()}-${serial++}`;
      op = {
        kind: 'collection',
        key: name,
        value: true,
        path: '/api/create_collection',
        body: { collectionName: name },
      };
    } else if (ledger.collections.size > 0) {
      const collectionId = pick([...ledger.collections.values()]);
      const postId = pick(posts);
      const key = `${collectionId}:${postId}`;
      const value = !(ledger.members.get(key) ?? false);
      op = {
        kind: 'member',
        key,
        value,
        path: value ? '/api/add_article_to_collection' : '/api/remove_article_from_collection',
        body: { collectionId, postId },
      };
    } else continue;
    ledger.pending = op;
    let answer;
    try {
      answer = await client.postJson(op.path, op.body);
    } catch (error) {
      if (error.status) throw error; // an HTTP error from a live server is a drill failure
      return; // the connection died: the server was killed, `pending` stays unknown
    }
    if (op.kind === 'bookmark') ledger.bookmarks.set(op.key, op.value);
    if (op.kind === 'follow') ledger.follows.set(op.key, op.value);
    if (op.kind === 'collection') ledger.collections.set(op.key, answer.collection_id);
    if (op.kind === 'member') ledger.members.set(op.key, op.value);
    ledger.pending = null;
    ledger.acknowledged += 1;
  }
}

async function feedPages(client, path, body = {}) {
  const all = [];
  for (let offset = 0; ; offset += 50) {
    const page = await client.postJson(path, { ...body, queryData: null, offset, limit: 50 });
    all.push(...page);
    if (page.length < 50) return all;
  }
}

/** What the server now holds for a reader, read through the API. */
async function actualState(client) {
  const check = await client.getJson('/api/check_logged_in');
  const bookmarks = new Set((await feedPages(client, '/api/bookmarks_feed')).map((a) => a.post_id));
  const follows = new Set(
    (await client.postJson('/api/sources', {})).filter((s) => s.following).map((s) => s.source_id),
  );
  const collections = new Map(
    (await client.postJson('/api/get_collections', {})).map((c) => [c.name, c.collection_id]),
  );
  const members = new Set();
  for (const id of collections.values()) {
    for (const article of await feedPages(client, `/api/get_articles_in_collection/${id}`)) {
      members.add(`${id}:${article.post_id}`);
    }
  }
  return { signedIn: Boolean(check?.email), bookmarks, follows, collections, members };
}

/** Compares a reader's ledger with the database; adopts the database's answer for the in-flight write. */
function compare(ledger, actual) {
  const lost = [];
  const isPending = (kind, key) => ledger.pending?.kind === kind && ledger.pending.key === key;
  const check = (kind, map, has) => {
    for (const [key, expected] of map) {
      if (isPending(kind, key)) continue;
      if (has(key) !== expected)
        lost.push(`${kind} ${key}: acknowledged ${expected}, found ${!expected}`);
    }
  };
  check('bookmark', ledger.bookmarks, (key) => actual.bookmarks.has(key));
  check('follow', ledger.follows, (key) => actual.follows.has(key));
  check('member', ledger.members, (key) => actual.members.has(key));
  for (const [name, id] of ledger.collections) {
    if (actual.collections.get(name) !== id) lost.push(`collection "${name}" (${id}) missing`);
  }
  // Anything the database holds that the ledger never acknowledged must be the in-flight write.
  const extra = [];
  for (const key of actual.bookmarks)
    if (!ledger.bookmarks.get(key) && !isPending('bookmark', key)) extra.push(`bookmark ${key}`);
  for (const key of actual.follows)
    if (!ledger.follows.get(key) && !isPending('follow', key)) extra.push(`follow ${key}`);
  for (const [name] of actual.collections)
    if (!ledger.collections.has(name) && !isPending('collection', name))
      extra.push(`collection ${name}`);
  // Adopt the outcome of the in-flight write.
  const pending = ledger.pending;
  let landed = null;
  if (pending) {
    if (pending.kind === 'bookmark')
      ledger.bookmarks.set(pending.key, (landed = actual.bookmarks.has(pending.key)));
    if (pending.kind === 'follow')
      ledger.follows.set(pending.key, (landed = actual.follows.has(pending.key)));
    if (pending.kind === 'member')
      ledger.members.set(pending.key, (landed = actual.members.has(pending.key)));
    if (pending.kind === 'collection') {
      landed = actual.collections.has(pending.key);
      if (landed) ledger.collections.set(pending.key, actual.collections.get(pending.key));
    }
    ledger.pending = null;
  }
  return { lost, extra, pendingLanded: pending ? landed === pending.value : null };
}

async function main() {
  requireBuilt();
  const started = performance.now();
  const dataDir = temporaryDataDir('crash');
  const port = await freePort();
  const env = drillEnv(dataDir);
  const served = await serveFeeds(rawFeeds().slice(0, FEEDS), 4);
  let server = await startServer(env, port);
  const rounds = [];
  let sessionsLost = 0;
  try {
    const opmlFile = join(dataDir, 'feeds.opml');
    writeFileSync(opmlFile, opml(served.urls));
    await admin(['import-opml', opmlFile], env);
    await admin(['crawl'], { ...env, FEED_ALLOW_PRIVATE: '1' });
    const readers = [];
    for (let index = 0; index < READERS; index++) {
      readers.push({
        index,
        ...(await createReader(server.origin, 'crash')),
        ledger: new Ledger(),
      });
    }
    const visitor = readers[0].client;
    const allPosts = (
      await visitor.postJson('/api/discover_feed', { queryData: null, offset: 0, limit: 50 })
    )
      .concat(
        await visitor.postJson('/api/discover_feed', { queryData: null, offset: 50, limit: 50 }),
      )
      .concat(
        await visitor.postJson('/api/discover_feed', { queryData: null, offset: 100, limit: 50 }),
      )
      .map((a) => a.post_id);
    const sources = (await visitor.postJson('/api/sources', {})).map((s) => s.source_id);
    if (allPosts.length < 50 || sources.length === 0) {
      throw new Error(`too little content: ${allPosts.length} posts, ${sources.length} sources`);
    }
    console.info(
      `crash drill: ${READERS} readers, ${allPosts.length} articles, ${sources.length} sources, ${KILLS} kills`,
    );

    for (let round = 1; round <= KILLS; round++) {
      const stop = { stopped: false };
      const before = readers.reduce((sum, r) => sum + r.ledger.acknowledged, 0);
      const loops = readers.map((reader) => {
        const posts = Array.from({ length: POSTS_PER_READER }, () => pick(allPosts));
        return writeLoop(reader, posts, sources, stop);
      });
      const killAfterMs = 1_500 + random(3_500);
      await sleep(killAfterMs);
      await server.kill();
      stop.stopped = true;
      const loopErrors = (await Promise.allSettled(loops)).filter((r) => r.status === 'rejected');
      if (loopErrors.length) throw loopErrors[0].reason;
      const acknowledged = readers.reduce((sum, r) => sum + r.ledger.acknowledged, 0) - before;
      const inFlight = readers.filter((r) => r.ledger.pending).length;

      const restartStarted = performance.now();
      server = await startServer(env, port);
      const restartSeconds = (performance.now() - restartStarted) / 1000;
      let lost = 0;
      let extra = 0;
      let landed = 0;
      const details = [];
      for (const reader of readers) {
        const actual = await actualState(reader.client);
        if (!actual.signedIn) {
          sessionsLost += 1;
          details.push(`reader ${reader.index}: session gone after restart`);
        }
        const result = compare(reader.ledger, actual);
        lost += result.lost.length;
        extra += result.extra.length;
        if (result.pendingLanded) landed += 1;
        details.push(
          ...result.lost.slice(0, 5),
          ...result.extra.slice(0, 5).map((e) => `unexplained ${e}`),
        );
      }
      const row = {
        round,
        killAfterMs,
        acknowledged,
        inFlight,
        inFlightLanded: landed,
        lost,
        unexplained: extra,
        restartSeconds: Number(restartSeconds.toFixed(1)),
      };
      rounds.push(row);
      console.info(
        `  kill ${round} at +${(killAfterMs / 1000).toFixed(1)} s: ${acknowledged} writes acknowledged, ` +
          `${inFlight} in flight (${landed} landed), ${lost} lost, ${extra} unexplained, ` +
          `restart ${restartSeconds.toFixed(1)} s`,
      );
      for (const line of details.slice(0, 10)) console.info(`    ${line}`);
    }
  } finally {
    await server.stop();
    await served.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const acknowledged = rounds.reduce((sum, r) => sum + r.acknowledged, 0);
  const lost = rounds.reduce((sum, r) => sum + r.lost, 0);
  const unexplained = rounds.reduce((sum, r) => sum + r.unexplained, 0);
  const pass = lost === 0 && unexplained === 0 && sessionsLost === 0 && rounds.length === KILLS;
  reportResult({
    name: 'crash',
    pass,
    seconds: Math.round((performance.now() - started) / 1000),
    summary:
      `embedded (PGlite): ${KILLS} kill -9s, ${acknowledged} acknowledged writes, ${lost} lost, ` +
      `${unexplained} unexplained, ${sessionsLost} sessions lost`,
    numbers: {
      mode: 'embedded',
      kills: KILLS,
      acknowledged,
      lost,
      unexplained,
      sessionsLost,
      rounds,
    },
  });
}

main().catch((error) => {
  console.error(error);
  reportResult({ name: 'crash', pass: false, summary: `error: ${error.message.split('\n')[0]}` });
});
