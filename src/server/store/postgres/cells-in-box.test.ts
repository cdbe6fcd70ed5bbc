import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allocate, FEW_MATCHES } from './cells-in-box';
import type { BoxAnswer, BoxQuery } from '../cells-in-box-port';
import { openPostgresStore, type PostgresStore } from './open';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';

/** An answer with cells: a read of these few cells never has too many to look through. */
function cellsOf(answer: BoxAnswer): Extract<BoxAnswer, { cells: unknown }> {
  if ('tooMany' in answer) throw new Error(`too many to look through: ${JSON.stringify(answer)}`);
  return answer;
}
const cellsIn = async (store: { cellsInBox(q: BoxQuery): BoxAnswer | Promise<BoxAnswer> }, q: BoxQuery) =>
  cellsOf(await store.cellsInBox(q));

describe('a cut answer’s shares', () => {
  it('takes everything when it fits, else an equal share of each part and the rest from the fuller ones', () => {
    expect(allocate([1, 2, 3], 10)).toEqual({ take: [1, 2, 3], truncated: false });
    expect(allocate([100, 1, 0, 0], 8)).toEqual({ take: [7, 1, 0, 0], truncated: true });
    expect(allocate([100, 100, 0, 1], 9)).toEqual({ take: [4, 4, 0, 1], truncated: true });
  });
});

describe.skipIf(postgresSkipped)('cells in a box, on PostgreSQL', () => {
  const database = testDatabase();
  let store: PostgresStore;
  beforeAll(async () => {
    store = await openPostgresStore(database.url, { poolSize: 4 });
  });
  afterAll(() => store?.close());
  beforeEach(async () => {
    await store.db.query('delete-cells', 'DELETE FROM cells');
  });

  it('reads filters that match many cells through the position, and still answers as a scan would', async () => {
    await store.db.query(
      'many-cells',
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, radio)
       SELECT 244, 91, i, 1, 60 + (i % 100) * 0.001, 24 + (i / 100) * 0.001, 'Many', 1, 3
       FROM generate_series(0, $1::int - 1) AS i`,
      [FEW_MATCHES + 10],
    );
    const small = await cellsIn(store, {
      west: 24,
      south: 60,
      east: 24.0095,
      north: 60.0095,
      mcc: 244,
      limit: 500,
    });
    expect(small).toMatchObject({ truncated: false });
    expect(small.cells).toHaveLength(100);
    const cut = await cellsIn(store, {
      west: -180,
      south: -85,
      east: 180,
      north: 85,
      radio: 'LTE',
      limit: 1000,
    });
    expect(cut.truncated).toBe(true);
    expect(cut.cells).toHaveLength(1000);
    expect(await cellsIn(store, { west: 0, south: 0, east: 1, north: 1, mcc: 244, limit: 10 })).toEqual({
      cells: [],
      truncated: false,
    });
  });
});
