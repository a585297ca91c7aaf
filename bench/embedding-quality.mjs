#!/usr/bin/env node
// Retrieval quality of the offline embedding model on the development queries, next to an
// in-memory BM25 and their reciprocal rank fusion; plus load times and embedding throughput.
//   npm run build -w shared && npm run build -w server && node bench/embedding-quality.mjs
// Prints nDCG@10 and recall@50 overall and per query kind. (The product's full-text leg is
// PostgreSQL full-text search, not this BM25: a DB-backed bench gives the product's numbers.)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { meanByKind, ndcgAt, recallAt, reciprocalRankFusion } from './lib/ir-metrics.mjs';
import { repoRoot, sharedData } from './lib/paths.mjs';

const embedderModule = resolve(repoRoot, 'server/dist/intelligence/embeddings/offline/index.js');
if (!existsSync(embedderModule)) {
  throw new Error(
    `${embedderModule} is missing: run npm run build -w shared && npm run build -w server`,
  );
}
const { loadOfflineEmbedder } = await import(embedderModule);
const { articleEmbeddingText } = await import(
  resolve(repoRoot, 'server/dist/intelligence/embeddings/article-text.js')
);
const { tokenize, stem } = await import(
  resolve(repoRoot, 'server/dist/intelligence/embeddings/offline/tokenize.js')
);

const readJsonl = (file) =>
  readFileSync(join(sharedData, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
const articles = readJsonl('articles.jsonl');
const queries = readJsonl('search-queries-dev.jsonl');
const DEPTH = 100;

// BM25 (k1 1.2, b 0.75) over title×2 + description + content, same tokens and stems as the model.
function bm25Index(docs) {
  const terms = (text) => tokenize(text ?? '').map(stem);
  const index = docs.map((doc) => {
    const tokens = [
      ...terms(doc.title),
      ...terms(doc.title),
      ...terms(doc.description),
      ...terms(doc.content),
    ];
    const counts = new Map();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    return { counts, length: tokens.length };
  });
  const averageLength = index.reduce((sum, doc) => sum + doc.length, 0) / index.length;
  const df = new Map();
  for (const doc of index)
    for (const term of doc.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return (query) => {
    const queryTerms = [...new Set(terms(query))];
    const scored = [];
    index.forEach((doc, i) => {
      let score = 0;
      for (const term of queryTerms) {
        const tf = doc.counts.get(term);
        if (!tf) continue;
        const n = df.get(term);
        const idf = Math.log(1 + (index.length - n + 0.5) / (n + 0.5));
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / averageLength));
      }
      if (score > 0) scored.push([score, i]);
    });
    return scored
      .sort((a, b) => b[0] - a[0])
      .slice(0, DEPTH)
      .map(([, i]) => docs[i].link);
  };
}

function topByCosine(vectors, query, docs) {
  const scored = vectors.map((vector, i) => {
    let dot = 0;
    for (let d = 0; d < vector.length; d++) dot += vector[d] * query[d];
    return [dot, i];
  });
  return scored
    .sort((a, b) => b[0] - a[0])
    .slice(0, DEPTH)
    .map(([, i]) => docs[i].link);
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

// Load times: a fresh cache directory (derives the GloVe cache), then the same one again.
const cacheDir = mkdtempSync(join(tmpdir(), 'blogstream-embedding-bench-'));
let started = performance.now();
await loadOfflineEmbedder({ cacheDir });
const coldMs = performance.now() - started;
started = performance.now();
const embedder = await loadOfflineEmbedder({ cacheDir });
const warmMs = performance.now() - started;
rmSync(cacheDir, { recursive: true, force: true });

const texts = articles.map(articleEmbeddingText);
started = performance.now();
const vectors = await embedder.embed(texts, 'document');
const embedMs = performance.now() - started;
const queryVectors = await embedder.embed(
  queries.map((query) => query.query),
  'query',
);

const bm25 = bm25Index(articles);
// Reciprocal rank fusion with k = 60 (Cormack et al. 2009). Weights are fixed priors, not tuned:
// equal, and full text primary with the vector leg at half weight.
const FUSIONS = [
  { name: 'RRF bm25 1 : vector 1', vectorWeight: 1 },
  { name: 'RRF bm25 1 : vector 0.5', vectorWeight: 0.5 },
];
const results = new Map(
  ['BM25', 'vector', ...FUSIONS.map((f) => f.name)].map((name) => [name, { ndcg: [], recall: [] }]),
);
queries.forEach((query, q) => {
  const lexical = bm25(query.query);
  const semantic = topByCosine(vectors, queryVectors[q], articles);
  const rankings = new Map([
    ['BM25', lexical],
    ['vector', semantic],
    ...FUSIONS.map((fusion) => [
      fusion.name,
      reciprocalRankFusion([
        { links: lexical, weight: 1 },
        { links: semantic, weight: fusion.vectorWeight },
      ]),
    ]),
  ]);
  for (const [name, ranking] of rankings) {
    results.get(name).ndcg.push({ kind: query.kind, value: ndcgAt(ranking, query.relevant, 10) });
    results
      .get(name)
      .recall.push({ kind: query.kind, value: recallAt(ranking, query.relevant, 50) });
  }
});

const kinds = ['all', ...new Set(queries.map((query) => query.kind))];
const counts = Object.fromEntries(
  kinds.map((kind) => [
    kind,
    kind === 'all' ? queries.length : queries.filter((q) => q.kind === kind).length,
  ]),
);
console.info(
  `Embedding quality: ${articles.length} articles, ${queries.length} dev queries, model ${embedder.model} (${embedder.dimension} dims)`,
);
console.info(
  `${'ranking'.padEnd(26)} ${kinds.map((kind) => `nDCG@10 ${kind}(${counts[kind]})`.padStart(20)).join('')}`,
);
for (const [name, { ndcg }] of results) {
  const means = meanByKind(ndcg);
  console.info(
    `${name.padEnd(26)} ${kinds.map((kind) => means[kind].toFixed(3).padStart(20)).join('')}`,
  );
}
console.info(
  `${'ranking'.padEnd(26)} ${kinds.map((kind) => `R@50 ${kind}`.padStart(20)).join('')}`,
);
for (const [name, { recall }] of results) {
  const means = meanByKind(recall);
  console.info(
    `${name.padEnd(26)} ${kinds.map((kind) => means[kind].toFixed(3).padStart(20)).join('')}`,
  );
}
const memory = process.memoryUsage();
console.info(
  `load: cold ${seconds(coldMs)} (derives the GloVe cache), warm ${seconds(warmMs)}; ` +
    `embedding ${texts.length} articles: ${seconds(embedMs)} = ${(texts.length / (embedMs / 1000)).toFixed(0)} articles/s (one thread); ` +
    `rss ${(memory.rss / 1e6).toFixed(0)} MB`,
);
