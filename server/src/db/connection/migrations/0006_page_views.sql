-- The site's own page-view counter (spec §9 analytics): path and day counts, no cookies, no
-- addresses, nothing about who viewed.
CREATE TABLE page_views (
  day   date NOT NULL,
  path  text NOT NULL,
  views bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, path)
);
