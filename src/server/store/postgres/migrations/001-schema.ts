/**
 * The schema as SQLite's migrations 1-6 left it (store/schema.ts), made at once: developers and their service keys,
 * users, cells, the live sources' answers. Keys are kept as their SHA-256 only, with a prefix for listings.
 */
export default `
CREATE TABLE developers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE service_keys (
  key_hash bytea PRIMARY KEY,
  key_prefix text NOT NULL,
  developer_id bigint NOT NULL REFERENCES developers (id) ON DELETE CASCADE
);
CREATE INDEX service_keys_developer ON service_keys (developer_id);

CREATE TABLE cells (
  mcc integer NOT NULL,
  mnc integer NOT NULL,
  cellid bigint NOT NULL,
  lac bigint,
  lat double precision,
  lon double precision,
  name text,
  samples integer NOT NULL DEFAULT 0,
  range integer,
  radio smallint,
  updated bigint,
  origin smallint,
  PRIMARY KEY (mcc, mnc, cellid)
);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key_hash bytea NOT NULL UNIQUE,
  key_prefix text NOT NULL,
  developer_id bigint NOT NULL REFERENCES developers (id) ON DELETE CASCADE,
  msisdn text NOT NULL,
  sms_replied boolean NOT NULL DEFAULT false,
  state text,
  current_mcc integer,
  current_mnc integer,
  current_cellid bigint,
  CONSTRAINT users_current_cell FOREIGN KEY (current_mcc, current_mnc, current_cellid)
    REFERENCES cells (mcc, mnc, cellid)
);
CREATE INDEX users_developer ON users (developer_id);

CREATE TABLE cell_answers (
  source text NOT NULL,
  mcc integer NOT NULL,
  mnc integer NOT NULL,
  cellid bigint NOT NULL,
  lac bigint NOT NULL,
  radio text NOT NULL,
  found boolean NOT NULL,
  lat double precision,
  lon double precision,
  name text,
  range integer,
  accuracy integer,
  samples integer,
  updated bigint,
  asked_at bigint NOT NULL,
  PRIMARY KEY (source, mcc, mnc, cellid, lac, radio)
);
CREATE INDEX cell_answers_asked ON cell_answers (asked_at);
`;
