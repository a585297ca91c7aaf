-- Vector search (embeddings) needs pgvector: built into the embedded PGlite, and to be installed
-- on a PostgreSQL server before the first start.
CREATE EXTENSION IF NOT EXISTS vector;
