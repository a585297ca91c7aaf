#!/usr/bin/env node
// Weekly digest throughput: `npm run admin -- digest` building and handing 10,000 digests to a
// local SMTP peer that accepts and discards, beside raw nodemailer sends of one fixed message
// (a real digest of the same run) to the same peer over the same pooled transport settings:
//   npm run build -w shared && npm run build -w server && node bench/digest.mjs
// BENCH_DIGEST_READERS changes the number of weekly readers (10000).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { SMTPServer } from 'smtp-server';
import { LANDING_TOPICS } from '@blogstream/shared/lib';
import { repoRoot } from './lib/paths.mjs';
import { record, setting } from './lib/results.mjs';
import { admin, benchEnv, preparedDataDir } from './lib/server-process.mjs';

const READERS = setting('BENCH_DIGEST_READERS', 10_000, 1_000);
const SOURCES = 60;
const ARTICLES = 480;
/**
 * The digest's pool: DIGEST_POOL in server/src/mail/digest/digest-transport.ts, which the one
 * mail transport (server/src/mail/transport.ts) builds pooled.
 */
const POOL = { pool: true, maxConnections: 4, maxMessages: 500 };

const dist = (path) => pathToFileURL(resolve(repoRoot, 'server/dist', path)).href;

function requireBuilt() {
  for (const file of ['admin.js', 'main.js', 'mail/digest/run-digest.js']) {
    if (!existsSync(resolve(repoRoot, 'server/dist', file))) {
      throw new Error(
        `server/dist/${file} is missing: npm run build -w shared && npm run build -w server`,
      );
    }
  }
}

/** An SMTP server on loopback that accepts every message and throws it away. */
async function startSink() {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 64,
    onData(stream, _session, callback) {
      stream.on('end', () => {
        accepted += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted: () => accepted,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** Sentences enough for the offline summariser to work from the stored text alone. */
function articleText(index) {
  const sentences = [];
  for (let sentence = 0; sentence < 14; sentence += 1) {
    sentences.push(
      `Part ${sentence} of study ${index} explains how the team measured latency, cost and ` +
        `reliability of service ${sentence % 5} before and after the migration to the new design.`,
    );
  }
  return sentences.join(' ');
}

/** Sources, this week's articles and weekly readers, by direct SQL into the embedded database. */
async function seed(dataDir) {
  const { openPglite } = await import(dist('db/connection/pglite.js'));
  const { pgliteDir } = await import(dist('db/connection/data-dir.js'));
  const db = await openPglite(pgliteDir(dataDir));
  try {
    await db.query(
      `INSERT INTO sources (url_name, name, long_name, feed_url, topics)
       SELECT 'bench-' || n, 'Bench Blog ' || n, 'Bench Blog ' || n,
              'https://bench-' || n || '.example/feed.xml', ARRAY[($1::text[])[(n % 10) + 1]]
         FROM generate_series(1, $2) n`,
      [LANDING_TOPICS, SOURCES],
    );
    const { rows: sources } = await db.query('SELECT source_id FROM sources ORDER BY source_id');
    for (let index = 0; index < ARTICLES; index += 1) {
      const source = sources[index % sources.length].source_id;
      const topics = [
        LANDING_TOPICS[index % LANDING_TOPICS.length],
        LANDING_TOPICS[(index * 7 + 3) % LANDING_TOPICS.length],
      ];
      await db.query(
        `INSERT INTO articles (source_id, link, title, description, content, publishing_date, topics)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), $7::text[])`,
        [
          source,
          `https://bench.example/posts/${index}`,
          `Bench article ${index}: what we learned running service ${index % 17}`,
          `A write-up of experiment ${index} and its results.`,
          articleText(index),
          (index * 19) % (6 * 24 * 60),
          [...new Set(topics)],
        ],
      );
    }
    await db.query(
      `INSERT INTO users (email, name, topics, email_digest_frequency, email_verified_at)
       SELECT 'reader-' || n || '@bench.example', 'Reader ' || n,
              ($1::text[])[(n % 10) + 1:(n % 10) + 1 + (n % 3)], 2, now()
         FROM generate_series(1, $2) n`,
      [LANDING_TOPICS, READERS],
    );
    // A fifth of the readers follow two sources.
    await db.query(
      `INSERT INTO source_follows (user_id, source_id)
       SELECT u.user_id, s.source_id FROM users u
         JOIN sources s ON s.source_id IN (
           (SELECT min(source_id) FROM sources) + u.user_id % $1,
           (SELECT min(source_id) FROM sources) + (u.user_id * 7) % $1)
        WHERE u.user_id % 5 = 0
       ON CONFLICT DO NOTHING`,
      [SOURCES],
    );
  } finally {
    await db.close();
  }
}

/** "Digest run (admin) week 2025-W23: 10000 readers in 42.1 s, 10000 sent, 0 with nothing new, ..." */
function parseDigestSummary(output) {
  const match =
    /Digest run \(admin\) week \S+: (\d+) readers in ([\d.]+) s, (\d+) sent, (\d+) with nothing new.*?(\d+) failed/.exec(
      output,
    );
  if (!match) throw new Error(`No digest summary in:\n${output}`);
  const [, readers, seconds, sent, empty, failed] = match.map(Number);
  return { readers, seconds, sent, empty, failed };
}

/** One reader's digest as the dry run shows it: subject, text part and the HTML file. */
function parsePreview(output) {
  const subject = /^Subject: +(.*)$/m.exec(output)?.[1];
  const htmlFile = /^HTML part: +(.*)$/m.exec(output)?.[1];
  const text = output.slice(
    output.indexOf(`${htmlFile}\n`) + htmlFile.length + 1,
    output.indexOf('Dry run:'),
  );
  if (!subject || !htmlFile) throw new Error(`No preview in:\n${output}`);
  return { subject, text: text.trim(), html: readFileSync(htmlFile, 'utf8') };
}

/** `count` sends of one message through a pooled transport, all queued at once. */
async function rawSends(url, message, count) {
  // As server/src/mail/transport.ts builds it (createTransport({ url, ... }) would drop the pool
  // options).
  const transport = nodemailer.createTransport(new SMTPPool({ url, ...POOL }));
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: count }, (_, index) =>
        transport.sendMail({ ...message, to: `reader-${index + 1}@bench.example` }),
      ),
    );
  } finally {
    transport.close();
  }
  return (performance.now() - started) / 1000;
}

requireBuilt();
const sink = await startSink();
const dataDir = await preparedDataDir('digest');
try {
  await seed(dataDir);
  const env = benchEnv(dataDir, { SMTP_URL: sink.url, LOG_LEVEL: 'info', DIGEST_SCHEDULE: 'off' });
  const preview = parsePreview(await admin(['digest', '--dry-run'], env));
  const digest = parseDigestSummary(await admin(['digest'], env));
  const receivedByDigest = sink.accepted();
  const fixed = {
    from: 'Blogstream <no-reply@localhost>',
    subject: preview.subject,
    text: preview.text,
    html: preview.html,
  };
  const rawSeconds = await rawSends(sink.url, fixed, digest.sent);

  const rows = [
    ['admin digest (build + send)', digest.sent, digest.seconds],
    ['raw nodemailer, fixed message', digest.sent, rawSeconds],
  ];
  console.info(
    `Weekly digest: ${READERS} weekly readers, ${ARTICLES} new articles from ${SOURCES} sources, ` +
      `embedded database, pooled SMTP (${POOL.maxConnections} connections) to a discarding local peer`,
  );
  console.info(
    `  (one digest: ${Buffer.byteLength(preview.html) + Buffer.byteLength(preview.text)} bytes of text and HTML; sink accepted ${receivedByDigest} digests, ${digest.empty} readers had nothing new, ${digest.failed} failed)`,
  );
  console.info(
    `${'run'.padEnd(32)} ${'messages'.padStart(9)} ${'total s'.padStart(9)} ${'msgs/s'.padStart(9)} ${'ratio'.padStart(7)}`,
  );
  for (const [label, count, seconds] of rows) {
    console.info(
      [
        label.padEnd(32),
        String(count).padStart(9),
        seconds.toFixed(2).padStart(9),
        (count / seconds).toFixed(0).padStart(9),
        (seconds / rawSeconds).toFixed(2).padStart(7),
      ].join(' '),
    );
  }
  const bench = `digest (${READERS} weekly readers)`;
  const reference = 'raw nodemailer, fixed message';
  record([
    {
      bench,
      figure: `build + send ${digest.sent} digests, total`,
      value: digest.seconds,
      unit: 's',
      reference,
      referenceValue: rawSeconds,
    },
    {
      bench,
      figure: 'messages/s',
      value: digest.sent / digest.seconds,
      unit: '/s',
      reference,
      referenceValue: digest.sent / rawSeconds,
    },
    ...(digest.failed > 0
      ? [{ bench, figure: 'failed', value: digest.failed, unit: 'count' }]
      : []),
  ]);
} finally {
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
