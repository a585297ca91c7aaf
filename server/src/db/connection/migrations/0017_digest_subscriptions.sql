-- Digests for anyone (docs/decisions/0026-digests-for-anyone.md): a weekly digest of a topic page
-- for any address (double opt-in) or of a collection for its owner. Sent by the same run as the
-- readers' digest, through the same lease-claimed delivery rows (0009_digest.sql).
CREATE TABLE digest_subscriptions (
  subscription_id bigserial PRIMARY KEY,
  -- Normalised: trimmed and lower-cased.
  email           text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('topic', 'collection')),
  -- The topic's name, or the collection's id.
  target          text NOT NULL,
  -- A collection's owner: the subscription goes with the account (and the collection).
  user_id         bigint REFERENCES users (user_id) ON DELETE CASCADE,
  collection_id   bigint REFERENCES collections (collection_id) ON DELETE CASCADE,
  -- pending: waits for the confirmation link; confirmed: gets the digest; unsubscribed: no more.
  status          text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  -- SHA-256 of the confirmation link's token while one is outstanding.
  token_hash      text,
  token_expires_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  confirmed_at    timestamptz,
  unsubscribed_at timestamptz,
  UNIQUE (email, kind, target),
  CHECK ((kind = 'collection') = (collection_id IS NOT NULL AND user_id IS NOT NULL))
);
CREATE UNIQUE INDEX digest_subscriptions_token_idx ON digest_subscriptions (token_hash)
  WHERE token_hash IS NOT NULL;
-- Only its owner may subscribe to a collection: one subscription per collection.
CREATE UNIQUE INDEX digest_subscriptions_collection_idx ON digest_subscriptions (collection_id);
CREATE INDEX digest_subscriptions_confirmed_idx ON digest_subscriptions (subscription_id)
  WHERE status = 'confirmed';

-- One row per subscription and week, exactly as digest_deliveries is per reader and week: the
-- primary key makes a second digest of one subscription in one week impossible to record.
CREATE TABLE subscription_deliveries (
  subscription_id bigint NOT NULL
                    REFERENCES digest_subscriptions (subscription_id) ON DELETE CASCADE,
  week        date NOT NULL,
  status      text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'sending', 'sent', 'empty', 'unsubscribed', 'failed')),
  lease_until timestamptz,
  claimed_by  text,
  attempts    integer NOT NULL DEFAULT 0,
  message_id  text,
  post_ids    bigint[],
  last_error  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (subscription_id, week)
);
CREATE INDEX subscription_deliveries_open_idx ON subscription_deliveries (week, subscription_id)
  WHERE status IN ('pending', 'sending');
