import type { Genre } from '@blogstream/shared/contract';

/** What a genre pill and a card's genre tag say (docs/decisions/0025-article-genres.md). */
export const GENRE_LABELS: Record<Genre, string> = {
  incident: 'Postmortems',
  migration: 'Migrations',
  benchmark: 'Benchmarks',
  'deep-dive': 'Deep dives',
  tutorial: 'Tutorials',
  release: 'Releases & news',
  roundup: 'Roundups',
  opinion: 'Opinion',
};

/** A card's tag: one article of the genre. */
export const GENRE_TAGS: Record<Genre, string> = {
  incident: 'Postmortem',
  migration: 'Migration',
  benchmark: 'Benchmark',
  'deep-dive': 'Deep dive',
  tutorial: 'Tutorial',
  release: 'Release',
  roundup: 'Roundup',
  opinion: 'Opinion',
};

/** The pill that lifts the genre filter. */
export const ANY_GENRE_LABEL = 'Any kind';
