// PostgreSQL's own full text search as a lexical leg, to weigh it against the in-process BM25F
// index (docs/decisions/0020-search-indexes-per-backend.md): the GIN index on
// articles.search_vector (migration 0005: title A, description B, body C), articles matching every
// word first, then any word, each tier by ts_rank_cd. It is the full-text leg the product used
// before decision 0013, shaped as the product's lexical hits so the same score fusion applies.

/** The `depth` best articles up to `snapshot`: { id, score (ts_rank_cd), matchedAll }. */
export async function fullTextLeg(db, query, snapshot, depth) {
  const usesSyntax = /"|(^|\s)-\S|\bor\b/i.test(query);
  const { rows } = await db.query(
    `WITH q AS (
       SELECT websearch_to_tsquery('english', $1) AS strict
     ), loose AS (
       SELECT strict,
              CASE WHEN $4 THEN strict
                   ELSE replace(strict::text, ' & ', ' | ')::tsquery END AS any_word
         FROM q
     )
     SELECT a.post_id, ts_rank_cd(a.search_vector, loose.any_word, 1) AS score,
            a.search_vector @@ loose.strict AS matched_all
       FROM articles a, loose
      WHERE a.post_id <= $2 AND a.search_vector @@ loose.any_word
      ORDER BY matched_all DESC, score DESC, a.post_id DESC
      LIMIT $3`,
    [query, snapshot, depth, usesSyntax],
  );
  return rows.map((row) => ({
    id: Number(row.post_id),
    score: Number(row.score),
    matchedAll: row.matched_all,
  }));
}

/** Which of `postIds` contain at least one word of the query (the dense leg's shared-word rule). */
export async function fullTextSharingAWord(db, query, postIds) {
  if (postIds.length === 0) return new Set();
  const { rows } = await db.query(
    `SELECT post_id FROM articles
      WHERE post_id = ANY($2::bigint[])
        AND search_vector @@ replace(websearch_to_tsquery('english', $1)::text, ' & ', ' | ')::tsquery`,
    [query, postIds],
  );
  return new Set(rows.map((row) => Number(row.post_id)));
}
