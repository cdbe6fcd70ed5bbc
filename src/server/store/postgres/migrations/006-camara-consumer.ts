/**
 * The service as a CAMARA API consumer (postgres/camara-consumer.ts), as SQLite's migration 8 made it: the
 * operator's access tokens, sealed, per user and scope, and each user's open question to the operator (a CIBA
 * request and the pace of its polls, then the answer), so that a token or a pending consent one replica got is
 * used by every other. Times are Unix milliseconds.
 */
export default `
CREATE TABLE camara_consumer_tokens (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  scope text NOT NULL,
  msisdn text NOT NULL,
  sealed text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (user_id, scope)
);
CREATE INDEX camara_consumer_tokens_expiry ON camara_consumer_tokens (expires_at);

CREATE TABLE camara_consumer_questions (
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('locate', 'verify')),
  attempt text NOT NULL,
  msisdn text NOT NULL,
  ask text NOT NULL,
  auth_req_id text,
  consent_expires_at bigint,
  interval_s integer,
  next_poll_at bigint,
  failures integer NOT NULL DEFAULT 0,
  busy_until bigint,
  answer text,
  updated_at bigint NOT NULL,
  PRIMARY KEY (user_id, kind)
);
`;
