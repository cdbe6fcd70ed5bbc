import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';
import { StoreUnavailable } from '../records';
import { Database } from './database';
import { createPool } from './pool';

describe.skipIf(postgresSkipped)('a transaction whose connection is cut', () => {
  const database = testDatabase();
  let db: Database;
  beforeAll(() => {
    db = new Database(createPool(database.url, { size: 2 }));
  });
  afterAll(() => db.pool.end());

  it('fails with StoreUnavailable, and the process goes on (the server ended its backend between statements)', async () => {
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => (cut = resolve));
    const work = db.transaction(async () => {
      const [row] = await db.query<{ pid: number }>('pid', 'SELECT pg_backend_pid() AS pid');
      // The server goes away while the work is between statements (as when it restarts): no query is waiting.
      await db.pool.query('SELECT pg_terminate_backend($1)', [row?.pid]);
      // Gone when the server says so, not after a fixed time: on a busy machine its backend takes a while to end.
      await vi.waitFor(
        async () =>
          expect(
            (await db.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [row?.pid])).rowCount,
          ).toBe(0),
        { interval: 20, timeout: 30_000 },
      );
      cut();
      return db.query('after', 'SELECT 1');
    });
    await wasCut;
    await expect(work).rejects.toBeInstanceOf(StoreUnavailable);
    // The pool is whole again: the broken connection was not given back.
    expect(await db.query<{ n: number }>('one', 'SELECT 1 AS n')).toEqual([{ n: 1 }]);
  });
});
