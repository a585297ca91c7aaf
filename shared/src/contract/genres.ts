/**
 * What kind of post an article is (docs/decisions/0025-article-genres.md), beside what it is about
 * (its topics). Ordered as filter pills show them. An article has one genre or none.
 */
export const GENRES = [
  'incident',
  'migration',
  'benchmark',
  'deep-dive',
  'tutorial',
  'release',
  'roundup',
  'opinion',
] as const;

export type Genre = (typeof GENRES)[number];

export function isGenre(value: unknown): value is Genre {
  return (GENRES as readonly unknown[]).includes(value);
}
