-- Each article's genre (docs/decisions/0025-article-genres.md): what kind of post it is, read from
-- its title and opening by ingestion/normalise/classify-genre.ts; NULL when nothing says it
-- clearly. genre_version is the version of the rules that classified it (NULL: not yet), so
-- changed rules classify every article again.
ALTER TABLE articles ADD COLUMN genre text;
ALTER TABLE articles ADD COLUMN genre_version smallint;
CREATE INDEX articles_genre_idx ON articles (genre, post_id) WHERE genre IS NOT NULL;
