import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Radio } from '../../../api/cell-facts';
import type { Bbox } from '../../../api/cells-in-view';
import type { CellRecord } from '../../store/records';
import type { ServiceStore } from '../../store/service-store';
import { storeEngines } from '../../testing/store-engines';
import type { CountsQuery } from '../../store/cell-counts-port';
import { countsOf } from './counts-read';
import { countsZoom, LADDER, rangesOf, tileX, tileY, type TileRanges } from '../../../api/map-tiles';

type Placed = CellRecord & { radio?: Radio };

const cell = (cellid: number, lat: number, lon: number, mnc = 91, mcc = 244, radio?: Radio): Placed => ({
  mcc,
  mnc,
  cellid,
  lac: 1,
  lat,
  lon,
  name: `Cell ${cellid}`,
  ...(radio !== undefined && { radio }),
});

/** What the counts must say, from the cells themselves: each one's square at the zoom, if it is one asked. */
function expected(
  cells: readonly Placed[],
  q: CountsQuery,
): Map<string, { n: number; lat: number; lon: number }> {
  const { zoom, xs, ys } = q.ranges;
  const squares = new Map<string, { n: number; lat: number; lon: number }>();
  for (const c of cells) {
    if (q.mcc !== undefined && c.mcc !== q.mcc) continue;
    if (q.mnc !== undefined && c.mnc !== q.mnc) continue;
    if (q.radio !== undefined && c.radio !== q.radio) continue;
    const x = tileX(c.lon, zoom);
    const y = tileY(c.lat, zoom);
    if (!xs.some(([low, high]) => x >= low && x <= high) || y < ys[0] || y > ys[1]) continue;
    const key = `${x}/${y}`;
    const square = squares.get(key) ?? { n: 0, lat: 0, lon: 0 };
    squares.set(key, { n: square.n + 1, lat: square.lat + c.lat, lon: square.lon + c.lon });
  }
  return squares;
}

/** The operators the counts must name for `q`, how many cells each, in code order, from the cells themselves. */
function expectedOperators(cells: readonly Placed[], q: CountsQuery) {
  const counts = new Map<number, number>();
  const squares = expected(cells, { ...q, mcc: undefined, mnc: undefined });
  const inSquares = (c: Placed) =>
    squares.has(`${tileX(c.lon, q.ranges.zoom)}/${tileY(c.lat, q.ranges.zoom)}`);
  for (const c of cells) {
    if (q.mcc !== undefined && c.mcc !== q.mcc) continue;
    if (q.mnc !== undefined && c.mnc !== q.mnc) continue;
    if (q.radio !== undefined && c.radio !== q.radio) continue;
    if (inSquares(c)) counts.set(c.mcc * 1000 + c.mnc, (counts.get(c.mcc * 1000 + c.mnc) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([code, n]) => ({ mcc: Math.floor(code / 1000), mnc: code % 1000, n }));
}

async function countsIn(store: Pick<ServiceStore, 'cellCounts'>, q: CountsQuery) {
  const found = await store.cellCounts(q);
  return new Map(found.map((s) => [`${s.x}/${s.y}`, { n: s.n, lat: s.latSum, lon: s.lonSum }]));
}

function expectSame(found: Map<string, { n: number; lat: number; lon: number }>, wanted: typeof found): void {
  expect([...found.keys()].sort()).toEqual([...wanted.keys()].sort());
  for (const [key, square] of wanted) {
    const got = found.get(key);
    expect(got?.n).toBe(square.n);
    expect(got?.lat).toBeCloseTo(square.lat, 6);
    expect(got?.lon).toBeCloseTo(square.lon, 6);
  }
}

const total = (squares: Map<string, { n: number }>) => [...squares.values()].reduce((n, s) => n + s.n, 0);

const WORLD: Bbox = { west: -180, south: -90, east: 180, north: 90 };

for (const engine of storeEngines('cell-counts-')) {
  describe.skipIf(engine.skip)(`cell counts (${engine.name})`, () => {
    it('are the true numbers per square: any box (across 180° too), any zoom, operator and radio', async () => {
      const store = await engine.open();
      const coord = (min: number, max: number) =>
        fc.integer({ min: min * 1e6, max: max * 1e6 }).map((micro) => micro / 1e6);
      const place = fc.record({
        lat: coord(-89, 89),
        lon: coord(-180, 180),
        mnc: fc.constantFrom(1, 5, 91),
        mcc: fc.constantFrom(244, 310),
        radio: fc.constantFrom(undefined, 'GSM' as const, 'LTE' as const),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(place, { maxLength: 80 }),
          fc.tuple(coord(-180, 180), coord(-180, 180), coord(-89, 89), coord(-89, 89)),
          fc.constantFrom(...LADDER),
          fc.option(fc.constantFrom(1, 5, 91), { nil: undefined }),
          fc.option(fc.constantFrom('GSM' as const, 'NR' as const), { nil: undefined }),
          async (places, [west, east, a, b], zoom, mnc, radio) => {
            await engine.exec(store, 'DELETE FROM cells');
            const cells = places.map((p, i) => cell(i, p.lat, p.lon, p.mnc, p.mcc, p.radio));
            await store.addCells(cells);
            const q: CountsQuery = {
              ranges: rangesOf({ west, east, south: Math.min(a, b), north: Math.max(a, b) }, zoom),
              ...(mnc !== undefined && { mcc: 244, mnc }),
              ...(radio !== undefined && { radio }),
            };
            expectSame(await countsIn(store, q), expected(cells, q));
            // The operators of the same squares, as many cells each as the squares count for them.
            const operators = (await store.cellOperators(q)).map((o) => ({ ...o, n: Number(o.n) }));
            expect(operators).toEqual(expectedOperators(cells, q));
            expect(operators.reduce((n, o) => n + o.n, 0)).toBe(total(expected(cells, q)));
          },
        ),
        { numRuns: 40 },
      );
    });

    it('add up to every positioned cell at every zoom of the ladder, and follow each single write', async () => {
      const store = await engine.open();
      const cells = [
        cell(1, 60.17, 24.94),
        cell(2, 60.18, 24.95, 91, 244, 'LTE'),
        cell(3, 65.01, 25.47, 5),
        cell(4, -33.87, 151.21, 1, 505),
        cell(5, 64.84, -147.72, 410, 310, 'GSM'),
        cell(6, 52.0, 179.9999),
        cell(7, 52.0, -179.9999),
      ];
      await store.addCells(cells);
      const world = (zoom: number): TileRanges => rangesOf(WORLD, zoom);
      for (const zoom of LADDER) {
        const q = { ranges: world(zoom) };
        expectSame(await countsIn(store, q), expected(cells, q));
        expect(total(await countsIn(store, q))).toBe(cells.length);
      }
      // A move, a delete, an operator's change: each square as the cells now are.
      await engine.exec(store, 'UPDATE cells SET lat = 61.5, lon = 23.76 WHERE cellid = 1');
      await engine.exec(store, 'DELETE FROM cells WHERE cellid = 3');
      await engine.exec(store, 'UPDATE cells SET mnc = 5 WHERE cellid = 2');
      const now = [cell(1, 61.5, 23.76), cell(2, 60.18, 24.95, 5, 244, 'LTE'), ...cells.slice(3)];
      for (const zoom of LADDER) {
        for (const filter of [{}, { mcc: 244, mnc: 5 }, { radio: 'LTE' as const }]) {
          const q = { ranges: world(zoom), ...filter };
          expectSame(await countsIn(store, q), expected(now, q));
        }
      }
      // No empty square is kept for the cells that left.
      const rows = await engine.rows(store, 'SELECT count(*) AS n FROM cell_counts WHERE n <= 0');
      expect(Number(rows[0]?.n)).toBe(0);
    });

    it('answer the squares across the antimeridian as two runs of columns', async () => {
      const store = await engine.open();
      const cells = [cell(1, 52, 179.5), cell(2, 52, -179.5), cell(3, 52, 0)];
      await store.addCells(cells);
      const ranges = countsZoom({ west: 170, south: 40, east: -170, north: 60 }, 4);
      expect(ranges.xs).toHaveLength(2);
      const counts = countsOf(ranges, await store.cellCounts({ ranges }), 1);
      expect(counts.total).toBe(2);
      expect(counts.box.west).toBeGreaterThan(counts.box.east);
      expect(counts.squares.map((s) => s.position.lon).sort()).toEqual([-179.5, 179.5]);
    });
  });
}

describe('the counts zoom', () => {
  it('is two zooms finer than the map, lowered until the box holds few enough squares', () => {
    expect(countsZoom({ west: 24.8, south: 60.1, east: 25.1, north: 60.3 }, 12).zoom).toBe(14);
    expect(countsZoom({ west: 19, south: 59, east: 32, north: 71 }, 5).zoom).toBe(6);
    expect(countsZoom(WORLD, 0).zoom).toBe(2);
    // A world-wide box asked at street zoom is not 4 billion squares.
    expect(countsZoom(WORLD, 22).zoom).toBeLessThanOrEqual(6);
  });
});
