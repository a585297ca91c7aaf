-- The site's own word model (docs/decisions/0043-the-sites-own-word-model.md): the offline word
-- model retrained on the site's stored articles, kept here so that every process of a fleet
-- loads the same one. The newest row is the model in use; older rows are deleted when a new one
-- is saved. No row: the model shipped with the server.
CREATE TABLE word_models (
  name       text PRIMARY KEY,
  -- The model file (offline/artefact.ts's format), about 5 MB.
  artefact   bytea NOT NULL,
  -- Articles with text the site had when it was trained: the next training waits for twice as many.
  trained_on integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
