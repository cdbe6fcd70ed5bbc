import { createHash } from 'node:crypto';
import type { BucketSpec, SharedBuckets } from '../shared-buckets';
import type { Database } from './database';

/** A bucket's key: the SHA-256 of its name, so neither keys nor addresses are kept as they came. */
const bucketKey = (name: string): Buffer => createHash('sha256').update(name, 'utf8').digest();

/* The tokens a bucket holds at `at`, refilled since its last charge; the server's clock, which every replica shares. */
const refilled = (bucket: string, rate: string, burst: string, at: string) =>
  `least(${burst}, ${bucket}.tokens + extract(epoch FROM ${at} - ${bucket}.at) * ${rate})`;

/*
 * One batch of charges in one statement: for each bucket ($1 names, $2 tokens asked, $3 per second, $4 at most), as
 * many tokens as it holds up to those asked are granted; a bucket asked for none is only read. Rows are locked in
 * the order of their names, so two replicas' batches never wait on each other in a circle.
 */
const CHARGE = `
  WITH asked AS (
    SELECT * FROM unnest($1::bytea[], $2::int[], $3::float8[], $4::float8[]) AS a(name, asked, rate, burst)
  ),
  charged AS (
    INSERT INTO rate_buckets AS b (name, tokens, asked, granted, rate, burst, at)
    SELECT name, burst - least(asked, floor(burst)), asked, least(asked, floor(burst)), rate, burst, clock_timestamp()
    FROM asked WHERE asked > 0 ORDER BY name
    ON CONFLICT (name) DO UPDATE SET
      granted = least(excluded.asked, floor(${refilled('b', 'excluded.rate', 'excluded.burst', 'excluded.at')})),
      tokens = ${refilled('b', 'excluded.rate', 'excluded.burst', 'excluded.at')}
        - least(excluded.asked, floor(${refilled('b', 'excluded.rate', 'excluded.burst', 'excluded.at')})),
      asked = excluded.asked, rate = excluded.rate, burst = excluded.burst, at = excluded.at
    RETURNING name, tokens, granted)
  SELECT a.name, coalesce(c.granted, 0) AS granted,
    coalesce(c.tokens,
      (SELECT ${refilled('f', 'a.rate', 'a.burst', 'clock_timestamp()')} FROM rate_buckets AS f WHERE f.name = a.name),
      a.burst) AS tokens
  FROM asked AS a LEFT JOIN charged AS c ON c.name = a.name`;

/** Charges between prunes of the buckets nobody has charged for an hour (full again long since). */
const PRUNE_EVERY = 10_000;
/* Batches on their way at once; charges that come meanwhile go in the next (a batch grows with the load). */
const IN_FLIGHT = 2;

interface Asked {
  name: Buffer;
  spec: BucketSpec;
  /** Each taker is told whether it got a token (the first `granted` did) and what the bucket holds after. */
  takers: Array<(granted: boolean, tokens: number) => void>;
  readers: Array<(tokens: number) => void>;
  failed: Array<(error: unknown) => void>;
}

/**
 * The rate limits' buckets in PostgreSQL. The charges a replica makes while a batch is on its way are sent together
 * in the next, one statement for them all: measured per request of the guard (bench:rate-limit-stores), a
 * statement for each charge cost the service 68 µs of its CPU and PostgreSQL 113 µs.
 */
export function createBuckets(db: Database): SharedBuckets {
  let charges = 0;
  let waiting = new Map<string, Asked>();
  let inFlight = 0;

  function ask(spec: BucketSpec): Asked {
    const id = spec.name;
    let asked = waiting.get(id);
    if (asked === undefined) {
      asked = { name: bucketKey(spec.name), spec, takers: [], readers: [], failed: [] };
      waiting.set(id, asked);
      if (waiting.size === 1) setImmediate(send);
    }
    return asked;
  }

  function send(): void {
    if (inFlight >= IN_FLIGHT || waiting.size === 0) return;
    const batch = [...waiting.values()];
    waiting = new Map();
    inFlight++;
    db.query<{ name: Buffer; granted: number; tokens: number }>('buckets-charge', CHARGE, [
      batch.map((a) => a.name),
      batch.map((a) => a.takers.length),
      batch.map((a) => a.spec.perSecond),
      batch.map((a) => a.spec.burst),
    ])
      .then((rows) => {
        const byName = new Map(rows.map((row) => [row.name.toString('hex'), row]));
        for (const asked of batch) {
          const row = byName.get(asked.name.toString('hex'));
          const granted = row?.granted ?? 0;
          const tokens = row?.tokens ?? 0;
          asked.takers.forEach((told, i) => told(i < granted, tokens));
          for (const told of asked.readers) told(tokens);
        }
      })
      .catch((error: unknown) => {
        for (const asked of batch) for (const fail of asked.failed) fail(error);
      })
      .finally(() => {
        inFlight--;
        send();
      });
  }

  const read = (spec: BucketSpec): Promise<number> =>
    new Promise((resolve, reject) => {
      const asked = ask(spec);
      asked.readers.push(resolve);
      asked.failed.push(reject);
    });

  return {
    async charge(take, peek) {
      if (++charges % PRUNE_EVERY === 0) {
        void db
          .run('buckets-prune', "DELETE FROM rate_buckets WHERE at < clock_timestamp() - interval '1 hour'")
          .catch(() => undefined);
      }
      const taking = new Promise<{ taken: boolean; tokens: number }>((resolve, reject) => {
        const asked = ask(take);
        asked.takers.push((taken, tokens) => resolve({ taken, tokens }));
        asked.failed.push(reject);
      });
      const [charged, peeked] = await Promise.all([taking, peek === undefined ? Number.NaN : read(peek)]);
      return { ...charged, peeked };
    },
    tokens: read,
  };
}
