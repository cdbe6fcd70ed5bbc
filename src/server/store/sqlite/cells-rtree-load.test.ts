import Database, { type Db } from './driver';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CELLS_BOX_TRIGGERS } from './cells-rtree';
import { loadCellsBox, roundingOf } from './cells-rtree-load';
import { loadCellsBoxFrom, type BoxCells } from './cells-rtree-plan';
import { createCellsInBox } from './cells-in-box';
import { type BoxQuery } from '../cells-in-box-port';
import { migrate } from './schema';

/** Two databases with the same cells: `byRow` fills cells_box by its triggers, `bulk` by loadCellsBox. */
let byRow: Db;
let bulk: Db;

beforeEach(() => {
  byRow = new Database(':memory:');
  bulk = new Database(':memory:');
  for (const db of [byRow, bulk]) migrate(db);
  // The bulk side gets its cells with the triggers off, as a bulk import writes them.
  bulk.exec('DROP TRIGGER cells_box_insert; DROP TRIGGER cells_box_update; DROP TRIGGER cells_box_delete;');
});
afterEach(() => {
  byRow.close();
  bulk.close();
});

interface Place {
  lat: number;
  lon: number;
}

/** A PRNG of its own, so a failing case can be run again. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** Cells clustered around a few towns (many on the very same spot), some near 180°, a few at sea. */
function places(count: number, seed: number): Place[] {
  const next = random(seed);
  const towns = [
    [60.17, 24.94],
    [-33.87, 151.21],
    [64.84, -147.72],
    [-17.7, 179.99],
    [65.7, -179.3],
    [0, 0],
  ] as const;
  return Array.from({ length: count }, (_, i) => {
    if (i % 7 === 0) return { lat: next() * 170 - 85, lon: next() * 360 - 180 };
    const [lat, lon] = towns[Math.floor(next() * towns.length)]!;
    if (i % 5 === 0) return { lat, lon };
    const lonAt = lon + (next() - 0.5) * 0.4;
    return {
      lat: lat + (next() - 0.5) * 0.3,
      lon: lonAt > 180 ? lonAt - 360 : lonAt < -180 ? lonAt + 360 : lonAt,
    };
  });
}

function addCells(list: Place[], from = 0): void {
  for (const db of [byRow, bulk]) {
    const insert = db.prepare(
      'INSERT INTO cells (mcc, mnc, cellid, lat, lon, samples, radio) VALUES (?, ?, ?, ?, ?, 1, ?)',
    );
    db.transaction(() =>
      list.forEach((p, i) => {
        const n = from + i;
        // Ids past 2^53 (mcc 999 packs above it) and mixed operators, so the packed id's order is tested too.
        insert.run([244, 999, 310][n % 3], n % 11, n * 7919 + 2 ** 35 * (n % 2), p.lat, p.lon, n % 5 || null);
      }),
    )();
  }
}

/** The table's positioned cells in memory, in key order, as an import holds them. */
function inMemory(db: Db): BoxCells {
  const rows = db
    .prepare<[], [number, number, number, number, number, number]>(
      `SELECT mcc, mnc, cellid, lon, lat, coalesce(radio, 0) FROM cells
       WHERE lat IS NOT NULL AND lon IS NOT NULL ORDER BY mcc, mnc, cellid`,
    )
    .raw()
    .all();
  const column = <T extends { [n: number]: number }>(make: new (n: number) => T, at: number): T => {
    const values = new make(rows.length);
    rows.forEach((row, i) => (values[i] = row[at]!));
    return values;
  };
  return {
    length: rows.length,
    mcc: column(Uint16Array, 0),
    mnc: column(Uint16Array, 1),
    cellid: column(Float64Array, 2),
    lon: column(Float64Array, 3),
    lat: column(Float64Array, 4),
    radio: column(Uint8Array, 5),
  };
}

/** Both loads: from the table (SQLite sorts), and from the cells in memory (an import's). */
const LOADS = [
  ['from the table', (db: Db) => loadCellsBox(db)],
  ['from memory', (db: Db) => loadCellsBoxFrom(db, inMemory(db))],
] as const;
let loader: (db: Db) => void = LOADS[0][1];
const load = (): void => bulk.transaction(() => loader(bulk))();
const check = (db: Db) => db.prepare("SELECT rtreecheck('cells_box') AS ok").get();
const entries = (db: Db) => db.prepare('SELECT * FROM cells_box ORDER BY id').safeIntegers().all();

/** A box of any size anywhere, across 180° when west > east. */
function boxes(count: number, seed: number): BoxQuery[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const size = next() ** 3 * 60;
    const west = next() * 360 - 180;
    const south = next() * 170 - 85;
    const east = west + size > 180 ? west + size - 360 : west + size;
    return { west, east, south, north: Math.min(90, south + size / 2), limit: 100_000 };
  });
}

function expectSameAnswers(seed: number): void {
  const [a, b] = [createCellsInBox(byRow), createCellsInBox(bulk)];
  const key = (answer: ReturnType<typeof a>): string[] =>
    'cells' in answer
      ? answer.cells.map((c) => `${c.mcc}/${c.mnc}/${c.cellid}`).sort()
      : [`too many: ${answer.tooMany.lookedThrough}`];
  let found = 0;
  for (const query of boxes(300, seed)) {
    const expected = key(a(query));
    expect(key(b(query))).toEqual(expected);
    found += expected.length;
  }
  expect(found).toBeGreaterThan(0);
}

describe('the bulk load of cells_box', () => {
  it('stores the float32 box an INSERT would: rounded outwards the way rtree rounds', () => {
    const rtree = new Database(':memory:');
    rtree.exec('CREATE VIRTUAL TABLE t USING rtree(id, x0, x1)');
    const insert = rtree.prepare('INSERT INTO t VALUES (1, ?, ?)');
    const read = rtree.prepare<[], { x0: number; x1: number }>('SELECT x0, x1 FROM t');
    const { down, up } = roundingOf(rtree);
    fc.assert(
      fc.property(
        fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.integer({ min: -180, max: 180 })),
        (d) => {
          rtree.exec('DELETE FROM t');
          insert.run(d, d);
          expect(read.get()).toEqual({ x0: down(d), x1: up(d) });
        },
      ),
      { numRuns: 2000 },
    );
    rtree.close();
  });

  describe.each(LOADS)('loaded %s', (_, chosen) => {
    beforeEach(() => {
      loader = chosen;
    });
    for (const count of [0, 1, 51, 52, 2602, 20_000]) {
      it(`builds a tree rtreecheck passes, with the entries and answers of one filled by INSERTs (${count} cells)`, () => {
        addCells(places(count, count + 1));
        byRow.exec('INSERT INTO cells (mcc, mnc, cellid) VALUES (244, 1, 1)'); // no position: not in the tree
        bulk.exec('INSERT INTO cells (mcc, mnc, cellid) VALUES (244, 1, 1)');
        load();
        expect(check(bulk)).toEqual({ ok: 'ok' });
        expect(entries(bulk)).toEqual(entries(byRow));
        if (count > 100) expectSameAnswers(count);
      });
    }

    it('leaves a tree the triggers go on writing: inserts that split its full nodes, moves, deletes', () => {
      addCells(places(8000, 5));
      load();
      bulk.exec(CELLS_BOX_TRIGGERS);
      addCells(places(3000, 6), 8000);
      for (const db of [byRow, bulk]) {
        db.exec(`
        UPDATE cells SET lat = -lat, lon = lon / 2 WHERE cellid % 3 = 0;
        DELETE FROM cells WHERE cellid % 4 = 1;
      `);
      }
      expect(check(bulk)).toEqual({ ok: 'ok' });
      expect(entries(bulk)).toEqual(entries(byRow));
      expectSameAnswers(7);
    });

    it('replaces a tree already there, whatever it held', () => {
      addCells(places(3000, 8));
      load();
      bulk.exec('DELETE FROM cells WHERE cellid % 2 = 0');
      byRow.exec('DELETE FROM cells WHERE cellid % 2 = 0');
      load();
      expect(check(bulk)).toEqual({ ok: 'ok' });
      expect(entries(bulk)).toEqual(entries(byRow));
      bulk.exec('DELETE FROM cells');
      load();
      expect(check(bulk)).toEqual({ ok: 'ok' });
      expect(entries(bulk)).toEqual([]);
    });
  });

  it('writes nothing when its transaction is rolled back, and leaves defensive mode on', () => {
    addCells(places(500, 9));
    load();
    const before = entries(bulk);
    bulk.exec('UPDATE cells SET lat = 0');
    expect(() =>
      bulk.transaction(() => {
        loadCellsBox(bulk);
        throw new Error('stopped');
      })(),
    ).toThrow('stopped');
    expect(entries(bulk)).toEqual(before);
    expect(() => bulk.exec('DELETE FROM cells_box_node')).toThrow(/may not be modified/);
  });
});
