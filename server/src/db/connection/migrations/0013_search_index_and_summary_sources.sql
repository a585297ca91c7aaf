-- Search and summaries (docs/decisions/0013-lexical-index-and-score-fusion.md).

-- Each web process keeps its own lexical index of the articles and follows the table by the time
-- each article was last written (search/lexical/lexical-index.ts).
CREATE INDEX articles_updated_idx ON articles (updated_at, post_id);

-- The article's sentence behind each bullet point, in bullet order (shown beside the bullet and
-- linked into the article's page). NULL in summaries written before: they are written again.
ALTER TABLE article_summaries ADD COLUMN bullet_sources text[];
