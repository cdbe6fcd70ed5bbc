import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from './admin';
import { createCellsInBox } from './cells-in-box';
import { type BoxQuery } from '../cells-in-box-port';
import { RADIO_CODES, type CellRecord } from '../records';
import { migrate } from './schema';
import Database, { type Db } from './driver';

/* Cells in view, filtered (issue 23, item 1): every filter is checked on the R*Tree's entries, the narrower of the
   box's entries and the operator's rows is looked through, and a read looks through at most `lookThrough` of
   them; past that it is a cut answer when the first ones already hold enough, else `tooMany`. */
let db: Db;
let admin: ReturnType<typeof createAdmin>;
let cellsInBox: ReturnType<typeof createCellsInBox>;

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  admin = createAdmin(db);
  cellsInBox = createCellsInBox(db);
});
afterEach(() => db.close());

type Radio = 0 | 1 | 2 | 3 | 4;
interface Placed extends CellRecord {
  code: Radio;
}

function add(cells: Placed[]): void {
  admin.addCells(cells);
  const radio = db.prepare('UPDATE cells SET radio = ? WHERE mcc = ? AND mnc = ? AND cellid = ?');
  for (const c of cells) if (c.code !== 0) radio.run(c.code, c.mcc, c.mnc, c.cellid);
}

const placed = (cellid: number, lat: number, lon: number, mcc = 244, mnc = 91, code: Radio = 0): Placed => ({
  mcc,
  mnc,
  cellid,
  lac: 1,
  lat,
  lon,
  name: `Cell ${cellid}`,
  code,
});

const ids = (cells: readonly CellRecord[]) => cells.map((c) => `${c.mcc}/${c.mnc}/${c.cellid}`).sort();

/** What a filtered read must answer, by a plain scan. */
function matching(cells: readonly Placed[], q: BoxQuery): Placed[] {
  return cells.filter((c) => {
    const lonIn = q.west <= q.east ? c.lon >= q.west && c.lon <= q.east : c.lon >= q.west || c.lon <= q.east;
    const radio = q.radio === undefined || RADIO_CODES[c.code] === q.radio;
    const operator = (q.mcc === undefined || c.mcc === q.mcc) && (q.mnc === undefined || c.mnc === q.mnc);
    return lonIn && c.lat >= q.south && c.lat <= q.north && operator && radio;
  });
}

/** A grid of `n` cells over the box 20–21° E, 60–61° N, every `every`-th of the operator and radio given. */
function grid(n: number, every: number, special: { mcc: number; mnc: number; code: Radio }): Placed[] {
  const side = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, i) => {
    const lat = 60.001 + (Math.floor(i / side) / side) * 0.998;
    const lon = 20.001 + ((i % side) / side) * 0.998;
    return i % every === 0
      ? placed(i, lat, lon, special.mcc, special.mnc, special.code)
      : placed(i, lat, lon, 310, 1, 1);
  });
}
const BOX = { west: 20, south: 60, east: 21, north: 61 };

describe('cells in a box, filtered', () => {
  it('answers as a scan would, by operator and radio, or says it has too many to look through only when it has', () => {
    const coord = (min: number, max: number) =>
      fc.integer({ min: min * 1e6, max: max * 1e6 }).map((micro) => micro / 1e6);
    const cellArb = fc.record({
      lat: coord(-80, 80),
      lon: coord(-180, 180),
      mcc: fc.constantFrom(244, 310),
      mnc: fc.constantFrom(1, 5, 91),
      code: fc.constantFrom<Radio>(0, 1, 2, 3, 4),
    });
    const filters = fc.record(
      {
        mcc: fc.constantFrom(244, 310, 999),
        mnc: fc.constantFrom(1, 5, 91),
        radio: fc.constantFrom('GSM', 'UMTS', 'LTE', 'NR') as fc.Arbitrary<BoxQuery['radio']>,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.array(cellArb, { maxLength: 120 }),
        fc.tuple(coord(-180, 180), coord(-180, 180), coord(-85, 85), coord(-85, 85)),
        filters,
        fc.integer({ min: 1, max: 150 }),
        (places, [west, east, a, b], filter, lookThrough) => {
          db.exec('DELETE FROM cells');
          const cells = places.map((p, i) => placed(i, p.lat, p.lon, p.mcc, p.mnc, p.code));
          add(cells);
          // An mnc alone narrows nothing by the primary key: it comes with its mcc, as the API asks.
          const operator = filter.mcc === undefined ? {} : { mcc: filter.mcc, mnc: filter.mnc };
          const q: BoxQuery = {
            west,
            east,
            south: Math.min(a, b),
            north: Math.max(a, b),
            ...operator,
            ...(filter.radio !== undefined && { radio: filter.radio }),
            limit: 200,
            lookThrough,
          };
          const found = cellsInBox(q);
          if ('tooMany' in found) {
            const box = matching(cells, { ...q, mcc: undefined, mnc: undefined, radio: undefined });
            const ofOperator = cells.filter(
              (c) => c.mcc === q.mcc && (q.mnc === undefined || c.mnc === q.mnc),
            );
            expect(box.length).toBeGreaterThan(lookThrough);
            if (q.mcc !== undefined) expect(ofOperator.length).toBeGreaterThan(lookThrough);
            expect(found.tooMany.lookedThrough).toBe(lookThrough);
          } else {
            expect(found.truncated).toBe(false);
            expect(ids(found.cells)).toEqual(ids(matching(cells, q)));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('an operator with no cell, over a view crowded past what it looks through: empty at once, not "too many"', () => {
    add(grid(300, 1000, { mcc: 310, mnc: 1, code: 1 }));
    expect(cellsInBox({ ...BOX, mcc: 999, limit: 5000, lookThrough: 100 })).toEqual({
      cells: [],
      truncated: false,
    });
    expect(cellsInBox({ ...BOX, mcc: 244, mnc: 91, radio: 'NR', limit: 5000, lookThrough: 100 })).toEqual({
      cells: [],
      truncated: false,
    });
  });

  it('an operator with more cells than the limit, in a crowded view: its own rows, spread over the view', () => {
    add(grid(1000, 8, { mcc: 244, mnc: 91, code: 3 }));
    // 125 cells of the operator among 1,000: its rows are the narrower way in.
    const found = cellsInBox({ ...BOX, mcc: 244, mnc: 91, limit: 64, lookThrough: 200 });
    if ('tooMany' in found) throw new Error('too many');
    expect(found.truncated).toBe(true);
    expect(found.cells).toHaveLength(64);
    expect(found.cells.every((c) => c.mcc === 244 && c.mnc === 91 && c.radio === 'LTE')).toBe(true);
    // Spread: cells from every quarter of the view, not the first 16 of the operator.
    const quarters = new Set(found.cells.map((c) => `${c.lat < 60.5}${c.lon < 20.5}`));
    expect(quarters.size).toBe(4);
  });

  it('a radio few cells have, without an operator, in a view crowded past what it looks through: too many', () => {
    add(grid(300, 150, { mcc: 244, mnc: 91, code: 4 }));
    expect(cellsInBox({ ...BOX, radio: 'NR', limit: 5000, lookThrough: 100 })).toEqual({
      tooMany: { lookedThrough: 100 },
    });
    // Zoomed in to fewer cells than that, the same filter is answered.
    const near = { west: 20, south: 60, east: 20.5, north: 60.3, limit: 5000, lookThrough: 100 };
    expect('cells' in cellsInBox({ ...near, radio: 'NR' })).toBe(true);
  });

  it('a radio many cells have, in a view crowded past what it looks through: a cut answer spread over it', () => {
    add(grid(1000, 2, { mcc: 244, mnc: 91, code: 3 }));
    const found = cellsInBox({ ...BOX, radio: 'LTE', limit: 64, lookThrough: 200 });
    if ('tooMany' in found) throw new Error('too many');
    expect(found.truncated).toBe(true);
    expect(found.cells.length).toBeGreaterThan(32);
    expect(found.cells.every((c) => c.radio === 'LTE')).toBe(true);
    const quarters = new Set(found.cells.map((c) => `${c.lat < 60.5}${c.lon < 20.5}`));
    expect(quarters.size).toBe(4);
  });
});
