-- Article summaries (POST /api/post_summary): computed once per article on first request, then
-- served from here. See docs/decisions/0009-offline-summaries.md.
CREATE TABLE article_summaries (
  post_id       bigint PRIMARY KEY REFERENCES articles (post_id) ON DELETE CASCADE,
  bullet_points text[] NOT NULL CHECK (cardinality(bullet_points) BETWEEN 3 AND 5),
  key_concepts  text[] NOT NULL CHECK (cardinality(key_concepts) BETWEEN 4 AND 8),
  -- 'offline' (extractive, in the server) or 'llm' (the configured chat model). An offline row
  -- may be replaced by an LLM one once a model is configured; an LLM row is kept.
  provider      text NOT NULL CHECK (provider IN ('offline', 'llm')),
  -- The offline algorithm's version (e.g. 'textrank-tfidf-1') or the chat model's name.
  model         text NOT NULL,
  -- Where the summarised text came from: the stored article text or its fetched page.
  text_source   text NOT NULL CHECK (text_source IN ('stored', 'page')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
