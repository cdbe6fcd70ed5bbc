/**
 * The rate limits' token buckets, one limit across every replica (store/postgres/buckets.ts). Unlogged: no write of
 * a bucket waits for the WAL, and after a crash the table is empty, which gives every client a full bucket once.
 */
export default `
CREATE UNLOGGED TABLE rate_buckets (
  name bytea PRIMARY KEY,
  tokens double precision NOT NULL,
  taken boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_buckets_at ON rate_buckets (at);
`;
