#!/usr/bin/env node
// More like this against judgments of its own lists (bench/data/more-like-this-judgments.jsonl).
// The search-quality bench's judged set counts an article as similar to a seed only when both
// were judged relevant to the same development query, so two thirds of a list's first five were
// never judged and count as misses (decision 0041). Here the first five of several rankings are
// pooled per seed, as TREC pools runs, and judged blind: the annotator sees each seed with its
// pooled candidates shuffled, never which ranking brought them.
//   node more-like-this-judged.mjs --sheet <dir>   writes the blind sheets and their key
//   node more-like-this-judged.mjs                 precision@5 of each ranking against the judgments
// Both need `npm run build -w server`; BENCH_CORPUS_DIR reuses a crawled and embedded data directory
// (`node corpus.mjs`), which the sheets were made from, otherwise the corpus is crawled again (its
// lists may then hold articles never judged: their share is printed). Grades: 2 the same subject (a reader of the seed would want it next), 1
// related (the same area, of some interest), 0 not alike.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedCorpus } from './lib/corpus-database.mjs';
import { normaliseLink } from './lib/ir-metrics.mjs';
import { similarityJudgments } from './lib/more-like-this-quality.mjs';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { record } from './lib/results.mjs';

requireBuilt();
const server = (path) => import(join(repoRoot, 'server/dist', path));
const { loadConfig } = await server('config.js');
const { openDatabase } = await server('db/connection/open.js');
const { createEmbedder } = await server('intelligence/embeddings/semantic-service.js');
const { InProcessVectorIndex } = await server('intelligence/search/vector-index.js');
const { LexicalIndex } = await server('intelligence/search/lexical/lexical-index.js');
const { seedArticle } = await server('db/search-index-rows.js');
const { seededRandom } = await server('intelligence/embeddings/offline/linear-algebra.js');
const { seedTerms, similarArticles, SIMILAR_LEXICAL } = await server(
  'intelligence/search/more-like-this.js',
);

const JUDGMENTS = new URL('./data/more-like-this-judgments.jsonl', import.meta.url);
const SEEDS_PER_KIND = 20;
const DEPTH = 5;
const TEXT_CHARS = 400;

/** A fixed shuffle (the offline model's seeded generator): the same sheet from the same corpus. */
function shuffled(items, seed) {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other], copy[index]];
  }
  return copy;
}

const queries = readFileSync(join(sharedData, 'search-queries-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));

const corpus = await sharedCorpus('more-like-this-judged');
const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config, () => undefined);
try {
  const embedder = await createEmbedder(config, db);
  const index = new InProcessVectorIndex(db, embedder.model, embedder.dimension);
  const lexical = new LexicalIndex(db);
  await Promise.all([index.refresh(), lexical.refresh()]);
  const indexes = { lexical, semantic: { embedder, index } };
  const { rows } = await db.query(
    `SELECT a.post_id, a.link, a.title, a.description, a.content, s.name AS source,
            max(a.post_id) OVER () AS newest
       FROM articles a JOIN sources s ON s.source_id = a.source_id ORDER BY a.post_id`,
  );
  const byId = new Map(rows.map((row) => [Number(row.post_id), row]));
  const idOfLink = new Map(rows.map((row) => [normaliseLink(row.link), Number(row.post_id)]));
  const snapshot = Number(rows[0].newest);

  // Seeds: articles judged relevant to a development query, SEEDS_PER_KIND of each kind.
  const similar = similarityJudgments(queries);
  const kindOf = new Map();
  for (const query of queries) {
    for (const { link, grade } of query.relevant) {
      const key = normaliseLink(link);
      if (grade >= 1 && !kindOf.has(key)) kindOf.set(key, query.kind);
    }
  }
  const seeds = [...new Set(queries.map((query) => query.kind))].flatMap((kind) =>
    shuffled(
      [...similar.keys()].filter((key) => kindOf.get(key) === kind && idOfLink.has(key)),
      17,
    ).slice(0, SEEDS_PER_KIND),
  );

  /** Each ranking's first DEPTH articles for a seed (the seed and its reposts left out). */
  const rankings = {
    product: async (postId, article) => similarArticles(db, indexes, article, snapshot),
    'dense neighbours only': async (postId) =>
      (await index.nearest(index.vectorOf(postId), 50, { snapshot, exclude: postId })).map(
        (one) => one.postId,
      ),
    "the seed's terms only (BM25F)": async (postId, article) =>
      lexical
        .search(seedTerms(lexical, article), SIMILAR_LEXICAL, 50, (id) => id !== postId)
        .map((hit) => hit.id),
  };
  const firstOf = (postId, ids) => {
    const seedTitle = byId.get(postId).title.trim().toLowerCase();
    return ids
      .filter((id) => id !== postId && byId.get(id)?.title.trim().toLowerCase() !== seedTitle)
      .slice(0, DEPTH);
  };
  const runs = new Map();
  for (const seed of seeds) {
    const postId = idOfLink.get(seed);
    const article = await seedArticle(db, postId);
    const lists = {};
    for (const [name, rank] of Object.entries(rankings)) {
      lists[name] = firstOf(postId, await rank(postId, article));
    }
    runs.set(seed, { postId, lists });
  }

  const shown = (id) => {
    const row = byId.get(id);
    const text = (row.content ?? '').replace(/\s+/g, ' ').trim().slice(0, TEXT_CHARS);
    return { title: row.title, blog: row.source, description: row.description ?? '', text };
  };

  const sheetAt = process.argv.indexOf('--sheet');
  if (sheetAt !== -1) {
    // Two sheets of seeds, each seed with its pooled candidates shuffled; the key apart.
    const out = process.argv[sheetAt + 1];
    mkdirSync(out, { recursive: true });
    const key = [];
    const sheets = [[], []];
    shuffled([...runs], 5).forEach(([seed, { postId, lists }], seedNumber) => {
      const pooled = shuffled([...new Set(Object.values(lists).flat())], seedNumber + 1);
      const candidates = pooled.map((id, number) => {
        const pair = `s${seedNumber + 1}-c${number + 1}`;
        key.push({ pair, seed, candidate: normaliseLink(byId.get(id).link) });
        return { pair, ...shown(id) };
      });
      sheets[seedNumber % 2].push({ seed: `s${seedNumber + 1}`, ...shown(postId), candidates });
    });
    sheets.forEach((sheet, number) =>
      writeFileSync(
        join(out, `sheet-${number + 1}.jsonl`),
        sheet.map((row) => JSON.stringify(row)).join('\n') + '\n',
      ),
    );
    writeFileSync(join(out, 'key.jsonl'), key.map((row) => JSON.stringify(row)).join('\n') + '\n');
    console.info(`${runs.size} seeds, ${key.length} pooled pairs, sheets and key in ${out}`);
  } else {
    if (!existsSync(JUDGMENTS)) throw new Error(`no judgments at ${JUDGMENTS.pathname}`);
    const grades = new Map(
      readFileSync(JUDGMENTS, 'utf8')
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line))
        .map(({ seed, candidate, grade }) => [`${seed} ${candidate}`, grade]),
    );
    const gradeOf = (seed, id) => grades.get(`${seed} ${normaliseLink(byId.get(id).link)}`);
    const judgedSeeds = [...runs].filter(([seed]) =>
      [...grades.keys()].some((pair) => pair.startsWith(`${seed} `)),
    );
    console.info(
      `More like this against judgments of its own lists: ${judgedSeeds.length} seeds ` +
        `(${SEEDS_PER_KIND} per kind of development query), the first ${DEPTH} of each ranking pooled ` +
        'and judged blind; precision@5 at grade >= 1 (related or the same subject) and grade 2 ' +
        '(the same subject); unjudged counts as not alike',
    );
    const figures = {};
    for (const name of Object.keys(rankings)) {
      const at = (minimum) =>
        judgedSeeds.reduce(
          (sum, [seed, { lists }]) =>
            sum + lists[name].filter((id) => (gradeOf(seed, id) ?? 0) >= minimum).length / DEPTH,
          0,
        ) / judgedSeeds.length;
      const unjudged = judgedSeeds.reduce(
        (sum, [seed, { lists }]) =>
          sum + lists[name].filter((id) => gradeOf(seed, id) === undefined).length,
        0,
      );
      figures[name] = { related: at(1), same: at(2) };
      console.info(
        `  ${name.padEnd(32)} precision@5 ${figures[name].related.toFixed(3)} (grade >= 1), ` +
          `${figures[name].same.toFixed(3)} (grade 2); ${unjudged} of ` +
          `${judgedSeeds.length * DEPTH} unjudged`,
      );
    }
    const bench = `more like this (${judgedSeeds.length} seeds, its own lists judged)`;
    record(
      ['related', 'same'].map((level) => ({
        bench,
        figure: `precision@5, ${level === 'related' ? 'grade >= 1' : 'grade 2'}`,
        value: figures.product[level],
        unit: '',
        reference: 'dense neighbours only',
        referenceValue: figures['dense neighbours only'][level],
      })),
    );
  }
} finally {
  await db.close();
  corpus.remove();
}
