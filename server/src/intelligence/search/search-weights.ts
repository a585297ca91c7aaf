import type { SearchTuning } from './hybrid-search.js';

/**
 * How /search scores and fuses its legs: the median of the settings 5-fold cross-validation on
 * the development queries chose with the default (words) model (`npm run bench:search-quality -w
 * bench` prints every fold); see docs/RANKING.md, docs/decisions/0013, 0033 and 0042 for the
 * measurements behind them.
 * The similarity floor belongs to the offline embedding model: another model needs its own
 * (the bench prints the calibration).
 */
export const SEARCH_TUNING: SearchTuning = {
  lexical: {
    k1: 1.2,
    weights: { title: 8, description: 1.5, body: 1, source: 4 },
    b: { title: 0.75, description: 0.75, body: 0.75, source: 0.75 },
    fallbackCoverage: 0.3,
  },
  questionCoverage: 0.2,
  fusion: {
    denseWhenAllMatch: 0.3,
    denseOtherwise: 0.5,
    denseForQuestions: 0.7,
    similarityFloor: 0.25,
    // Not the folds' median with the tuned model (0.1, and 0.5 for a question, chosen together):
    // on the off-topic probes 0.1 brought 194 results against 97 ("how to grow tomatoes" 79
    // against 11) for +0.004 of nDCG@10 on the development queries (docs/decisions/0042).
    sharedWordFloor: 0.2,
    // Not the folds' median (0: four folds chose it, one 0.3): a rule the product asks for
    // (a rare word mentioned in passing finds nothing), neutral on the development queries.
    passingMention: 0.3,
  },
  expansion: { lexical: 1, dense: 0 },
};
