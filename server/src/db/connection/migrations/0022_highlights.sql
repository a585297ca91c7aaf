-- Highlights and notes (docs/decisions/0037-reader-view-and-highlights.md): a passage of an
-- article's reading text a reader marked, described by the W3C Web Annotation selectors of the
-- text it was made on (TextQuoteSelector: exact, prefix, suffix; TextPositionSelector: start,
-- end), so it is placed again on the text a later crawl stores, or shown as orphaned. Private
-- to its reader.
CREATE TABLE highlights (
  highlight_id   bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  post_id        bigint NOT NULL REFERENCES articles (post_id) ON DELETE CASCADE,
  quote_exact    text NOT NULL CHECK (length(quote_exact) BETWEEN 1 AND 5000),
  quote_prefix   text NOT NULL CHECK (length(quote_prefix) <= 32),
  quote_suffix   text NOT NULL CHECK (length(quote_suffix) <= 32),
  position_start integer NOT NULL CHECK (position_start >= 0),
  position_end   integer NOT NULL CHECK (position_end > position_start),
  note           text NOT NULL DEFAULT '' CHECK (length(note) <= 10000),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- A reader's highlights on one article, and all of theirs newest first.
CREATE INDEX highlights_reader_article ON highlights (user_id, post_id);
CREATE INDEX highlights_reader_newest ON highlights (user_id, highlight_id DESC);
