#!/usr/bin/env node
// A site's own word model, the experiment of docs/decisions/0043 (not kept): how well the offline
// word model's dense leg finds articles of sources it was never trained on, against a model
// trained on those sources' articles alone, as a site would train one on its own. The shared
// corpus's sources are split into BENCH_FOLDS (4) folds by a hash of their name; for each fold,
// its articles are the site (the held-out sources) and the development queries with a relevant
// article there are asked of it, judged on its articles only: with a model trained on every other
// fold (what the shipped model is to sources it never saw), with a model trained on the fold's
// own articles alone, and with the two in one vector at equal weight. Prints dense nDCG@10 per
// kind of query over every fold's queries, and each training's time.
//   npm run build -w shared && npm run build -w server && npm run bench:own-word-model -w bench
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const { twoModelsInOne } = await server('two-models-in-one.js');

const FOLDS = setting('BENCH_FOLDS', 4, 2);
/** The own model's share of the similarity when the two stand in one vector: set, not tuned. */
const OWN_MODEL_WEIGHT = 0.5;
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

/** The first 10 links of `site` by the dense leg of `embedder` for each query. */
async function denseRankings(embedder, site, asked) {
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

const modelDir = mkdtempSync(join(tmpdir(), 'blogstream-own-word-model-'));
process.on('exit', () => rmSync(modelDir, { recursive: true, force: true }));

/** Trains a model file on `list` and loads it as an embedder. */
async function trained(list, label) {
  const started = performance.now();
  const texts = list.map((article) => articleEmbeddingText(article, TRAINING_TEXT_LIMITS));
  const { file } = trainModelFile(texts, cacheDir, label);
  const seconds = (performance.now() - started) / 1000;
  const modelFile = join(modelDir, `${label.replaceAll(' ', '-')}.bin`);
  writeFileSync(modelFile, file);
  const embedder = await loadOfflineEmbedder({ cacheDir, modelFile });
  return { embedder, seconds, articles: list.length };
}

const scores = { foreign: [], own: [], both: [] };
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
  const models = {
    foreign: await trained(others, 'other sources'),
    own: await trained(site, 'own sources'),
  };
  const embedders = { foreign: models.foreign.embedder, own: models.own.embedder };
  embedders.both = twoModelsInOne(embedders.foreign, embedders.own, OWN_MODEL_WEIGHT);
  for (const [name, embedder] of Object.entries(embedders)) {
    const rankings = await denseRankings(embedder, site, asked);
    asked.forEach((query, index) =>
      scores[name].push({ kind: query.kind, value: ndcgAt(rankings[index], query.relevant) }),
    );
  }
  for (const [name, model] of Object.entries(models)) {
    trainings.push({ fold, name, articles: model.articles, seconds: model.seconds });
  }
  console.info(
    `fold ${fold + 1}/${FOLDS}: ${site.length} articles of its own, ${others.length} of other sources, ${asked.length} queries`,
  );
}

const [foreign, own, both] = [scores.foreign, scores.own, scores.both].map(meanByKind);
console.info(`\nDense nDCG@10 on held-out sources (${scores.own.length} fold queries)`);
console.info(
  `${'kind'.padEnd(10)}${'other sources'.padStart(16)}${'own alone'.padStart(12)}${`both (${OWN_MODEL_WEIGHT})`.padStart(14)}`,
);
for (const kind of Object.keys(own)) {
  console.info(
    `${kind.padEnd(10)}${foreign[kind].toFixed(3).padStart(16)}${own[kind].toFixed(3).padStart(12)}${both[kind].toFixed(3).padStart(14)}`,
  );
}
for (const { fold, name, articles: count, seconds } of trainings) {
  console.info(`training fold ${fold + 1} ${name}: ${count} articles, ${seconds.toFixed(1)} s`);
}
record(
  Object.keys(both).flatMap((kind) => [
    {
      bench: `own word model (${FOLDS} folds of sources)`,
      figure: `dense nDCG@10 ${kind}, the site's own beside the other sources'`,
      value: both[kind],
      reference: 'trained on the other sources',
      referenceValue: foreign[kind],
    },
    {
      bench: `own word model (${FOLDS} folds of sources)`,
      figure: `dense nDCG@10 ${kind}, the site's own alone`,
      value: own[kind],
      reference: 'trained on the other sources',
      referenceValue: foreign[kind],
    },
  ]),
);
