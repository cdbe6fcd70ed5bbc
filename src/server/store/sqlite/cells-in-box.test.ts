import Database, { type Db } from './driver';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin } from './admin';
import { createCellsInBox } from './cells-in-box';
import { type BoxAnswer, type BoxQuery } from '../cells-in-box-port';
import type { CellRecord } from '../records';
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

/* What only SQLite's R*Tree needs: kept in step by triggers, and asked rather than a scan. The answers themselves
   are tested on every engine (cells-in-view.test.ts). */
describe('cells in a box: SQLite’s R*Tree', () => {
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
