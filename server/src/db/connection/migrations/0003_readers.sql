-- Readers and what they keep: bookmarks, followed sources, collections.
-- Sessions, tokens and mail live in later migrations.
CREATE TABLE users (
  user_id                bigserial PRIMARY KEY,
  -- Stored lower-cased and trimmed; one account per address.
  email                  text NOT NULL UNIQUE,
  name                   text NOT NULL,
  -- Null for accounts that only ever signed in with Google.
  password_hash          text,
  email_verified_at      timestamptz,
  google_sub             text UNIQUE,
  account_type           smallint NOT NULL DEFAULT 0 CHECK (account_type IN (0, 1)),
  -- userFirstTimeUX: true until the reader has saved topics.
  first_time             boolean NOT NULL DEFAULT true,
  -- Null counts as no topics (spec §3).
  topics                 text[],
  email_digest_frequency smallint NOT NULL DEFAULT 0 CHECK (email_digest_frequency IN (0, 2)),
  subscriptions_seen_at  timestamptz NOT NULL DEFAULT now(),
  created_at             timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bookmarks (
  user_id    bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  post_id    bigint NOT NULL REFERENCES articles (post_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX bookmarks_user_newest_idx ON bookmarks (user_id, created_at DESC);

CREATE TABLE source_follows (
  user_id    bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  source_id  bigint NOT NULL REFERENCES sources (source_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, source_id)
);
CREATE INDEX source_follows_source_idx ON source_follows (source_id);

CREATE TABLE collections (
  collection_id bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collections_user_idx ON collections (user_id, collection_id);

CREATE TABLE collection_articles (
  collection_id bigint NOT NULL REFERENCES collections (collection_id) ON DELETE CASCADE,
  post_id       bigint NOT NULL REFERENCES articles (post_id) ON DELETE CASCADE,
  added_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, post_id)
);
