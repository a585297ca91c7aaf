// A judged set for more-like-this, built from the search judgments: two articles judged relevant
// (grade >= 1) to the same development query count as similar. Every such article is a seed.
import { dedupeRanking, normaliseLink } from './ir-metrics.mjs';

/** Map normalised seed link -> Set of normalised links of the articles similar to it. */
export function similarityJudgments(queries) {
  const similar = new Map();
  for (const { relevant } of queries) {
    const links = relevant.filter(({ grade }) => grade >= 1).map(({ link }) => normaliseLink(link));
    for (const seed of links) {
      if (!similar.has(seed)) similar.set(seed, new Set());
      for (const other of links) if (other !== seed) similar.get(seed).add(other);
    }
  }
  return similar;
}

/** Share of the first k articles (the seed itself and reposts of it left out) judged similar. */
export function precisionAt(seedLink, rankedLinks, similar, k) {
  const seed = normaliseLink(seedLink);
  const shown = dedupeRanking(rankedLinks)
    .map(normaliseLink)
    .filter((link) => link !== seed)
    .slice(0, k);
  return shown.filter((link) => similar.has(link)).length / k;
}
