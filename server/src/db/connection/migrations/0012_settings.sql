-- Small facts one process records for the others, one row per key. `public_url`: the address the
-- web process serves at, for the links in e-mails that admin commands send when they have no
-- PUBLIC_URL of their own (docs/CONFIGURATION.md).
CREATE TABLE settings (
  key        text PRIMARY KEY,
  value      text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
