#!/usr/bin/env node
// Hybrid search at scale: the shared corpus grown to BENCH_ARTICLES (default 100,000) distinct
// articles (each copy pairs one article's title with another's description and body), every one
// embedded by the product's embedding job; then, uncached and in process, p50/p95/p99 of hybrid
// search beside its two legs alone over the development queries, of more-like-this for
// BENCH_RECALL_QUERIES articles, the vector index's recall@10 against pgvector's exact search,
// and each index's load time and memory (heap and typed arrays held after a collection). With
// PostgreSQL (TEST_POSTGRES_URL, or scripts/postgres-for-tests.sh), the same on a copy of the
// corpus there: the dense leg by pgvector's HNSW index (its build, recall@10 against pgvector's
// exact order, latency) beside the embedded process's in-memory scan, and the embedding job's
// rate with the index kept up to date.
//   npm run build -w shared && npm run build -w server && npm run bench:search-scale -w bench
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { retainedBytes } from './lib/retained-memory.mjs';
import { percentile, record, setting } from './lib/results.mjs';
import { SCALED_ARTICLES, scaledCorpus } from './lib/scaled-corpus.mjs';
import { benchPostgres, copyCorpusToPostgres, createDatabase } from './lib/postgres.mjs';

requireBuilt();
const server = (path) => import(join(repoRoot, 'server/dist', path));
const { loadConfig } = await server('config.js');
const { openDatabase } = await server('db/connection/open.js');
const { createEmbedder } = await server('intelligence/embeddings/semantic-service.js');
const { createVectorSearchIndex, toVectorLiteral } = await server('db/article-vectors.js');
const { openPgPool } = await server('db/connection/pg-pool.js');
const { embedPendingArticles } = await server('intelligence/embeddings/embed-articles.js');
const { InProcessVectorIndex } = await server('intelligence/search/vector-index.js');
const { PgVectorIndex } = await server('intelligence/search/pgvector-index.js');
const { LexicalIndex } = await server('intelligence/search/lexical/lexical-index.js');
const { denseLeg, hybridRanking, lexicalLeg, SEARCH_DEPTH } = await server(
  'intelligence/search/hybrid-search.js',
);
const { seedArticle } = await server('db/search-index-rows.js');
const { similarArticles } = await server('intelligence/search/more-like-this.js');
const { SEARCH_TUNING } = await server('intelligence/search/search-weights.js');

/** The dense leg as search runs it: the shipped depth, floor and expansion weight. */
const shippedDenseLeg = (semantic, query, snapshot) =>
  denseLeg(
    semantic,
    query,
    snapshot,
    SEARCH_DEPTH,
    SEARCH_TUNING.fusion.sharedWordFloor,
    SEARCH_TUNING.expansion.dense,
  );

const REPEATS = setting('BENCH_REPEATS', 5, 2);
const RECALL_QUERIES = setting('BENCH_RECALL_QUERIES', 200, 50);
const queries = readFileSync(join(sharedData, 'search-queries-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line).query);

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

/** Loads an index: seconds taken and the memory it holds after a collection. */
async function loadIndexTimed(index) {
  const before = retainedBytes();
  const started = performance.now();
  await index.refresh();
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes: retainedBytes() - before };
}

async function timed(run, inputs = queries) {
  const times = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    for (const input of inputs) {
      const started = performance.now();
      await run(input);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
  };
}

const corpus = await scaledCorpus('search-scale', SCALED_ARTICLES);
// The same articles and vectors copied into PostgreSQL, before the embedded database is opened.
const postgres = benchPostgres();
const pgCorpus = postgres.url
  ? await createDatabase(postgres.url, `bench_search_scale_${process.pid}`)
  : null;
let copySeconds = 0;
if (pgCorpus) {
  const started = performance.now();
  await copyCorpusToPostgres(corpus.dataDir, pgCorpus.url);
  copySeconds = (performance.now() - started) / 1000;
}
const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config, () => undefined);
try {
  const { articles, embedded, embedSeconds } = corpus;
  const embedder = await createEmbedder(config, db);
  const index = new InProcessVectorIndex(db, embedder.model, embedder.dimension);
  const vectorLoad = await loadIndexTimed(index);
  const lexical = new LexicalIndex(db);
  const lexicalLoad = await loadIndexTimed(lexical);
  const loadSeconds = vectorLoad.seconds;
  const snapshot = Number(
    (await db.query('SELECT max(post_id)::bigint AS id FROM articles')).rows[0].id,
  );
  const semantic = { embedder, index };
  const indexes = { lexical, semantic };
  const { rows: seeds } = await db.query(
    `SELECT post_id FROM articles ORDER BY md5(post_id::text) LIMIT ${RECALL_QUERIES}`,
  );
  const seedArticles = [];
  for (const { post_id: postId } of seeds) seedArticles.push(await seedArticle(db, Number(postId)));

  const latency = {
    lexical: await timed((query) =>
      lexicalLeg(
        lexical,
        query,
        snapshot,
        SEARCH_DEPTH,
        SEARCH_TUNING.lexical,
        SEARCH_TUNING.expansion.lexical,
      ),
    ),
    dense: await timed((query) => shippedDenseLeg(semantic, query, snapshot)),
    hybrid: await timed((query) => hybridRanking(indexes, SEARCH_TUNING, query, snapshot)),
    'more like this': await timed(
      (article) => similarArticles(db, indexes, article, snapshot),
      seedArticles,
    ),
  };

  // Recall of the in-process index against pgvector's exact scan, queried by stored vectors. The
  // grown corpus holds identical texts (title-only copies), so several articles can tie at the
  // 10th place: a neighbour counts as found when it is at least as close as pgvector's 10th.
  const { rows: sample } = await db.query(
    `SELECT post_id FROM article_embeddings WHERE model = $1
      ORDER BY md5(post_id::text) LIMIT ${RECALL_QUERIES}`,
    [embedder.model],
  );
  let hits = 0;
  for (const { post_id: postId } of sample) {
    const query = index.vectorOf(Number(postId));
    const found = await index.nearest(query, 10, {
      snapshot: Number.MAX_SAFE_INTEGER,
      exclude: Number(postId),
    });
    const tenth = await exactTenth(db, embedder.model, Number(postId), query);
    // The stored vectors are quantised to 8 bits: a similarity is within about 0.002 of pgvector's.
    hits += found.filter((neighbour) => neighbour.similarity >= tenth - 0.002).length;
  }

  console.info(
    `Search at scale: ${articles} articles (${embedded} embedded by the job in ` +
      `${embedSeconds.toFixed(0)} s, ${Math.round(embedded / embedSeconds)}/s), ` +
      `model ${embedder.model} (${embedder.dimension} dims), ${queries.length} queries x ${REPEATS}`,
  );
  console.info(
    `uncached, in process; more like this over ${seedArticles.length} articles x ${REPEATS}`,
  );
  console.info(`${'mode'.padEnd(16)}  p50 ms  p95 ms  p99 ms`);
  for (const [mode, { p50, p95, p99 }] of Object.entries(latency)) {
    console.info(
      `${mode.padEnd(16)}${p50.toFixed(1).padStart(8)}${p95.toFixed(1).padStart(8)}${p99.toFixed(1).padStart(8)}`,
    );
  }
  console.info(
    `vector index: ${index.count} vectors loaded in ${loadSeconds.toFixed(1)} s (holds ${mib(vectorLoad.bytes)}), ` +
      `recall@10 vs pgvector exact ${(hits / (sample.length * 10)).toFixed(3)} over ${sample.length} queries`,
  );
  console.info(
    `lexical index: ${lexical.count} articles loaded in ${lexicalLoad.seconds.toFixed(1)} s ` +
      `(holds ${mib(lexicalLoad.bytes)})`,
  );
  console.info(`memory: rss ${mib(process.memoryUsage().rss)}`);
  const k = `${Math.round(articles / 1000)}k articles`;
  const rows = [];
  for (const share of ['p50', 'p95']) {
    for (const leg of ['lexical', 'dense']) {
      rows.push({
        bench: `search (${k})`,
        figure: `hybrid ${share}`,
        value: latency.hybrid[share],
        unit: 'ms',
        reference: `${leg} leg alone ${share}`,
        referenceValue: latency[leg][share],
      });
    }
    rows.push({
      bench: `search (${k})`,
      figure: `more like this ${share}`,
      value: latency['more like this'][share],
      unit: 'ms',
      reference: `dense leg alone ${share}`,
      referenceValue: latency.dense[share],
    });
  }
  rows.push({
    bench: `search (${k})`,
    figure: 'lexical index load',
    value: lexicalLoad.seconds,
    unit: 's',
    reference: 'vector index load',
    referenceValue: vectorLoad.seconds,
  });
  rows.push({
    bench: `search (${k})`,
    figure: 'lexical index memory',
    value: lexicalLoad.bytes / 2 ** 20,
    unit: 'MiB',
    reference: 'vector index memory',
    referenceValue: vectorLoad.bytes / 2 ** 20,
  });
  rows.push({
    bench: `search (${k})`,
    figure: `vector index recall@10 (${sample.length} queries)`,
    value: hits / (sample.length * 10),
    unit: '',
    reference: 'exact search (pgvector)',
    referenceValue: 1,
  });
  if (pgCorpus) {
    rows.push(
      ...(await onPostgres({
        embedder,
        latency,
        vectorLoad,
        sample: sample.map((row) => Number(row.post_id)),
        seedArticles,
        k: { articles, label: k },
      })),
    );
  } else {
    console.info(`PostgreSQL: not measured (${postgres.skipped})`);
  }
  record(rows);
} finally {
  await db.close();
  await pgCorpus?.drop();
  corpus.remove();
}

/** pgvector's exact similarity of the 10th nearest neighbour (no index: a scan and a sort). */
async function exactTenth(queryable, model, postId, query) {
  const { rows: exact } = await queryable.query(
    `SELECT 1 - (embedding <=> $3::vector) AS similarity
       FROM article_embeddings WHERE model = $1 AND post_id <> $2
      ORDER BY embedding <=> $3::vector LIMIT 10`,
    [model, postId, toVectorLiteral(query)],
  );
  return Number(exact.at(-1).similarity);
}

/**
 * The same articles in PostgreSQL, searched as a web process of a fleet does: the dense leg by
 * pgvector's HNSW index (no vector in the process), the lexical leg in process as on the embedded
 * database (loaded over the pool). Then the embedding job re-embeds articles with the index in
 * place, as a worker does after a crawl.
 */
async function onPostgres({ embedder, latency, vectorLoad, sample, seedArticles, k }) {
  const pg = openPgPool(pgCorpus.url, { max: 4 });
  try {
    let started = performance.now();
    await createVectorSearchIndex(pg, embedder.model, embedder.dimension);
    const buildSeconds = (performance.now() - started) / 1000;
    await pg.query('VACUUM ANALYZE article_embeddings');
    const { rows: size } = await pg.query(
      `SELECT pg_relation_size(indexrelid)::float8 AS bytes FROM pg_stat_user_indexes
        WHERE indexrelname LIKE 'article_embeddings_hnsw_%'`,
    );
    const index = new PgVectorIndex(pg, embedder.model, embedder.dimension);
    const pgLexical = new LexicalIndex(pg);
    const lexicalLoad = await loadIndexTimed(pgLexical);
    const snapshot = Number(
      (await pg.query('SELECT max(post_id)::bigint AS id FROM articles')).rows[0].id,
    );
    const semantic = { embedder, index };
    const indexes = { lexical: pgLexical, semantic };
    const pgLatency = {
      dense: await timed((query) => shippedDenseLeg(semantic, query, snapshot)),
      hybrid: await timed((query) => hybridRanking(indexes, SEARCH_TUNING, query, snapshot)),
      'more like this': await timed(
        (article) => similarArticles(pg, indexes, article, snapshot),
        seedArticles,
      ),
    };
    let hits = 0;
    for (const postId of sample) {
      const [query] = (await index.vectorsOf([postId])).values();
      const found = await index.nearest(query, 10, {
        snapshot: Number.MAX_SAFE_INTEGER,
        exclude: postId,
      });
      const tenth = await pg.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_indexscan = off');
        return exactTenth(tx, embedder.model, postId, query);
      });
      hits += found.filter((neighbour) => neighbour.similarity >= tenth - 1e-6).length;
    }
    const recall = hits / (sample.length * 10);

    // The embedding job with the index in place: the newest REEMBEDDED articles embedded again.
    const REEMBEDDED = Math.min(5000, Math.round(k.articles / 20));
    await pg.query(
      `DELETE FROM article_embeddings WHERE post_id IN
         (SELECT post_id FROM articles ORDER BY post_id DESC LIMIT ${REEMBEDDED})`,
    );
    started = performance.now();
    const embedded = await embedPendingArticles(pg, embedder, {
      batchSize: config.embeddings.batchSize,
      log: { info: () => undefined },
    });
    const embedRate = embedded / ((performance.now() - started) / 1000);

    console.info(
      `\nOn PostgreSQL 15 + pgvector (the same ${k.articles} articles and vectors, copied in ` +
        `${copySeconds.toFixed(0)} s): HNSW index built in ${buildSeconds.toFixed(1)} s ` +
        `(${mib(size[0]?.bytes ?? 0)} in the database), recall@10 vs pgvector exact ` +
        `${recall.toFixed(3)} over ${sample.length} queries`,
    );
    console.info(`${'mode'.padEnd(22)}  p50 ms  p95 ms  p99 ms   (embedded p50)`);
    for (const [mode, { p50, p95, p99 }] of Object.entries(pgLatency)) {
      console.info(
        `${mode.padEnd(22)}${p50.toFixed(1).padStart(8)}${p95.toFixed(1).padStart(8)}` +
          `${p99.toFixed(1).padStart(8)}${latency[mode].p50.toFixed(1).padStart(10)}`,
      );
    }
    console.info(
      `a web process holds no vector (embedded: ${mib(vectorLoad.bytes)}); its lexical index ` +
        `loads over the pool in ${lexicalLoad.seconds.toFixed(1)} s (holds ${mib(lexicalLoad.bytes)})`,
    );
    console.info(
      `embedding job with the HNSW index kept up to date: ${embedded} articles at ` +
        `${embedRate.toFixed(0)}/s`,
    );
    const bench = `search on PostgreSQL (${k.label})`;
    return [
      ...['p50', 'p95'].flatMap((share) => [
        {
          bench,
          figure: `hybrid ${share} (HNSW dense leg)`,
          value: pgLatency.hybrid[share],
          unit: 'ms',
          reference: `embedded hybrid ${share}`,
          referenceValue: latency.hybrid[share],
        },
        {
          bench,
          figure: `dense leg ${share} (HNSW)`,
          value: pgLatency.dense[share],
          unit: 'ms',
          reference: `embedded dense leg ${share} (in-process scan)`,
          referenceValue: latency.dense[share],
        },
        {
          bench,
          figure: `more like this ${share}`,
          value: pgLatency['more like this'][share],
          unit: 'ms',
          reference: `embedded more like this ${share}`,
          referenceValue: latency['more like this'][share],
        },
      ]),
      {
        bench,
        figure: `HNSW recall@10 (${sample.length} queries)`,
        value: recall,
        unit: '',
        reference: 'exact search (pgvector)',
        referenceValue: 1,
      },
      {
        bench,
        figure: 'HNSW index build',
        value: buildSeconds,
        unit: 's',
      },
      {
        bench,
        figure: 'vectors held by a web process',
        value: 0,
        unit: 'MiB',
        reference: 'embedded vector index memory',
        referenceValue: vectorLoad.bytes / 2 ** 20,
      },
      {
        bench,
        figure: 'embedding job with the HNSW index',
        value: embedRate,
        unit: '/s',
      },
    ];
  } finally {
    await pg.close();
  }
}
