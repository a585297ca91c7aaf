import type { Queryable } from '../../db/db.js';
import { newMatchIds, savedSearchesOf } from '../../db/saved-searches.js';
import { searchPagePath } from '@blogstream/shared/contract';
import type { DigestContext, SectionArticles } from './run-digest.js';

/** A saved search's section holds at most this many of the week's matches, newest first. */
export const SECTION_ARTICLES = 5;

/**
 * The sections of a reader's digest (docs/decisions/0040-saved-searches.md): each saved search
 * they put in it, with its new matches among the week's new articles (the digest's candidates,
 * so the articles since the last digest), newest first. One query per saved search, at most
 * MAX_SAVED_SEARCHES per reader.
 */
export async function savedSearchSections(
  db: Queryable,
  userId: number,
  context: Pick<DigestContext, 'candidates' | 'publicUrl'>,
): Promise<SectionArticles[]> {
  const searches = await savedSearchesOf(db, userId, { inDigest: true });
  if (searches.length === 0) return [];
  const byId = new Map(context.candidates.map((candidate) => [candidate.postId, candidate]));
  const weekIds = [...byId.keys()];
  return Promise.all(
    searches.map(async (search) => {
      const ids = await newMatchIds(db, search, { among: weekIds, limit: SECTION_ARTICLES });
      return {
        title: search.name,
        pageUrl: context.publicUrl + searchPagePath(search.query, search.filter),
        articles: ids.flatMap((postId) => byId.get(postId) ?? []),
      };
    }),
  );
}
