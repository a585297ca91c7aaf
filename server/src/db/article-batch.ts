/**
 * One batch of a pass over the stored articles in post_id order (lib/keyset-batches.ts): the next
 * `limit` articles after `afterPostId`, each with the first `openingCharacters` of its text.
 */
export interface ArticleBatch {
  afterPostId: number;
  limit: number;
  openingCharacters: number;
}
