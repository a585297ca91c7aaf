#!/usr/bin/env node
// Search quality and latency on the shared corpus: nDCG@10 and recall@50 over the development
// queries (../shared/data/search-queries-dev.jsonl) for full text only, vector only and the
// product's hybrid fusion, per query kind; then p50/p99 latency of each over the whole corpus.
//   npm run build -w shared && npm run build -w server && npm run bench:search-quality -w bench
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDatabase } from './lib/corpus-database.mjs';
import { ndcgAt, recallAt } from './lib/ir-metrics.mjs';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { record, setting } from './lib/results.mjs';

requireBuilt();
const server = (path) => import(join(repoRoot, 'server/dist', path));
const { loadConfig } = await server('config.js');
const { openDatabase } = await server('db/open.js');
const { createEmbedder } = await server('embeddings/semantic-service.js');
const { VectorIndex } = await server('search/vector-index.js');
const { fullTextLeg, vectorLeg, fuseRankings, SEARCH_DEPTH } =
  await server('search/hybrid-search.js');
const { SEARCH_FUSION_WEIGHTS } = await server('search/search-weights.js');

const REPEATS = setting('BENCH_REPEATS', 5, 2);
const queries = readFileSync(join(sharedData, 'search-queries-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

const corpus = await corpusDatabase('search');
const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config, () => undefined);
try {
  const embedder = await createEmbedder(config);
  const index = new VectorIndex(db, embedder.model, embedder.dimension);
  await index.refresh();
  const { rows } = await db.query(
    'SELECT post_id, link, max(post_id) OVER () AS newest FROM articles',
  );
  const linkOf = new Map(rows.map((row) => [Number(row.post_id), row.link]));
  const snapshot = Number(rows[0].newest);
  const semantic = { embedder, index };

  const modes = {
    'full text': (query) => fullTextLeg(db, query, snapshot, SEARCH_DEPTH),
    vector: (query) => vectorLeg(semantic, query, snapshot, SEARCH_DEPTH),
    hybrid: async (query) => {
      const [text, vector] = await Promise.all([
        fullTextLeg(db, query, snapshot, SEARCH_DEPTH),
        vectorLeg(semantic, query, snapshot, SEARCH_DEPTH),
      ]);
      return fuseRankings(text, vector, SEARCH_FUSION_WEIGHTS);
    },
  };

  const kinds = [...new Set(queries.map((query) => query.kind))];
  const quality = {};
  const latency = {};
  for (const [mode, run] of Object.entries(modes)) {
    const scores = [];
    const times = [];
    for (const query of queries) {
      const ranking = (await run(query.query)).map((id) => linkOf.get(id));
      scores.push({
        kind: query.kind,
        ndcg: ndcgAt(ranking, query.relevant, 10),
        recall: recallAt(ranking, query.relevant, 50),
      });
      for (let repeat = 0; repeat < REPEATS; repeat += 1) {
        const started = performance.now();
        await run(query.query);
        times.push(performance.now() - started);
      }
    }
    const mean = (list, key) => list.reduce((sum, item) => sum + item[key], 0) / list.length;
    quality[mode] = {
      all: { ndcg: mean(scores, 'ndcg'), recall: mean(scores, 'recall') },
      ...Object.fromEntries(
        kinds.map((kind) => {
          const ofKind = scores.filter((score) => score.kind === kind);
          return [kind, { ndcg: mean(ofKind, 'ndcg'), recall: mean(ofKind, 'recall') }];
        }),
      ),
    };
    times.sort((a, b) => a - b);
    latency[mode] = {
      p50: times[Math.floor(times.length * 0.5)],
      p99: times[Math.min(times.length - 1, Math.floor(times.length * 0.99))],
    };
  }

  const articles = linkOf.size;
  const embedded = /Embedded (\d+) articles in ([\d.]+) s \((\d+)\/s\)/.exec(corpus.embedOutput);
  console.info(
    `Search quality: ${queries.length} development queries, ${articles} articles ` +
      `(${corpus.crawl.feeds} feeds), embedding model ${embedder.model} (${embedder.dimension} dims), ` +
      `fusion weights full text ${SEARCH_FUSION_WEIGHTS.fullText} / vector ${SEARCH_FUSION_WEIGHTS.vector}, k ${SEARCH_FUSION_WEIGHTS.k}`,
  );
  const header = [
    'mode'.padEnd(10),
    ...['all', ...kinds].map((kind) => `${kind} nDCG@10 R@50`.padStart(24)),
  ];
  console.info(header.join(''));
  for (const [mode, byKind] of Object.entries(quality)) {
    console.info(
      [
        mode.padEnd(10),
        ...['all', ...kinds].map((kind) =>
          `${byKind[kind].ndcg.toFixed(3)}  ${byKind[kind].recall.toFixed(3)}`.padStart(24),
        ),
      ].join(''),
    );
  }
  const gain = quality.hybrid.all.ndcg - quality['full text'].all.ndcg;
  console.info(
    `hybrid vs full text: nDCG@10 ${gain >= 0 ? '+' : ''}${gain.toFixed(3)} ` +
      `(${((gain / quality['full text'].all.ndcg) * 100).toFixed(1)} %)`,
  );
  console.info(
    `\nLatency over ${queries.length} queries x ${REPEATS}, ${articles} articles, in process:`,
  );
  console.info(`${'mode'.padEnd(10)}  p50 ms  p99 ms`);
  for (const [mode, { p50, p99 }] of Object.entries(latency)) {
    console.info(`${mode.padEnd(10)}${p50.toFixed(1).padStart(8)}${p99.toFixed(1).padStart(8)}`);
  }
  const bench = `search quality (${queries.length} dev queries)`;
  const figures = [];
  for (const mode of ['full text', 'vector', 'hybrid']) {
    for (const [metric, key] of [
      ['nDCG@10', 'ndcg'],
      ['recall@50', 'recall'],
    ]) {
      figures.push({
        bench,
        figure: `${mode} ${metric}`,
        value: quality[mode].all[key],
        unit: '',
        ...(mode === 'full text'
          ? {}
          : { reference: `full text ${metric}`, referenceValue: quality['full text'].all[key] }),
      });
    }
  }
  figures.push({
    bench: `search (${articles} articles)`,
    figure: 'hybrid p50',
    value: latency.hybrid.p50,
    unit: 'ms',
    reference: 'full text leg alone p50',
    referenceValue: latency['full text'].p50,
  });
  record(figures);
  if (embedded) {
    console.info(
      `\nEmbedding (admin embed, ${embedder.model}): ${embedded[1]} articles in ${embedded[2]} s, ` +
        `${embedded[3]} articles/s on this machine`,
    );
  }
} finally {
  await db.close();
  corpus.remove();
}
