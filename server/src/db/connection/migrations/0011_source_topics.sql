-- Sources a reader can trust: topics derived from a source's articles, and names from its feed.

-- True when `topics` were derived from the source's articles (it had none of its own): they are
-- recomputed after every crawl run. Topics from the catalogue or an OPML category are never
-- derived and never replaced.
ALTER TABLE sources ADD COLUMN topics_derived boolean NOT NULL DEFAULT false;

-- Sources added by people may be named after their address until a crawl reads their feed's
-- title; a 304 carries no title, so their next fetch is made unconditional once.
UPDATE sources SET etag = NULL, last_modified = NULL WHERE origin <> 'catalogue';
