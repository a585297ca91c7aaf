#!/usr/bin/env node
// The site's own word model (docs/decisions/0043): how well the offline word model's dense leg
// finds articles of sources it was never trained on, against a model trained on those sources'
// articles alone, as a site trains one on its own. The shared corpus's sources are split into
// BENCH_FOLDS (4) folds by a hash of their name; for each fold, its articles are the site (the
// held-out sources) and the development queries with a relevant article there are asked of it,
// judged on its articles only: once with a model trained on every other fold (what the shipped
// model is to sources it never saw), once with a model trained on the fold's own articles. Prints
// dense nDCG@10 per kind of query over every fold's queries, and each training's time.
//   npm run build -w shared && npm run build -w server && npm run bench:own-word-model -w bench
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meanByKind, ndcgAt, normaliseLink } from './lib/ir-metrics.mjs';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { record, setting } from './lib/results.mjs';

requireBuilt();
const server = (path) => import(join(repoRoot, 'server/dist/intelligence/embeddings', path));
const { articleEmbeddingText, TRAINING_TEXT_LIMITS } = await server('article-text.js');
const { loadOfflineEmbedder } = await server('offline/index.js');
const { trainModelFile } = await server('offline/train-artefact.js');

const FOLDS = setting('BENCH_FOLDS', 4, 2);
const cacheDir = process.env.MODEL_CACHE_DIR ?? join(tmpdir(), 'blogstream-offline-cache');
const readJsonl = (file) =>
  readFileSync(join(sharedData, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));

const foldOf = (source) =>
  createHash('sha1').update(String(source)).digest().readUInt32BE(0) % FOLDS;
const seen = new Set();
const articles = readJsonl('articles.jsonl').filter((article) => {
  const key = normaliseLink(article.link);
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
const queries = readJsonl('search-queries-dev.jsonl');

/** The first 10 links of `site` by the dense leg of the model file `file` for each query. */
async function denseRankings(file, site, asked) {
  const embedder = await loadOfflineEmbedder({ cacheDir, artefact: file });
  const vectors = await embedder.embed(
    site.map((article) => articleEmbeddingText(article)),
    'document',
  );
  const queryVectors = await embedder.embed(
    asked.map((query) => query.query),
    'query',
  );
  return queryVectors.map((query) =>
    vectors
      .map((vector, index) => [vector.reduce((dot, value, d) => dot + value * query[d], 0), index])
      .sort((a, b) => b[0] - a[0])
      .slice(0, 10)
      .map(([, index]) => site[index].link),
  );
}

function trained(list, label) {
  const started = performance.now();
  const texts = list.map((article) => articleEmbeddingText(article, TRAINING_TEXT_LIMITS));
  const { file } = trainModelFile(texts, cacheDir, label);
  return { file, seconds: (performance.now() - started) / 1000, articles: list.length };
}

const scores = { foreign: [], own: [] };
const trainings = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const site = articles.filter((article) => foldOf(article.source_url_name) === fold);
  const others = articles.filter((article) => foldOf(article.source_url_name) !== fold);
  const siteLinks = new Set(site.map((article) => normaliseLink(article.link)));
  const asked = queries
    .map((query) => ({
      ...query,
      relevant: query.relevant.filter(({ link }) => siteLinks.has(normaliseLink(link))),
    }))
    .filter((query) => query.relevant.length > 0);
  const models = { foreign: trained(others, 'other sources'), own: trained(site, 'own sources') };
  for (const [name, model] of Object.entries(models)) {
    const rankings = await denseRankings(model.file, site, asked);
    asked.forEach((query, index) =>
      scores[name].push({ kind: query.kind, value: ndcgAt(rankings[index], query.relevant) }),
    );
    trainings.push({ fold, name, articles: model.articles, seconds: model.seconds });
  }
  console.info(
    `fold ${fold + 1}/${FOLDS}: ${site.length} articles of its own, ${others.length} of other sources, ${asked.length} queries`,
  );
}

const foreign = meanByKind(scores.foreign);
const own = meanByKind(scores.own);
console.info(`\nDense nDCG@10 on held-out sources (${scores.own.length} fold queries)`);
console.info(`${'kind'.padEnd(10)}${'other sources'.padStart(16)}${'own articles'.padStart(16)}`);
for (const kind of Object.keys(own)) {
  console.info(
    `${kind.padEnd(10)}${foreign[kind].toFixed(3).padStart(16)}${own[kind].toFixed(3).padStart(16)}`,
  );
}
for (const { fold, name, articles: count, seconds } of trainings) {
  console.info(`training fold ${fold + 1} ${name}: ${count} articles, ${seconds.toFixed(1)} s`);
}
record(
  Object.keys(own).map((kind) => ({
    bench: `own word model (${FOLDS} folds of sources)`,
    figure: `dense nDCG@10 ${kind}, trained on the site's own articles`,
    value: own[kind],
    reference: 'trained on the other sources',
    referenceValue: foreign[kind],
  })),
);
