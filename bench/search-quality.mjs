#!/usr/bin/env node
// Search quality on the shared corpus, crawled and embedded by the product: nDCG@10 and recall@50
// over the development queries (../shared/data/search-queries-dev.jsonl), overall and per kind of
// query, for plain BM25 (the reference), the product's lexical leg (BM25F), its dense leg (above
// the similarity floor) and their fusion; 5-fold cross-validation of the fusion's tuning, fold by
// fold; off-topic probe queries; more-like-this precision on a judged set made from the same
// judgments; latency of each leg over the whole corpus. (The offline summaries: summaries.mjs.)
//   npm run build -w shared && npm run build -w server && npm run bench:search-quality -w bench
// BENCH_CORPUS_DIR=<data dir>: use a copy of an already crawled and embedded corpus (tuning runs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedCorpus } from './lib/corpus-database.mjs';
import { crossValidate, stratifiedFolds } from './lib/cross-validation.mjs';
import { ndcgAt, ndcgScorer, normaliseLink, recallAt } from './lib/ir-metrics.mjs';
import { precisionAt, similarityJudgments } from './lib/more-like-this-quality.mjs';
import { repoRoot, requireBuilt, sharedData } from './lib/paths.mjs';
import { plainBm25 } from './lib/plain-bm25.mjs';
import { fullTextLeg, fullTextSharingAWord } from './lib/full-text-leg.mjs';
import { benchPostgres, copyCorpusToPostgres, createDatabase } from './lib/postgres.mjs';
import { percentile, record, setting } from './lib/results.mjs';
import { reweighed, SENTENCE_WEIGHT_GRID } from './lib/sentence-weights.mjs';

requireBuilt();
const server = (path) => import(join(repoRoot, 'server/dist', path));
const { loadConfig } = await server('config.js');
const { openDatabase } = await server('db/connection/open.js');
const { createEmbedder } = await server('intelligence/embeddings/semantic-service.js');
const { InProcessVectorIndex } = await server('intelligence/search/vector-index.js');
const { PgVectorIndex } = await server('intelligence/search/pgvector-index.js');
const { createVectorSearchIndex } = await server('db/article-vectors.js');
const { openPgPool } = await server('db/connection/pg-pool.js');
const { LexicalIndex } = await server('intelligence/search/lexical/lexical-index.js');
const {
  candidatesSharingAWord,
  denseLeg,
  denseMatches,
  fuseLegs,
  hybridRanking,
  isQuestion,
  lexicalLeg,
  lexicalMatches,
  lexicalParameters,
  queryVector,
  SEARCH_DEPTH,
} = await server('intelligence/search/hybrid-search.js');
const { seedArticle } = await server('db/search-index-rows.js');
const { fuseByMeaning, seedTerms, similarArticles, SIMILAR_FUSION, SIMILAR_LEXICAL } = await server(
  'intelligence/search/more-like-this.js',
);
const { SENTENCE_DIMENSION, SENTENCE_MODEL_NAME } = await server(
  'intelligence/embeddings/sentences/sentence-model.js',
);
const { SENTENCE_WEIGHT } = await server(
  'intelligence/embeddings/sentences/sentences-and-words.js',
);
const { SEARCH_TUNING } = await server('intelligence/search/search-weights.js');
const { expansionWords } = await server('intelligence/search/expansion/expand-query.js');
const { queryWords } = await server('intelligence/search/lexical/search-terms.js');
const { passageOf } = await server('intelligence/ask/passages.js');
const { ASK_TUNING } = await server('intelligence/ask/ask-tuning.js');

const REPEATS = setting('BENCH_REPEATS', 5, 2);
const FOLDS = 5;
const queries = readFileSync(join(sharedData, 'search-queries-dev.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line));
const kinds = [...new Set(queries.map((query) => query.kind))];

// Queries no engineering article answers (and one of made-up words): a search should find little
// or nothing for them, and the dense leg nothing at all. Not taken from the development queries.
const OFF_TOPIC = [
  'zxqv florp blarg',
  'banana bread recipe',
  'wedding dress shopping',
  'horoscope for virgo',
  'knitting a wool scarf',
  'poems about the ocean',
  'vintage guitar prices',
  'how to grow tomatoes',
];

// The tuning grid, simplest settings first (cross-validation keeps the first of equal scores).
// The fallback coverage and the floors are searched only where they keep off-topic queries from
// being answered with pages of padding (see the probes below).
const LEXICAL_GRID = [0.3, 0.5].flatMap((fallbackCoverage) =>
  [8, 12].flatMap((title) =>
    [1, 1.5].flatMap((description) =>
      [2, 4].map((source) => ({
        ...SEARCH_TUNING.lexical,
        weights: { ...SEARCH_TUNING.lexical.weights, title, description, source },
        fallbackCoverage,
      })),
    ),
  ),
);
const FUSION_GRID = [0.1, 0.2, 0.3].flatMap((denseWhenAllMatch) =>
  [0.5, 0.7].flatMap((denseOtherwise) =>
    [0.5, 0.7, 0.85, 1].flatMap((denseForQuestions) =>
      [0.25, 0.3, 0.35, 0.4].flatMap((similarityFloor) =>
        [0.1, 0.15, 0.2, 0.3]
          .filter((sharedWordFloor) => sharedWordFloor <= similarityFloor)
          .flatMap((sharedWordFloor) =>
            [0, 0.3].map((passingMention) => ({
              denseWhenAllMatch,
              denseOtherwise,
              denseForQuestions,
              similarityFloor,
              sharedWordFloor,
              passingMention,
            })),
          ),
      ),
    ),
  ),
);
// The weights of a query's expansion (decision 0033) in each leg: 0 is without it.
const EXPANSION_LEXICAL_GRID = [0, 0.5, 1];
// A question's own fallback coverage (SearchTuning.questionCoverage): 0.3 is every query's least.
const QUESTION_COVERAGE_GRID = [0.3, 0.2];
const EXPANSION_DENSE_GRID = [0, 1];
// More like this's grid (SimilarFusion), with the sentence weight of the seed's vector. Floors
// stay at or above search's shared-word floor (0.2): below it a rare shared word would make an
// article similar (decision 0041 has the lower floors' figures).
const SIMILAR_TITLE_WEIGHTS = [1, 2, 4];
const SIMILAR_GRID = [0.2, 0.3, 0.4, 0.5, 0.6].flatMap((similarityFloor) =>
  [0.3, 0.5, 0.7, 1, 0, 0.1].flatMap((denseWeight) =>
    SIMILAR_TITLE_WEIGHTS.map((titleWeight) => ({ similarityFloor, denseWeight, titleWeight })),
  ),
);
/** Deepest more-like-this candidate list (the product's CANDIDATES). */
const SIMILAR_DEPTH = 400;
const NEAR_DUPLICATE = 0.95;

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
const fixed = (value) => value.toFixed(3);

/** { all, [kind] } of { ndcg, recall } means over the queries' rankings of links. */
function quality(rankings) {
  const scored = queries.map((query, index) => ({
    kind: query.kind,
    ndcg: ndcgAt(rankings[index], query.relevant, 10),
    recall: recallAt(rankings[index], query.relevant, 50),
  }));
  const summarise = (list) => ({
    ndcg: mean(list.map((item) => item.ndcg)),
    recall: mean(list.map((item) => item.recall)),
  });
  return {
    all: summarise(scored),
    ...Object.fromEntries(
      kinds.map((kind) => [kind, summarise(scored.filter((item) => item.kind === kind))]),
    ),
  };
}

async function timed(run) {
  const times = [];
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    for (const query of queries) {
      const started = performance.now();
      await run(query.query);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

const describeWeight = (sentenceWeight) =>
  sentenceWeight === null ? '' : `sentence weight ${sentenceWeight}; `;
const describeTuning = ({ lexical, questionCoverage, fusion, expansion, sentenceWeight = null }) =>
  describeWeight(sentenceWeight) +
  `expansion ${expansion.lexical} lexical / ${expansion.dense} dense; ` +
  `title ${lexical.weights.title} / description ${lexical.weights.description} / ` +
  `source ${lexical.weights.source}, fallback coverage ${lexical.fallbackCoverage} ` +
  `(${questionCoverage} for a question); ` +
  `dense ${fusion.denseWhenAllMatch} when every word matches, ` +
  `${fusion.denseOtherwise} otherwise, ${fusion.denseForQuestions} for a question; floor ${fusion.similarityFloor}, ` +
  `${fusion.sharedWordFloor} sharing a word; passing mention below ${fusion.passingMention}`;

const corpus = await sharedCorpus('search');
// The same corpus copied into PostgreSQL (before the embedded database is opened here).
const postgres = benchPostgres();
const pgCorpus = postgres.url
  ? await createDatabase(postgres.url, `bench_search_quality_${process.pid}`)
  : null;
if (pgCorpus) await copyCorpusToPostgres(corpus.env.DATA_DIR, pgCorpus.url);
const config = loadConfig({ ...corpus.env, LOG_LEVEL: 'silent' });
const db = await openDatabase(config, () => undefined);
try {
  const embedder = await createEmbedder(config, db);
  const index = new InProcessVectorIndex(db, embedder.model, embedder.dimension);
  const lexical = new LexicalIndex(db);
  await Promise.all([index.refresh(), lexical.refresh()]);
  const semantic = { embedder, index };
  const indexes = { lexical, semantic };
  const { rows } = await db.query(
    `SELECT post_id, link, title, description, content, max(post_id) OVER () AS newest
       FROM articles ORDER BY post_id`,
  );
  const linkOf = new Map(rows.map((row) => [Number(row.post_id), row.link]));
  const links = (ids) => ids.map((id) => linkOf.get(id));
  const snapshot = Number(rows[0].newest);
  const bm25 = plainBm25(
    rows.map((row) => ({
      id: Number(row.post_id),
      text: `${row.title}\n${row.description}\n${row.content}`,
    })),
  );

  // Each leg once per query (the dense leg without a floor: the grid applies floors), the dense
  // leg once per sentence weight when the model fuses sentences and words.
  const fusedModel = embedder.model.startsWith(`${SENTENCE_MODEL_NAME}+`);
  const sentenceWeights = fusedModel ? SENTENCE_WEIGHT_GRID : [null];
  const layout = {
    wordDimension: embedder.dimension - SENTENCE_DIMENSION,
    shipped: SENTENCE_WEIGHT,
  };
  const weighed = (vector, weight) =>
    weight === null ? vector : reweighed(vector, layout, weight);
  const plain = queries.map((query) => links(bm25(query.query, SEARCH_DEPTH)));
  const questions = queries.map((query) => isQuestion(query.query));
  const lexicalRuns = LEXICAL_GRID.flatMap((parameters) =>
    EXPANSION_LEXICAL_GRID.flatMap((expansion) =>
      QUESTION_COVERAGE_GRID.map((questionCoverage) => ({
        parameters,
        expansion,
        questionCoverage,
      })),
    ),
  );
  const lexicalHits = lexicalRuns.map(({ parameters, expansion, questionCoverage }) =>
    queries.map((query, index) =>
      lexicalLeg(
        lexical,
        query.query,
        snapshot,
        SEARCH_DEPTH,
        lexicalParameters({ lexical: parameters, questionCoverage }, questions[index]),
        expansion,
      ),
    ),
  );
  const neighbours = [];
  for (const query of queries) {
    neighbours.push(
      await denseLeg(
        semantic,
        query.query,
        snapshot,
        SEARCH_DEPTH,
        -1,
        SEARCH_TUNING.expansion.dense,
      ),
    );
  }
  // Per sentence weight and expansion weight: each query's neighbours without a floor.
  const denseRuns = sentenceWeights.flatMap((sentenceWeight) =>
    EXPANSION_DENSE_GRID.map((expansion) => ({ sentenceWeight, expansion })),
  );
  const queryVectorsByExpansion = new Map();
  for (const expansion of EXPANSION_DENSE_GRID) {
    const vectors = [];
    for (const query of queries) vectors.push(await queryVector(embedder, query.query, expansion));
    queryVectorsByExpansion.set(expansion, vectors);
  }
  const neighboursByWeight = [];
  for (const { sentenceWeight, expansion } of denseRuns) {
    const perQuery = [];
    for (const vector of queryVectorsByExpansion.get(expansion)) {
      perQuery.push(
        vector
          ? await index.nearest(weighed(vector, sentenceWeight), SEARCH_DEPTH, { snapshot }, -1)
          : [],
      );
    }
    neighboursByWeight.push(perQuery);
  }
  const sharingAWord = queries.map((query, index) =>
    candidatesSharingAWord(lexical, query.query, neighbours[index], SEARCH_TUNING.lexical),
  );
  const sharingByWeight = neighboursByWeight.map((perQuery) =>
    queries.map((query, index) =>
      candidatesSharingAWord(lexical, query.query, perQuery[index], SEARCH_TUNING.lexical),
    ),
  );

  // The grid scores each query's rankings many times: its grades once, links normalised once.
  const scorers = queries.map((query) => ndcgScorer(query.relevant, 10));
  const keyOf = new Map([...linkOf].map(([id, link]) => [id, normaliseLink(link)]));
  const settings = lexicalRuns.flatMap(
    ({ parameters, expansion: lexicalExpansion, questionCoverage }, lexicalIndex) =>
      denseRuns.flatMap(({ sentenceWeight, expansion: denseExpansion }, weightIndex) =>
        FUSION_GRID.map((fusion) => ({
          params: {
            lexical: parameters,
            questionCoverage,
            fusion,
            expansion: { lexical: lexicalExpansion, dense: denseExpansion },
            sentenceWeight: fusedModel ? sentenceWeight : null,
          },
          scores: queries.map((_, index) =>
            scorers[index](
              fuseLegs(
                lexicalMatches(
                  lexicalHits[lexicalIndex][index],
                  neighboursByWeight[weightIndex][index],
                  fusion,
                ),
                denseMatches(
                  neighboursByWeight[weightIndex][index],
                  sharingByWeight[weightIndex][index],
                  fusion,
                ),
                fusion,
                { question: questions[index] },
              ).map((id) => keyOf.get(id)),
            ),
          ),
        })),
      ),
  );
  const foldOf = stratifiedFolds(queries, FOLDS);
  const validation = crossValidate(settings, foldOf);

  const shipped = [];
  for (const query of queries) {
    shipped.push(links(await hybridRanking(indexes, SEARCH_TUNING, query.query, snapshot)));
  }
  const shippedLexicalHits = queries.map((query, index) =>
    lexicalLeg(
      lexical,
      query.query,
      snapshot,
      SEARCH_DEPTH,
      lexicalParameters(SEARCH_TUNING, questions[index]),
      SEARCH_TUNING.expansion.lexical,
    ),
  );
  const shippedLexical = shippedLexicalHits.map((hits) => links(hits.map((hit) => hit.id)));
  const { fusion: shippedFusion } = SEARCH_TUNING;
  const floor = shippedFusion.sharedWordFloor;
  const shippedDense = (list, index) =>
    links(denseMatches(list, sharingAWord[index], shippedFusion).map((one) => one.postId));
  const modes = {
    'plain BM25': quality(plain),
    'lexical (BM25F)': quality(shippedLexical),
    'dense matches': quality(neighbours.map(shippedDense)),
    'dense, no floor': quality(neighbours.map((list) => links(list.map((one) => one.postId)))),
    fused: quality(shipped),
  };

  console.info(
    `Search quality: ${queries.length} development queries, ${linkOf.size} articles ` +
      `(${corpus.crawl.feeds} feeds), embedding model ${embedder.model}\n` +
      `shipped tuning (server/src/intelligence/search/search-weights.ts): ${describeTuning({ ...SEARCH_TUNING, sentenceWeight: fusedModel ? SENTENCE_WEIGHT : null })}`,
  );
  console.info(
    [
      'mode'.padEnd(18),
      ...['all', ...kinds].map((kind) => `${kind} nDCG@10 R@50`.padStart(24)),
    ].join(''),
  );
  for (const [mode, byKind] of Object.entries(modes)) {
    console.info(
      [
        mode.padEnd(18),
        ...['all', ...kinds].map((kind) =>
          `${fixed(byKind[kind].ndcg)}  ${fixed(byKind[kind].recall)}`.padStart(24),
        ),
      ].join(''),
    );
  }

  console.info(
    `\n${FOLDS}-fold cross-validation (stratified by kind) over ${settings.length} settings ` +
      `(${lexicalRuns.length} BM25F, lexical expansion and question coverage x ` +
      `${denseRuns.length} dense x ` +
      `${FUSION_GRID.length} fusion); nDCG@10 of the fused ranking:`,
  );
  for (const fold of validation.folds) {
    const held = fold.queries.map((query) => queries[query].id).join(' ');
    console.info(
      `fold ${fold.fold + 1} (${held}): train ${fixed(fold.train)}, held out ${fixed(fold.test)}; ` +
        `chosen ${describeTuning(fold.chosen.params)}`,
    );
  }
  console.info(`cross-validated nDCG@10 (mean over held-out folds): ${fixed(validation.mean)}`);
  const heldOut = validation.folds.flatMap((fold) =>
    fold.queries.map((query) => ({ kind: queries[query].kind, ndcg: fold.chosen.scores[query] })),
  );
  const heldOutByKind = kinds.map((kind) => {
    const ofKind = heldOut.filter((one) => one.kind === kind).map((one) => one.ndcg);
    return `${kind} ${fixed(mean(ofKind))}`;
  });
  console.info(`cross-validated nDCG@10 by kind (held-out queries): ${heldOutByKind.join(', ')}`);
  const chosenValues = (pick) =>
    validation.folds.map((fold) => pick(fold.chosen.params)).sort((a, b) => a - b);
  const medianOf = (pick) => chosenValues(pick)[Math.floor(FOLDS / 2)];
  const consensus = {
    sentenceWeight: fusedModel ? medianOf((p) => p.sentenceWeight) : null,
    lexical: {
      ...SEARCH_TUNING.lexical,
      weights: {
        ...SEARCH_TUNING.lexical.weights,
        title: medianOf((p) => p.lexical.weights.title),
        description: medianOf((p) => p.lexical.weights.description),
        source: medianOf((p) => p.lexical.weights.source),
      },
      fallbackCoverage: medianOf((p) => p.lexical.fallbackCoverage),
    },
    questionCoverage: medianOf((p) => p.questionCoverage),
    expansion: {
      lexical: medianOf((p) => p.expansion.lexical),
      dense: medianOf((p) => p.expansion.dense),
    },
    fusion: {
      denseWhenAllMatch: medianOf((p) => p.fusion.denseWhenAllMatch),
      denseOtherwise: medianOf((p) => p.fusion.denseOtherwise),
      denseForQuestions: medianOf((p) => p.fusion.denseForQuestions),
      similarityFloor: medianOf((p) => p.fusion.similarityFloor),
      sharedWordFloor: medianOf((p) => p.fusion.sharedWordFloor),
      passingMention: medianOf((p) => p.fusion.passingMention),
    },
  };
  console.info(`median of the folds' choices: ${describeTuning(consensus)}`);
  console.info(
    describeTuning(consensus) ===
      describeTuning({ ...SEARCH_TUNING, sentenceWeight: fusedModel ? SENTENCE_WEIGHT : null })
      ? 'the shipped tuning is the median of the folds’ choices'
      : 'NOTE: the shipped tuning differs from the median of the folds’ choices',
  );

  // Tried, not shipped (decision 0033, Since): a passage leg for questions. Each lexical hit's
  // score becomes (1 - share) x its score + share x its best passage's BM25F (the passage index,
  // decision 0038, with the answer's tuning), each against the best; the rest as shipped.
  const passageWords = (query) => [
    ...queryWords(query),
    ...expansionWords(query, SEARCH_TUNING.expansion.lexical),
  ];
  const bestPassage = queries.map((query) => {
    const best = new Map();
    for (const hit of lexical.searchPassages(passageWords(query.query), ASK_TUNING.lexical, 1000)) {
      const { postId } = passageOf(hit.id);
      best.set(postId, Math.max(best.get(postId) ?? 0, hit.score));
    }
    return best;
  });
  const withPassages = (hits, best, share) => {
    const topHit = Math.max(0, ...hits.map((hit) => hit.score)) || 1;
    const topPassage = Math.max(0, ...hits.map((hit) => best.get(hit.id) ?? 0)) || 1;
    return hits.map((hit) => ({
      ...hit,
      score: ((1 - share) * hit.score) / topHit + (share * (best.get(hit.id) ?? 0)) / topPassage,
    }));
  };
  console.info('\nA passage leg for questions (tried), shipped tuning otherwise: nDCG@10');
  for (const share of [0, 0.1, 0.2, 0.3, 0.5]) {
    const rankings = [];
    for (const index of queries.keys()) {
      const candidates = neighbours[index];
      const hits = lexicalMatches(shippedLexicalHits[index], candidates, shippedFusion);
      const mixed = questions[index] ? withPassages(hits, bestPassage[index], share) : hits;
      const dense = denseMatches(candidates, sharingAWord[index], shippedFusion);
      rankings.push(links(fuseLegs(mixed, dense, shippedFusion, { question: questions[index] })));
    }
    const byKind = quality(rankings);
    console.info(
      `  passage share ${share}: ` +
        ['all', ...kinds].map((kind) => `${kind} ${fixed(byKind[kind].ndcg)}`).join(', '),
    );
  }

  // Off-topic probes through the product's ranking.
  console.info('\nOff-topic probes (shipped tuning): results / dense matches');
  let probesWithDense = 0;
  for (const probe of OFF_TOPIC) {
    const found = await hybridRanking(indexes, SEARCH_TUNING, probe, snapshot);
    const candidates = await denseLeg(
      semantic,
      probe,
      snapshot,
      SEARCH_DEPTH,
      floor,
      SEARCH_TUNING.expansion.dense,
    );
    const sharing = candidatesSharingAWord(lexical, probe, candidates, SEARCH_TUNING.lexical);
    const dense = denseMatches(candidates, sharing, shippedFusion);
    if (dense.length > 0) probesWithDense += 1;
    console.info(`  ${probe.padEnd(26)} ${String(found.length).padStart(4)} / ${dense.length}`);
  }

  // More like this on the judged set.
  const similar = similarityJudgments(queries);
  const idsOfLink = new Map();
  for (const [id, link] of linkOf) {
    const key = normaliseLink(link);
    if (similar.has(key) && !idsOfLink.has(key)) idsOfLink.set(key, id);
  }
  // A seed's kind and fold are those of the first development query it is judged relevant to.
  const seedLinks = [...idsOfLink.keys()];
  const seedQuery = seedLinks.map((seedLink) =>
    queries.findIndex((query) =>
      query.relevant.some(({ link, grade }) => grade >= 1 && normaliseLink(link) === seedLink),
    ),
  );
  const seedKind = seedQuery.map((query) => queries[query].kind);
  const seedFold = seedQuery.map((query) => foldOf[query]);
  const byKind = (values) =>
    kinds
      .map((kind) => `${kind} ${fixed(mean(values.filter((_, seed) => seedKind[seed] === kind)))}`)
      .join(', ');
  const precision = { product: { 5: [], 12: [] }, 'dense only': { 5: [], 12: [] } };
  // What the candidates can give at most: the share of a seed's similar articles in the corpus
  // that are among its first 50 and 400 neighbours, and among those above the floor.
  const reach = { 'first 50': [], 'first 400': [], 'above the floor': [] };
  const inCorpus = new Set(keyOf.values());
  const mltTimes = [];
  for (const [seedLink, postId] of idsOfLink) {
    const article = await seedArticle(db, postId);
    const started = performance.now();
    const product = links(await similarArticles(db, indexes, article, snapshot));
    mltTimes.push(performance.now() - started);
    const neighbours = await index.nearest(index.vectorOf(postId), SIMILAR_DEPTH, {
      snapshot,
      exclude: postId,
    });
    const denseOnly = links(neighbours.slice(0, 50).map((one) => one.postId));
    for (const k of [5, 12]) {
      precision.product[k].push(precisionAt(seedLink, product, similar.get(seedLink), k));
      precision['dense only'][k].push(precisionAt(seedLink, denseOnly, similar.get(seedLink), k));
    }
    const similarInCorpus = [...similar.get(seedLink)].filter((link) => inCorpus.has(link));
    const share = (list) => {
      const found = new Set(list.map((one) => keyOf.get(one.postId)));
      return similarInCorpus.filter((link) => found.has(link)).length / similarInCorpus.length;
    };
    const floor = SIMILAR_FUSION.similarityFloor;
    reach['first 50'].push(share(neighbours.slice(0, 50)));
    reach['first 400'].push(share(neighbours));
    reach['above the floor'].push(share(neighbours.filter((one) => one.similarity >= floor)));
  }
  console.info(
    `\nMore like this: ${idsOfLink.size} seed articles judged relevant to a development query; ` +
      'similar = judged relevant to the same query (unjudged articles count as not similar)',
  );
  for (const [mode, byK] of Object.entries(precision)) {
    console.info(
      `  ${mode.padEnd(12)} precision@5 ${fixed(mean(byK[5]))}  @12 ${fixed(mean(byK[12]))}; ` +
        `@5 by the seed's query kind: ${byKind(byK[5])}`,
    );
  }
  console.info(
    '  share of the similar articles among the neighbours: ' +
      Object.entries(reach)
        .map(([where, shares]) => `${where} ${fixed(mean(shares))}`)
        .join(', '),
  );

  // More like this's tuning, cross-validated: a seed is held out with its query's fold.
  // Per seed and sentence weight: its neighbours (no floor: the grid applies floors) and, per
  // title weight, the lexical hits of its distinctive terms among them.
  const seedRuns = [];
  for (const seedLink of seedLinks) {
    const postId = idsOfLink.get(seedLink);
    const seed = await seedArticle(db, postId);
    const runs = [];
    for (const weight of sentenceWeights) {
      const vector = weighed(index.vectorOf(postId), weight);
      const candidates = await index.nearest(vector, SIMILAR_DEPTH, { snapshot, exclude: postId });
      const ids = new Set(candidates.map((one) => one.postId));
      const hits = new Map(
        SIMILAR_TITLE_WEIGHTS.map((titleWeight) => [
          titleWeight,
          lexical.search(seedTerms(lexical, seed, titleWeight), SIMILAR_LEXICAL, ids.size, (id) =>
            ids.has(id),
          ),
        ]),
      );
      runs.push({ candidates, hits });
    }
    seedRuns.push(runs);
  }
  const similarSettings = sentenceWeights.flatMap((sentenceWeight, weightIndex) =>
    SIMILAR_GRID.map((fusion) => ({
      params: { sentenceWeight, fusion },
      scores: seedLinks.map((seedLink, seedIndex) => {
        const { candidates, hits } = seedRuns[seedIndex][weightIndex];
        const above = new Set(
          candidates
            .filter((one) => one.similarity >= fusion.similarityFloor)
            .map((one) => one.postId),
        );
        const duplicates = new Set(
          candidates.filter((one) => one.similarity >= NEAR_DUPLICATE).map((one) => one.postId),
        );
        const ranked = fuseByMeaning(
          candidates,
          hits.get(fusion.titleWeight).filter((hit) => above.has(hit.id)),
          fusion,
        ).filter((id) => !duplicates.has(id));
        return precisionAt(seedLink, links(ranked), similar.get(seedLink), 5);
      }),
    })),
  );
  const similarValidation = crossValidate(similarSettings, seedFold);
  const describeSimilar = ({ sentenceWeight, fusion }) =>
    `${describeWeight(sentenceWeight)}floor ${fusion.similarityFloor}, ` +
    `dense weight ${fusion.denseWeight}, title weight ${fusion.titleWeight}`;
  const shippedSimilar = {
    sentenceWeight: fusedModel ? SENTENCE_WEIGHT : null,
    fusion: SIMILAR_FUSION,
  };
  console.info(
    `More like this, ${FOLDS}-fold cross-validation over ${similarSettings.length} settings ` +
      `(shipped: ${describeSimilar(shippedSimilar)}):`,
  );
  for (const fold of similarValidation.folds) {
    console.info(
      `  fold ${fold.fold + 1} (${fold.queries.length} seeds): train ${fixed(fold.train)}, ` +
        `held out ${fixed(fold.test)}; chosen ${describeSimilar(fold.chosen.params)}`,
    );
  }
  console.info(
    `  cross-validated precision@5 (mean over held-out folds): ${fixed(similarValidation.mean)}`,
  );
  const heldOutSeeds = seedLinks.map(
    (_, seed) => similarValidation.folds[seedFold[seed]].chosen.scores[seed],
  );
  console.info(`  cross-validated precision@5 by the seed's query kind: ${byKind(heldOutSeeds)}`);
  const similarChoice = (pick) =>
    similarValidation.folds.map((fold) => pick(fold.chosen.params)).sort((a, b) => a - b)[
      Math.floor(FOLDS / 2)
    ];
  const similarConsensus = {
    sentenceWeight: fusedModel ? similarChoice((p) => p.sentenceWeight) : null,
    fusion: {
      similarityFloor: similarChoice((p) => p.fusion.similarityFloor),
      denseWeight: similarChoice((p) => p.fusion.denseWeight),
      titleWeight: similarChoice((p) => p.fusion.titleWeight),
    },
  };
  console.info(`  median of the folds' choices: ${describeSimilar(similarConsensus)}`);
  console.info(
    describeSimilar(similarConsensus) === describeSimilar(shippedSimilar)
      ? '  the shipped tuning is the median of the folds’ choices'
      : '  NOTE: the shipped tuning differs from the median of the folds’ choices',
  );

  const latency = {
    lexical: await timed((query) =>
      lexicalLeg(
        lexical,
        query,
        snapshot,
        SEARCH_DEPTH,
        lexicalParameters(SEARCH_TUNING, isQuestion(query)),
        SEARCH_TUNING.expansion.lexical,
      ),
    ),
    dense: await timed((query) =>
      denseLeg(semantic, query, snapshot, SEARCH_DEPTH, floor, SEARCH_TUNING.expansion.dense),
    ),
    hybrid: await timed((query) => hybridRanking(indexes, SEARCH_TUNING, query, snapshot)),
  };
  mltTimes.sort((a, b) => a - b);
  latency['more like this'] = { p50: percentile(mltTimes, 0.5), p99: percentile(mltTimes, 0.99) };
  console.info(
    `\nLatency over ${queries.length} queries x ${REPEATS}, ${linkOf.size} articles, in process:`,
  );
  console.info(`${'mode'.padEnd(16)}  p50 ms  p99 ms`);
  for (const [mode, { p50, p99 }] of Object.entries(latency)) {
    console.info(`${mode.padEnd(16)}${p50.toFixed(1).padStart(8)}${p99.toFixed(1).padStart(8)}`);
  }

  const bench = `search quality (${queries.length} dev queries)`;
  const figures = [];
  for (const [mode, byKind] of Object.entries(modes)) {
    if (mode === 'plain BM25' || mode === 'dense, no floor') continue;
    for (const kind of ['all', ...kinds]) {
      for (const [metric, key] of [
        ['nDCG@10', 'ndcg'],
        ['recall@50', 'recall'],
      ]) {
        figures.push({
          bench,
          figure: `${mode} ${kind} ${metric}`,
          value: byKind[kind][key],
          unit: '',
          reference: `plain BM25 ${kind} ${metric}`,
          referenceValue: modes['plain BM25'][kind][key],
        });
      }
    }
  }
  figures.push({
    bench,
    figure: `fused nDCG@10, ${FOLDS}-fold cross-validated`,
    value: validation.mean,
    unit: '',
    reference: 'plain BM25 nDCG@10',
    referenceValue: modes['plain BM25'].all.ndcg,
  });
  figures.push({
    bench: `more like this (${idsOfLink.size} judged seeds)`,
    figure: `precision@5, ${FOLDS}-fold cross-validated`,
    value: similarValidation.mean,
    unit: '',
    reference: 'dense neighbours only precision@5',
    referenceValue: mean(precision['dense only'][5]),
  });
  for (const k of [5, 12]) {
    figures.push({
      bench: `more like this (${idsOfLink.size} judged seeds)`,
      figure: `precision@${k}`,
      value: mean(precision.product[k]),
      unit: '',
      reference: `dense neighbours only precision@${k}`,
      referenceValue: mean(precision['dense only'][k]),
    });
  }
  figures.push({
    bench: 'search quality (off-topic probes)',
    figure: `probes with dense hits (of ${OFF_TOPIC.length})`,
    value: probesWithDense,
    unit: 'count',
  });
  figures.push({
    bench: `search (${linkOf.size} articles)`,
    figure: 'hybrid p50',
    value: latency.hybrid.p50,
    unit: 'ms',
    reference: 'lexical leg alone p50',
    referenceValue: latency.lexical.p50,
  });
  if (pgCorpus) {
    figures.push(
      ...(await onPostgres({ embedder, lexical, modes, queries, links, snapshot, idsOfLink })),
    );
  } else {
    console.info(`\nPostgreSQL: not measured (${postgres.skipped})`);
  }
  record(figures);
} finally {
  await db.close();
  await pgCorpus?.drop();
  corpus.remove();
}

/**
 * The same queries on the corpus copied into PostgreSQL: the dense leg by pgvector's HNSW index
 * (what a web process of a fleet searches), fused with the in-process BM25F leg as shipped, and
 * PostgreSQL's own full text (GIN, ts_rank_cd) as the lexical leg instead, alone and fused.
 */
async function onPostgres({ embedder, lexical, modes, queries, links, snapshot, idsOfLink }) {
  const pg = openPgPool(pgCorpus.url, { max: 2 });
  try {
    const started = performance.now();
    await createVectorSearchIndex(pg, embedder.model, embedder.dimension);
    const buildSeconds = (performance.now() - started) / 1000;
    await pg.query('ANALYZE article_embeddings');
    const semantic = { embedder, index: new PgVectorIndex(pg, embedder.model, embedder.dimension) };
    const indexes = { lexical, semantic };
    const { fusion } = SEARCH_TUNING;
    const neighbours = [];
    const fullText = [];
    const fusedFullText = [];
    for (const query of queries) {
      const candidates = await denseLeg(
        semantic,
        query.query,
        snapshot,
        SEARCH_DEPTH,
        -1,
        SEARCH_TUNING.expansion.dense,
      );
      neighbours.push(candidates);
      const words = await fullTextLeg(pg, query.query, snapshot, SEARCH_DEPTH);
      fullText.push(links(words.map((hit) => hit.id)));
      const above = candidates.filter((one) => one.similarity >= fusion.sharedWordFloor);
      const sharing = await fullTextSharingAWord(
        pg,
        query.query,
        above.map((one) => one.postId),
      );
      fusedFullText.push(
        links(
          fuseLegs(words, denseMatches(above, sharing, fusion), fusion, {
            question: isQuestion(query.query),
          }),
        ),
      );
    }
    const shipped = [];
    for (const query of queries) {
      shipped.push(links(await hybridRanking(indexes, SEARCH_TUNING, query.query, snapshot)));
    }
    const sharingAWord = queries.map((query, index) =>
      candidatesSharingAWord(lexical, query.query, neighbours[index], SEARCH_TUNING.lexical),
    );
    const pgModes = {
      'dense matches (HNSW)': quality(
        neighbours.map((list, index) =>
          links(denseMatches(list, sharingAWord[index], fusion).map((one) => one.postId)),
        ),
      ),
      'fused (BM25F + HNSW)': quality(shipped),
      'full text (GIN)': quality(fullText),
      'fused (GIN + HNSW)': quality(fusedFullText),
    };
    const precision = { 5: [], 12: [] };
    const similar = similarityJudgments(queries);
    for (const [seedLink, postId] of idsOfLink) {
      const article = await seedArticle(pg, postId);
      const found = links(await similarArticles(pg, indexes, article, snapshot));
      for (const k of [5, 12]) {
        precision[k].push(precisionAt(seedLink, found, similar.get(seedLink), k));
      }
    }
    const latency = {
      'dense (HNSW)': await timed((query) =>
        denseLeg(
          semantic,
          query,
          snapshot,
          SEARCH_DEPTH,
          fusion.sharedWordFloor,
          SEARCH_TUNING.expansion.dense,
        ),
      ),
      'full text (GIN)': await timed((query) => fullTextLeg(pg, query, snapshot, SEARCH_DEPTH)),
      'fused (BM25F + HNSW)': await timed((query) =>
        hybridRanking(indexes, SEARCH_TUNING, query, snapshot),
      ),
    };

    console.info(
      `\nOn PostgreSQL 15 + pgvector (the same ${queries.length} queries and articles, copied): ` +
        `HNSW index (m 16, ef_construction 64, inner product) built in ${buildSeconds.toFixed(1)} s`,
    );
    console.info(
      [
        'mode'.padEnd(22),
        ...['all', ...kinds].map((kind) => `${kind} nDCG@10 R@50`.padStart(24)),
      ].join(''),
    );
    for (const [mode, byKind] of Object.entries({ ...pgModes, 'fused (embedded)': modes.fused })) {
      console.info(
        [
          mode.padEnd(22),
          ...['all', ...kinds].map((kind) =>
            `${fixed(byKind[kind].ndcg)}  ${fixed(byKind[kind].recall)}`.padStart(24),
          ),
        ].join(''),
      );
    }
    console.info(
      `more like this on PostgreSQL: precision@5 ${fixed(mean(precision[5]))}  ` +
        `@12 ${fixed(mean(precision[12]))}`,
    );
    console.info(`${'latency on PostgreSQL'.padEnd(22)}  p50 ms  p99 ms`);
    for (const [mode, { p50, p99 }] of Object.entries(latency)) {
      console.info(`${mode.padEnd(22)}${p50.toFixed(1).padStart(8)}${p99.toFixed(1).padStart(8)}`);
    }

    const bench = `search quality on PostgreSQL (${queries.length} dev queries)`;
    const reference = 'fused nDCG@10, embedded';
    return [
      ...Object.entries(pgModes).map(([mode, byKind]) => ({
        bench,
        figure: `${mode} nDCG@10`,
        value: byKind.all.ndcg,
        unit: '',
        reference,
        referenceValue: modes.fused.all.ndcg,
      })),
      {
        bench,
        figure: 'more like this precision@5 (HNSW)',
        value: mean(precision[5]),
        unit: '',
      },
      {
        bench,
        figure: 'HNSW index build',
        value: buildSeconds,
        unit: 's',
      },
    ];
  } finally {
    await pg.close();
  }
}
