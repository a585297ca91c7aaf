import { SEARCH_TUNING } from '../search/search-weights.js';
import type { AskTuning } from './answer-question.js';

/**
 * How /api/ask finds and quotes passages (docs/decisions/0038). A passage is scored on its own
 * sentences first, with search's BM25F parameters; its article's title and source name, which
 * every passage of the article shares, count less than in search. The abstention threshold
 * comes from cross-validation on the gold questions (`npm run bench:ask -w bench` prints each
 * fold's choice).
 */
export const ASK_TUNING: AskTuning = {
  lexical: { ...SEARCH_TUNING.lexical, weights: { title: 2, description: 0, body: 1, source: 2 } },
  expansion: 1,
  answerStrength: 0.35,
  passageScoreShare: 0.5,
  articleWeight: 0.5,
  articles: 3,
  passages: 6,
  passagesPerArticle: 3,
  nearest: 5,
};
