import type { Article, ArticleCollection, Collection } from '@blogstream/shared/contract';
import { articleSelect, articlesOf, type ArticleRow } from './articles.js';
import type { Queryable } from './db.js';
import type { Page } from './bookmarks.js';

/** Keeps one reader from filling the database with collections. */
export const MAX_COLLECTIONS_PER_READER = 200;

interface CollectionRow {
  collection_id: number;
  name: string;
}

const toCollection = (row: CollectionRow): Collection => ({
  collection_id: Number(row.collection_id),
  name: row.name,
});

// Every query names the owner: another reader's collection id matches nothing, exactly like an
// id that does not exist, so callers answer 404 and nothing leaks.

export async function listCollections(db: Queryable, userId: number): Promise<Collection[]> {
  const { rows } = await db.query<CollectionRow>(
    'SELECT collection_id, name FROM collections WHERE user_id = $1 ORDER BY collection_id',
    [userId],
  );
  return rows.map(toCollection);
}

export async function findCollection(
  db: Queryable,
  userId: number,
  collectionId: number,
): Promise<Collection | undefined> {
  const { rows } = await db.query<CollectionRow>(
    'SELECT collection_id, name FROM collections WHERE user_id = $1 AND collection_id = $2',
    [userId, collectionId],
  );
  return rows[0] && toCollection(rows[0]);
}

/** The new collection, or undefined when the reader already has the most allowed. */
export async function createCollection(
  db: Queryable,
  userId: number,
  name: string,
): Promise<Collection | undefined> {
  const { rows } = await db.query<CollectionRow>(
    `INSERT INTO collections (user_id, name)
     SELECT $1, $2
      WHERE (SELECT count(*) FROM collections WHERE user_id = $1) < $3
     RETURNING collection_id, name`,
    [userId, name, MAX_COLLECTIONS_PER_READER],
  );
  return rows[0] && toCollection(rows[0]);
}

export async function renameCollection(
  db: Queryable,
  userId: number,
  collectionId: number,
  name: string,
): Promise<Collection | undefined> {
  const { rows } = await db.query<CollectionRow>(
    `UPDATE collections SET name = $3 WHERE user_id = $1 AND collection_id = $2
     RETURNING collection_id, name`,
    [userId, collectionId, name],
  );
  return rows[0] && toCollection(rows[0]);
}

/** Deletes the collection and its memberships (the articles stay). False when not found. */
export async function deleteCollection(db: Queryable, userId: number, collectionId: number) {
  const { rows } = await db.query(
    'DELETE FROM collections WHERE user_id = $1 AND collection_id = $2 RETURNING collection_id',
    [userId, collectionId],
  );
  return rows.length === 1;
}

/** Every collection of the reader with whether the article is in it; undefined: no such article. */
export async function collectionsOfArticle(
  db: Queryable,
  userId: number,
  postId: number,
): Promise<ArticleCollection[] | undefined> {
  const { rows } = await db.query<CollectionRow & { post_in_collection: boolean | null }>(
    `SELECT c.collection_id, c.name,
            EXISTS (SELECT 1 FROM collection_articles m
                     WHERE m.collection_id = c.collection_id AND m.post_id = a.post_id)
              AS post_in_collection
       FROM articles a
       LEFT JOIN collections c ON c.user_id = $1
      WHERE a.post_id = $2
      ORDER BY c.collection_id`,
    [userId, postId],
  );
  if (rows.length === 0) return undefined;
  return rows
    .filter((row) => row.collection_id !== null)
    .map((row) => ({ ...toCollection(row), post_in_collection: row.post_in_collection === true }));
}

export type MembershipOutcome = 'done' | 'noSuchCollection' | 'noSuchArticle';

/** Adds the article to, or removes it from, one of the reader's collections; idempotent. */
export async function setMembership(
  db: Queryable,
  userId: number,
  collectionId: number,
  postId: number,
  member: boolean,
): Promise<MembershipOutcome> {
  const change = member
    ? `INSERT INTO collection_articles (collection_id, post_id)
         SELECT owned.collection_id, article.post_id FROM owned, article
         ON CONFLICT (collection_id, post_id) DO NOTHING`
    : `DELETE FROM collection_articles
        WHERE collection_id = (SELECT collection_id FROM owned)
          AND post_id = (SELECT post_id FROM article)`;
  const { rows } = await db.query<{ owned: boolean; article: boolean }>(
    `WITH owned AS (SELECT collection_id FROM collections WHERE user_id = $1 AND collection_id = $2),
          article AS (SELECT post_id FROM articles WHERE post_id = $3),
          change AS (${change})
     SELECT EXISTS (SELECT 1 FROM owned) AS owned, EXISTS (SELECT 1 FROM article) AS article`,
    [userId, collectionId, postId],
  );
  if (!rows[0]?.owned) return 'noSuchCollection';
  return rows[0].article ? 'done' : 'noSuchArticle';
}

/** The collection's articles, most recently added first; undefined when not the reader's. */
export async function collectionArticles(
  db: Queryable,
  userId: number,
  collectionId: number,
  { offset, limit }: Page,
): Promise<Article[] | undefined> {
  if (!(await findCollection(db, userId, collectionId))) return undefined;
  const { rows } = await db.query<ArticleRow>(
    `${articleSelect('$1')}
       JOIN collection_articles m ON m.post_id = a.post_id AND m.collection_id = $2
      ORDER BY m.added_at DESC, a.post_id DESC
      LIMIT $3 OFFSET $4`,
    [userId, collectionId, limit, offset],
  );
  return articlesOf(db, rows);
}
