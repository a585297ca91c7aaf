import type { Db } from '../../db/db.js';
import { seedArticle } from '../../db/search-index-rows.js';
import type { SearchIndexes } from './hybrid-search.js';
import { similarArticles } from './more-like-this.js';

/** Reciprocal rank fusion's constant: a seed's 1st and 10th neighbours weigh 1/61 and 1/70. */
const RANK_CONSTANT = 60;

/**
 * The articles of `among` most like a set of seeds (a collection's articles): each seed's
 * more-like-this neighbours (similarArticles), fused by reciprocal rank, so an article close to
 * several seeds comes before one close to a single seed. Seeds themselves are left out.
 */
export async function similarToSeeds(
  db: Db,
  indexes: SearchIndexes,
  seedIds: readonly number[],
  among: ReadonlySet<number>,
): Promise<number[]> {
  if (among.size === 0) return [];
  const seeds = new Set(seedIds);
  const snapshot = Math.max(...among);
  const scores = new Map<number, number>();
  for (const seedId of seedIds) {
    const seed = await seedArticle(db, seedId);
    if (!seed) continue;
    const ranked = (await similarArticles(db, indexes, seed, snapshot)).filter(
      (id) => among.has(id) && !seeds.has(id),
    );
    ranked.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (RANK_CONSTANT + rank + 1));
    });
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]).map(([id]) => id);
}
