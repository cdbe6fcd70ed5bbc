/**
 * The service as a CAMARA operator (postgres/camara.ts), as SQLite's migration 7 made it: when each phone entered
 * its cell (its lastLocationTime; a phone placed before this version counts from the upgrade), the OpenID provider's
 * records and signing keys, the API consumers and the pseudonyms they know subscribers by, and the pace of CIBA
 * polling. Records are jsonb, so a consumed mark and the fields a lookup needs are read in place.
 */
export default `
ALTER TABLE users ADD COLUMN cell_since bigint;
UPDATE users SET cell_since = (extract(epoch FROM now()) * 1000)::bigint WHERE current_cellid IS NOT NULL;
CREATE INDEX users_msisdn ON users (msisdn);

CREATE TABLE oidc_records (
  model text NOT NULL,
  id text NOT NULL,
  payload jsonb NOT NULL,
  forget_at bigint,
  grant_id text,
  user_code text,
  uid text,
  client_id text,
  account_id text,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_records_grant ON oidc_records (grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_records_uid ON oidc_records (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_records_user_code ON oidc_records (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_records_client ON oidc_records (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX oidc_records_account ON oidc_records (account_id) WHERE account_id IS NOT NULL;
CREATE INDEX oidc_records_forget ON oidc_records (forget_at) WHERE forget_at IS NOT NULL;

CREATE TABLE oidc_signing_keys (
  kid text PRIMARY KEY,
  jwk jsonb NOT NULL,
  created_at bigint NOT NULL
);

CREATE TABLE camara_clients (
  client_id text PRIMARY KEY,
  jwks jsonb,
  jwks_uri text,
  two_legged boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL,
  CHECK ((jwks IS NULL) <> (jwks_uri IS NULL))
);

CREATE TABLE camara_subjects (
  sub text PRIMARY KEY,
  client_id text NOT NULL REFERENCES camara_clients (client_id) ON DELETE CASCADE,
  msisdn text NOT NULL,
  UNIQUE (client_id, msisdn)
);
CREATE INDEX camara_subjects_msisdn ON camara_subjects (msisdn);

CREATE TABLE ciba_polls (
  id text PRIMARY KEY,
  polled_at bigint NOT NULL,
  interval integer NOT NULL,
  forget_at bigint NOT NULL,
  -- Whether the last poll came early: what the poll that wrote it is told (one statement reads and writes it).
  early boolean NOT NULL DEFAULT false
);
`;
