import type { FusionWeights } from './hybrid-search.js';

/**
 * How /search weighs its two legs (weighted reciprocal rank fusion), chosen by the search-quality
 * bench (`npm run bench:search-quality -w bench`) on the development queries; see
 * docs/decisions/0011-hybrid-search.md for the measurements behind them.
 */
export const SEARCH_FUSION_WEIGHTS: FusionWeights = { fullText: 1, vector: 0.5, k: 10 };
