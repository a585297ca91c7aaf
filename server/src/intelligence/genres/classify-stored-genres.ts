import { articlesToClassify, storeGenres } from '../../db/article-genres.js';
import type { Queryable } from '../../db/db.js';
import type { Log } from '../../lib/log.js';
import { classifyStoredArticles } from '../classify-stored-articles.js';
import { classifyGenre, GENRE_RULES_VERSION, OPENING_CHARACTERS } from './classify-genre.js';

/**
 * Gives every article its genre: those the crawler stored since the last pass, and all of them
 * once the rules change (GENRE_RULES_VERSION). Runs after each crawl and at a worker's start.
 * Returns how many articles were classified.
 */
export function classifyStoredGenres(db: Queryable, log: Log): Promise<number> {
  return classifyStoredArticles(db, log, {
    version: GENRE_RULES_VERSION,
    openingCharacters: OPENING_CHARACTERS,
    read: articlesToClassify,
    classify: (article) => ({
      postId: article.post_id,
      genre: classifyGenre(article.title, article.description, article.opening),
    }),
    store: storeGenres,
    done: 'Genres classified for',
  });
}
