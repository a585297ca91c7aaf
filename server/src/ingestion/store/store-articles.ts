import { upsertArticles, type ArticleToStore } from '../../db/article-store.js';
import { adoptDiscoveredFeedUrl, recordFetchSuccess } from '../../db/crawl-state.js';
import type { Db } from '../../db/db.js';
import { renameSource } from '../../db/sources.js';
import { namesWithFeedTitle } from '../catalogue/source-names.js';

export interface FetchedFeedState {
  httpStatus: number;
  etag: string | null;
  lastModified: string | null;
  nextDueInSeconds: number;
  /** Set when the feed was found on the source's page (autodiscovery). */
  discoveredUrl?: string;
  /** The feed's own title: names a source that is only known by its address (see CONTENT.md). */
  feedTitle?: string;
}

/**
 * Stores a fetched feed in one transaction: its articles (upserted on the link key) and the
 * source's new state, so a crash never leaves articles without the validators that produced them.
 * Returns how many articles are new.
 */
export function storeFeed(
  db: Db,
  sourceId: number,
  articles: ArticleToStore[],
  state: FetchedFeedState,
): Promise<number> {
  return db.transaction(async (tx) => {
    if (state.discoveredUrl) await adoptDiscoveredFeedUrl(tx, sourceId, state.discoveredUrl);
    if (state.feedTitle) {
      const feedTitle = state.feedTitle;
      await renameSource(tx, sourceId, (source) => namesWithFeedTitle(source, feedTitle));
    }
    const inserted = await upsertArticles(tx, sourceId, articles);
    await recordFetchSuccess(tx, sourceId, {
      status: 'ok',
      httpStatus: state.httpStatus,
      etag: state.etag,
      lastModified: state.lastModified,
      newArticles: inserted,
      nextDueInSeconds: state.nextDueInSeconds,
    });
    return inserted;
  });
}
