-- The content pipeline: where sources came from and their crawler state, article dedupe keys,
-- topics and full-text search, a record of crawl runs, and the readers' RSS tokens.

ALTER TABLE sources
  -- 'catalogue' (shipped with the product), 'opml' (imported by an operator) or 'submission'.
  ADD COLUMN origin text NOT NULL DEFAULT 'catalogue'
    CHECK (origin IN ('catalogue', 'opml', 'submission')),
  -- Politeness and per-host concurrency are counted per host name.
  ADD COLUMN feed_host text GENERATED ALWAYS AS (
    lower(substring(feed_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?(\[[^]]*\]|[^/:?#]*)'))
  ) STORED,
  -- Validators for the next conditional GET.
  ADD COLUMN etag text,
  ADD COLUMN last_modified text,
  -- The due time is the job queue: a worker claims a due source by setting lease_until, so
  -- several workers never fetch the same source at once, and a crashed worker's lease runs out.
  ADD COLUMN next_due_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN last_fetched_at timestamptz,
  ADD COLUMN last_success_at timestamptz,
  ADD COLUMN last_status text CHECK (last_status IN ('ok', 'not_modified', 'error')),
  ADD COLUMN last_http_status integer,
  ADD COLUMN last_error_code text,
  ADD COLUMN last_error text,
  -- Consecutive failures; drives the exponential back-off and resets on success.
  ADD COLUMN error_count integer NOT NULL DEFAULT 0,
  ADD COLUMN last_new_articles integer NOT NULL DEFAULT 0,
  -- When the site icon was last looked for (null: never).
  ADD COLUMN logo_checked_at timestamptz;

-- Every source has a logo: until the crawler stores the site's icon, its generated monogram
-- (served for any <url_name>.svg, see /static/logos), whoever inserts the source.
CREATE FUNCTION sources_default_logo() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.logo_file = '' THEN
    NEW.logo_file := NEW.url_name || '.svg';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER sources_default_logo BEFORE INSERT ON sources
  FOR EACH ROW EXECUTE FUNCTION sources_default_logo();
UPDATE sources SET logo_file = url_name || '.svg' WHERE logo_file = '';

CREATE UNIQUE INDEX sources_feed_url_key ON sources (feed_url);
CREATE INDEX sources_due_idx ON sources (next_due_at) WHERE feed_url IS NOT NULL;
CREATE INDEX sources_feed_host_idx ON sources (feed_host);
CREATE INDEX sources_topics_idx ON sources USING gin (topics);

ALTER TABLE articles
  -- The link reduced for comparison (scheme, www., trailing slash ignored): one article per key,
  -- so the same post in two feeds, or once over http and once over https, is one article.
  ADD COLUMN link_key text,
  ADD COLUMN guid text,
  ADD COLUMN topics text[] NOT NULL DEFAULT '{}',
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', description), 'B') ||
    setweight(to_tsvector('english', left(content, 4000)), 'C')
  ) STORED;
UPDATE articles SET link_key = link WHERE link_key IS NULL;
ALTER TABLE articles ALTER COLUMN link_key SET NOT NULL;
-- The crawler always computes the key; other writers (fixtures, tools) fall back to the link.
CREATE FUNCTION articles_default_link_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.link_key := COALESCE(NEW.link_key, NEW.link);
  RETURN NEW;
END
$$;
CREATE TRIGGER articles_default_link_key BEFORE INSERT ON articles
  FOR EACH ROW EXECUTE FUNCTION articles_default_link_key();

CREATE UNIQUE INDEX articles_link_key_key ON articles (link_key);
CREATE INDEX articles_topics_idx ON articles USING gin (topics);
CREATE INDEX articles_search_idx ON articles USING gin (search_vector);

-- One row per crawl run (a scheduler tick, the start-up crawl or `admin crawl`).
CREATE TABLE crawl_runs (
  run_id       bigserial PRIMARY KEY,
  trigger      text NOT NULL CHECK (trigger IN ('start', 'schedule', 'admin')),
  started_at   timestamptz NOT NULL DEFAULT now(),
  finished_at  timestamptz,
  fetched      integer NOT NULL DEFAULT 0,
  not_modified integer NOT NULL DEFAULT 0,
  failed       integer NOT NULL DEFAULT 0,
  new_articles integer NOT NULL DEFAULT 0
);

-- The secret in a premium reader's RSS feed URLs (random, created on first use).
ALTER TABLE users ADD COLUMN rss_token text UNIQUE;
