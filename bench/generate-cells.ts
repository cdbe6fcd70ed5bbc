/**
 * Fills a fresh database with synthetic cells, fast: the service's own schema (openDemoStore: the demo keys,
 * then migrate), one prepared INSERT, large transactions, rows in primary-key order, written as a bulk import
 * writes them: the R*Tree's and the counts' triggers paused, then the index and the counts built in one pass each
 * (resumeCellsBox). With the triggers on, each row also wrote an R*Tree entry and eight squares of the counts.
 * Usage: npx tsx bench/generate-cells.ts [file] [count] [spread|clustered]
 *   (default: a temporary file, 1,000,000 cells spread over the world; clustered: see `clusteredCell`)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from '../src/server/store/sqlite/driver';
import { openDemoStore, seededRandom } from '../src/server/admin/demo-data';
import { migrate } from '../src/server/store/sqlite/schema';
import { pauseCellsBox, resumeCellsBox } from '../src/server/store/sqlite/cells-rtree';

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
  /** Of `seconds`: the R*Tree and the counts built after the rows. */
  indexSeconds: number;
}

/** A cell's row: its key, where it lies, its radio (a code, 0 none). */
type Row = [mcc: number, mnc: number, cellid: number, lat: number, lon: number, radio: number];

const micro = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/** Spread: evenly over the inhabited latitudes, keys from `syntheticCellId` (a load generator finds them again). */
function spreadCell(i: number, count: number, random: () => number): Row {
  const { mcc, mnc, cellid } = syntheticCellId(i, count);
  return [mcc, mnc, cellid, micro(-55 + random() * 125), micro(-180 + random() * 360), 0];
}

/**
 * Clustered, as a world export is: a twentieth of the cells over Helsinki (24.8,60.1,25.1,60.3), a tenth over
 * Finland (19,59,32,71), the rest over the inhabited world; mcc by where the cell lies (Finland's 244, else one per
 * 10° square), four networks each and four radios, so a square of the map holds its country's few operators.
 * Cell i is (mcc, i % 4, i). The same cells as bench/cell-counts.ts builds.
 */
export function clusteredCell(i: number, random: () => number): Row {
  const pick = random();
  const within = (west: number, south: number, east: number, north: number): [number, number] => [
    south + random() * (north - south),
    west + random() * (east - west),
  ];
  const [lat, lon] =
    pick < 0.05
      ? within(24.8, 60.1, 25.1, 60.3)
      : pick < 0.15
        ? within(19, 59, 32, 71)
        : within(-180, -55, 180, 70);
  const finland = lat >= 59 && lat <= 71 && lon >= 19 && lon <= 32;
  const mcc = finland ? 244 : 200 + ((Math.floor((lat + 90) / 10) * 36 + Math.floor((lon + 180) / 10)) % 700);
  return [mcc, i % 4, i, micro(lat), micro(lon), 1 + ((i >> 2) % 4)];
}

export type Placement = 'spread' | 'clustered';

/** Creates `file` (it must not hold cells yet) with the demo developers and keys plus `count` cells. */
export function generateCells(file: string, count: number, placement: Placement = 'spread'): GenerateResult {
  openDemoStore(file).close();
  const db = new Database(file);
  try {
    migrate(db);
    // A throwaway bench database: no rollback journal and no fsync while filling it (2–3× faster here).
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('cache_size = -262144');
    const insert = db.prepare<[number, number, number, number, number, number, number | null, string]>(
      'INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, radio, name, samples) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)',
    );
    const random = seededRandom(placement === 'spread' ? 20240501 : 20261207);
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const [mcc, mnc, cellid, lat, lon, radio] =
          placement === 'spread' ? spreadCell(i, count, random) : clusteredCell(i, random);
        const name = `Synthetic ${mcc}-${mnc} #${i}`;
        insert.run(mcc, mnc, cellid, (cellid >> 6) & 0xffff, lat, lon, radio === 0 ? null : radio, name);
      }
    });
    const started = process.hrtime.bigint();
    db.transaction(() => pauseCellsBox(db))();
    const BATCH = 100_000;
    for (let from = 0; from < count; from += BATCH) batch(from, Math.min(count, from + BATCH));
    const indexed = process.hrtime.bigint();
    db.transaction(() => resumeCellsBox(db))();
    db.pragma('journal_mode = WAL');
    const indexSeconds = Number(process.hrtime.bigint() - indexed) / 1e9;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { file, rows: count, seconds, rowsPerSecond: count / seconds, indexSeconds };
  } finally {
    db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? join(mkdtempSync(join(tmpdir(), 'cellpos-bench-')), 'cells.db');
  const count = Number(process.argv[3] ?? 1_000_000);
  const result = generateCells(file, count, process.argv[4] === 'clustered' ? 'clustered' : 'spread');
  console.log(
    `generated ${result.rows.toLocaleString('en')} cells in ${result.seconds.toFixed(2)} s ` +
      `(${Math.round(result.rowsPerSecond).toLocaleString('en')} rows/s; of it the R*Tree and the counts ` +
      `built in ${result.indexSeconds.toFixed(2)} s) into ${result.file}`,
  );
}
