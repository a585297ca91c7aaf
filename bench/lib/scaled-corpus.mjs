import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { copiedCorpus, sharedCorpus } from './corpus-database.mjs';
import { repoRoot } from './paths.mjs';

/** The article count of the scaled benches: BENCH_ARTICLES, or 20,000 in quick mode, else 100,000. */
export const SCALED_ARTICLES = Number(
  process.env.BENCH_ARTICLES ?? (process.env.BENCH_QUICK ? 20_000 : 100_000),
);

const server = (path) => import(join(repoRoot, 'server/dist', path));

/**
 * Grows the corpus with distinct articles: copy g of article i takes i's title and link (with a
 * `#copy-g` suffix), and the description and body of another article j, three days older per copy.
 */
export async function grow(db, target) {
  const { rows } = await db.query('SELECT count(*)::int AS count FROM articles');
  const base = rows[0].count;
  if (target > base) {
    const copies = Math.ceil((target - base) / base);
    await db.query(
      `WITH numbered AS (
         SELECT row_number() OVER (ORDER BY post_id) - 1 AS n, * FROM articles
       ), total AS (SELECT count(*) AS total FROM numbered)
       INSERT INTO articles (source_id, link, title, description, content, publishing_date, topics)
       SELECT a.source_id, a.link || '#copy-' || g, a.title, b.description, b.content,
              a.publishing_date - g * interval '3 days', a.topics
         FROM generate_series(1, $1::int) AS g, total, numbered a
         JOIN numbered b ON true
        WHERE b.n = (a.n * 7919 + g * 104729) % total.total
        LIMIT $2::int`,
      [copies, target - base],
    );
  }
  return (await db.query('SELECT count(*)::int AS count FROM articles')).rows[0].count;
}

/** Copies whose vectors the embedding job computes when the model reads sentences (timed). */
const EMBEDDED_BY_THE_JOB = 1000;

/**
 * The sentence model reads some articles a second, so 100,000 copies would take hours: every
 * copy but the last EMBEDDED_BY_THE_JOB gets the normalised sum of its title article's vector
 * and another base article's (what a copy is made of, and what the index's latency depends on:
 * the dimension and the spread of the vectors), written in SQL; the job embeds the rest.
 */
async function mixCopiesVectors(db, model) {
  await db.query(
    `WITH base AS (
       SELECT row_number() OVER (ORDER BY e.post_id) - 1 AS n, e.post_id, e.embedding
         FROM article_embeddings e WHERE e.model = $1
     ), copies AS (
       SELECT c.post_id, a.post_id AS title_post_id
         FROM articles c JOIN articles a ON a.link = split_part(c.link, '#copy-', 1)
        WHERE c.link LIKE '%#copy-%'
        ORDER BY c.post_id
        OFFSET $2
     ), total AS (SELECT count(*) AS total FROM base)
     INSERT INTO article_embeddings (post_id, model, embedding)
     SELECT c.post_id, $1, l2_normalize(t.embedding + o.embedding)
       FROM copies c
       JOIN base t ON t.post_id = c.title_post_id, total
       JOIN base o ON o.n = (c.post_id * 7919) % total.total`,
    [model, EMBEDDED_BY_THE_JOB],
  );
}

/**
 * Builds a data directory with the shared corpus (sharedCorpus: a copy of
 * BENCH_CORPUS_DIR when set, else crawled here), grown in SQL to `articles` distinct
 * articles and every article embedded by the product's embedding job in process (timed); with
 * the sentence model, most copies' vectors are mixed instead (mixCopiesVectors). Resolves with
 * { dataDir, env, articles, embedded, embedSeconds, remove }.
 */
export async function buildScaledCorpus(name, articles = SCALED_ARTICLES) {
  const corpus = await sharedCorpus(name);
  try {
    const { loadConfig } = await server('config.js');
    const { openDatabase } = await server('db/connection/open.js');
    const { createEmbedder } = await server('intelligence/embeddings/semantic-service.js');
    const { embedPendingArticles } = await server('intelligence/embeddings/embed-articles.js');
    const { SENTENCE_MODEL_NAME } = await server(
      'intelligence/embeddings/sentences/sentence-model.js',
    );
    const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
    const db = await openDatabase(config, () => undefined);
    try {
      const count = await grow(db, articles);
      const embedder = await createEmbedder(config, db);
      if (embedder.model.startsWith(`${SENTENCE_MODEL_NAME}+`)) {
        await mixCopiesVectors(db, embedder.model);
      }
      const started = performance.now();
      const embedded = await embedPendingArticles(db, embedder, {
        batchSize: config.embeddings.batchSize,
        log: { info: () => undefined },
      });
      const embedSeconds = (performance.now() - started) / 1000;
      return { ...corpus, articles: count, embedded, embedSeconds };
    } finally {
      await db.close();
    }
  } catch (error) {
    corpus.remove();
    throw error;
  }
}

/**
 * A private copy of the scaled corpus: of BENCH_SCALED_SOURCE when `npm run bench` prepared one
 * (so the 100,000 articles are grown and embedded once per run), else built here.
 */
export async function scaledCorpus(name, articles = SCALED_ARTICLES) {
  const source = process.env.BENCH_SCALED_SOURCE;
  if (source && existsSync(source)) {
    const { dataDir, env, remove } = copiedCorpus(name, source);
    const info = JSON.parse(process.env.BENCH_SCALED_INFO ?? '{}');
    return {
      dataDir,
      env,
      articles: info.articles,
      embedded: info.embedded,
      embedSeconds: info.embedSeconds,
      remove,
    };
  }
  return buildScaledCorpus(name, articles);
}
