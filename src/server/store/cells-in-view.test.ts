import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { storeEngines } from '../testing/store-engines';
import type { BoxAnswer, BoxQuery } from './cells-in-box-port';
import type { CellRecord } from './records';

const cell = (cellid: number, lat: number, lon: number, mnc = 91, mcc = 244): CellRecord => ({
  mcc,
  mnc,
  cellid,
  lac: 1,
  lat,
  lon,
  name: `Cell ${cellid}`,
});

/** An answer with cells: a read of these few cells never has too many to look through. */
function cellsOf(answer: BoxAnswer): Extract<BoxAnswer, { cells: unknown }> {
  if ('tooMany' in answer) throw new Error(`too many to look through: ${JSON.stringify(answer)}`);
  return answer;
}
const cellsIn = async (store: { cellsInBox(q: BoxQuery): BoxAnswer | Promise<BoxAnswer> }, q: BoxQuery) =>
  cellsOf(await store.cellsInBox(q));

const ids = (cells: readonly CellRecord[]) => cells.map((c) => `${c.mcc}/${c.mnc}/${c.cellid}`).sort();

/** What cells in view must answer, by a plain scan. */
function inside(cells: readonly CellRecord[], q: BoxQuery): CellRecord[] {
  return cells.filter((c) => {
    const lonIn = q.west <= q.east ? c.lon >= q.west && c.lon <= q.east : c.lon >= q.west || c.lon <= q.east;
    const operator = (q.mcc === undefined || c.mcc === q.mcc) && (q.mnc === undefined || c.mnc === q.mnc);
    const radio = q.radio === undefined || c.radio === q.radio;
    return lonIn && c.lat >= q.south && c.lat <= q.north && operator && radio;
  });
}

for (const engine of storeEngines('cellpos-in-view-')) {
  describe.skipIf(engine.skip)(`cells in a box (${engine.name})`, () => {
    it('answers as a scan would: any box (across 180° too), any operator or radio, when under the limit', async () => {
      const store = await engine.open();
      // Micro-degrees, as the answers write positions (SQLite's R*Tree's 32-bit floats flush subnormals to zero).
      const coord = (min: number, max: number) =>
        fc.integer({ min: min * 1e6, max: max * 1e6 }).map((micro) => micro / 1e6);
      const place = fc.record({
        lat: coord(-80, 80),
        lon: coord(-180, 180),
        mnc: fc.constantFrom(1, 5, 91),
        mcc: fc.constantFrom(244, 310),
        radio: fc.constantFrom(undefined, 'GSM' as const, 'LTE' as const),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(place, { maxLength: 120 }),
          fc.tuple(coord(-180, 180), coord(-180, 180), coord(-85, 85), coord(-85, 85)),
          fc.option(fc.constantFrom(1, 5, 91), { nil: undefined }),
          fc.option(fc.constantFrom('GSM' as const, 'NR' as const), { nil: undefined }),
          async (places, [west, east, a, b], mnc, radio) => {
            await engine.exec(store, 'DELETE FROM cells');
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
            const found = await cellsIn(store, q);
            expect(found.truncated).toBe(false);
            expect(ids(found.cells)).toEqual(ids(inside(cells, q)));
          },
        ),
        { numRuns: 60 },
      );
    });

    it('keeps cell ids above 2^32 and mcc/mnc up to 999 apart', async () => {
      const store = await engine.open();
      await store.addCells([
        cell(2 ** 36 - 1, 10, 10, 999, 999),
        cell(2 ** 36 - 1, 10, 10, 998, 999),
        cell(0, 10, 10, 0, 0),
      ]);
      const all = await cellsIn(store, { west: 9, south: 9, east: 11, north: 11, limit: 10 });
      expect(ids(all.cells)).toEqual(['0/0/0', '999/998/68719476735', '999/999/68719476735']);
    });

    it('filters by radio: a cell whose radio is not known matches no radio', async () => {
      const store = await engine.open();
      await store.addCell(cell(1, 60.17, 24.94));
      const box = { west: 24, south: 60, east: 25, north: 61, limit: 10 };
      expect((await cellsIn(store, { ...box, radio: 'LTE' })).cells).toEqual([]);
      expect((await cellsIn(store, { ...box, mcc: 244, radio: 'LTE' })).cells).toEqual([]);
    });

    it('filters by the radio the importer kept, and answers with the range and radio of each cell', async () => {
      const store = await engine.open();
      await store.addCell(cell(1, 60.17, 24.94));
      await store.addCell(cell(2, 60.18, 24.95));
      // The importer's codes (records.ts RADIO_CODES): 1 GSM, 3 LTE.
      await engine.exec(store, 'UPDATE cells SET radio = 3, range = 1200 WHERE cellid = 1');
      await engine.exec(store, 'UPDATE cells SET radio = 1 WHERE cellid = 2');
      const box = { west: 24, south: 60, east: 25, north: 61, limit: 10 };
      expect((await cellsIn(store, { ...box, radio: 'LTE' })).cells).toEqual([
        expect.objectContaining({ cellid: 1, radio: 'LTE', range: 1200 }),
      ]);
      expect((await cellsIn(store, { ...box, radio: 'GSM' })).cells.map((c) => c.cellid)).toEqual([2]);
      expect((await cellsIn(store, { ...box, radio: 'NR' })).cells).toEqual([]);
    });

    it('cut by the limit: says so, and spreads what it keeps over the whole box, filtered or not', async () => {
      const store = await engine.open();
      const cells: CellRecord[] = [];
      // 2,000 cells crowded into the south-west corner, one cell in each other part of an 8 × 8 grid.
      for (let i = 0; i < 2000; i++)
        cells.push(cell(i, 60 + (i % 40) * 0.001, 20 + Math.floor(i / 40) * 0.001));
      for (let row = 0; row < 8; row++)
        for (let col = 0; col < 8; col++)
          if (row + col > 0)
            cells.push(cell(10_000 + row * 8 + col, 60.05 + row * 0.125, 20.05 + col * 0.125));
      await store.addCells(cells);
      for (const filters of [{}, { mcc: 244 }, { mcc: 244, mnc: 91 }]) {
        const found = await cellsIn(store, {
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
  });
}
