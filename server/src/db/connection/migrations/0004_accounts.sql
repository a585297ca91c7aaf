-- Accounts: sessions, e-mailed tokens, captcha redemptions, rate-limit counters, the mail outbox
-- and blog submissions. Secrets are stored as SHA-256 hex digests, never as sent.

CREATE TABLE sessions (
  -- SHA-256 of the session cookie's value.
  id_hash      text PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  -- How the session was started: null for e-mail and password.
  sso_provider text CHECK (sso_provider IN ('google')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- Idle expiry counts from here; refreshed at most once a minute.
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  -- Absolute expiry, whatever the activity.
  expires_at   timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expires_idx ON sessions (expires_at);

-- Links sent by e-mail: address verification and password reset. Single use.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);
CREATE INDEX email_tokens_expires_idx ON email_tokens (expires_at);

-- Captcha solutions already accepted once (a solution is good for one submission).
CREATE TABLE captcha_redemptions (
  token_hash text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_redemptions_expires_idx ON captcha_redemptions (expires_at);

-- Fixed-window counters shared by every web process: hits per rule, key and window.
CREATE TABLE rate_limit_counters (
  rule         text NOT NULL,
  -- SHA-256 of the client address, account or e-mail address counted.
  key_hash     text NOT NULL,
  window_start timestamptz NOT NULL,
  window_end   timestamptz NOT NULL,
  hits         integer NOT NULL,
  PRIMARY KEY (rule, key_hash, window_start)
);
CREATE INDEX rate_limit_counters_end_idx ON rate_limit_counters (window_end);

-- Messages kept instead of sent when no SMTP server is configured (SMTP_URL unset).
CREATE TABLE mail_outbox (
  message_id bigserial PRIMARY KEY,
  recipient  text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  -- The whole RFC 5322 message, as an .eml file holds it.
  raw        text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Blogs suggested through /submit_source, waiting for an operator's review.
CREATE TABLE source_submissions (
  submission_id bigserial PRIMARY KEY,
  name          text NOT NULL,
  url           text NOT NULL,
  email         text NOT NULL,
  -- The signed-in reader who submitted it, if any.
  user_id       bigint REFERENCES users (user_id) ON DELETE SET NULL,
  status        text NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'approved', 'rejected')),
  -- The catalogue entry an approval created.
  source_id     bigint REFERENCES sources (source_id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  decided_at    timestamptz
);
CREATE INDEX source_submissions_pending_idx ON source_submissions (created_at)
  WHERE status = 'pending';
