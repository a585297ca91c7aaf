-- "More like this" and "less like this" on a card (docs/decisions/0036-steerable-feed.md): what
-- the reader pulls their discover feed towards or pushes it away from. One row per reader and
-- article; taking the feedback back deletes it. The ranking reads a reader's newest rows through
-- the primary key's user_id prefix and the index below.
CREATE TABLE article_feedback (
  user_id    bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  post_id    bigint NOT NULL REFERENCES articles (post_id) ON DELETE CASCADE,
  feedback   text NOT NULL CHECK (feedback IN ('more', 'less')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX article_feedback_newest ON article_feedback (user_id, created_at DESC);
