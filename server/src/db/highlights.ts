import type { HighlightSelector, ReaderBlock } from '@blogstream/shared/contract';
import type { StoredText } from './articles.js';
import type { Queryable } from './db.js';

/**
 * Each reader's highlights and notes (migration 0022, docs/decisions/0037). Every query names
 * the owner: another reader's highlight id matches nothing, like an id that does not exist.
 */

/** Keeps one reader from filling the database with highlights. */
export const MAX_HIGHLIGHTS_PER_READER = 10_000;

/** A stored highlight, its selectors as the reader made them. */
export interface StoredHighlight {
  highlightId: number;
  postId: number;
  selector: HighlightSelector;
  note: string;
  createdAt: string;
}

/** A stored highlight with what a list across articles shows of its article, and its text. */
export interface StoredHighlightWithArticle extends StoredHighlight {
  article: { title: string; link: string; source_name: string; publishing_date: string | null };
  text: StoredText;
}

interface HighlightRow {
  highlight_id: string | number;
  post_id: string | number;
  quote_exact: string;
  quote_prefix: string;
  quote_suffix: string;
  position_start: number;
  position_end: number;
  note: string;
  created_at: Date | string;
}

const COLUMNS = `h.highlight_id, h.post_id, h.quote_exact, h.quote_prefix, h.quote_suffix,
                 h.position_start, h.position_end, h.note, h.created_at`;

function toHighlight(row: HighlightRow): StoredHighlight {
  return {
    highlightId: Number(row.highlight_id),
    postId: Number(row.post_id),
    selector: {
      quote: {
        type: 'TextQuoteSelector',
        exact: row.quote_exact,
        prefix: row.quote_prefix,
        suffix: row.quote_suffix,
      },
      position: { type: 'TextPositionSelector', start: row.position_start, end: row.position_end },
    },
    note: row.note,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The new highlight, or undefined when the reader already has the most allowed. */
export async function addHighlight(
  db: Queryable,
  userId: number,
  postId: number,
  { quote, position }: HighlightSelector,
  note: string,
): Promise<StoredHighlight | undefined> {
  const { rows } = await db.query<HighlightRow>(
    `INSERT INTO highlights AS h (user_id, post_id, quote_exact, quote_prefix, quote_suffix,
                                  position_start, position_end, note)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8
      WHERE (SELECT count(*) FROM highlights WHERE user_id = $1) < $9
     RETURNING ${COLUMNS}`,
    [
      userId,
      postId,
      quote.exact,
      quote.prefix,
      quote.suffix,
      position.start,
      position.end,
      note,
      MAX_HIGHLIGHTS_PER_READER,
    ],
  );
  return rows[0] && toHighlight(rows[0]);
}

/** The reader's highlights on one article, oldest first. */
export async function articleHighlights(
  db: Queryable,
  userId: number,
  postId: number,
): Promise<StoredHighlight[]> {
  const { rows } = await db.query<HighlightRow>(
    `SELECT ${COLUMNS} FROM highlights h WHERE h.user_id = $1 AND h.post_id = $2
      ORDER BY h.highlight_id`,
    [userId, postId],
  );
  return rows.map(toHighlight);
}

/** The highlight with its new note, or undefined when the reader has no such highlight. */
export async function saveHighlightNote(
  db: Queryable,
  userId: number,
  highlightId: number,
  note: string,
): Promise<StoredHighlight | undefined> {
  const { rows } = await db.query<HighlightRow>(
    `UPDATE highlights h SET note = $3 WHERE h.user_id = $1 AND h.highlight_id = $2
     RETURNING ${COLUMNS}`,
    [userId, highlightId, note],
  );
  return rows[0] && toHighlight(rows[0]);
}

/** False when the reader has no such highlight. */
export async function deleteHighlight(
  db: Queryable,
  userId: number,
  highlightId: number,
): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM highlights WHERE user_id = $1 AND highlight_id = $2 RETURNING highlight_id',
    [userId, highlightId],
  );
  return rows.length > 0;
}

/** `text` as a LIKE pattern matching it anywhere: its own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface HighlightWithArticleRow extends HighlightRow {
  title: string;
  link: string;
  source_name: string;
  publishing_date: Date | string | null;
  content: string;
  content_blocks: ReaderBlock[] | null;
}

/** The reader's highlights with their articles: `condition` and `order` over `h` and `a`. */
async function highlightsWithArticles(
  db: Queryable,
  condition: string,
  order: string,
  params: unknown[],
): Promise<StoredHighlightWithArticle[]> {
  const { rows } = await db.query<HighlightWithArticleRow>(
    `SELECT ${COLUMNS}, a.title, a.link, s.name AS source_name, a.publishing_date, a.content,
            a.content_blocks
       FROM highlights h
       JOIN articles a ON a.post_id = h.post_id
       JOIN sources s ON s.source_id = a.source_id
      WHERE h.user_id = $1 AND ${condition}
      ORDER BY ${order}`,
    params,
  );
  return rows.map((row) => ({
    ...toHighlight(row),
    article: {
      title: row.title,
      link: row.link,
      source_name: row.source_name,
      publishing_date:
        row.publishing_date === null ? null : new Date(row.publishing_date).toISOString(),
    },
    text: { content: row.content, blocks: row.content_blocks },
  }));
}

/**
 * A page of the reader's highlights, newest first, with their articles; with `query`, those whose
 * quote, note or article title holds it, whatever the case.
 */
export function searchHighlights(
  db: Queryable,
  userId: number,
  { query, offset, limit }: { query: string; offset: number; limit: number },
): Promise<StoredHighlightWithArticle[]> {
  return highlightsWithArticles(
    db,
    `($2 = '' OR h.quote_exact ILIKE $3 OR h.note ILIKE $3 OR a.title ILIKE $3)`,
    `h.highlight_id DESC OFFSET $4 LIMIT $5`,
    [userId, query, containing(query), offset, limit],
  );
}

/**
 * Every highlight of the reader to export, with its article, by article (newest highlighted
 * first) and in each in text order; of one article when `postId` is given.
 */
export function highlightsToExport(
  db: Queryable,
  userId: number,
  postId: number | null,
): Promise<StoredHighlightWithArticle[]> {
  return highlightsWithArticles(
    db,
    '($2::bigint IS NULL OR h.post_id = $2)',
    `max(h.highlight_id) OVER (PARTITION BY h.post_id) DESC, h.position_start, h.highlight_id`,
    [userId, postId],
  );
}
