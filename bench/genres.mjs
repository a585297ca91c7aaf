#!/usr/bin/env node
// Genre precision on a labelled sample (docs/decisions/0025-article-genres.md): the whole shared
// corpus crawled by the product (`admin import-opml`, `admin crawl`, whose pass gives every
// article its genre), then each labelled article's stored genre compared with its label.
//   npm run build -w shared && npm run build -w server && npm run bench:genres -w bench
// The labels (bench/data/genre-labels.jsonl) were made by hand, blind to the classifier's answer,
// on articles of sources the rules were not written from: per sample, up to 15 (12) articles
// drawn from each genre's predictions plus a random draw of the same sources (`drawn`), so
// precision counts every labelled article the classifier gave a genre and recall only the
// random draw.
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
const { GENRES } = await import('@blogstream/shared/contract');

const labels = readFileSync(new URL('./data/genre-labels.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

/** Every crawled article's genre by normalised link, and the share of articles with one. */
async function crawledGenres() {
  const served = await serveFeeds(corpusFeeds());
  const dataDir = await preparedDataDir('genres');
  const env = benchEnv(dataDir);
  try {
    const opmlFile = join(dataDir, 'feeds.opml');
    writeFileSync(opmlFile, opml(served.urls));
    await admin(['import-opml', opmlFile], env);
    await admin(['crawl'], env);
    const db = await openDatabase(loadConfig({ ...env, LOG_LEVEL: 'silent' }), () => undefined);
    try {
      const { rows } = await db.query('SELECT link, genre FROM articles');
      return new Map(rows.map((row) => [normaliseLink(row.link), row.genre]));
    } finally {
      await db.close();
    }
  } finally {
    await served.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const genres = await crawledGenres();
const labelled = labels.filter((label) => genres.has(normaliseLink(label.link)));
const missing = labels.length - labelled.length;
const predicted = (label) => genres.get(normaliseLink(label.link)) ?? null;

const isRandomDraw = (label) => label.drawn !== 'predicted';
const share = (genre) =>
  [...genres.values()].filter((value) => (genre ? value === genre : value !== null)).length /
  genres.size;

/** Precision over every labelled article given `genre` (any genre when null), recall over the random draw. */
function scores(genre) {
  const gives = (label) => (genre ? predicted(label) === genre : predicted(label) !== null);
  const given = labelled.filter(gives);
  const right = given.filter((label) => predicted(label) === label.genre);
  const relevant = labelled.filter(
    (label) => isRandomDraw(label) && label.genre !== null && (!genre || label.genre === genre),
  );
  const found = relevant.filter((label) => predicted(label) === label.genre);
  return {
    given: given.length,
    right: right.length,
    relevant: relevant.length,
    found: found.length,
  };
}

const details = [...GENRES, null].map((genre) => ({
  genre,
  ...scores(genre),
  share: share(genre),
}));
console.info(
  [
    `Genres: ${labelled.length} labelled articles (${missing} not crawled), ${genres.size} crawled`,
    'genre           precision   right/given   recall (random draw)   corpus share',
    ...details.map(({ genre, given, right, relevant, found, share }) =>
      [
        (genre ?? 'all (micro)').padEnd(15),
        (given ? (right / given).toFixed(3) : 'n/a').padStart(9),
        `${right}/${given}`.padStart(13),
        `${found}/${relevant}`.padStart(22),
        `${(share * 100).toFixed(1)} %`.padStart(14),
      ].join(' '),
    ),
  ].join('\n'),
);

record(
  details.flatMap(({ genre, given, right, relevant, found, share }) => [
    {
      bench: 'genres',
      figure: `precision, ${genre ?? 'all genres (micro)'} (${right}/${given})`,
      value: given ? right / given : null,
      unit: '',
    },
    ...(genre
      ? []
      : [
          {
            bench: 'genres',
            figure: `recall, random draw (${found}/${relevant})`,
            value: found / relevant,
            unit: '',
          },
          {
            bench: 'genres',
            figure: 'share of crawled articles with a genre',
            value: share,
            unit: '',
          },
        ]),
  ]),
);
