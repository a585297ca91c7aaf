#!/usr/bin/env node
// Ask the archive (docs/decisions/0038) on the shared corpus, crawled by the product: over the
// gold questions (data/ask-gold.jsonl, written from the articles by hand, blind to the
// retrieval), the share of answerable questions with a gold passage among the first 5
// citations, the share of answer sentences that are verbatim quotes of their cited passage, the
// share of unanswerable questions abstained on (and of answerable ones wrongly abstained on);
// the abstention threshold cross-validated (5 folds by kind) beside the shipped one; p50/p95 time
// to answer beside a search of the same questions; and the passage index's build time and memory
// beside the article index's, on the corpus and (not in quick mode) grown to 100,000 articles,
// there on the embedded database and on PostgreSQL (BENCH_POSTGRES=0 leaves it out).
//   npm run build -w shared && npm run build -w server && npm run bench:ask -w bench
// BENCH_CORPUS_DIR=<data dir>: use a copy of an already crawled corpus.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedCorpus } from './lib/corpus-database.mjs';
import { crossValidate, stratifiedFolds } from './lib/cross-validation.mjs';
import { repoRoot, requireBuilt } from './lib/paths.mjs';
import { retainedBytes } from './lib/retained-memory.mjs';
import { benchPostgres, copyCorpusToPostgres, createDatabase } from './lib/postgres.mjs';
import { percentile, QUICK, record, setting } from './lib/results.mjs';
import { SCALED_ARTICLES, scaledCorpus } from './lib/scaled-corpus.mjs';

requireBuilt();
const server = (path) => import(join(repoRoot, 'server/dist', path));
const { loadConfig } = await server('config.js');
const { openDatabase } = await server('db/connection/open.js');
const { openPgPool } = await server('db/connection/pg-pool.js');
const { indexedArticlesAfter } = await server('db/search-index-rows.js');
const { LexicalIndex } = await server('intelligence/search/lexical/lexical-index.js');
const { InvertedIndex } = await server('intelligence/search/lexical/inverted-index.js');
const { hybridRanking } = await server('intelligence/search/hybrid-search.js');
const { SEARCH_TUNING } = await server('intelligence/search/search-weights.js');
const { answerQuestion, passageHits } = await server('intelligence/ask/answer-question.js');
const { ASK_TUNING } = await server('intelligence/ask/ask-tuning.js');
const { articlePassages } = await server('intelligence/ask/passages.js');

const REPEATS = setting('BENCH_REPEATS', 5, 2);
const FOLDS = 5;
const CITATIONS_COUNTED = 5;
// The grid cross-validated: the passage title's weight (a query-time BM25F weight), the article
// match's weight (AskTuning.articleWeight) and the abstention threshold (AskTuning.answerStrength). Simplest first: ties keep the first.
const TITLE_WEIGHTS = [2, 1, 0.5];
const ARTICLE_WEIGHTS = [0, 0.5, 1];
const THRESHOLDS = [0.5, 0.45, 0.4, 0.35, 0.55, 0.6];
const gold = readFileSync(new URL('data/ask-gold.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));
const answerable = gold.filter((item) => item.kind !== 'unanswerable');

const words = (text) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
/** A citation holds a gold passage: the same article, and most of the passage's words. */
function holdsGoldPassage(citation, link, goldItem) {
  return goldItem.answers.some((answer) => {
    if (answer.link !== link) return false;
    const cited = new Set(words(citation.passage));
    const wanted = words(answer.passage);
    return wanted.filter((word) => cited.has(word)).length >= 0.6 * wanted.length;
  });
}

const mib = (bytes) => bytes / 2 ** 20;

/** Builds an index of every stored article, `entries` per row: seconds and retained MiB. */
async function buildTimed(db, entries) {
  const before = retainedBytes();
  const started = performance.now();
  const index = new InvertedIndex();
  for (let after = 0; ;) {
    const rows = await indexedArticlesAfter(db, after, 500);
    for (const row of rows) for (const [id, texts] of entries(row)) index.add(id, texts);
    if (rows.length < 500) break;
    after = Number(rows.at(-1).post_id);
  }
  index.merge();
  const seconds = (performance.now() - started) / 1000;
  const bytes = retainedBytes() - before;
  return { index, seconds, mib: mib(bytes), documents: index.size };
}

const articleEntries = (row) => [
  [
    Number(row.post_id),
    { title: row.title, description: row.description, body: row.content, source: row.source_name },
  ],
];
const passageEntries = (row) =>
  articlePassages(row.content).map((passage) => [
    Number(row.post_id) * 64 + passage.number,
    {
      title: row.title,
      description: '',
      body: passage.sentences.join(' '),
      source: row.source_name,
    },
  ]);

async function indexCosts(db) {
  const articles = await buildTimed(db, articleEntries);
  articles.index = null;
  const passages = await buildTimed(db, passageEntries);
  passages.index = null;
  return { articles, passages };
}

const corpus = await sharedCorpus('ask', { embed: false });
const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config, () => undefined);
const rows = [];
try {
  const lexical = new LexicalIndex(db);
  const loadStarted = performance.now();
  await lexical.refresh();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const snapshot = Number(
    (await db.query('SELECT max(post_id)::bigint AS id FROM articles')).rows[0].id,
  );
  const indexes = { lexical, semantic: null };
  const nearestArticles = async (question, count) =>
    (await hybridRanking(indexes, SEARCH_TUNING, question, snapshot)).slice(0, count);
  const ask = (question, tuning = ASK_TUNING) =>
    answerQuestion({ db, lexical, nearestArticles }, tuning, question, null);

  // Each question answered at every weight of the grid with no abstention: whether a gold
  // passage is among the first citations, and the best passage's strength. A threshold then
  // decides which are answered, so the grid needs no more answers.
  const linkOf = new Map();
  const linkFor = async (postId) => {
    if (!linkOf.has(postId)) {
      const { rows: found } = await db.query('SELECT link FROM articles WHERE post_id = $1', [
        postId,
      ]);
      linkOf.set(postId, found[0]?.link);
    }
    return linkOf.get(postId);
  };
  const tuningOf = ({ title, article }) => ({
    ...ASK_TUNING,
    lexical: { ...ASK_TUNING.lexical, weights: { ...ASK_TUNING.lexical.weights, title } },
    articleWeight: article,
    answerStrength: 0,
  });
  const weights = TITLE_WEIGHTS.flatMap((title) =>
    ARTICLE_WEIGHTS.map((article) => ({ title, article, key: `${title}/${article}` })),
  );
  const runs = new Map();
  for (const weight of weights) {
    const tuning = tuningOf(weight);
    const run = new Map();
    for (const item of gold) {
      const answer = await ask(item.question, tuning);
      const strength = passageHits(lexical, tuning, item.question)[0]?.strength ?? 0;
      let recalled = false;
      for (const citation of answer.citations.slice(0, CITATIONS_COUNTED)) {
        if (holdsGoldPassage(citation, await linkFor(citation.post_id), item)) recalled = true;
      }
      run.set(item.id, { answer, strength, recalled });
    }
    runs.set(weight.key, run);
  }
  const answered = (run, item, threshold) => run.get(item.id).strength >= threshold;
  const scoreOf = (key, threshold) =>
    gold.map((item) => {
      const run = runs.get(key);
      if (item.kind === 'unanswerable') return Number(!answered(run, item, threshold));
      return Number(answered(run, item, threshold) && run.get(item.id).recalled);
    });

  // The shipped tuning's figures.
  const shippedKey = `${ASK_TUNING.lexical.weights.title}/${ASK_TUNING.articleWeight}`;
  const shipped = runs.get(shippedKey);
  if (!shipped) throw new Error('The shipped weights are not in the grid');
  const unanswerable = gold.filter((item) => item.kind === 'unanswerable');
  const share = (items, test) => items.filter(test).length / items.length;
  const recall = share(
    answerable,
    (item) => answered(shipped, item, ASK_TUNING.answerStrength) && shipped.get(item.id).recalled,
  );
  const abstention = share(
    unanswerable,
    (item) => !answered(shipped, item, ASK_TUNING.answerStrength),
  );
  const wrongAbstention = share(
    answerable,
    (item) => !answered(shipped, item, ASK_TUNING.answerStrength),
  );
  let sentences = 0;
  let verbatim = 0;
  for (const item of answerable) {
    const { answer } = shipped.get(item.id);
    const byNumber = new Map(answer.citations.map((citation) => [citation.n, citation]));
    for (const sentence of answer.sentences) {
      sentences += 1;
      if (sentence.citations.every((n) => byNumber.get(n)?.passage.includes(sentence.text))) {
        verbatim += 1;
      }
    }
  }
  console.info(
    `gold questions: ${answerable.length} answerable, ${unanswerable.length} unanswerable; ` +
      `${lexical.count} articles, ${lexical.passageCount} passages indexed`,
  );
  console.info(
    `shipped tuning (title ${ASK_TUNING.lexical.weights.title}, article ${ASK_TUNING.articleWeight}, ` +
      `answerStrength ${ASK_TUNING.answerStrength}):`,
  );
  console.info(
    `  gold-passage recall among the first ${CITATIONS_COUNTED} citations: ${recall.toFixed(3)}`,
  );
  console.info(`  verbatim sentences: ${verbatim}/${sentences}`);
  console.info(
    `  abstained on unanswerable: ${abstention.toFixed(3)}; on answerable: ${wrongAbstention.toFixed(3)}`,
  );
  console.info(
    `  not recalled: ${answerable
      .filter((item) => !shipped.get(item.id).recalled)
      .map((item) => item.id)
      .join(' ')}`,
  );

  // 5-fold cross-validation of (title weight, article weight, threshold): a question scores 1 when answered with
  // a gold passage cited (answerable) or abstained on (unanswerable).
  const settings = weights.flatMap(({ title, article, key }) =>
    THRESHOLDS.map((threshold) => ({
      name: `title ${title}, article ${article}, answerStrength ${threshold}`,
      scores: scoreOf(key, threshold),
    })),
  );
  const folds = crossValidate(settings, stratifiedFolds(gold, FOLDS));
  for (const fold of folds.folds) {
    console.info(
      `  fold ${fold.fold + 1}: chose ${fold.chosen.name}, held-out score ${fold.test.toFixed(3)}`,
    );
  }
  const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const shippedScore = mean(scoreOf(shippedKey, ASK_TUNING.answerStrength));
  console.info(
    `  cross-validated score ${folds.mean.toFixed(3)}; the shipped setting on all questions ${shippedScore.toFixed(3)}`,
  );
  console.info(
    '  best strength per question: ' +
      gold.map((item) => `${item.id} ${shipped.get(item.id).strength.toFixed(2)}`).join(', '),
  );

  // Time to answer, beside a search of the same questions.
  const timed = async (run) => {
    const times = [];
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const item of gold) {
        const started = performance.now();
        await run(item.question);
        times.push(performance.now() - started);
      }
    }
    times.sort((a, b) => a - b);
    return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  };
  const askTimes = await timed((question) => ask(question));
  const searchTimes = await timed((question) =>
    hybridRanking(indexes, SEARCH_TUNING, question, snapshot),
  );
  console.info(
    `time to answer p50/p95 ${askTimes.p50.toFixed(1)}/${askTimes.p95.toFixed(1)} ms; ` +
      `search (lexical) ${searchTimes.p50.toFixed(1)}/${searchTimes.p95.toFixed(1)} ms`,
  );
  const costs = await indexCosts(db);
  console.info(
    `corpus: passage index ${costs.passages.documents} passages, ${costs.passages.seconds.toFixed(1)} s, ` +
      `${costs.passages.mib.toFixed(0)} MiB; article index ${costs.articles.documents} articles, ` +
      `${costs.articles.seconds.toFixed(1)} s, ${costs.articles.mib.toFixed(0)} MiB; ` +
      `the product's lexical index (both) loaded in ${loadSeconds.toFixed(1)} s`,
  );
  rows.push(
    { bench: 'ask', figure: `gold-passage recall @${CITATIONS_COUNTED}`, value: recall, unit: '' },
    { bench: 'ask', figure: 'verbatim sentence share', value: verbatim / sentences, unit: '' },
    { bench: 'ask', figure: 'cross-validated score', value: folds.mean, unit: '' },
    { bench: 'ask', figure: 'abstention on unanswerable', value: abstention, unit: '' },
    {
      bench: 'ask',
      figure: 'p95 time to answer (corpus)',
      value: askTimes.p95,
      unit: 'ms',
      reference: 'p95 lexical search, same questions',
      referenceValue: searchTimes.p95,
    },
    {
      bench: 'ask',
      figure: 'passage index build (corpus)',
      value: costs.passages.seconds,
      unit: 's',
      reference: 'article index build',
      referenceValue: costs.articles.seconds,
    },
    {
      bench: 'ask',
      figure: 'passage index memory (corpus)',
      value: costs.passages.mib,
      unit: 'MiB',
      reference: 'article index memory',
      referenceValue: costs.articles.mib,
    },
  );
} finally {
  await db.close();
}

/**
 * The passage index's build time and memory, and the time to answer, over `db` holding the grown
 * corpus: rows of figures named for `backend`.
 */
async function scaledFigures(db, backend) {
  const costs = await indexCosts(db);
  const lexical = new LexicalIndex(db);
  await lexical.refresh();
  const nearestArticles = async () => [];
  const times = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    for (const item of gold) {
      const started = performance.now();
      await answerQuestion({ db, lexical, nearestArticles }, ASK_TUNING, item.question, null);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.info(
    `${backend}, ${lexical.count} articles: passage index ${costs.passages.documents} passages, ` +
      `${costs.passages.seconds.toFixed(1)} s, ${costs.passages.mib.toFixed(0)} MiB; article index ` +
      `${costs.articles.seconds.toFixed(1)} s, ${costs.articles.mib.toFixed(0)} MiB; ` +
      `time to answer p50/p95 ${percentile(times, 0.5).toFixed(1)}/${p95.toFixed(1)} ms`,
  );
  const scale = backend === 'embedded' ? '100,000' : `100,000, ${backend}`;
  return [
    { bench: 'ask', figure: `p95 time to answer (${scale})`, value: p95, unit: 'ms' },
    {
      bench: 'ask',
      figure: `passage index build (${scale})`,
      value: costs.passages.seconds,
      unit: 's',
      reference: 'article index build',
      referenceValue: costs.articles.seconds,
    },
    {
      bench: 'ask',
      figure: `passage index memory (${scale})`,
      value: costs.passages.mib,
      unit: 'MiB',
      reference: 'article index memory',
      referenceValue: costs.articles.mib,
    },
  ];
}

// Grown to 100,000 articles (not in quick mode), on the embedded database and on a copy in
// PostgreSQL read over the pool, as a fleet's web process builds its indexes.
if (!QUICK) {
  const scaled = await scaledCorpus('ask-scale', SCALED_ARTICLES);
  const postgres = benchPostgres();
  const pgCorpus = postgres.url
    ? await createDatabase(postgres.url, `bench_ask_scale_${process.pid}`)
    : null;
  if (pgCorpus) await copyCorpusToPostgres(scaled.dataDir, pgCorpus.url);
  const scaledDb = await openDatabase(
    loadConfig({ ...scaled.env, LOG_LEVEL: 'silent' }),
    () => undefined,
  );
  try {
    rows.push(...(await scaledFigures(scaledDb, 'embedded')));
  } finally {
    await scaledDb.close();
    scaled.remove();
  }
  if (pgCorpus) {
    const pgDb = openPgPool(pgCorpus.url, { max: 4 });
    try {
      rows.push(...(await scaledFigures(pgDb, 'PostgreSQL')));
    } finally {
      await pgDb.close();
      await pgCorpus.drop();
    }
  } else console.info(`PostgreSQL: not measured (${postgres.skipped})`);
}
record(rows);
corpus.remove();
