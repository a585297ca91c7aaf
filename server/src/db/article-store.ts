import type { Queryable } from './db.js';

/** An article as the crawler hands it over: plain text, absolute links, a dedupe key. */
export interface ArticleToStore {
  link: string;
  linkKey: string;
  guid: string | null;
  title: string;
  description: string;
  content: string;
  image: string | null;
  publishingDate: Date;
  topics: string[];
}

/** Any fixed number: article writers take this transaction lock in turn (see upsertArticles). */
const ARTICLE_WRITE_LOCK_KEY = 7_406_184_312;
const ROWS_PER_STATEMENT = 200;
const COLUMNS = [
  'source_id',
  'link',
  'link_key',
  'guid',
  'title',
  'description',
  'content',
  'image',
  'publishing_date',
  'topics',
] as const;

const UPSERT_TAIL = `
  ON CONFLICT (link_key) DO UPDATE SET
    source_id = EXCLUDED.source_id, link = EXCLUDED.link, guid = COALESCE(a.guid, EXCLUDED.guid),
    title = EXCLUDED.title, description = EXCLUDED.description, content = EXCLUDED.content,
    image = COALESCE(EXCLUDED.image, a.image), topics = EXCLUDED.topics, updated_at = now()
  WHERE (a.source_id = EXCLUDED.source_id
         AND (a.link, a.title, a.description, a.content, a.image, a.topics)
             IS DISTINCT FROM (EXCLUDED.link, EXCLUDED.title, EXCLUDED.description,
                               EXCLUDED.content, EXCLUDED.image, EXCLUDED.topics))
     OR (a.source_id <> EXCLUDED.source_id
         AND EXISTS (SELECT 1 FROM sources s
                      WHERE s.source_id = a.source_id AND s.source_type = 'aggregator')
         AND NOT EXISTS (SELECT 1 FROM sources s
                          WHERE s.source_id = EXCLUDED.source_id AND s.source_type = 'aggregator'))
  RETURNING (xmax = 0) AS inserted`;

function valuesOf(sourceId: number, article: ArticleToStore): unknown[] {
  return [
    sourceId,
    article.link,
    article.linkKey,
    article.guid,
    article.title,
    article.description,
    article.content,
    article.image,
    article.publishingDate,
    article.topics,
  ];
}

/**
 * Stores a feed's articles and returns how many are new. One article per link key: a known link
 * is updated when its own source changed it, and otherwise left alone, except that a post first
 * seen through an aggregator moves to the blog that wrote it. post_id and publishing_date of a
 * known article never change, so feed order and paging stay put.
 *
 * Writers take one transaction lock in turn, so post_ids become visible in increasing order and
 * "post_id <= the newest id seen" is a true snapshot for paging (http/routes/content).
 */
export async function upsertArticles(
  tx: Queryable,
  sourceId: number,
  articles: ArticleToStore[],
): Promise<number> {
  if (articles.length === 0) return 0;
  await tx.query(`SELECT pg_advisory_xact_lock(${ARTICLE_WRITE_LOCK_KEY})`);
  let inserted = 0;
  for (let start = 0; start < articles.length; start += ROWS_PER_STATEMENT) {
    const batch = articles.slice(start, start + ROWS_PER_STATEMENT);
    const rows = batch.map(
      (_, row) =>
        `(${COLUMNS.map((column, index) => {
          const placeholder = `$${row * COLUMNS.length + index + 1}`;
          return column === 'topics' ? `${placeholder}::text[]` : placeholder;
        }).join(', ')})`,
    );
    const { rows: results } = await tx.query<{ inserted: boolean }>(
      `INSERT INTO articles AS a (${COLUMNS.join(', ')}) VALUES ${rows.join(', ')} ${UPSERT_TAIL}`,
      batch.flatMap((article) => valuesOf(sourceId, article)),
    );
    inserted += results.filter((result) => result.inserted).length;
  }
  return inserted;
}
