-- The weekly e-mail digest: one row per reader and week, the job queue and the record of what was
-- sent (docs/decisions/0010-digest-delivery.md). A run enrols every weekly reader for its week,
-- then workers claim rows with a lease (as the crawler claims sources) and move each to a final
-- status; the primary key is what makes a second digest for the same week impossible to record.
CREATE TABLE digest_deliveries (
  user_id     bigint NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  -- Monday (UTC) of the ISO week the digest belongs to.
  week        date NOT NULL,
  -- pending:      not handed to the mail transport yet (maybe claimed: see lease_until).
  -- sending:      being handed over, or handed over by a run that stopped before recording it.
  -- sent:         accepted by the transport.
  -- empty:        nothing new for the reader this week; no e-mail.
  -- unsubscribed: the reader turned the digest off, or lost a verified address, before the send.
  -- failed:       refused for good by the mail server, or too many attempts.
  status      text NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'sending', 'sent', 'empty', 'unsubscribed', 'failed')),
  -- Claimed until then by the run `claimed_by`; an expired lease of an open row may be taken over.
  lease_until timestamptz,
  claimed_by  text,
  attempts    integer NOT NULL DEFAULT 0,
  -- The deterministic Message-ID (a resend after an uncertain hand-over carries the same one).
  message_id  text,
  -- The articles the e-mail carried.
  post_ids    bigint[],
  last_error  text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (user_id, week)
);
CREATE INDEX digest_deliveries_open_idx ON digest_deliveries (week, user_id)
  WHERE status IN ('pending', 'sending');
