-- Reader controls (issue 18, docs/decisions/0022-reader-controls-read-state-and-mutes.md).

-- An article the reader opened from a feed (or marked read from its card). Deleting the row
-- marks it unread again.
CREATE TABLE read_marks (
  user_id bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  post_id bigint NOT NULL REFERENCES articles (post_id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, post_id)
);

-- What the reader never wants to see again: a source (value: its source_id), a topic (a catalogue
-- name) or a keyword (stored lower-cased, matched case-insensitively as a whole word in the
-- title and preview). A reader has a few of these, so the feeds test every article against
-- all of them with one NOT EXISTS over the primary key's (user_id, ...) prefix.
CREATE TABLE reader_mutes (
  user_id    bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('source', 'topic', 'keyword')),
  value      text NOT NULL CHECK (length(value) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, value)
);

-- "Hide read" on every feed, kept with the reader's other settings so it follows them across
-- devices.
ALTER TABLE users ADD COLUMN hide_read boolean NOT NULL DEFAULT false;
