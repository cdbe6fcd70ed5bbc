import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenCellId } from '../../../../bench/generate-opencellid';
import { openStore } from '../../store/sqlite/open';
import { openPostgresStore, type PostgresStore } from '../../store/postgres/open';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';
import { importCells } from './import-cells';
import { importCellsToPostgres } from './postgres-import';

const dir = mkdtempSync(join(tmpdir(), 'postgres-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(postgresSkipped)('importing OpenCelliD into PostgreSQL', () => {
  const database = testDatabase();
  let store: PostgresStore;
  const csv = join(dir, 'cells.csv');
  let sqliteCells: unknown[];
  beforeAll(async () => {
    await generateOpenCellId({ out: csv, rows: 6_000, seed: 11, duplicateRate: 0.2, badRate: 0.01 });
    const file = join(dir, 'reference.db');
    await importCells({ file, input: csv, batchSize: 1_000 });
    const reference = openStore(file);
    sqliteCells = reference.listCells(100_000);
    reference.close();
    store = await openPostgresStore(database.url, { poolSize: 4 });
  }, 60_000);
  afterAll(() => store?.close());

  const cells = () => store.listCells(100_000);
  const clear = async () => {
    await store.db.query('clear-users', 'DELETE FROM users');
    await store.db.query('clear-cells', 'DELETE FROM cells');
  };

  it.each([
    ['merged in place', false],
    ['rebuilt and swapped in', true],
  ])(
    'keeps the same cells as SQLite’s import: the duplicate with more samples wins, town names (%s)',
    async (_, rebuild) => {
      await clear();
      const report = await importCellsToPostgres({ pool: store.db.pool, input: csv, rebuild });
      expect(await cells()).toEqual(sqliteCells);
      expect(report).toMatchObject({
        cellsBefore: 0,
        cellsAfter: sqliteCells.length,
        inserted: sqliteCells.length,
      });
      expect(report.skipped).toBeGreaterThan(0);
      // Again: nothing new, nothing with more samples.
      const again = await importCellsToPostgres({ pool: store.db.pool, input: csv, rebuild });
      expect(again).toMatchObject({ inserted: 0, updated: 0, cellsBefore: sqliteCells.length });
      expect(await cells()).toEqual(sqliteCells);
    },
  );

  it('keeps what refers to the cells, and the announcements of changes, when the table is swapped', async () => {
    await clear();
    await store.addCell({ mcc: 244, mnc: 91, cellid: 1, lac: 1, lat: 60, lon: 24, name: 'Mine' });
    await store.addDeveloper('acme');
    const userKey = await store.registerUser('acme', '358401234567');
    await store.setPhoneCell(userKey, { mcc: 244, mnc: 91, cellid: 1 });
    await importCellsToPostgres({ pool: store.db.pool, input: csv, rebuild: true });
    expect((await store.getLocation(userKey))?.cell.name).toBe('Mine');
    await expect(store.db.query('drop-referred', 'DELETE FROM cells WHERE cellid = 1')).rejects.toThrow(
      /foreign key/,
    );
    const indexes = await store.db.query<{ name: string }>(
      'indexes',
      "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'cells' ORDER BY 1",
    );
    expect(indexes.map((row) => row.name)).toEqual(['cells_pkey', 'cells_position', 'cells_radio_operator']);
    const before = store.dataVersion();
    await store.addCell({ mcc: 244, mnc: 91, cellid: 2, lac: 1, lat: 60, lon: 24, name: 'Later' });
    await expect.poll(() => store.dataVersion()).not.toBe(before);
  });

  it('leaves the table as it was when the input fails part way', async () => {
    await clear();
    await store.addCell({ mcc: 244, mnc: 91, cellid: 1, lac: 1, lat: 60, lon: 24, name: 'Kept' });
    const whole = gzipSync(`${'LTE,244,91,1,5,0,24.9,60.1,100,5,1,1,1,0\n'.repeat(200_000)}`);
    const cut = join(dir, 'cut.csv.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    for (const rebuild of [false, true]) {
      await expect(importCellsToPostgres({ pool: store.db.pool, input: cut, rebuild })).rejects.toThrow();
      expect((await cells()).map((c) => c.name)).toEqual(['Kept']);
    }
  });

  it('leaves the table as it was when the importing process is killed', async () => {
    await clear();
    const big = join(dir, 'big.csv');
    await generateOpenCellId({ out: big, rows: 300_000, seed: 5 });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/admin/import/postgres-import-child.ts', database.url, big],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // Killed once it has streamed rows (it says so), well before it commits.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await cells()).toEqual([]);
    // Nothing is left holding the import's lock: the next import runs.
    const report = await importCellsToPostgres({ pool: store.db.pool, input: csv });
    expect(report.cellsAfter).toBe(sqliteCells.length);
  }, 60_000);
});
