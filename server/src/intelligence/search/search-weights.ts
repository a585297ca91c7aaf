import type { SearchTuning } from './hybrid-search.js';

/**
 * How /search scores and fuses its legs, chosen by 5-fold cross-validation on the development
 * queries (`npm run bench:search-quality -w bench` prints every fold); see docs/RANKING.md and
 * docs/decisions/0013-lexical-index-and-score-fusion.md for the measurements behind them.
 * The similarity floor belongs to the offline embedding model: another model needs its own
 * (the bench prints the calibration).
 */
export const SEARCH_TUNING: SearchTuning = {
  lexical: {
    k1: 1.2,
    weights: { title: 12, description: 1.5, body: 1, source: 4 },
    b: { title: 0.75, description: 0.75, body: 0.75, source: 0.75 },
    fallbackCoverage: 0.3,
  },
  fusion: {
    denseWhenAllMatch: 0.3,
    denseOtherwise: 0.7,
    denseForQuestions: 1,
    similarityFloor: 0.3,
    sharedWordFloor: 0.2,
  },
  expansion: { lexical: 0, dense: 0 },
};
