import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from '../../store/sqlite/driver';
import { describe, expect, it } from 'vitest';
import { generateOpenCellId } from '../../../../bench/generate-opencellid';
import { createApp } from '../../app';
import { DEMO_KEYS } from '../demo-data';
import { openDemoStore } from '../demo-data';
import { BULK_INDEX_MIN_ROWS, bulkIndex, DEFAULT_CACHE_MB, expectedRows, importCells } from './import-cells';
import { OPENCELLID_HEADER } from './opencellid-csv';
import { tempDir } from '../../testing/temp-dir';
import { pauseCellsBox, repairCellsBox } from '../../store/sqlite/cells-rtree';
import { openDatabase } from '../../store/sqlite/open';

const dir = tempDir('import-cells');

const TAMPERE = '23.761000,61.497800';
const HELSINKI = '24.938400,60.169900';
const TURKU = '22.266600,60.451800';
const OULU = '25.465100,65.012100';

const ROWS = [
  `LTE,244,91,2020,123,0,${TAMPERE},1000,5,1,1,1,0`,
  `LTE,244,91,2021,123,0,${HELSINKI},1000,9,1,1,1,0`, // more samples: replaces the Tampere row
  `LTE,244,91,2022,123,0,${TURKU},1000,9,1,1,1,0`, // a tie: the first row stays
  'GSM,244,91', // too few fields
  `GSM,244,5,7,456,0,${OULU},500,3,1,1,1,0`,
  `UMTS,244,91,0,789,0,${TAMPERE},1000,10,1,1,1,0`,
  `UMTS,244,91,0,789,0,${HELSINKI},1000,2,1,1,1,0`, // fewer samples: dropped
  `LTE,244,91,1,999,0,${TAMPERE.replace('61.497800', '91')},1000,1,1,1,1,0`,
  `LTE,1000,91,1,999,0,${TAMPERE},1000,1,1,1,1,0`,
  '',
  `NR,244,91,3,68719476735,0,${TAMPERE},100,1,1,1,1,0`,
];

function write(name: string, text: string, gzip = false): string {
  const file = join(dir, name);
  writeFileSync(file, gzip ? gzipSync(text) : text);
  return file;
}

const plain = write('cells.csv', `${OPENCELLID_HEADER}\n${ROWS.join('\n')}\n`);
const gzipped = write('cells.csv.gz', `${ROWS.join('\r\n')}`, true);

function rows(file: string): unknown[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare('SELECT mcc, mnc, cellid, lac, lat, lon, name, samples FROM cells ORDER BY mcc, mnc, cellid')
      .all();
  } finally {
    db.close();
  }
}

describe('importCells', () => {
  it('imports plain and gzip, with and without header, in one batch or many, to the same cells', async () => {
    const results = [];
    for (const [name, input, batchSize] of [
      ['a.db', plain, 10_000],
      ['b.db', gzipped, 2],
      ['c.db', plain, 1],
    ] as const) {
      const file = join(dir, name);
      const report = await importCells({ file, input, batchSize });
      expect(report).toMatchObject({
        header: input === plain,
        gzip: input === gzipped,
        rows: 10,
        valid: 7,
        inserted: 4,
        updated: 1,
        dropped: 2,
        skipped: 3,
        skippedByReason: { fields: 1, lat: 1, mcc: 1 },
        cellsBefore: 0,
        cellsAfter: 4,
        interrupted: false,
      });
      expect(report.firstSkipped.map((s) => s.line)).toEqual(input === plain ? [5, 9, 10] : [4, 8, 9]);
      expect(report.firstSkipped[0]?.reason).toMatch(/fields/);
      results.push(rows(file));
    }
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    expect(results[0]).toEqual([
      { mcc: 244, mnc: 5, cellid: 456, lac: 7, lat: 65.0121, lon: 25.4651, name: 'Oulu', samples: 3 },
      { mcc: 244, mnc: 91, cellid: 123, lac: 2021, lat: 60.1699, lon: 24.9384, name: 'Helsinki', samples: 9 },
      { mcc: 244, mnc: 91, cellid: 789, lac: 0, lat: 61.4978, lon: 23.761, name: 'Tampere', samples: 10 },
      {
        mcc: 244,
        mnc: 91,
        cellid: 2 ** 36 - 1,
        lac: 3,
        lat: 61.4978,
        lon: 23.761,
        name: 'Tampere',
        samples: 1,
      },
    ]);
  });

  it('reports a line without an end, 64 MB in a small gzip, as one bad row, and imports the rows around it', async () => {
    const huge = `${ROWS[0]}\n${'9'.repeat(64 << 20)}\n${ROWS[4]}\n`;
    const input = write('one-long-line.csv.gz', huge, true);
    const report = await importCells({ file: join(dir, 'long-line.db'), input });
    expect(report).toMatchObject({
      rows: 3,
      valid: 2,
      skipped: 1,
      skippedByReason: { long: 1 },
      inserted: 2,
    });
    expect(report.firstSkipped).toEqual([
      { line: 2, reason: 'longer than 1,024 bytes', text: '9'.repeat(200) },
    ]);
  });

  it('gives the same cells row by row, in many-row statements and without the thread, with many duplicates', async () => {
    const input = join(dir, 'generated.csv.gz');
    const stats = await generateOpenCellId({
      out: input,
      rows: 3000,
      seed: 11,
      gzip: true,
      duplicateRate: 0.3,
      badRate: 0.02,
    });
    const one = await importCells({ file: join(dir, 'one-by-one.db'), input, batchSize: 1 });
    const many = await importCells({ file: join(dir, 'all-at-once.db'), input, batchSize: 100_000 });
    for (const report of [one, many]) {
      expect(report).toMatchObject({ rows: 3000, skipped: stats.bad, inserted: stats.distinct, gzip: true });
      expect(report.updated + report.dropped).toBe(stats.duplicates);
    }
    expect(many.updated).toBe(one.updated);
    expect(rows(join(dir, 'all-at-once.db'))).toEqual(rows(join(dir, 'one-by-one.db')));
    const here = await importCells({ file: join(dir, 'no-thread.db'), input, batchSize: 500, thread: false });
    expect(here).toMatchObject({ inserted: stats.distinct, updated: one.updated, skipped: stats.bad });
    expect(rows(join(dir, 'no-thread.db'))).toEqual(rows(join(dir, 'one-by-one.db')));
  });

  it('changes nothing when run again, and takes a later row only with more samples', async () => {
    const file = join(dir, 'again.db');
    await importCells({ file, input: plain });
    const again = await importCells({ file, input: plain });
    expect(again).toMatchObject({ inserted: 0, updated: 0, dropped: 7, cellsBefore: 4, cellsAfter: 4 });
    const better = write('better.csv', `LTE,244,91,1,123,0,${OULU},1000,10,1,1,1,0\n`);
    expect(await importCells({ file, input: better })).toMatchObject({ inserted: 0, updated: 1, dropped: 0 });
    expect(rows(file)).toContainEqual(
      expect.objectContaining({ cellid: 123, name: 'Oulu', lac: 1, samples: 10 }),
    );
  });

  it('writes with a small page cache of its own and gives the connection its own back', async () => {
    const file = join(dir, 'cache.db');
    openDemoStore(file).close();
    const db = new Database(file);
    try {
      db.pragma('cache_size = -2000');
      const during: number[] = [];
      await importCells({
        db,
        input: plain,
        onProgress: () => during.push(db.pragma('cache_size', { simple: true }) as number),
      });
      expect(DEFAULT_CACHE_MB).toBe(8);
      // The last progress comes once the import is done and the connection's settings are back.
      expect(during.length).toBeGreaterThan(1);
      expect(new Set(during.slice(0, -1))).toEqual(new Set([-8 * 1024]));
      expect(during.at(-1)).toBe(-2000);
      expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    } finally {
      db.close();
    }
  });

  it('fills the Cell resource: the service answers with the imported position, lac and town name', async () => {
    const file = join(dir, 'service.db');
    openDemoStore(file).close();
    const report = await importCells({ file, input: gzipped });
    expect(report.inserted).toBe(4);
    const store = openDemoStore(file);
    try {
      const app = createApp({ store, staticDir: null });
      const keys = `serviceKey=${DEMO_KEYS.serviceKey}&userKey=${DEMO_KEYS.userKey}`;
      const json = await app.request(`/api/cell/244/91/123?${keys}`, {
        headers: { Accept: 'application/json' },
      });
      expect(json.status).toBe(200);
      expect(await json.json()).toEqual({
        cell: {
          lat: '60.169900',
          lon: '24.938400',
          mcc: '244',
          mnc: '91',
          lac: '2021',
          cellid: '123',
          name: 'Helsinki',
        },
      });
      // What OpenCelliD's row said beyond the position, with OpenCelliD's credit: the facts a live answer has.
      expect(Object.fromEntries(json.headers)).toMatchObject({
        'cell-source': 'store',
        'cell-range': '1000',
        'cell-samples': '9',
        'cell-radio': 'LTE',
        'cell-updated': '1970-01-01T00:00:01Z',
        link: expect.stringContaining('rel="license"; title="CC BY-SA 4.0"'),
      });
      const xml = await app.request(`/api/cell/244/05/456?${keys}`);
      expect(xml.status).toBe(200);
      const body = await xml.text();
      expect(body).toContain('<name>Oulu</name>');
      expect(body).toContain('<mnc>05</mnc>');
      expect(body).toContain('<lac>7</lac>');
      expect((await app.request(`/api/cell/244/91/68719476735?${keys}`)).status).toBe(200);
      expect((await app.request(`/api/cell/1000/91/999?${keys}`)).status).toBe(400);
      expect((await app.request(`/api/cell/244/91/999?${keys}`)).status).toBe(404);
    } finally {
      store.close();
    }
  });

  it('stops at an aborted signal after writing what it has read', async () => {
    const controller = new AbortController();
    controller.abort();
    const report = await importCells({
      file: join(dir, 'abort.db'),
      input: plain,
      signal: controller.signal,
    });
    expect(report.interrupted).toBe(true);
    expect(report.inserted).toBe(report.cellsAfter);
  });

  describe('the cells-in-view index', () => {
    /** What cells_box holds, and what it should hold by the cells table. */
    function boxes(file: string) {
      const db = new Database(file, { readonly: true });
      try {
        const held = db
          .prepare(
            `SELECT id, min_lon, max_lon, min_lat, max_lat, (id >> 46) & 1023 AS mcc, (id >> 36) & 1023 AS mnc,
               (id >> 56) & 7 AS radio FROM cells_box ORDER BY id`,
          )
          .all() as Array<Record<string, number>>;
        const cells = db
          .prepare(
            `SELECT (((coalesce(radio, 0) & 7) << 56) | (mcc << 46) | (mnc << 36) | cellid) AS id, lon, lat, mcc, mnc,
               coalesce(radio, 0) AS radio
             FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL ORDER BY id`,
          )
          .all() as Array<Record<string, number>>;
        const triggers = db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'cells_box%' ORDER BY name",
          )
          .all();
        const paused = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'cells_box_paused'").get();
        const check = db.prepare("SELECT rtreecheck('cells_box') AS ok").get() as { ok: string };
        return { held, cells, triggers, paused, check: check.ok };
      } finally {
        db.close();
      }
    }

    /** The R*Tree keeps 32-bit floats: a cell is inside its box, within a float's rounding. */
    function expectIndexed(file: string): void {
      const { held, cells, triggers, paused, check } = boxes(file);
      expect(check).toBe('ok');
      expect(paused).toBeUndefined();
      expect(triggers).toEqual([
        { name: 'cells_box_delete' },
        { name: 'cells_box_insert' },
        { name: 'cells_box_update' },
      ]);
      expect(held.map((row) => row.id)).toEqual(cells.map((cell) => cell.id));
      held.forEach((row, i) => {
        const cell = cells[i]!;
        expect(row).toMatchObject({ mcc: cell.mcc, mnc: cell.mnc, radio: cell.radio });
        expect(row.min_lon).toBeLessThanOrEqual(cell.lon!);
        expect(row.max_lon).toBeGreaterThanOrEqual(cell.lon!);
        expect(row.min_lat).toBeLessThanOrEqual(cell.lat!);
        expect(row.max_lat).toBeGreaterThanOrEqual(cell.lat!);
        expect(row.max_lon! - row.min_lon!).toBeLessThan(1e-4);
      });
    }

    it('is rebuilt in one pass by a bulk import: every imported and moved cell where it now is, the triggers back', async () => {
      const file = join(dir, 'bulk.db');
      const store = openDemoStore(file);
      store.close();
      const db = new Database(file);
      // A cell the import moves from Oulu to Helsinki (more samples), and one it leaves alone.
      db.prepare(
        `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES
           (244, 91, 123, 1, 65.0121, 25.4651, 'Oulu', 1), (244, 91, 9999, 1, 61.4978, 23.761, 'Tampere', 1)`,
      ).run();
      db.close();
      const report = await importCells({ file, input: plain, bulkIndex: true });
      expect(report.inserted).toBeGreaterThan(0);
      expectIndexed(file);
      const counted = new Database(file, { readonly: true });
      try {
        // Known from the cells in memory, not counted: the count in the table.
        expect(report.cellsAfter).toBe(counted.prepare('SELECT count(*) AS n FROM cells').pluck().get());
      } finally {
        counted.close();
      }
      const after = new Database(file);
      try {
        const moved = after
          .prepare(
            'SELECT min_lat FROM cells_box WHERE id & ((1 << 56) - 1) = (244 << 46) | (91 << 36) | 123',
          )
          .get();
        expect(moved).toEqual({ min_lat: expect.closeTo(60.1699, 3) });
        // The triggers work again for the next writer.
        after
          .prepare(
            `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES (244, 91, 5, 1, 60.45, 22.27, 'Turku', 1)`,
          )
          .run();
      } finally {
        after.close();
      }
      expectIndexed(file);
    });

    it('holds the same entries after a bulk import as after one row by row', async () => {
      const byRow = join(dir, 'by-row.db');
      const bulk = join(dir, 'in-bulk.db');
      for (const file of [byRow, bulk]) openDemoStore(file).close();
      await importCells({ file: byRow, input: gzipped, bulkIndex: false });
      await importCells({ file: bulk, input: gzipped, bulkIndex: true });
      expectIndexed(byRow);
      expectIndexed(bulk);
      expect(boxes(bulk).held).toEqual(boxes(byRow).held);
    });

    it('is right after a bulk import stopped part way', async () => {
      const file = join(dir, 'bulk-stopped.db');
      const input = join(dir, 'bulk-stopped.csv');
      await generateOpenCellId({ out: input, rows: 3000, seed: 3 });
      const controller = new AbortController();
      const report = await importCells({
        file,
        input,
        batchSize: 500,
        bulkIndex: true,
        thread: false,
        onProgress: (state) => {
          if (state.rows >= 1000) controller.abort();
        },
        signal: controller.signal,
      });
      expect(report.interrupted).toBe(true);
      expect(report.cellsAfter).toBeGreaterThan(0);
      expectIndexed(file);
    });

    it('holds, after an import of many transactions, the cells another writer committed between them', async () => {
      const file = join(dir, 'bulk-shared.db');
      const input = join(dir, 'bulk-shared.csv');
      await generateOpenCellId({ out: input, rows: 5000, seed: 4 });
      openDemoStore(file).close();
      const db = openDatabase(file, { foreignKeys: false });
      const other = new Database(file);
      const cellsBefore = other.prepare('SELECT count(*) FROM cells').pluck().get() as number;
      let wrote = false;
      try {
        const report = await importCells({
          db,
          input,
          batchSize: 1000,
          bulkIndex: true,
          onProgress: () => {
            // Between two of the import's transactions (the first committed, the next not begun): the index is
            // paused, so this cell is in the table only until the import rebuilds the index.
            const committed =
              (other.prepare('SELECT count(*) FROM cells').pluck().get() as number) > cellsBefore;
            if (wrote || db.inTransaction || !committed) return;
            other
              .prepare(
                `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples)
                 VALUES (244, 99, 77, 1, 60.45, 22.27, 'Turku', 1)`,
              )
              .run();
            wrote = true;
          },
        });
        expect(report.batches).toBeGreaterThan(2);
      } finally {
        other.close();
        db.close();
      }
      expect(wrote).toBe(true);
      expectIndexed(file);
    });

    it.each([
      ['this machine', () => hostname()],
      ['another machine', () => 'another-host'],
    ])('is rebuilt by the next opener after an import killed on %s while it was paused', async (_, host) => {
      const file = join(dir, `killed-${host()}.db`);
      openDemoStore(file).close();
      await importCells({ file, input: plain, bulkIndex: false });
      const db = new Database(file);
      // What a killed import leaves: no triggers, its note, cells not in the index. The note's process and host
      // say nothing: a container's host name changes with each start, and a process number is used again.
      db.exec(`
          DROP TRIGGER cells_box_insert; DROP TRIGGER cells_box_update; DROP TRIGGER cells_box_delete;
          CREATE TABLE cells_box_paused (pid INTEGER NOT NULL, host TEXT NOT NULL, since INTEGER NOT NULL);
          DELETE FROM cells_box WHERE (id >> 36) & 1023 = 91;
        `);
      db.prepare('INSERT INTO cells_box_paused VALUES (?, ?, 0)').run(process.pid, host());
      db.close();
      expect(boxes(file).held.length).toBeLessThan(boxes(file).cells.length);
      openDemoStore(file, false).close();
      expectIndexed(file);
    });

    it('is left to an import still writing, and the database opens meanwhile', async () => {
      const file = join(dir, 'still-importing.db');
      openDemoStore(file).close();
      await importCells({ file, input: plain, bulkIndex: false });
      // An import between pauseCellsBox and its rebuild, in the middle of a transaction: it holds the write lock.
      const importer = new Database(file);
      importer.pragma('journal_mode = WAL');
      importer.exec('BEGIN IMMEDIATE');
      pauseCellsBox(importer);
      importer.exec('COMMIT; BEGIN IMMEDIATE; DELETE FROM cells_box WHERE (id >> 36) & 1023 = 91;');
      const opener = new Database(file);
      try {
        opener.pragma('busy_timeout = 0');
        expect(repairCellsBox(opener)).toBe(false);
      } finally {
        opener.close();
      }
      importer.exec('COMMIT');
      importer.close();
      expect(boxes(file).paused).toBeDefined();
      openDemoStore(file, false).close();
      expectIndexed(file);
    });

    it('is rebuilt by the next opener after an import killed while it wrote the tree in bulk', async () => {
      const file = join(dir, 'killed-in-load.db');
      openDemoStore(file).close();
      await importCells({ file, input: plain, bulkIndex: false });
      // A process that pauses the index, then dies by SIGKILL inside the rebuild's transaction: the shadow
      // tables emptied and rewritten, nothing committed.
      const code = `
        import Database from './src/server/store/sqlite/driver.ts';
        import { pauseCellsBox } from './src/server/store/sqlite/cells-rtree.ts';
        import { loadCellsBox } from './src/server/store/sqlite/cells-rtree-load.ts';
        const db = new Database(${JSON.stringify(file)});
        db.pragma('journal_mode = WAL');
        db.pragma('cache_size = 1'); // spills the half-written tree into the WAL before the kill
        db.transaction(() => pauseCellsBox(db))();
        db.exec('UPDATE cells SET lat = lat + 0.5 WHERE mnc = 91');
        db.transaction(() => { loadCellsBox(db); process.kill(process.pid, 'SIGKILL'); })();`;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        encoding: 'utf8',
      });
      expect(child.signal, child.stderr).toBe('SIGKILL');
      const left = boxes(file);
      expect(left.check).toBe('ok');
      expect(left.paused).toBeDefined();
      openDemoStore(file, false).close();
      expectIndexed(file);
    });

    it('rebuilds in bulk only for a file about half the size of the table or more', () => {
      expect(bulkIndex(2_000_000, 0)).toBe(true);
      expect(bulkIndex(2_000_000, 3_000_000)).toBe(true);
      expect(bulkIndex(2_000_000, 5_000_000)).toBe(false);
      expect(bulkIndex(BULK_INDEX_MIN_ROWS - 1, 0)).toBe(false);
      expect(expectedRows(160_000_000, false, 200_000, 200_000)).toBe(2_000_000);
      expect(expectedRows(0, true, 200_000, 200_000)).toBe(Number.POSITIVE_INFINITY);
      expect(expectedRows(0, true, 1234, 200_000)).toBe(1234);
    });
  });
});
