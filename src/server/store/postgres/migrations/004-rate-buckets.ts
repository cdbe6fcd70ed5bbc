/**
 * The rate limits' token buckets, one limit across every replica (store/postgres/buckets.ts). Unlogged: no write of
 * a bucket waits for the WAL, and after a crash the table is empty, which gives every client a full bucket once.
 * A replica charges many buckets in one statement: `asked` is how many tokens its last charge asked for, `granted`
 * how many it got; `rate` and `burst` are the bucket's, kept with it so that one statement can refill each.
 */
export default `
CREATE UNLOGGED TABLE rate_buckets (
  name bytea PRIMARY KEY,
  tokens double precision NOT NULL,
  asked integer NOT NULL,
  granted integer NOT NULL,
  rate double precision NOT NULL,
  burst double precision NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_buckets_at ON rate_buckets (at);
`;
