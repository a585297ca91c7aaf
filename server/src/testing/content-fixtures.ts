import { upsertArticles, type ArticleToStore } from '../db/article-store.js';
import type { Db } from '../db/db.js';
import { upsertSources, type SourceEntry } from '../db/sources.js';

/** A catalogue-like source entry. */
export function sourceEntry(urlName: string, name: string, topics: string[]): SourceEntry {
  return {
    url_name: urlName,
    name,
    long_name: `${name} Blog`,
    site_url: `https://${urlName}.example/`,
    feed_url: `https://${urlName}.example/feed.xml`,
    category: 'company',
    source_type: 'blog',
    topics,
  };
}

export async function addSources(db: Db, entries: SourceEntry[]): Promise<Map<string, number>> {
  await upsertSources(db, entries, 'catalogue');
  const { rows } = await db.query<{ source_id: number; url_name: string }>(
    'SELECT source_id, url_name FROM sources',
  );
  return new Map(rows.map((row) => [row.url_name, Number(row.source_id)]));
}

let articleCount = 0;

/** An article as the crawler would store it, published `hoursAgo` before `now`. */
export function article(
  host: string,
  title: string,
  hoursAgo: number,
  extra: Partial<ArticleToStore> = {},
): ArticleToStore {
  articleCount += 1;
  const link = `https://${host}/posts/${articleCount}`;
  return {
    link,
    linkKey: link.slice('https://'.length),
    guid: link,
    title,
    description: `About ${title.toLowerCase()}.`,
    content: '',
    blocks: null,
    image: null,
    imageDeclared: false,
    publishingDate: new Date(Date.now() - hoursAgo * 3600 * 1000),
    topics: [],
    topicScores: [],
    pageWanted: false,
    ...extra,
  };
}

/** Stores articles the way the crawler does (one transaction per feed). */
export function addArticles(db: Db, sourceId: number, articles: ArticleToStore[]): Promise<number> {
  return db.transaction((tx) => upsertArticles(tx, sourceId, articles));
}
