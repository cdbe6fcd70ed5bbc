import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';
import { createBuckets } from '../../store/postgres/buckets';
import { Database } from '../../store/postgres/database';
import { migrate } from '../../store/postgres/migrate';
import { createPool } from '../../store/postgres/pool';
import { createLimits, type Limits } from './limits';

/* The limits of two replicas on one PostgreSQL: what one counts, the other refuses on. */
describe.skipIf(postgresSkipped)('limits shared by replicas', () => {
  const database = testDatabase();
  const dbs: Database[] = [];
  let replicas: Limits[];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(new Database(createPool(database.url, { size: 2 })));
    await migrate(dbs[0]!.pool);
    await dbs[1]!.pool.query('SELECT 1'); // connected, as a replica that has served a while
    replicas = dbs.map((db) =>
      createLimits({ perSecond: 1, burst: 2 }, { perMinute: 2 }, createBuckets(db), { unknownPerMinute: 2 }),
    );
  });
  afterAll(() => Promise.all(dbs.map((db) => db.pool.end())));

  it('counts a failed key check before the refusal leaves, so the other replica refuses the next try', async () => {
    expect(await replicas[0]!.admit('192.0.2.7')).toBeUndefined();
    // The first replica's connections busy a moment, as under load: its charge waits for one.
    const busy = [1, 2].map(() => dbs[0]!.pool.query('SELECT pg_sleep(0.3)'));
    await replicas[0]!.failed('192.0.2.7');
    await Promise.all(busy);
    // Counted already, as another replica reading the table this instant sees it.
    const failures = await dbs[1]!.pool.query('SELECT 1 FROM rate_buckets WHERE granted = 1 AND burst = 1');
    expect(failures.rowCount).toBe(1);
    expect(await replicas[1]!.admit('192.0.2.7')).toMatchObject({ status: 429 });
    expect(await replicas[1]!.admit('192.0.2.8')).toBeUndefined();
  });

  it('gives a service key one bucket across replicas', async () => {
    // Burst 2: one token taken on each replica, and the key is out on both.
    expect(await replicas[0]!.accepted('key-a')).toBeUndefined();
    expect(await replicas[1]!.accepted('key-a')).toBeUndefined();
    expect(await replicas[0]!.accepted('key-a')).toMatchObject({ status: 429 });
    expect(await replicas[1]!.keyHasRoom('key-a')).toMatchObject({ status: 429 });
  });

  it('gives a service key one budget at the live sources across replicas', async () => {
    // Two requests a minute: one spent on each replica, and the third is refused on either.
    expect(await replicas[0]!.spendOnSources('key-b')).toEqual({ ok: true });
    expect(await replicas[1]!.spendOnSources('key-b')).toEqual({ ok: true });
    expect(await replicas[0]!.spendOnSources('key-b')).toMatchObject({ ok: false, retryAfterSeconds: 30 });
  });

  it('gives an API consumer one budget of unknown numbers across replicas, a number tried again counted once', async () => {
    await replicas[0]!.unknownHint('shop', 'tel:+358409990001');
    await replicas[1]!.unknownHint('shop', 'tel:+358409990001');
    expect(await replicas[1]!.hintsHaveRoom('shop')).toBeUndefined();
    await replicas[1]!.unknownHint('shop', 'tel:+358409990002');
    expect(await replicas[0]!.hintsHaveRoom('shop')).toMatchObject({ status: 429, retryAfterSeconds: 30 });
    expect(await replicas[0]!.hintsHaveRoom('other')).toBeUndefined();
  });
});
