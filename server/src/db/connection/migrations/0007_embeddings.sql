-- One embedding per article, from the configured embedding model. The model's name is stored with
-- each vector: search only ever compares vectors of the current model, and when the model changes
-- the embedding job re-embeds every article whose row names another model.
CREATE TABLE article_embeddings (
  post_id     bigint PRIMARY KEY REFERENCES articles (post_id) ON DELETE CASCADE,
  model       text NOT NULL,
  embedding   vector NOT NULL,
  embedded_at timestamptz NOT NULL DEFAULT now()
);
-- Web processes load the vectors of the current model and then only those embedded since.
CREATE INDEX article_embeddings_model_idx ON article_embeddings (model, embedded_at, post_id);
