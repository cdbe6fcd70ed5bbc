/**
 * Fills a fresh database with synthetic cells, fast: the service's own schema (openDemoStore: the demo keys,
 * then migrate), one prepared INSERT, large transactions, rows in primary-key order.
 * Usage: npx tsx bench/generate-cells.ts [file] [count]   (default: a temporary file, 1,000,000 cells)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from '../src/server/store/sqlite/driver';
import { openDemoStore, seededRandom } from '../src/server/admin/demo-data';
import { migrate } from '../src/server/store/sqlite/schema';

/* The synthetic cells are a grid of operators × cells: cell i is found again from i alone, so a load
   generator can ask for random existing cells without reading the database. */
const MCC_FIRST = 300;
const MCCS = 50;
const MNCS = 20;

export interface SyntheticId {
  mcc: number;
  mnc: number;
  cellid: number;
}

export function cellsPerOperator(count: number): number {
  return Math.ceil(count / (MCCS * MNCS));
}

/** The id of synthetic cell i of a set of `count`. */
export function syntheticCellId(i: number, count: number): SyntheticId {
  const perOperator = cellsPerOperator(count);
  const operator = Math.floor(i / perOperator);
  return {
    mcc: MCC_FIRST + Math.floor(operator / MNCS),
    mnc: operator % MNCS,
    cellid: 100_000 + (i % perOperator) * 7,
  };
}

export interface GenerateResult {
  file: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Creates `file` (it must not hold cells yet) with the demo developers and keys plus `count` cells. */
export function generateCells(file: string, count: number): GenerateResult {
  openDemoStore(file).close();
  const db = new Database(file);
  try {
    migrate(db);
    // A throwaway bench database: no rollback journal and no fsync while filling it (2–3× faster here).
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const insert = db.prepare<[number, number, number, number, number, number, string, number]>(
      'INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const random = seededRandom(20240501);
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const { mcc, mnc, cellid } = syntheticCellId(i, count);
        const lat = Math.round((-55 + random() * 125) * 1e6) / 1e6;
        const lon = Math.round((-180 + random() * 360) * 1e6) / 1e6;
        insert.run(mcc, mnc, cellid, (cellid >> 6) & 0xffff, lat, lon, `Synthetic ${mcc}-${mnc} #${i}`, 1);
      }
    });
    const started = process.hrtime.bigint();
    const BATCH = 100_000;
    for (let from = 0; from < count; from += BATCH) batch(from, Math.min(count, from + BATCH));
    db.pragma('journal_mode = WAL');
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { file, rows: count, seconds, rowsPerSecond: count / seconds };
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? join(mkdtempSync(join(tmpdir(), 'cellpos-bench-')), 'cells.db');
  const count = Number(process.argv[3] ?? 1_000_000);
  const result = generateCells(file, count);
  console.log(
    `generated ${result.rows.toLocaleString('en')} cells in ${result.seconds.toFixed(2)} s ` +
      `(${Math.round(result.rowsPerSecond).toLocaleString('en')} rows/s) into ${result.file}`,
  );
}
