-- Vectors of the sentence model (docs/decisions/0030), kept by the model and a hash of the text
-- it read (an article's title and lede). Computing one costs about 30 ms of CPU, so a text seen
-- before (a repost, a story on several blogs, an article re-embedded because the fused model's
-- name changed) is read back instead. Not tied to an article: a row outlives the articles that
-- had its text, and nothing else reads it.
CREATE TABLE sentence_vectors (
  model        text NOT NULL,
  content_hash bytea NOT NULL,
  embedding    vector NOT NULL,
  PRIMARY KEY (model, content_hash)
);
