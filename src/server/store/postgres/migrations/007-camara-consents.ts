/**
 * Consent per subscriber, API consumer, purpose and scope (postgres/camara-consents.ts), as SQLite's migration 10
 * made it: a row of `*` for consumer, purpose and scope is a standing consent, the demo subscriber's (user key
 * demo-user, when the database holds the demo data), which keeps consenting at once to every consumer. No other
 * subscriber's earlier authorization SMS reply is carried over: each consumer and purpose now asks.
 */
export default `
CREATE TABLE camara_consents (
  msisdn text NOT NULL,
  client_id text NOT NULL,
  purpose text NOT NULL,
  scope text NOT NULL,
  granted_at bigint NOT NULL,
  PRIMARY KEY (msisdn, client_id, purpose, scope)
);
CREATE INDEX camara_consents_client ON camara_consents (client_id);
INSERT INTO camara_consents (msisdn, client_id, purpose, scope, granted_at)
  SELECT DISTINCT msisdn, '*', '*', '*', (extract(epoch FROM now()) * 1000)::bigint FROM users
  WHERE key_hash = sha256(convert_to('demo-user', 'UTF8'));
`;
