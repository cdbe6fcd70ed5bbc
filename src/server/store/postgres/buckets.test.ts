import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';
import type { SharedBuckets } from '../shared-buckets';
import { createBuckets } from './buckets';
import { Database } from './database';
import { migrate } from './migrate';
import { createPool } from './pool';

/* The rate limits' buckets as replicas share them: each replica its own pool and its own batches. */
describe.skipIf(postgresSkipped)('rate-limit buckets in PostgreSQL', () => {
  const database = testDatabase();
  const dbs: Database[] = [];
  let replicas: SharedBuckets[];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dbs.push(new Database(createPool(database.url, { size: 4 })));
    await migrate(dbs[0]!.pool);
    replicas = dbs.map(createBuckets);
  });
  afterAll(() => Promise.all(dbs.map((db) => db.pool.end())));

  // Practically no refill while the test runs: what is taken stays taken.
  const slow = (name: string, burst: number) => ({ name, perSecond: 1e-6, burst });

  it('grants a bucket’s tokens once across replicas, however many ask at once', async () => {
    const asks = Array.from({ length: 60 }, (_, i) => replicas[i % 2]!.charge(slow('key shared', 10)));
    const charged = await Promise.all(asks);
    expect(charged.filter((c) => c.taken)).toHaveLength(10);
    for (const c of charged.filter((c) => !c.taken)) expect(c.tokens).toBeLessThan(1);
    expect(await replicas[1]!.tokens(slow('key shared', 10))).toBeLessThan(1);
    expect((await replicas[0]!.charge(slow('key shared', 10))).taken).toBe(false);
  });

  it('reads the bucket it peeks at without taking from it, and buckets apart stay apart', async () => {
    const failures = slow('failures 192.0.2.1', 5);
    expect((await replicas[0]!.charge(slow('address 192.0.2.1', 50), failures)).peeked).toBeCloseTo(5, 3);
    await Promise.all([0, 1, 1].map((i) => replicas[i]!.charge(failures)));
    const peeks = await Promise.all(
      [0, 1].map((i) => replicas[i]!.charge(slow('address 192.0.2.1', 50), failures)),
    );
    for (const peek of peeks) expect(peek.peeked).toBeCloseTo(2, 3);
    expect(await replicas[1]!.tokens(slow('address 192.0.2.1', 50))).toBeCloseTo(47, 3);
    expect(await replicas[1]!.tokens(slow('address 192.0.2.2', 50))).toBe(50);
  });

  it('takes a token and peeks at the same bucket in one batch', async () => {
    const bucket = slow('failures 192.0.2.3', 3);
    const [taken, peeked] = await Promise.all([
      replicas[0]!.charge(bucket),
      replicas[0]!.charge(slow('address 192.0.2.3', 50), bucket),
    ]);
    expect(taken.taken).toBe(true);
    expect(peeked.peeked).toBeCloseTo(2, 3);
  });

  it('refills on the server’s clock', async () => {
    const fast = { name: 'simulator demo-user', perSecond: 20, burst: 1 };
    expect((await replicas[0]!.charge(fast)).taken).toBe(true);
    await expect.poll(async () => (await replicas[1]!.charge(fast)).taken).toBe(true);
  });
});
