-- Sources (blogs) and their articles. Crawler state and search columns come in later migrations.
CREATE TABLE sources (
  source_id   bigserial PRIMARY KEY,
  url_name    text NOT NULL UNIQUE,
  name        text NOT NULL,
  long_name   text NOT NULL,
  site_url    text,
  feed_url    text,
  logo_file   text NOT NULL DEFAULT '',
  source_type text NOT NULL DEFAULT 'blog',
  category    text,
  topics      text[] NOT NULL DEFAULT '{}',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE articles (
  post_id         bigserial PRIMARY KEY,
  source_id       bigint NOT NULL REFERENCES sources (source_id) ON DELETE CASCADE,
  -- Canonical link: normalised, tracking parameters stripped. One article per link.
  link            text NOT NULL UNIQUE,
  title           text NOT NULL,
  description     text NOT NULL DEFAULT '',
  content         text NOT NULL DEFAULT '',
  image           text,
  publishing_date timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Feeds page newest first with post_id as the tie-breaker (stable keyset order).
CREATE INDEX articles_newest_idx ON articles (publishing_date DESC, post_id DESC);
CREATE INDEX articles_source_newest_idx ON articles (source_id, publishing_date DESC, post_id DESC);
