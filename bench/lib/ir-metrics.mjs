// Ranking metrics over graded judgments (grades 0/1/2), shared by the embedding and DB benches.
// A judged query is { relevant: [{ link, grade }] }; a ranking is an array of links, best first.

/** Link normalised for scoring: the same article reposted (http/https, www., trailing /). */
export function normaliseLink(link) {
  return String(link)
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/(\.html)?\/?$/i, '')
    .toLowerCase();
}

/** Removes later duplicates (by normalised link) from a ranking. */
export function dedupeRanking(links) {
  const seen = new Set();
  const out = [];
  for (const link of links) {
    const key = normaliseLink(link);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(link);
  }
  return out;
}

function gradesOf(relevant) {
  const grades = new Map();
  for (const { link, grade } of relevant) {
    const key = normaliseLink(link);
    grades.set(key, Math.max(grades.get(key) ?? 0, grade));
  }
  return grades;
}

const gain = (grade) => 2 ** grade - 1;
const discount = (rank) => 1 / Math.log2(rank + 2);

/**
 * nDCG@k of one query's rankings of normalised links, with gain 2^grade − 1; the ideal ranking is
 * the judged list sorted by grade. Its grades and ideal are worked out once, for tuning grids
 * that score many rankings of the same query.
 */
export function ndcgScorer(relevant, k = 10) {
  const grades = gradesOf(relevant);
  const ideal = [...grades.values()]
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, rank) => sum + gain(grade) * discount(rank), 0);
  return (normalisedLinks) => {
    if (ideal === 0) return 0;
    const seen = new Set();
    let dcg = 0;
    for (const key of normalisedLinks) {
      if (seen.size === k) break;
      if (seen.has(key)) continue;
      dcg += gain(grades.get(key) ?? 0) * discount(seen.size);
      seen.add(key);
    }
    return dcg / ideal;
  };
}

/** nDCG@k of a ranking of links (see ndcgScorer). */
export function ndcgAt(ranking, relevant, k = 10) {
  return ndcgScorer(relevant, k)(ranking.map(normaliseLink));
}

/** Share of the judged relevant links (grade ≥ 1) found in the top k. */
export function recallAt(ranking, relevant, k = 50) {
  const grades = gradesOf(relevant);
  const wanted = [...grades].filter(([, grade]) => grade > 0).map(([key]) => key);
  if (wanted.length === 0) return 0;
  const found = new Set(dedupeRanking(ranking).slice(0, k).map(normaliseLink));
  return wanted.filter((key) => found.has(key)).length / wanted.length;
}

/**
 * Weighted reciprocal rank fusion: score(d) = Σ weight_i / (k + rank_i(d)), rank from 1.
 * rankings: [{ links, weight }]. Returns the fused ranking of links, best first.
 */
export function reciprocalRankFusion(rankings, k = 60) {
  const scores = new Map();
  for (const { links, weight = 1 } of rankings) {
    dedupeRanking(links).forEach((link, rank) => {
      const key = normaliseLink(link);
      const entry = scores.get(key) ?? { link, score: 0 };
      entry.score += weight / (k + rank + 1);
      scores.set(key, entry);
    });
  }
  return [...scores.values()].sort((a, b) => b.score - a.score).map((entry) => entry.link);
}

/** Mean of a metric per kind and overall: rows [{ kind, value }] → { all, [kind]: mean }. */
export function meanByKind(rows) {
  const groups = new Map([['all', []]]);
  for (const { kind, value } of rows) {
    groups.get('all').push(value);
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push(value);
  }
  return Object.fromEntries(
    [...groups].map(([kind, values]) => [
      kind,
      values.reduce((sum, value) => sum + value, 0) / values.length,
    ]),
  );
}
