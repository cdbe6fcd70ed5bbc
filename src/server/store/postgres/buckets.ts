import { createHash } from 'node:crypto';
import type { BucketSpec, SharedBuckets } from '../service-store';
import type { Database } from './database';

/** A bucket's key: the SHA-256 of its name, so neither keys nor addresses are kept as they came. */
const bucketKey = (name: string): Buffer => createHash('sha256').update(name, 'utf8').digest();

/* The tokens a bucket holds now, refilled since its last charge; the server's clock, which every replica shares. */
const refilled = (bucket: string, rate: string, burst: string, at = 'clock_timestamp()') =>
  `least(${burst}::float8, ${bucket}.tokens + extract(epoch FROM ${at} - ${bucket}.at) * ${rate}::float8)`;

/* Takes a token from $1 when it has one ($2 per second, $3 at most); reads $4 ($5, $6) in the same step. */
const CHARGE = `
  WITH charged AS (
    INSERT INTO rate_buckets AS b (name, tokens, taken, at) VALUES ($1, $3::float8 - 1, true, clock_timestamp())
    ON CONFLICT (name) DO UPDATE SET
      taken = ${refilled('b', '$2', '$3', 'excluded.at')} >= 1,
      tokens = ${refilled('b', '$2', '$3', 'excluded.at')}
        - CASE WHEN ${refilled('b', '$2', '$3', 'excluded.at')} >= 1 THEN 1 ELSE 0 END,
      at = excluded.at
    RETURNING taken, tokens)
  SELECT charged.taken, charged.tokens,
    coalesce((SELECT ${refilled('f', '$5', '$6')} FROM rate_buckets AS f WHERE f.name = $4), $6::float8) AS peeked
  FROM charged`;

const TOKENS = `SELECT coalesce((SELECT ${refilled('b', '$2', '$3')} FROM rate_buckets AS b WHERE b.name = $1), $3::float8)
  AS tokens`;

/** Charges between prunes of the buckets nobody has charged for an hour (full again long since). */
const PRUNE_EVERY = 10_000;

export function createBuckets(db: Database): SharedBuckets {
  let charges = 0;
  return {
    async charge(take, peek) {
      if (++charges % PRUNE_EVERY === 0) {
        void db
          .run('buckets-prune', "DELETE FROM rate_buckets WHERE at < clock_timestamp() - interval '1 hour'")
          .catch(() => undefined);
      }
      const row = await db.one<{ taken: boolean; tokens: number; peeked: number | null }>(
        'buckets-charge',
        CHARGE,
        [
          bucketKey(take.name),
          take.perSecond,
          take.burst,
          peek === undefined ? null : bucketKey(peek.name),
          peek?.perSecond ?? null,
          peek?.burst ?? null,
        ],
      );
      return { taken: row?.taken ?? false, tokens: row?.tokens ?? 0, peeked: row?.peeked ?? Number.NaN };
    },
    async tokens(bucket: BucketSpec) {
      const row = await db.one<{ tokens: number }>('buckets-tokens', TOKENS, [
        bucketKey(bucket.name),
        bucket.perSecond,
        bucket.burst,
      ]);
      return row?.tokens ?? bucket.burst;
    },
  };
}
