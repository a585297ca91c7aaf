import { articlesToClassify, storeGenres } from '../../db/article-genres.js';
import type { Queryable } from '../../db/db.js';
import { keysetBatches } from '../../lib/keyset-batches.js';
import type { Log } from '../../lib/log.js';
import { classifyGenre, GENRE_RULES_VERSION, OPENING_CHARACTERS } from './classify-genre.js';

const BATCH = 1_000;

/**
 * Gives every article its genre: those the crawler stored since the last pass, and all of them
 * once the rules change (GENRE_RULES_VERSION). Runs after each crawl and at a worker's start.
 * Returns how many articles were classified.
 */
export async function classifyStoredGenres(db: Queryable, log: Log): Promise<number> {
  let classified = 0;
  const batches = keysetBatches(
    (afterPostId, size) =>
      articlesToClassify(db, GENRE_RULES_VERSION, afterPostId, size, OPENING_CHARACTERS),
    (article) => article.post_id,
    BATCH,
  );
  for await (const batch of batches) {
    await storeGenres(
      db,
      GENRE_RULES_VERSION,
      batch.map((article) => ({
        postId: article.post_id,
        genre: classifyGenre(article.title, article.description, article.opening),
      })),
    );
    classified += batch.length;
    log.debug({ classified }, 'Classifying genres');
  }
  if (classified > 0) log.debug({ classified }, `Genres classified for ${classified} articles`);
  return classified;
}
