import type { ReaderBlock } from '@blogstream/shared/contract';
import type { Queryable } from './db.js';

/** An article as the crawler hands it over: plain text, absolute links, a dedupe key. */
export interface ArticleToStore {
  link: string;
  linkKey: string;
  guid: string | null;
  title: string;
  description: string;
  content: string;
  /**
   * The reader view's blocks of the HTML `content` came from (decision 0037); null when it was
   * plain text: the reader view then reads them from `content`.
   */
  blocks: ReaderBlock[] | null;
  image: string | null;
  /** The feed declared the image (media:content, an enclosure), rather than it being a guess. */
  imageDeclared: boolean;
  /** Null when the feed gives no date. */
  publishingDate: Date | null;
  topics: string[];
  /** The evidence for each of `topics`, in the same order (classify-topics.ts). */
  topicScores: number[];
  /** The feed left out the date, an image or the full text: the article's page is visited. */
  pageWanted: boolean;
}

/** Array columns: their placeholders are cast, so an empty list is typed. */
const ARRAY_TYPES: Record<string, string> = { topics: 'text[]', topic_scores: 'real[]' };

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
  'content_blocks',
  'image',
  'publishing_date',
  'topics',
  'topic_scores',
  'image_declared',
  'page_state',
] as const;

/**
 * What a known article becomes when its feed is read again: the feed's link and title; the
 * preview and text (with its blocks) its page visit found, unless the feed now says more; an
 * image the feed declares, else the one it has; a date once known, never changed. Its topics are
 * then given again by the topic pass (topics_version reset; classify-stored-topics.ts).
 */
const MERGED: Record<string, string> = {
  link: 'EXCLUDED.link',
  title: 'EXCLUDED.title',
  description: `CASE WHEN a.page_state = 'visited' AND a.description <> '' THEN a.description
                     ELSE EXCLUDED.description END`,
  content: `CASE WHEN a.page_state = 'visited' AND length(a.content) > length(EXCLUDED.content)
                 THEN a.content ELSE EXCLUDED.content END`,
  // The blocks go with the text they were read beside.
  content_blocks: `CASE WHEN a.page_state = 'visited' AND length(a.content) > length(EXCLUDED.content)
                        THEN a.content_blocks ELSE EXCLUDED.content_blocks END`,
  image:
    'CASE WHEN EXCLUDED.image_declared THEN EXCLUDED.image ELSE COALESCE(a.image, EXCLUDED.image) END',
  image_declared: 'EXCLUDED.image_declared OR a.image_declared',
  publishing_date: 'COALESCE(a.publishing_date, EXCLUDED.publishing_date)',
};
const mergedColumns = Object.keys(MERGED);

const UPSERT_TAIL = `
  ON CONFLICT (link_key) DO UPDATE SET
    source_id = EXCLUDED.source_id, guid = COALESCE(a.guid, EXCLUDED.guid),
    ${mergedColumns.map((column) => `${column} = ${MERGED[column]}`).join(',\n    ')},
    topics_version = NULL, updated_at = now()
  WHERE (a.source_id = EXCLUDED.source_id
         AND (${mergedColumns.map((column) => `a.${column}`).join(', ')})
             IS DISTINCT FROM (${mergedColumns.map((column) => MERGED[column]).join(', ')}))
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
    article.blocks && JSON.stringify(article.blocks),
    article.image,
    article.publishingDate,
    article.topics,
    article.topicScores,
    article.imageDeclared,
    article.pageWanted ? 'pending' : 'not_needed',
  ];
}

/**
 * Stores a feed's articles and returns how many are new. One article per link key: a known link
 * is updated when its own source changed it (see MERGED), and otherwise left alone, except that
 * a post first seen through an aggregator moves to the blog that wrote it. post_id never
 * changes, nor a publishing_date once known, so feed order and paging stay put.
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
          const type = ARRAY_TYPES[column];
          return type ? `${placeholder}::${type}` : placeholder;
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
