#!/usr/bin/env node
// Article topics against hand labels (docs/decisions/0031-topics-per-article.md): micro
// precision and recall of the topics the product gives each labelled article from its title and
// opening (server/src/ingestion/normalise/classify-topics.ts), beside the per-source stamp it
// replaces (every article carrying its source's catalogue topics), then source-grouped
// cross-validation of the rules' tuned weights: the weights are picked on four folds of sources
// and scored on the fifth, so the figure is one for blogs the weights never saw.
//   npm run build -w shared && npm run build -w server && npm run bench:topics -w bench
// The labels (bench/data/topic-labels.jsonl) were made by hand, blind to the classifier: a seeded
// draw of two articles per source plus a uniform draw, read from title and first 600 characters.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { record } from './lib/results.mjs';

requireBuilt();
const { classifyTopics, TOPIC_RULES, OPENING_CHARACTERS } = await import(
  pathToFileURL(join(repoRoot, 'server/dist/ingestion/normalise/classify-topics.js')).href
);

const jsonLines = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

const labels = jsonLines(new URL('./data/topic-labels.jsonl', import.meta.url));
const articles = new Map(
  jsonLines(join(sharedData, 'articles.jsonl')).map((article) => [article.link, article]),
);
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
  .filter((label) => articles.has(label.link))
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

record(
  rows.flatMap(([name, found]) => [
    { bench: 'topics', figure: `precision, ${name}`, value: precision(found), unit: '' },
    { bench: 'topics', figure: `recall, ${name}`, value: recall(found), unit: '' },
  ]),
);
