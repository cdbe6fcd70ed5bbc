import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateOpenCellId } from '../../../../bench/generate-opencellid';
import { heldAfter } from '../import-command';
import { openDemoStore } from '../demo-data';
import { repairCellsBox } from '../../store/sqlite/cells-rtree';
import { openDatabase } from '../../store/sqlite/open';
import Database, { type Db } from '../../store/sqlite/driver';
import { tempDir } from '../../testing/temp-dir';
import { ImportFailed, importCells } from './import-cells';

const dir = tempDir('import-failure');

/** The database's state as the service sees it when it opens: the index's triggers, the note, rtreecheck. */
function indexState(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const triggers = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'cells_box%'")
      .get() as { n: number };
    const paused = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'cells_box_paused'").get();
    const check = db.prepare("SELECT rtreecheck('cells_box') AS ok").get() as { ok: string };
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      triggers: triggers.n,
      paused: paused !== undefined,
      check: check.ok,
      cells: count('SELECT count(*) AS n FROM cells'),
      positioned: count('SELECT count(*) AS n FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL'),
      indexed: count('SELECT count(*) AS n FROM cells_box'),
      // The cells the counts per grid square hold, at their coarsest zoom (each positioned cell once).
      counted: count(
        'SELECT coalesce(sum(n), 0) AS n FROM cell_counts WHERE zoom = (SELECT min(zoom) FROM cell_counts)',
      ),
    };
  } finally {
    db.close();
  }
}

/**
 * A connection to `file` whose database may grow by `pages` pages only: SQLite's max_page_count, which makes a
 * write that needs more fail as a full disk does (SQLITE_FULL, "database or disk is full").
 */
function nearlyFull(file: string, pages: number): Db {
  const db = openDatabase(file, { foreignKeys: false });
  const count = db.pragma('page_count', { simple: true }) as number;
  db.pragma(`max_page_count = ${count + pages}`);
  return db;
}

async function failure(work: Promise<unknown>): Promise<ImportFailed> {
  const error = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ImportFailed);
  return error as ImportFailed;
}

describe('an import the disk has no room for', () => {
  const input = join(dir, 'cells.csv');
  const generated = generateOpenCellId({ out: input, rows: 20_000, seed: 5 });

  it('in one transaction: leaves the database as it was, and says so', async () => {
    await generated;
    const file = join(dir, 'one.db');
    openDemoStore(file).close();
    const before = indexState(file);
    const db = nearlyFull(file, 50);
    const error = await failure(importCells({ db, input, bulkIndex: true })).finally(() => db.close());
    expect(error.message).toBe('database or disk is full');
    expect(error.written).toBe(0);
    expect(error.held).toEqual({ cellsBefore: before.cells, cellsAfter: before.cells });
    expect(heldAfter(error)).toBe(
      `Nothing of this file was imported: the database holds its ${before.cells} cells as before.\n`,
    );
    expect(indexState(file)).toEqual(before);
    expect(before).toMatchObject({ triggers: 3, paused: false, check: 'ok' });
    openDemoStore(file).close();
  });

  it('in many: keeps the whole transactions, says what the database holds, and the next opener rebuilds the index', async () => {
    const stats = await generated;
    const file = join(dir, 'many.db');
    openDemoStore(file).close();
    const before = indexState(file);
    const db = nearlyFull(file, 400);
    const error = await failure(importCells({ db, input, batchSize: 2_000, bulkIndex: true })).finally(() =>
      db.close(),
    );
    expect(error.message).toBe('database or disk is full');
    const after = indexState(file);
    expect(error.written).toBeGreaterThan(0);
    expect(error.written).toBeLessThan(stats.distinct);
    expect(error.held).toMatchObject({ cellsBefore: before.cells, cellsAfter: after.cells });
    // Written: new cells, and cells a later row with more samples replaced.
    expect(after.cells).toBeGreaterThan(before.cells);
    expect(after.cells - before.cells).toBeLessThanOrEqual(error.written);
    // No room for the index either: it stays paused, noted, for the next opener.
    expect(error.held?.indexLeft).toBe('database or disk is full');
    expect(after).toMatchObject({ triggers: 0, paused: true, check: 'ok', indexed: before.indexed });
    expect(heldAfter(error)).toBe(
      `${error.written.toLocaleString('en-US')} cells of this file (new or with more samples) were saved ` +
        `before that, in whole transactions: the database holds ${after.cells.toLocaleString('en-US')} cells (it ` +
        `held ${before.cells}). Run the same command again to complete the import.\n` +
        'The cells-in-view index could not be rebuilt (database or disk is full): the map shows the cells as ' +
        'they were before this import until it is; the service rebuilds it when it starts with room on the disk.\n',
    );
    // The service starts: with room now, it rebuilds the index and the counts as it opens.
    openDemoStore(file).close();
    expect(indexState(file)).toMatchObject({
      triggers: 3,
      paused: false,
      check: 'ok',
      indexed: after.positioned,
      counted: after.positioned,
    });
  });

  it('the service opens a database whose index it has no room to rebuild, the note kept for later', async () => {
    const stats = await generated;
    const file = join(dir, 'no-room.db');
    openDemoStore(file).close();
    const db = nearlyFull(file, 400);
    await failure(importCells({ db, input, batchSize: 2_000, bulkIndex: true })).finally(() => db.close());
    expect(stats.rows).toBe(20_000);
    const full = new Database(file);
    full.pragma(`max_page_count = ${full.pragma('page_count', { simple: true }) as number}`);
    try {
      expect(repairCellsBox(full)).toBe(false);
    } finally {
      full.close();
    }
    expect(indexState(file)).toMatchObject({ triggers: 0, paused: true, check: 'ok' });
  });
});

describe('the WAL after an import', () => {
  it('is truncated, though the service has the database open', async () => {
    const input = join(dir, 'wal.csv');
    await generateOpenCellId({ out: input, rows: 30_000, seed: 6 });
    const file = join(dir, 'wal.db');
    const service = openDemoStore(file);
    try {
      const report = await importCells({ file, input });
      expect(report.inserted).toBeGreaterThan(25_000);
      expect(statSync(`${file}-wal`).size).toBe(0);
      expect(service.counts().cells).toBe(report.cellsAfter);
    } finally {
      service.close();
    }
  });
});
