#!/usr/bin/env node
// One story across blogs (docs/decisions/0029-one-story-across-blogs.md): the whole shared corpus
// (articles.jsonl, 126 blogs) crawled by the product (`admin import-opml`, `admin crawl`, whose
// pass clusters the stories), then every pair of articles the product put in one story compared
// with a labelled sample; the pass is then timed again from scratch.
//   npm run build -w shared && npm run build -w server && npm run bench:stories -w bench
// The labels (bench/data/story-labels.jsonl) are every pair of articles of different blogs
// published within 14 days of each other whose titles share 40 % of their words or whose texts
// share 20 % of their five-word shingles (aggregator prefixes set aside): 122 pairs, each judged
// by hand ("same story": one post, one announcement or one aggregator copy). Precision counts
// the product's pairs that are labelled; a pair outside the sample is listed.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusFeeds } from './lib/corpus-feeds.mjs';
import { opml, serveFeeds } from './lib/feed-server.mjs';
import { normaliseLink } from './lib/ir-metrics.mjs';
import { repoRoot, requireBuilt } from './lib/paths.mjs';
import { record } from './lib/results.mjs';
import { admin, benchEnv, preparedDataDir } from './lib/server-process.mjs';

requireBuilt();
const dist = (path) => import(pathToFileURL(join(repoRoot, 'server/dist', path)).href);
const { loadConfig } = await dist('config.js');
const { openDatabase } = await dist('db/connection/open.js');
const { clusterStories } = await dist('intelligence/stories/cluster-stories.js');
const { consoleLog } = await dist('lib/log.js');

/** The corpus's aggregators, as the product's catalogue marks them (server/data/catalogue.json). */
const AGGREGATORS = ['planet-mozilla'];

const pairKey = (left, right) => [normaliseLink(left), normaliseLink(right)].sort().join(' ');
const labels = new Map(
  readFileSync(new URL('./data/story-labels.jsonl', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .map((label) => [pairKey(label.a.link, label.b.link), label]),
);

/** Every pair of articles in one story: [{ left, right }] with link, title and blog. */
async function storyPairs(db) {
  const { rows } = await db.query(
    `SELECT a.story_id, a.link, a.title, s.name AS blog
       FROM articles a JOIN sources s USING (source_id)
      WHERE a.story_id IS NOT NULL ORDER BY a.story_id, a.post_id`,
  );
  const stories = new Map();
  for (const row of rows) {
    const key = String(row.story_id);
    stories.set(key, [...(stories.get(key) ?? []), row]);
  }
  return [...stories.values()].flatMap((members) =>
    members.flatMap((left, index) => members.slice(index + 1).map((right) => ({ left, right }))),
  );
}

const served = await serveFeeds(corpusFeeds());
const dataDir = await preparedDataDir('stories');
const env = benchEnv(dataDir);
const blogOf = (name) => name.replace(/-part-\d+$/, '');
let pairs;
let crawled;
/** Each stored article's blog by normalised link. */
let storedAt;
let timing;
try {
  const opmlFile = join(dataDir, 'feeds.opml');
  writeFileSync(opmlFile, opml(served.urls));
  await admin(['import-opml', opmlFile], env);
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  let db = await openDatabase(config, () => undefined);
  await db.query(
    `UPDATE sources SET source_type = 'aggregator'
      WHERE ${AGGREGATORS.map((_, index) => `url_name LIKE $${index + 1}`).join(' OR ')}`,
    AGGREGATORS.map((name) => `${name}%`),
  );
  await db.close();
  await admin(['crawl'], env);
  db = await openDatabase(config, () => undefined);
  try {
    pairs = await storyPairs(db);
    const stored = await db.query(
      'SELECT a.link, s.name AS blog FROM articles a JOIN sources s USING (source_id)',
    );
    storedAt = new Map(stored.rows.map((row) => [normaliseLink(row.link), blogOf(row.blog)]));
    crawled = stored.rows.length;
    // The pass again from scratch, timed: what a first start over this corpus costs.
    await db.query('UPDATE articles SET story_id = NULL, story_version = NULL');
    const started = performance.now();
    await clusterStories(db, consoleLog('silent'));
    timing = (performance.now() - started) / 1000;
  } finally {
    await db.close();
  }
} finally {
  await served.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const judged = pairs.map((pair) => ({
  ...pair,
  label: labels.get(pairKey(pair.left.link, pair.right.link)) ?? null,
}));
const right = judged.filter((pair) => pair.label?.same_story === true);
const wrong = judged.filter((pair) => pair.label?.same_story === false);
const unlabelled = judged.filter((pair) => pair.label === null);
const sameBlog = judged.filter((pair) => blogOf(pair.left.blog) === blogOf(pair.right.blog));
const found = new Set(right.map((pair) => pair.label));
// A labelled copy stored under the other copy's address is one article already (link_key).
const storedAsLabelled = (article) =>
  storedAt.get(normaliseLink(article.link)) === article.source_url_name;
const labelledPositives = [...labels.values()].filter((label) => label.same_story);
const positives = labelledPositives.filter(
  (label) => storedAsLabelled(label.a) && storedAsLabelled(label.b),
);
const mergedByLink = labelledPositives.length - positives.length;
const missed = positives.filter((label) => !found.has(label));
const precision = right.length + wrong.length ? right.length / (right.length + wrong.length) : null;
const describe = ({ left, right: other }) =>
  `    ${left.blog}: ${left.title}  |  ${other.blog}: ${other.title}`;

console.info(
  [
    `Stories: ${crawled} crawled articles, ${pairs.length} pairs put in one story, ` +
      `${labels.size} labelled pairs (${labelledPositives.length} the same story, ` +
      `${mergedByLink} of them one article already by their link)`,
    `precision ${precision === null ? 'n/a' : precision.toFixed(3)} (${right.length} right, ${wrong.length} wrong)`,
    `recall on the labelled sample ${(right.length / positives.length).toFixed(3)} (${found.size}/${positives.length})`,
    `pairs outside the labelled sample: ${unlabelled.length}; pairs within one blog: ${sameBlog.length}`,
    `clustering pass from scratch: ${timing.toFixed(1)} s (${Math.round(crawled / timing)} articles/s)`,
    ...(wrong.length ? ['  wrong:', ...wrong.map(describe)] : []),
    ...(unlabelled.length ? ['  outside the sample:', ...unlabelled.map(describe)] : []),
    ...(missed.length
      ? [
          '  missed:',
          ...missed.map((label) => `    ${label.a.title}  |  ${label.b.title} (${label.why})`),
        ]
      : []),
  ].join('\n'),
);

record([
  {
    bench: 'stories',
    figure: `precision on the labelled sample (${right.length}/${right.length + wrong.length})`,
    value: precision,
    unit: '',
  },
  {
    bench: 'stories',
    figure: `recall on the labelled sample (${found.size}/${positives.length})`,
    value: found.size / positives.length,
    unit: '',
  },
  {
    bench: 'stories',
    figure: 'pairs outside the labelled sample',
    value: unlabelled.length,
    unit: '',
  },
  {
    bench: 'stories',
    figure: 'clustering pass, whole corpus from scratch',
    value: timing,
    unit: 's',
  },
]);
