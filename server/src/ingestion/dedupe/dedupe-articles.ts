import type { ArticleToStore } from '../../db/article-store.js';

/**
 * One article per link key within a feed (the first wins: feeds list newest first). Across feeds
 * and crawls the database does the rest: articles.link_key is unique and the store step upserts
 * on it.
 */
export function dedupeArticles(articles: ArticleToStore[]): ArticleToStore[] {
  const seen = new Set<string>();
  return articles.filter((article) => {
    if (seen.has(article.linkKey)) return false;
    seen.add(article.linkKey);
    return true;
  });
}
