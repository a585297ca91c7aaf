import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDatabase } from './corpus-database.mjs';
import { repoRoot } from './paths.mjs';
import { benchEnv, temporaryDataDir } from './server-process.mjs';

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

/**
 * Builds a data directory with the shared corpus crawled (corpusDatabase), grown in SQL to
 * `articles` distinct articles and every article embedded by the product's embedding job in
 * process (timed). Resolves with { dataDir, env, articles, embedded, embedSeconds, remove }.
 */
export async function buildScaledCorpus(name, articles = SCALED_ARTICLES) {
  const corpus = await corpusDatabase(name);
  try {
    const { loadConfig } = await server('config.js');
    const { openDatabase } = await server('db/open.js');
    const { createEmbedder } = await server('intelligence/embeddings/semantic-service.js');
    const { embedPendingArticles } = await server('intelligence/embeddings/embed-articles.js');
    const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
    const db = await openDatabase(config, () => undefined);
    try {
      const count = await grow(db, articles);
      const embedder = await createEmbedder(config);
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
    const dataDir = temporaryDataDir(name);
    cpSync(source, dataDir, { recursive: true });
    const info = JSON.parse(process.env.BENCH_SCALED_INFO ?? '{}');
    return {
      dataDir,
      env: benchEnv(dataDir),
      articles: info.articles,
      embedded: info.embedded,
      embedSeconds: info.embedSeconds,
      remove: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  return buildScaledCorpus(name, articles);
}
