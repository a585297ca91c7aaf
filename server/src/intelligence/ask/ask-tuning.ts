import type { AskTuning } from './answer-question.js';

/**
 * How /api/ask finds and quotes passages (docs/decisions/0038). A passage is scored on its own
 * sentences first; its article's title and source name, which every passage of the article
 * shares, count less than in search. The abstention threshold comes from cross-validation on the
 * gold questions (`npm run bench:ask -w bench` prints each fold's choice).
 */
export const ASK_TUNING: AskTuning = {
  lexical: {
    k1: 1.2,
    weights: { title: 2, description: 0, body: 1, source: 2 },
    b: { title: 0.75, description: 0.75, body: 0.75, source: 0.75 },
    fallbackCoverage: 0.3,
  },
  expansion: 1,
  answerStrength: 0.35,
  passageScoreShare: 0.5,
  articleWeight: 0.5,
  articles: 3,
  passages: 6,
  passagesPerArticle: 3,
  nearest: 5,
};
