-- One story across blogs (docs/decisions/0029-one-story-across-blogs.md): articles of different
-- blogs that are one story share story_id, the post_id of the one a feed shows (the story's lead:
-- a blog's own copy before an aggregator's, then the first published). NULL: a story of one.
-- story_version is the version of the rules that clustered the article (NULL: not yet).
ALTER TABLE articles ADD COLUMN story_id bigint REFERENCES articles (post_id) ON DELETE SET NULL;
ALTER TABLE articles ADD COLUMN story_version smallint;
CREATE INDEX articles_story_idx ON articles (story_id) WHERE story_id IS NOT NULL;
-- The clustering pass takes unclustered articles in publishing order, so each batch's window of
-- neighbours stays a few weeks wide.
CREATE INDEX articles_unclustered_idx ON articles (publishing_date, post_id)
  WHERE story_version IS NULL;
