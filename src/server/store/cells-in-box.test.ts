import Database, { type Db } from './sqlite';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from './admin';
import { createCellsInBox, type BoxAnswer, type BoxQuery } from './cells-in-box';
import type { CellRecord } from './records';
import { migrate } from './schema';

let db: Db;
let admin: ReturnType<typeof createAdmin>;
let read: ReturnType<typeof createCellsInBox>;

/** An answer with cells: a read of these few cells never has too many to look through. */
function cellsOf(answer: BoxAnswer): Extract<BoxAnswer, { cells: unknown }> {
  if ('tooMany' in answer) throw new Error(`too many to look through: ${JSON.stringify(answer)}`);
  return answer;
}
const cellsInBox = (query: BoxQuery) => cellsOf(read(query));

beforeEach(() => {
  db = new Database(':memory:');
  migrate(db);
  admin = createAdmin(db);
  read = createCellsInBox(db);
});
afterEach(() => db.close());

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
const boxRows = () => (db.prepare('SELECT count(*) AS n FROM cells_box').get() as { n: number }).n;

/** What the R*Tree must answer, by a plain scan. */
function inside(cells: readonly CellRecord[], q: BoxQuery): CellRecord[] {
  return cells.filter((c) => {
    const lonIn = q.west <= q.east ? c.lon >= q.west && c.lon <= q.east : c.lon >= q.west || c.lon <= q.east;
    const operator = (q.mcc === undefined || c.mcc === q.mcc) && (q.mnc === undefined || c.mnc === q.mnc);
    return lonIn && c.lat >= q.south && c.lat <= q.north && operator;
  });
}

describe('cells in a box', () => {
  it('answers as a scan would: any box (across 180° too), any operator, when under the limit', () => {
    // Micro-degrees, as the answers write positions (the R*Tree's 32-bit floats flush subnormals to zero).
    const coord = (min: number, max: number) =>
      fc.integer({ min: min * 1e6, max: max * 1e6 }).map((micro) => micro / 1e6);
    const place = fc.record({
      lat: coord(-80, 80),
      lon: coord(-180, 180),
      mnc: fc.constantFrom(1, 5, 91),
      mcc: fc.constantFrom(244, 310),
    });
    fc.assert(
      fc.property(
        fc.array(place, { maxLength: 120 }),
        fc.tuple(coord(-180, 180), coord(-180, 180), coord(-85, 85), coord(-85, 85)),
        fc.option(fc.constantFrom(1, 5, 91), { nil: undefined }),
        (places, [west, east, a, b], mnc) => {
          db.exec('DELETE FROM cells');
          expect(boxRows()).toBe(0);
          const cells = places.map((p, i) => cell(i, p.lat, p.lon, p.mnc, p.mcc));
          admin.addCells(cells);
          const south = Math.min(a, b);
          const north = Math.max(a, b);
          const q: BoxQuery = {
            west,
            east,
            south,
            north,
            ...(mnc !== undefined && { mcc: 244, mnc }),
            limit: 200,
          };
          const found = cellsInBox(q);
          expect(found.truncated).toBe(false);
          expect(ids(found.cells)).toEqual(ids(inside(cells, q)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is kept in step by every write: insert, upsert, a move, a delete, and rows without a position', () => {
    admin.addCell(cell(1, 60.17, 24.94));
    const helsinki = { west: 24.5, south: 60, east: 25.5, north: 60.5, limit: 10 };
    expect(ids(cellsInBox(helsinki).cells)).toEqual(['244/91/1']);
    admin.addCell(cell(1, 61.5, 23.76)); // the same cell, moved to Tampere by an upsert
    expect(cellsInBox(helsinki).cells).toEqual([]);
    expect(ids(cellsInBox({ west: 23, south: 61, east: 24, north: 62, limit: 10 }).cells)).toEqual([
      '244/91/1',
    ]);
    // The importer's statement: an upsert that updates only when the row has more samples.
    db.prepare(
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES (244, 91, 1, 1, 60.2, 24.9, 'x', 9)
       ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET lat = excluded.lat, lon = excluded.lon
       WHERE excluded.samples > cells.samples`,
    ).run();
    expect(ids(cellsInBox(helsinki).cells)).toEqual(['244/91/1']);
    db.prepare('INSERT INTO cells (mcc, mnc, cellid) VALUES (244, 91, 2)').run();
    expect(boxRows()).toBe(1);
    db.prepare('UPDATE cells SET lat = 60.3, lon = 25.1 WHERE cellid = 2').run();
    expect(ids(cellsInBox(helsinki).cells)).toEqual(['244/91/1', '244/91/2']);
    db.prepare('DELETE FROM cells WHERE cellid = 1').run();
    expect(ids(cellsInBox(helsinki).cells)).toEqual(['244/91/2']);
    expect(boxRows()).toBe(1);
  });

  it('keeps cell ids above 2^32 and mcc/mnc up to 999 apart in its packed id', () => {
    admin.addCells([
      cell(2 ** 36 - 1, 10, 10, 999, 999),
      cell(2 ** 36 - 1, 10, 10, 998, 999),
      cell(0, 10, 10, 0, 0),
    ]);
    const all = cellsInBox({ west: 9, south: 9, east: 11, north: 11, limit: 10 });
    expect(ids(all.cells)).toEqual(['0/0/0', '999/998/68719476735', '999/999/68719476735']);
  });

  it('filters by radio: a cell whose radio is not known matches no radio', () => {
    admin.addCell(cell(1, 60.17, 24.94));
    expect(cellsInBox({ west: 24, south: 60, east: 25, north: 61, radio: 'LTE', limit: 10 }).cells).toEqual(
      [],
    );
  });

  it('filters by the radio the importer kept, and answers with the range and radio of each cell', () => {
    admin.addCell(cell(1, 60.17, 24.94));
    admin.addCell(cell(2, 60.18, 24.95));
    // The importer's codes (records.ts RADIO_CODES): 1 GSM, 3 LTE.
    db.exec(
      'UPDATE cells SET radio = 3, range = 1200 WHERE cellid = 1; UPDATE cells SET radio = 1 WHERE cellid = 2',
    );
    const box = { west: 24, south: 60, east: 25, north: 61, limit: 10 };
    expect(cellsInBox({ ...box, radio: 'LTE' }).cells).toEqual([
      expect.objectContaining({ cellid: 1, radio: 'LTE', range: 1200 }),
    ]);
    expect(cellsInBox({ ...box, radio: 'GSM' }).cells.map((c) => c.cellid)).toEqual([2]);
    expect(cellsInBox({ ...box, radio: 'NR' }).cells).toEqual([]);
  });

  it('cut by the limit: says so, and spreads what it keeps over the whole box rather than one corner', () => {
    const cells: CellRecord[] = [];
    // 2,000 cells crowded into the south-west corner, one cell in each other part of an 8 × 8 grid.
    for (let i = 0; i < 2000; i++)
      cells.push(cell(i, 60 + (i % 40) * 0.001, 20 + Math.floor(i / 40) * 0.001));
    for (let row = 0; row < 8; row++)
      for (let col = 0; col < 8; col++)
        if (row + col > 0) cells.push(cell(10_000 + row * 8 + col, 60.05 + row * 0.125, 20.05 + col * 0.125));
    admin.addCells(cells);
    const found = cellsInBox({ west: 20, south: 60, east: 21, north: 61, limit: 640 });
    expect(found.truncated).toBe(true);
    expect(found.cells).toHaveLength(640);
    expect(found.cells.filter((c) => c.cellid >= 10_000)).toHaveLength(63);
    expect(new Set(ids(found.cells)).size).toBe(640);
  });

  it('asks the R*Tree, not a scan of cells', () => {
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT c.name FROM cells_box AS b
         JOIN cells AS c ON c.mcc = b.id >> 46 AND c.mnc = (b.id >> 36) & 1023 AND c.cellid = b.id & 68719476735
         WHERE b.max_lon >= 1 AND b.min_lon <= 2 AND b.max_lat >= 1 AND b.min_lat <= 2`,
      )
      .all()
      .map((row) => (row as { detail: string }).detail);
    expect(plan.join('\n')).toMatch(/SCAN b VIRTUAL TABLE INDEX/);
    expect(plan.join('\n')).toMatch(/SEARCH c USING PRIMARY KEY/);
  });
});
