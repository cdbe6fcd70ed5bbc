/**
 * "Watch my phone" (store/postgres/watches.ts), as SQLite's camara_watches migration made it: each
 * user's geofencing watches (the consent asked, the operator's subscription, the sink bearer's hash) and the events
 * the operator delivered, kept once per CloudEvent id. Times are Unix milliseconds.
 */
export default `
CREATE TABLE camara_watches (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  msisdn text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('arrive', 'leave')),
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  radius_m integer NOT NULL,
  state text NOT NULL CHECK (state IN ('consent', 'subscribing', 'active', 'ended')),
  end_reason text,
  end_detail text,
  auth_req_id text,
  consent_expires_at bigint,
  interval_s integer,
  next_poll_at bigint,
  busy_until bigint,
  subscription_id text,
  sink_hash text NOT NULL UNIQUE,
  expires_at bigint NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
CREATE INDEX camara_watches_user ON camara_watches (user_id, created_at);

CREATE TABLE camara_watch_events (
  watch_id text NOT NULL REFERENCES camara_watches (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  kind text NOT NULL,
  time bigint NOT NULL,
  received_at bigint NOT NULL,
  reason text,
  PRIMARY KEY (watch_id, event_id)
);
CREATE INDEX camara_watch_events_time ON camara_watch_events (watch_id, time);
`;
