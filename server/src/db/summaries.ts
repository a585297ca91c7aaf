import type { Queryable } from './db.js';

/** Who wrote a summary: the offline summariser or a chat model. */
export type SummaryProvider = 'offline' | 'llm';
/** What was summarised: the stored article text or the article's page. */
export type SummaryTextSource = 'stored' | 'page';

/** A summary as stored: each bullet point with the article's sentence it comes from. */
export interface StoredSummary {
  bullet_points: string[];
  key_concepts: string[];
  bullet_sources: string[];
}

/** An article with its stored summary, if any (the summary's columns are null without one). */
export interface ArticleWithSummary {
  title: string;
  description: string;
  content: string;
  link: string;
  bullet_points: string[] | null;
  key_concepts: string[] | null;
  bullet_sources: string[] | null;
  provider: SummaryProvider | null;
  model: string | null;
  age_ms: number | null;
}

const ARTICLE_AND_SUMMARY = `
  SELECT a.title, a.description, a.content, a.link,
         s.bullet_points, s.key_concepts, s.bullet_sources, s.provider, s.model,
         (extract(epoch FROM now() - s.created_at) * 1000)::float8 AS age_ms
    FROM articles a LEFT JOIN article_summaries s ON s.post_id = a.post_id
   WHERE a.post_id = $1`;

// A new summary replaces an offline one (a model is now configured, or an offline summary is
// refreshed); a model's summary is kept. Another process may have stored one meanwhile.
const STORE_SUMMARY = `
  INSERT INTO article_summaries
    (post_id, bullet_points, key_concepts, bullet_sources, provider, model, text_source)
  VALUES ($1, $2, $3, $4, $5, $6, $7)
  ON CONFLICT (post_id) DO UPDATE
    SET bullet_points = excluded.bullet_points, key_concepts = excluded.key_concepts,
        bullet_sources = excluded.bullet_sources, provider = excluded.provider,
        model = excluded.model, text_source = excluded.text_source, created_at = now()
    WHERE article_summaries.provider = 'offline'
  RETURNING bullet_points, key_concepts, bullet_sources`;

/** The article and its stored summary; undefined when there is no such article. */
export async function articleWithSummary(
  db: Queryable,
  postId: number,
): Promise<ArticleWithSummary | undefined> {
  const { rows } = await db.query<ArticleWithSummary>(ARTICLE_AND_SUMMARY, [postId]);
  return rows[0];
}

/**
 * Stores a new summary unless a chat model's summary is stored already (it is kept). Returns the
 * summary stored, or undefined when the one already stored was kept.
 */
export async function storeSummary(
  db: Queryable,
  postId: number,
  summary: StoredSummary,
  written: { provider: SummaryProvider; model: string; source: SummaryTextSource },
): Promise<StoredSummary | undefined> {
  const { rows } = await db.query<StoredSummary>(STORE_SUMMARY, [
    postId,
    summary.bullet_points,
    summary.key_concepts,
    summary.bullet_sources,
    written.provider,
    written.model,
    written.source,
  ]);
  return rows[0];
}

export async function deleteSummary(db: Queryable, postId: number): Promise<void> {
  await db.query('DELETE FROM article_summaries WHERE post_id = $1', [postId]);
}
