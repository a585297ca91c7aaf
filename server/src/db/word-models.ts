import type { Db, Queryable } from './db.js';

/** A word model the site trained on its own articles (docs/decisions/0043). */
export interface SiteWordModel {
  name: string;
  /** The model file (offline/artefact.ts's format). */
  artefact: Buffer;
  /** Articles with text the site had when it was trained. */
  trainedOn: number;
}

/** The name of the word model in use: the newest saved; null for the one shipped with the server. */
export async function activeWordModelName(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT name FROM word_models ORDER BY created_at DESC, name LIMIT 1',
  );
  return rows[0]?.name ?? null;
}

/** The word model in use, file included; null for the one shipped with the server. */
export async function activeWordModel(db: Queryable): Promise<SiteWordModel | null> {
  const { rows } = await db.query<{ name: string; artefact: Uint8Array; trained_on: number }>(
    'SELECT name, artefact, trained_on FROM word_models ORDER BY created_at DESC, name LIMIT 1',
  );
  const row = rows[0];
  return row
    ? { name: row.name, artefact: Buffer.from(row.artefact), trainedOn: row.trained_on }
    : null;
}

/** Makes `model` the word model in use and deletes the ones before it. */
export async function saveActiveWordModel(db: Db, model: SiteWordModel): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM word_models');
    await tx.query('INSERT INTO word_models (name, artefact, trained_on) VALUES ($1, $2, $3)', [
      model.name,
      model.artefact,
      model.trainedOn,
    ]);
  });
}

/** A body shorter than this teaches the model nothing (the training pairs' own floor). */
const TEXT_CHARACTERS = 300;

/** Stored articles with enough text to learn from. */
export async function articlesWithTextCount(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM articles
      WHERE length(coalesce(description, '')) + length(coalesce(content, '')) >= $1`,
    [TEXT_CHARACTERS],
  );
  return rows[0]!.count;
}

export interface TrainingArticle {
  post_id: string | number;
  title: string | null;
  description: string | null;
  content: string | null;
  source_name: string;
}

/** A page of the newest articles with text, below post id `below`, for training. */
export async function trainingArticlesBelow(
  db: Queryable,
  below: number,
  limit: number,
  contentCharacters: number,
): Promise<TrainingArticle[]> {
  const { rows } = await db.query<TrainingArticle>(
    `SELECT a.post_id, a.title, a.description, left(a.content, $4) AS content, s.name AS source_name
       FROM articles a JOIN sources s ON s.source_id = a.source_id
      WHERE a.post_id < $1
        AND length(coalesce(a.description, '')) + length(coalesce(a.content, '')) >= $3
      ORDER BY a.post_id DESC
      LIMIT $2`,
    [below, limit, TEXT_CHARACTERS, contentCharacters],
  );
  return rows;
}
