/**
 * CAMARA Device Geofencing Subscriptions (camara-operator/geofencing/): the subscriptions, their sink tokens sealed
 * (JWE under the store's seal key), and the events not yet delivered, which replicas claim with
 * FOR UPDATE SKIP LOCKED and a lease (claimed_until), so that each is delivered by one of them.
 */
export default `
CREATE TABLE geofence_subscriptions (
  id text PRIMARY KEY,
  client_id text NOT NULL,
  purpose text NOT NULL,
  msisdn text NOT NULL,
  phone_number text,
  type text NOT NULL,
  sink text NOT NULL,
  sink_token text,
  sink_token_expires bigint,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  radius double precision NOT NULL,
  starts_at bigint NOT NULL,
  expires_at bigint,
  max_events integer,
  initial_event integer,
  events_sent integer NOT NULL DEFAULT 0,
  inside integer,
  ended_at bigint,
  ended_reason text
);
CREATE INDEX geofence_subscriptions_client ON geofence_subscriptions (client_id, msisdn);
CREATE INDEX geofence_subscriptions_live ON geofence_subscriptions (ended_at);
CREATE TABLE geofence_events (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  subscription_id text NOT NULL REFERENCES geofence_subscriptions (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_at bigint NOT NULL,
  claimed_until bigint
);
CREATE INDEX geofence_events_subscription ON geofence_events (subscription_id, seq);
CREATE INDEX geofence_events_due ON geofence_events (next_at);
`;
