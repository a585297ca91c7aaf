/**
 * An answer quoted from the archive (docs/decisions/0038): the passages that best match the
 * question (the passage index, BM25F over a few sentences each with their article's title and
 * source), their sentences that carry the question's words, verbatim, grouped by article and in
 * reading order, each citing its passage. With a chat model configured, the model writes the
 * answer from the same passages, and only its sentences that pass the check against what they
 * cite are shown (written-answer.ts); too few, or a failure, and the quoted answer is shown.
 * When the best passage covers too little of the question, nothing is quoted: the answer
 * abstains and names the nearest articles instead.
 */
import {
  ANSWER_SENTENCES,
  type AnswerSentence,
  type AskResponse,
  type Citation,
} from '@blogstream/shared/contract';
import { articlesInOrder } from '../../db/articles.js';
import type { Db } from '../../db/db.js';
import { indexedArticles } from '../../db/search-index-rows.js';
import { sentenceLink } from '../summaries/text/sentence-links.js';
import { expansionWords } from '../search/expansion/expand-query.js';
import type { LexicalHit, LexicalParameters } from '../search/lexical/inverted-index.js';
import type { LexicalIndex } from '../search/lexical/lexical-index.js';
import { queryWords, searchTerms } from '../search/lexical/search-terms.js';
import { SEARCH_TUNING } from '../search/search-weights.js';
import { articlePassages, passageOf } from './passages.js';
import { checkedSentences, type PromptPassage } from './written-answer.js';

export const ABSTENTION_MESSAGE = 'No article in the archive answers this';
/** Passages read per question, before the article's match reorders them. */
const PASSAGE_DEPTH = 100;

export interface AskTuning {
  lexical: LexicalParameters;
  /** Weight of the technical wording of the question's everyday words (decision 0033). */
  expansion: number;
  /**
   * The least strength (LexicalHit: the best passage's score against the question's own weight)
   * from which the archive answers; below it, the answer abstains.
   */
  answerStrength: number;
  /** Passages after the best one are quoted while they score at least this share of its score. */
  passageScoreShare: number;
  /**
   * How much the article's own match counts (the article index's BM25F, its title foremost)
   * beside the passage's: a passage's score is its BM25F against the best passage's, plus this
   * times its article's against the best article's. Its strength (abstention) stays its own.
   */
  articleWeight: number;
  /** Articles an answer quotes at most. */
  articles: number;
  /** Passages an answer quotes at most, and at most per article. */
  passages: number;
  passagesPerArticle: number;
  /** Articles named when abstaining. */
  nearest: number;
}

/** A passage chosen for the answer: where it is and its sentences. */
interface ChosenPassage {
  postId: number;
  number: number;
  sentences: string[];
}

/** How many of the question's terms a sentence holds. */
function sharedTerms(sentence: string, questionTerms: ReadonlySet<string>): number {
  return new Set(searchTerms(sentence).filter((term) => questionTerms.has(term))).size;
}

/**
 * The sentences quoted from the chosen passages: up to ANSWER_SENTENCES.max of those holding the
 * most of the question's terms (ties to the better passage), then, while the answer is shorter
 * than ANSWER_SENTENCES.min, the best passages' other sentences. Returned in reading order: by
 * article (the best first), then by place in the article.
 */
function quotedSentences(
  passages: readonly ChosenPassage[],
  questionTerms: ReadonlySet<string>,
): { passage: ChosenPassage; index: number }[] {
  const candidates = passages.flatMap((passage, rank) =>
    passage.sentences.map((sentence, index) => ({
      passage,
      index,
      rank,
      shared: sharedTerms(sentence, questionTerms),
    })),
  );
  const matching = candidates
    .filter((candidate) => candidate.shared > 0)
    .sort((a, b) => b.shared - a.shared || a.rank - b.rank || a.index - b.index);
  const chosen = matching.slice(0, ANSWER_SENTENCES.max);
  for (const candidate of candidates) {
    if (chosen.length >= ANSWER_SENTENCES.min) break;
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  const articleRank = new Map<number, number>();
  passages.forEach((passage, rank) => {
    if (!articleRank.has(passage.postId)) articleRank.set(passage.postId, rank);
  });
  return chosen.sort(
    (a, b) =>
      articleRank.get(a.passage.postId)! - articleRank.get(b.passage.postId)! ||
      a.passage.number - b.passage.number ||
      a.index - b.index,
  );
}

export interface AskServices {
  db: Db;
  lexical: LexicalIndex;
  /** The nearest articles to a question the archive does not answer (the site's search). */
  nearestArticles: (question: string, count: number) => Promise<number[]>;
  /**
   * The chat model's answer from the numbered passages, as written (LLM_BASE_URL); null when it
   * failed. Unset: answers are quoted.
   */
  writeAnswer?: (question: string, passages: readonly PromptPassage[]) => Promise<string | null>;
}

type ArticleCards = ReadonlyMap<number, AskResponse['articles'][number]>;

/** The citation `n` of a chosen passage: the passage and its article's link opened at it. */
function citationOf(passage: ChosenPassage, n: number, cards: ArticleCards): Citation {
  const text = passage.sentences.join(' ');
  const link = cards.get(passage.postId)?.link ?? '';
  return {
    n,
    post_id: passage.postId,
    link: /^https?:/.test(link) ? sentenceLink(link, text) : '',
    passage: text,
  };
}

function answered(
  kind: AskResponse['kind'],
  sentences: AnswerSentence[],
  citations: Citation[],
  cards: ArticleCards,
): AskResponse {
  const cited = [...new Set(citations.map((citation) => citation.post_id))];
  return {
    kind,
    abstained: false,
    message: '',
    sentences,
    citations,
    articles: cited.flatMap((postId) => cards.get(postId) ?? []),
  };
}

/**
 * The model's answer from the chosen passages, its sentences checked against the passages they
 * cite (checkedSentences), the passages cited numbered again in the order the answer first cites
 * them; null when the model failed or fewer than ANSWER_SENTENCES.min sentences passed.
 */
async function writtenAnswer(
  writeAnswer: NonNullable<AskServices['writeAnswer']>,
  question: string,
  passages: readonly ChosenPassage[],
  cards: ArticleCards,
): Promise<AskResponse | null> {
  const prompt = passages.map((passage, index) => ({
    n: index + 1,
    title: cards.get(passage.postId)?.title ?? '',
    text: passage.sentences.join(' '),
  }));
  const answer = await writeAnswer(question, prompt);
  if (answer === null) return null;
  const checked = checkedSentences(
    answer,
    new Map(prompt.map((passage) => [passage.n, passage.text])),
  ).slice(0, ANSWER_SENTENCES.max);
  if (checked.length < ANSWER_SENTENCES.min) return null;
  const renumbered = new Map<number, number>();
  for (const n of checked.flatMap((sentence) => sentence.citations)) {
    if (!renumbered.has(n)) renumbered.set(n, renumbered.size + 1);
  }
  const citations = [...renumbered].map(([given, n]) => citationOf(passages[given - 1]!, n, cards));
  const sentences = checked.map((sentence) => ({
    text: sentence.text,
    citations: sentence.citations.map((n) => renumbered.get(n)!),
  }));
  return answered('written', sentences, citations, cards);
}

/** The passages matching the question best, best first (ids: passages.ts, passageOf). */
export function passageHits(
  lexical: LexicalIndex,
  tuning: AskTuning,
  question: string,
): LexicalHit[] {
  const words = [...queryWords(question), ...expansionWords(question, tuning.expansion)];
  const passages = lexical.searchPassages(words, tuning.lexical, PASSAGE_DEPTH);
  if (passages.length === 0 || tuning.articleWeight === 0) return passages;
  const articles = lexical.search(words, SEARCH_TUNING.lexical, PASSAGE_DEPTH);
  const bestArticle = articles[0]?.score || 1;
  const articleScore = new Map(articles.map((hit) => [hit.id, hit.score / bestArticle]));
  const bestPassage = passages[0]!.score;
  const fused = (hit: LexicalHit) =>
    hit.score / bestPassage +
    tuning.articleWeight * (articleScore.get(passageOf(hit.id).postId) ?? 0);
  return passages
    .map((hit) => ({ hit, fused: fused(hit) }))
    .sort((a, b) => b.fused - a.fused)
    .map(({ hit, fused: score }) => ({ ...hit, score }));
}

/**
 * The passages quoted: best first, within reach of the best one (passageScoreShare), from at most
 * `articles` articles and `passagesPerArticle` passages of each, `passages` in all.
 */
function bestPassages(hits: readonly LexicalHit[], tuning: AskTuning): LexicalHit[] {
  const floor = hits[0]!.score * tuning.passageScoreShare;
  const perArticle = new Map<number, number>();
  const kept: LexicalHit[] = [];
  for (const hit of hits) {
    if (hit.score < floor || kept.length === tuning.passages) break;
    const { postId } = passageOf(hit.id);
    const taken = perArticle.get(postId) ?? 0;
    if (taken === tuning.passagesPerArticle) continue;
    if (taken === 0 && perArticle.size === tuning.articles) continue;
    perArticle.set(postId, taken + 1);
    kept.push(hit);
  }
  return kept;
}

function abstention(articles: AskResponse['articles']): AskResponse {
  return {
    kind: 'quoted',
    abstained: true,
    message: ABSTENTION_MESSAGE,
    sentences: [],
    citations: [],
    articles,
  };
}

/** The answer to `question` for the reader `userId` (null: a visitor). */
export async function answerQuestion(
  { db, lexical, nearestArticles, writeAnswer }: AskServices,
  tuning: AskTuning,
  question: string,
  userId: number | null,
): Promise<AskResponse> {
  await lexical.ready();
  const hits = passageHits(lexical, tuning, question);
  const best = hits[0];
  if (!best || best.strength < tuning.answerStrength) {
    const nearest = await nearestArticles(question, tuning.nearest);
    return abstention(await articlesInOrder(db, nearest, userId));
  }
  const kept = bestPassages(hits, tuning);
  const articleIds = [...new Set(kept.map((hit) => passageOf(hit.id).postId))];
  const texts = new Map(
    (await indexedArticles(db, articleIds)).map((row) => [Number(row.post_id), row]),
  );
  const passages: ChosenPassage[] = kept.flatMap((hit) => {
    const { postId, number } = passageOf(hit.id);
    const row = texts.get(postId);
    if (!row) return [];
    const passage = articlePassages(row.content)[number];
    return passage ? [{ postId, number, sentences: passage.sentences }] : [];
  });
  if (passages.length === 0) {
    const nearest = await nearestArticles(question, tuning.nearest);
    return abstention(await articlesInOrder(db, nearest, userId));
  }
  const cards: ArticleCards = new Map(
    (await articlesInOrder(db, articleIds, userId)).map((article) => [article.post_id, article]),
  );
  const written = writeAnswer && (await writtenAnswer(writeAnswer, question, passages, cards));
  if (written) return written;
  const quoted = quotedSentences(passages, new Set(searchTerms(question)));
  const citations: Citation[] = [];
  const citationNumber = new Map<ChosenPassage, number>();
  const sentences: AnswerSentence[] = quoted.map(({ passage, index }) => {
    let n = citationNumber.get(passage);
    if (n === undefined) {
      n = citations.length + 1;
      citationNumber.set(passage, n);
      citations.push(citationOf(passage, n, cards));
    }
    return { text: passage.sentences[index]!, citations: [n] };
  });
  return answered('quoted', sentences, citations, cards);
}
