/**
 * Cells in view as counts (src/server/cells/counts/) on generated cells (placed as bench/generate-cells.ts
 * clusteredCell places them, the cells bench:cells-at-scale measures): builds a database as a bulk import leaves it
 * (rows written with the index's and the counts' triggers paused, then both rebuilt in one pass), then times the
 * counts of a country's view and a town's view beside a plain `count(*)` of the same box through the R*Tree, and
 * checks that the counts add up to that count.
 * Usage: npm run bench:cell-counts [-- cells [file]]   (default 1,000,000 cells in a temporary file; a file that
 * exists already is measured as it is, not built again)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from '../src/server/store/sqlite/driver';
import { openDemoStore, seededRandom } from '../src/server/admin/demo-data';
import { CELLS_BOX_TRIGGERS, pauseCellsBox } from '../src/server/store/sqlite/cells-rtree';
import { loadCellsBox } from '../src/server/store/sqlite/cells-rtree-load';
import { rebuildCellCounts, createCellCounts } from '../src/server/store/sqlite/cell-counts';
import { countsZoom, coveredBox } from '../src/api/map-tiles';
import type { Bbox } from '../src/api/cells-in-view';
import { clusteredCell } from './generate-cells';

const count = Number(process.argv[2] ?? 1_000_000);
const dir = process.argv[3] === undefined ? mkdtempSync(join(tmpdir(), 'cell-counts-')) : undefined;
const file = process.argv[3] ?? join(dir ?? '', 'cells.db');

const VIEWS: Array<[name: string, box: Bbox, mapZoom: number]> = [
  ['country (Finland)', { west: 19, south: 59, east: 32, north: 71 }, 5],
  ['town (Helsinki)', { west: 24.8, south: 60.1, east: 25.1, north: 60.3 }, 12],
  ['world', { west: -180, south: -85, east: 180, north: 85 }, 1],
];

const seconds = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e9;

function build(): void {
  openDemoStore(file).close();
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insert = db.prepare<[number, number, number, number, number, number]>(
    'INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, radio, samples) VALUES (?, ?, ?, 1, ?, ?, ?, 1)',
  );
  const random = seededRandom(20261207);
  let began = process.hrtime.bigint();
  db.transaction(() => pauseCellsBox(db))();
  const batch = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const [mcc, mnc, cellid, lat, lon, radio] = clusteredCell(i, random);
      insert.run(mcc, mnc, cellid, lat, lon, radio);
    }
  });
  for (let from = 0; from < count; from += 200_000) batch(from, Math.min(count, from + 200_000));
  console.log(`rows written (triggers paused): ${seconds(began).toFixed(1)} s`);
  // What resumeCellsBox does after an import, step by step, each step timed.
  began = process.hrtime.bigint();
  db.transaction(() => {
    loadCellsBox(db);
    db.exec(CELLS_BOX_TRIGGERS);
  })();
  console.log(`R*Tree rebuilt (the reference: what an import did before): ${seconds(began).toFixed(1)} s`);
  began = process.hrtime.bigint();
  db.transaction(() => {
    rebuildCellCounts(db);
    db.exec('DROP TABLE IF EXISTS cells_box_paused');
  })();
  const rows = db.prepare('SELECT count(*) AS n FROM cell_counts').pluck().get() as number;
  console.log(
    `counts rebuilt: ${seconds(began).toFixed(1)} s (${rows.toLocaleString('en')} rows of cell_counts)`,
  );
  db.pragma('journal_mode = WAL');
  db.close();
}

function p50(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function timeIt<T>(runs: number, work: () => T): { ms: number; value: T } {
  let value = work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const began = process.hrtime.bigint();
    value = work();
    times.push(Number(process.hrtime.bigint() - began) / 1e6);
  }
  return { ms: p50(times), value };
}

function measure(): void {
  const db = new Database(file, { readonly: true });
  const counts = createCellCounts(db);
  const reference = db
    .prepare<[number, number, number, number], number>(
      'SELECT count(*) FROM cells_box WHERE max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ?',
    )
    .pluck();
  for (const [name, box, mapZoom] of VIEWS) {
    const ranges = countsZoom(box, mapZoom);
    const covered = coveredBox(ranges);
    const fromCounts = timeIt(50, () => counts({ ranges }).reduce((n, square) => n + square.n, 0));
    const squares = counts({ ranges }).length;
    const filtered = timeIt(50, () => counts({ ranges, mcc: 244 }).reduce((n, s) => n + s.n, 0));
    const plain = timeIt(3, () => reference.get(covered.west, covered.east, covered.south, covered.north));
    console.log(
      `${name}: counts at zoom ${ranges.zoom} (${squares} squares) ${fromCounts.value.toLocaleString('en')} cells ` +
        `in ${fromCounts.ms.toFixed(2)} ms p50; mcc 244 ${filtered.value.toLocaleString('en')} in ` +
        `${filtered.ms.toFixed(2)} ms; count(*) of the same box via the R*Tree ` +
        `${(plain.value ?? 0).toLocaleString('en')} in ${plain.ms.toFixed(1)} ms p50`,
    );
  }
  db.close();
}

console.log(`${count.toLocaleString('en')} generated cells into ${file}`);
if (existsSync(file)) console.log('(measured as it is)');
else build();
measure();
console.log(`peak memory (max RSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
