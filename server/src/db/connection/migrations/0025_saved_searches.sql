-- Saved searches that watch (docs/decisions/0040-saved-searches.md): a reader's search words and
-- feed filter under a name. Each keeps two marks, the newest post_id when it was last opened (the
-- drawer's count of new matches starts above it) and when it was last e-mailed as an alert, so a
-- new match is alerted once. post_id grows with every article stored, so "above the mark" is
-- "stored since", read through the primary key.
CREATE TABLE saved_searches (
  saved_search_id bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  name            text NOT NULL,
  query           text NOT NULL,
  -- The contract's FeedFilter (genre, from, to, source), as the search page sent it.
  filter          jsonb NOT NULL DEFAULT '{}',
  in_digest       boolean NOT NULL DEFAULT false,
  alert           boolean NOT NULL DEFAULT false,
  opened_post_id  bigint NOT NULL DEFAULT 0,
  alerted_post_id bigint NOT NULL DEFAULT 0,
  alerted_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX saved_searches_reader_idx ON saved_searches (user_id, saved_search_id);
-- The alert job walks the searches with an alert on after each crawl.
CREATE INDEX saved_searches_alert_idx ON saved_searches (saved_search_id) WHERE alert;
