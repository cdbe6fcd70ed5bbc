import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenCellId } from '../../../../bench/generate-opencellid';
import { openDemoStore } from '../../admin/demo-data';
import { importCells } from '../../admin/import/import-cells';
import { importCellsToPostgres } from '../../admin/import/postgres-import';
import { openPostgresStore } from '../../store/postgres/open';
import Database from '../../store/sqlite/driver';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';
import { LADDER, tileX, tileY } from '../../../api/map-tiles';

const dir = mkdtempSync(join(tmpdir(), 'counts-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const csv = join(dir, 'cells.csv');
beforeAll(async () => {
  await generateOpenCellId({ out: csv, rows: 4_000, seed: 5, duplicateRate: 0.2, badRate: 0.01 });
}, 60_000);

interface Positioned {
  mcc: number;
  mnc: number;
  radio: number | null;
  lat: number;
  lon: number;
}

type Row = Record<string, unknown>;

/** The counts the cells call for, keyed as `cell_counts` is, from the cells themselves. */
function wanted(cells: readonly Positioned[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const c of cells) {
    for (const zoom of LADDER) {
      const key = [zoom, tileX(c.lon, zoom), tileY(c.lat, zoom), c.radio ?? 0, c.mcc, c.mnc].join('/');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

const kept = (rows: readonly Row[]): Map<string, number> =>
  new Map(rows.map((r) => [[r.zoom, r.x, r.y, r.radio, r.mcc, r.mnc].join('/'), Number(r.n)]));

const CELLS = 'SELECT mcc, mnc, radio, lat, lon FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL';
const COUNTS = 'SELECT zoom, x, y, radio, mcc, mnc, n FROM cell_counts';

describe('cell counts after an import (SQLite)', () => {
  it.each([
    ['in bulk (the counts rebuilt once)', true],
    ['row by row (the triggers)', false],
  ])('are the true numbers of the cells imported, %s', async (_, bulkIndex) => {
    const file = join(dir, `import-${String(bulkIndex)}.db`);
    openDemoStore(file).close();
    await importCells({ file, input: csv, bulkIndex });
    const db = new Database(file, { readonly: true });
    try {
      const cells = db.prepare<[], Positioned>(CELLS).all();
      expect(cells.length).toBeGreaterThan(3000);
      expect(kept(db.prepare<[], Row>(COUNTS).all())).toEqual(wanted(cells));
    } finally {
      db.close();
    }
  });
});

describe.skipIf(postgresSkipped)('cell counts after an import (PostgreSQL)', () => {
  const database = testDatabase();
  it.each([
    ['rebuilt and swapped in', true],
    ['merged in place', false],
  ])('are the true numbers of the cells imported, %s', async (_, rebuild) => {
    const store = await openPostgresStore(database.url, { poolSize: 2 });
    try {
      await store.db.query('clear-users', 'DELETE FROM users');
      await store.db.query('clear-cells', 'DELETE FROM cells');
      await importCellsToPostgres({ pool: store.db.pool, input: csv, rebuild });
      const cells = await store.db.query<Positioned>('cells', CELLS);
      expect(cells.length).toBeGreaterThan(3000);
      expect(kept(await store.db.query<Row>('counts', COUNTS))).toEqual(wanted(cells));
    } finally {
      await store.close();
    }
  });
});
