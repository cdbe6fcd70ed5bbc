import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BoxQuery } from '../cells-in-box';
import type { CellRecord } from '../records';
import { allocate, FEW_MATCHES } from './cells-in-box';
import { openPostgresStore, type PostgresStore } from './open';
import { postgresSkipped, testDatabase } from './test-database';

const cell = (cellid: number, lat: number, lon: number, mnc = 91, mcc = 244): CellRecord => ({
  mcc,
  mnc,
  cellid,
  lac: 1,
  lat,
  lon,
  name: `Cell ${cellid}`,
});

const ids = (cells: readonly CellRecord[]) => cells.map((c) => `${c.mcc}/${c.mnc}/${c.cellid}`).sort();

function inside(cells: readonly CellRecord[], q: BoxQuery): CellRecord[] {
  return cells.filter((c) => {
    const lonIn = q.west <= q.east ? c.lon >= q.west && c.lon <= q.east : c.lon >= q.west || c.lon <= q.east;
    const operator = (q.mcc === undefined || c.mcc === q.mcc) && (q.mnc === undefined || c.mnc === q.mnc);
    return (
      lonIn &&
      c.lat >= q.south &&
      c.lat <= q.north &&
      operator &&
      (q.radio === undefined || c.radio === q.radio)
    );
  });
}

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

  it('answers as a scan would: any box (across 180° too), operator or radio, the B-tree or the GiST', async () => {
    const coord = (min: number, max: number) =>
      fc.integer({ min: min * 1e6, max: max * 1e6 }).map((micro) => micro / 1e6);
    const place = fc.record({
      lat: coord(-80, 80),
      lon: coord(-180, 180),
      mnc: fc.constantFrom(1, 5, 91),
      mcc: fc.constantFrom(244, 310),
      radio: fc.constantFrom(undefined, 'GSM', 'LTE'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(place, { maxLength: 120 }),
        fc.tuple(coord(-180, 180), coord(-180, 180), coord(-85, 85), coord(-85, 85)),
        fc.option(fc.constantFrom(1, 5, 91), { nil: undefined }),
        fc.option(fc.constantFrom('GSM' as const, 'LTE' as const, 'NR' as const), { nil: undefined }),
        async (places, [west, east, a, b], mnc, radio) => {
          await store.db.query('delete-cells', 'DELETE FROM cells');
          const cells = places.map((p, i) => ({
            ...cell(i, p.lat, p.lon, p.mnc, p.mcc),
            ...(p.radio !== undefined && { radio: p.radio }),
          }));
          await store.addCells(cells);
          const q: BoxQuery = {
            west,
            east,
            south: Math.min(a, b),
            north: Math.max(a, b),
            ...(mnc !== undefined && { mcc: 244, mnc }),
            ...(radio !== undefined && { radio }),
            limit: 200,
          };
          const found = await store.cellsInBox(q);
          expect(found.truncated).toBe(false);
          expect(ids(found.cells)).toEqual(ids(inside(cells, q)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('cut by the limit: says so, and spreads what it keeps over the whole box, with filters or without', async () => {
    const cells: CellRecord[] = [];
    for (let i = 0; i < 2000; i++)
      cells.push(cell(i, 60 + (i % 40) * 0.001, 20 + Math.floor(i / 40) * 0.001));
    for (let row = 0; row < 8; row++)
      for (let col = 0; col < 8; col++)
        if (row + col > 0) cells.push(cell(10_000 + row * 8 + col, 60.05 + row * 0.125, 20.05 + col * 0.125));
    await store.addCells(cells);
    for (const filters of [{}, { mcc: 244 }, { mcc: 244, mnc: 91 }]) {
      const found = await store.cellsInBox({
        west: 20,
        south: 60,
        east: 21,
        north: 61,
        limit: 640,
        ...filters,
      });
      expect(found.truncated).toBe(true);
      expect(found.cells).toHaveLength(640);
      expect(found.cells.filter((c) => c.cellid >= 10_000)).toHaveLength(63);
      expect(new Set(ids(found.cells)).size).toBe(640);
    }
  });

  it('reads filters that match many cells through the position, and still answers as a scan would', async () => {
    await store.db.query(
      'many-cells',
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, radio)
       SELECT 244, 91, i, 1, 60 + (i % 100) * 0.001, 24 + (i / 100) * 0.001, 'Many', 1, 3
       FROM generate_series(0, $1::int - 1) AS i`,
      [FEW_MATCHES + 10],
    );
    const small = await store.cellsInBox({
      west: 24,
      south: 60,
      east: 24.0095,
      north: 60.0095,
      mcc: 244,
      limit: 500,
    });
    expect(small).toMatchObject({ truncated: false });
    expect(small.cells).toHaveLength(100);
    const cut = await store.cellsInBox({
      west: -180,
      south: -85,
      east: 180,
      north: 85,
      radio: 'LTE',
      limit: 1000,
    });
    expect(cut.truncated).toBe(true);
    expect(cut.cells).toHaveLength(1000);
    expect(await store.cellsInBox({ west: 0, south: 0, east: 1, north: 1, mcc: 244, limit: 10 })).toEqual({
      cells: [],
      truncated: false,
    });
  });
});
