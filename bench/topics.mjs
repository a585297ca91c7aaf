#!/usr/bin/env node
// Article topics against hand labels (docs/decisions/0031-topics-per-article.md): micro
// precision and recall of the topics the product gives each labelled article from its title and
// opening (server/src/ingestion/normalise/classify-topics.ts), beside the per-source stamp it
// replaces (every article carrying its source's catalogue topics), then source-grouped
// cross-validation of the rules' tuned weights: the weights are picked on four folds of sources
// and scored on the fifth, so the figure is one for blogs the weights never saw.
//   npm run build -w shared && npm run build -w server && npm run bench:topics -w bench
// Then the topic pages: every corpus article given its topics by the same rules, each topic's page
// ranked as the server ranks it (intelligence/ranking/topic-page.ts, at the corpus's newest date),
// and the share of each page's first 12 that are really about the topic.
// The labels (bench/data/topic-labels.jsonl) were made by hand, blind to the classifier: a seeded
// draw of two articles per source plus a uniform draw ("drawn": "random"), read from title and
// first 600 characters, and the first 12 of each topic page ("drawn": "predicted", with the
// `page` they came from), labelled from a sheet without the page's name:
//   node topics.mjs --page-sheet FILE   writes that sheet for the pages' unlabelled articles.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { record } from './lib/results.mjs';

requireBuilt();
const serverModule = (path) => import(pathToFileURL(join(repoRoot, 'server/dist', path)).href);
const { classifyTopics, scoreTopics, TOPIC_RULES, OPENING_CHARACTERS } = await serverModule(
  'ingestion/normalise/classify-topics.js',
);
const { topicPageRank } = await serverModule('intelligence/ranking/topic-page.js');
const { TOPICS } = await import('@blogstream/shared/lib');

const jsonLines = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

const labels = jsonLines(new URL('./data/topic-labels.jsonl', import.meta.url));
const corpus = jsonLines(join(sharedData, 'articles.jsonl'));
const articles = new Map(corpus.map((article) => [article.link, article]));
const sourceTopics = new Map(
  JSON.parse(readFileSync(join(repoRoot, 'server/data/catalogue.json'), 'utf8')).map((source) => [
    source.url_name,
    source.topics,
  ]),
);

/** The text the crawler stores after the title: the content (or description) as plain text. */
function openingOf(article) {
  const html = article.content || article.description || '';
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, OPENING_CHARACTERS);
}

const labelled = labels
  .filter((label) => label.drawn === 'random' && articles.has(label.link))
  .map((label) => {
    const article = articles.get(label.link);
    return {
      ...label,
      opening: openingOf(article),
      sourceTopics: sourceTopics.get(label.source_url_name) ?? [],
    };
  });

/** Micro counts of `assign(label)` against the labels. */
function counts(rows, assign) {
  let right = 0;
  let given = 0;
  let relevant = 0;
  for (const row of rows) {
    const topics = assign(row);
    given += topics.length;
    relevant += row.topics.length;
    right += topics.filter((topic) => row.topics.includes(topic)).length;
  }
  return { right, given, relevant };
}

const precision = ({ right, given }) => (given ? right / given : 0);
const recall = ({ right, relevant }) => (relevant ? right / relevant : 0);
const byRules = (rules) => (row) => classifyTopics(row.title, row.opening, row.sourceTopics, rules);

/** Weights tried by the cross-validation; the title's weight stays the unit. */
const GRID = [0.5, 0.75, 1].flatMap((openingCue) =>
  [0, 0.25, 0.5, 0.75, 1].flatMap((sourcePrior) =>
    [1.5, 2, 2.5, 3].flatMap((threshold) =>
      [2, 3].map((maxTopics) => ({ titleCue: 2, openingCue, sourcePrior, threshold, maxTopics })),
    ),
  ),
);
/** What the pick aims for: the best recall among rules at least this precise on the training folds. */
const TARGET_PRECISION = 0.86;

function pick(rows) {
  let best = null;
  for (const rules of GRID) {
    const found = counts(rows, byRules(rules));
    const key = precision(found) >= TARGET_PRECISION ? [1, recall(found)] : [0, precision(found)];
    if (!best || key[0] > best.key[0] || (key[0] === best.key[0] && key[1] > best.key[1])) {
      best = { key, rules };
    }
  }
  return best.rules;
}

/** A stable fold per source: every article of a source is in the same fold. */
const FOLDS = 5;
function foldOf(sourceName) {
  let hash = 0;
  for (const character of sourceName) hash = (hash * 31 + character.codePointAt(0)) >>> 0;
  return hash % FOLDS;
}

const crossValidated = { right: 0, given: 0, relevant: 0 };
for (let fold = 0; fold < FOLDS; fold += 1) {
  const rules = pick(labelled.filter((row) => foldOf(row.source_url_name) !== fold));
  const found = counts(
    labelled.filter((row) => foldOf(row.source_url_name) === fold),
    byRules(rules),
  );
  for (const key of Object.keys(crossValidated)) crossValidated[key] += found[key];
}

const rows = [
  ['before: the source stamp', counts(labelled, (row) => row.sourceTopics)],
  ['after: shipped rules', counts(labelled, byRules(TOPIC_RULES))],
  [`after: ${FOLDS}-fold by source`, crossValidated],
];
console.info(
  [
    `Topics: ${labelled.length} labelled articles of ${new Set(labelled.map((row) => row.source_url_name)).size} sources`,
    'assignment                    precision    recall   right/given   right/relevant',
    ...rows.map(([name, found]) =>
      [
        name.padEnd(28),
        precision(found).toFixed(3).padStart(10),
        recall(found).toFixed(3).padStart(9),
        `${found.right}/${found.given}`.padStart(13),
        `${found.right}/${found.relevant}`.padStart(16),
      ].join(' '),
    ),
  ].join('\n'),
);

// Topic pages: the first PAGE of each, as the server ranks them (topicPage), over the corpus.
const PAGE = 12;
const DAY_MS = 24 * 60 * 60 * 1000;
const now = Math.max(
  ...corpus.flatMap((article) => (article.published_at ? [Date.parse(article.published_at)] : [])),
);
const pageCandidates = new Map(TOPICS.map((topic) => [topic, []]));
// Corpus order stands in for post_id, the server's tie-break (later stored: higher id).
[...articles.values()].forEach((article, order) => {
  const opening = openingOf(article);
  const ageDays = article.published_at ? (now - Date.parse(article.published_at)) / DAY_MS : null;
  for (const { topic, score } of scoreTopics(
    article.title,
    opening,
    sourceTopics.get(article.source_url_name) ?? [],
  )) {
    pageCandidates
      .get(topic)
      .push({ article, opening, order, rank: topicPageRank(score, ageDays) });
  }
});
const pages = [...pageCandidates].map(([topic, candidates]) => [
  topic,
  candidates.sort((a, b) => b.rank - a.rank || b.order - a.order).slice(0, PAGE),
]);

/** Every hand label by link (an article drawn twice has one reading). */
const labelOf = new Map(labels.map((label) => [label.link, label.topics]));

const sheetAt = process.argv.indexOf('--page-sheet');
if (sheetAt !== -1) {
  // The sheet leaves out the page each article came from, so it is labelled blind to it.
  const unlabelled = new Map(
    pages.flatMap(([, page]) =>
      page
        .filter(({ article }) => !labelOf.has(article.link))
        .map(({ article, opening }) => [article.link, { article, opening }]),
    ),
  );
  writeFileSync(
    process.argv[sheetAt + 1],
    [...unlabelled.values()]
      .sort((a, b) => a.article.link.localeCompare(b.article.link))
      .map(({ article, opening }) =>
        JSON.stringify({
          link: article.link,
          source_url_name: article.source_url_name,
          title: article.title,
          opening,
        }),
      )
      .join('\n') + '\n',
  );
  console.info(`Wrote ${unlabelled.size} unlabelled articles of the topic pages`);
}

const pageRows = pages.map(([topic, page]) => {
  const judged = page.filter(({ article }) => labelOf.has(article.link));
  const right = judged.filter(({ article }) => labelOf.get(article.link).includes(topic)).length;
  return { topic, shown: page.length, judged: judged.length, right };
});
const pageTotals = pageRows.reduce(
  (total, row) => ({ judged: total.judged + row.judged, right: total.right + row.right }),
  { judged: 0, right: 0 },
);
const pagePrecision = pageTotals.judged ? pageTotals.right / pageTotals.judged : 0;
console.info(
  [
    `Topic pages: the first ${PAGE} of each, ranked at ${new Date(now).toISOString().slice(0, 10)}`,
    'topic                       precision   right/labelled   shown',
    ...pageRows.map(({ topic, shown, judged, right }) =>
      [
        topic.padEnd(26),
        (judged ? (right / judged).toFixed(3) : '-').padStart(10),
        `${right}/${judged}`.padStart(16),
        String(shown).padStart(7),
      ].join(' '),
    ),
    `${'all topic pages'.padEnd(26)} ${pagePrecision.toFixed(3).padStart(10)} ${`${pageTotals.right}/${pageTotals.judged}`.padStart(16)}`,
  ].join('\n'),
);

record(
  rows
    .flatMap(([name, found]) => [
      { bench: 'topics', figure: `precision, ${name}`, value: precision(found), unit: '' },
      { bench: 'topics', figure: `recall, ${name}`, value: recall(found), unit: '' },
    ])
    .concat([
      {
        bench: 'topics',
        figure: `topic page precision, first ${PAGE}`,
        value: pagePrecision,
        unit: '',
      },
    ]),
);
