#!/usr/bin/env node
// Builds the shared corpus once, crawled and embedded by the product's own commands
// (lib/corpus-database.mjs), in a new data directory, and prints the exports under which the load
// drill and the benches reuse it instead of each building its own (CI: .ci/run):
//   eval "$(node bench/corpus.mjs)"   # DRILL_LOAD_DATA_DIR, BENCH_CORPUS_DIR, BENCH_SCALED_*
// Everything but the export lines goes to stderr. Whoever evals it deletes the directory.
//   npm run build -w shared && npm run build -w server first.
import { corpusDatabase } from './lib/corpus-database.mjs';
import { requireBuilt } from './lib/paths.mjs';

requireBuilt();
const corpus = await corpusDatabase('shared-corpus');
const articles = corpus.crawl.newArticles;
console.error(
  `The shared corpus: ${articles} articles crawled in ${corpus.crawl.seconds} s and embedded in ` +
    `${corpus.embedSeconds.toFixed(0)} s, in ${corpus.dataDir}`,
);
const info = JSON.stringify({ articles, embedded: articles, embedSeconds: corpus.embedSeconds });
for (const name of ['DRILL_LOAD_DATA_DIR', 'BENCH_CORPUS_DIR', 'BENCH_SCALED_SOURCE']) {
  console.info(`export ${name}='${corpus.dataDir}'`);
}
console.info(`export BENCH_SCALED_INFO='${info}'`);
