-- Content a reader can trust: articles may be undated, know where their image came from, and
-- wait for a visit of their own page when the feed left their date, image or text out.

-- NULL: neither the feed nor the article's page gave a date. Such articles sort as the oldest.
ALTER TABLE articles ALTER COLUMN publishing_date DROP NOT NULL;

-- Earlier crawls dated undated items with the moment they were first seen: a time with
-- milliseconds within a minute of the row's creation. No feed writes milliseconds that close to
-- our clock, so those dates were invented: they become unknown.
UPDATE articles SET publishing_date = NULL
 WHERE publishing_date BETWEEN created_at - interval '1 minute' AND created_at + interval '1 minute'
   AND date_trunc('second', publishing_date) <> publishing_date;

-- Windows-1252 punctuation that an old decoder stored as C1 control characters, put back; other
-- control characters and U+FFFD removed.
CREATE FUNCTION pg_temp.repaired(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT translate($1,
    E'\u0080\u0082\u0083\u0084\u0085\u0086\u0087\u0088\u0089\u008A\u008B\u008C\u008E\u0091\u0092\u0093\u0094\u0095\u0096\u0097\u0098\u0099\u009A\u009B\u009C\u009E\u009F\u0081\u008D\u008F\u0090\u009D\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\u000B\u000C\u000E\u000F\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C\u001D\u001E\u001F\u007F\uFFFD',
    '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ')
$$;
UPDATE articles
   SET title = pg_temp.repaired(title),
       description = pg_temp.repaired(description),
       content = pg_temp.repaired(content)
 WHERE (title, description, content) IS DISTINCT FROM
       (pg_temp.repaired(title), pg_temp.repaired(description), pg_temp.repaired(content));

-- Newest first with undated articles last, post_id as the tie-breaker (stable keyset order).
DROP INDEX articles_newest_idx;
DROP INDEX articles_source_newest_idx;
CREATE INDEX articles_newest_idx ON articles (publishing_date DESC NULLS LAST, post_id DESC);
CREATE INDEX articles_source_newest_idx
  ON articles (source_id, publishing_date DESC NULLS LAST, post_id DESC);

ALTER TABLE articles
  -- The image was declared by the feed (media:content, an enclosure, JSON Feed's image) rather
  -- than guessed from the first picture of the text: a page's og:image replaces only a guess.
  ADD COLUMN image_declared boolean NOT NULL DEFAULT false,
  -- The article's own page: 'pending' (to be visited for what the feed left out), 'visited',
  -- 'failed', or 'not_needed' (the feed gave the date, an image and the full text).
  ADD COLUMN page_state text NOT NULL DEFAULT 'not_needed'
    CHECK (page_state IN ('not_needed', 'pending', 'visited', 'failed')),
  -- A page visitor claims an article until then, so two workers never visit the same page.
  ADD COLUMN page_lease_until timestamptz;

CREATE INDEX articles_page_pending_idx ON articles (post_id DESC) WHERE page_state = 'pending';

-- Articles stored before pages were visited: those missing a date or a preview are visited.
UPDATE articles SET page_state = 'pending' WHERE publishing_date IS NULL OR description = '';
