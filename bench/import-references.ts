/**
 * bench:import's references, measured on the same file in the bench's own process: what one thread takes to read
 * and parse it, and to name its rows' towns (the two halves of the import's reading), and what a bare better-sqlite3
 * insert loop takes to write the same rows, sorted by key as the import writes them, into an empty table of the
 * same shape (the floor of the import's writing: no upsert, no index, one transaction, then the same checkpoint).
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { emptyStats, readBatches, ROW_COLUMNS, type RowBatch } from '../src/server/import/batch-reader';
import { openCsvSource } from '../src/server/import/input';
import { emptyCell, LineSplitter, parseCellBytes } from '../src/server/import/opencellid-csv';
import { appendRows, newRun } from '../src/server/import/row-run';
import { sortRows } from '../src/server/import/write-order';
import { townGazetteer } from '../src/server/places/gazetteer';
import Database from '../src/server/store/sqlite';

export interface Timed {
  seconds: number;
  cpuSeconds: number;
}

async function timed(work: () => Promise<void> | void): Promise<Timed> {
  const cpu = process.cpuUsage();
  const began = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return { seconds: (performance.now() - began) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

/** One thread reading and parsing the file (gunzip included for a .gz), as the import's reading thread does. */
export function readAndParse(input: string): Promise<Timed> {
  return timed(async () => {
    const cell = emptyCell();
    const splitter = new LineSplitter((bytes, start, end) => void parseCellBytes(bytes, start, end, cell));
    const source = await openCsvSource(input);
    try {
      for await (const chunk of source.chunks) splitter.push(chunk as Buffer);
      splitter.end();
    } finally {
      source.close();
    }
  });
}

/** The file's cells in memory, in key order: of each cell, the row the import keeps (the most samples, first). */
export async function sortedCells(input: string, capacity: number): Promise<RowBatch> {
  const run = newRun(capacity, capacity);
  for await (const part of readBatches({ input, batchSize: 16_384, stats: emptyStats() })) {
    for (let from = 0; from < part.length;) from += appendRows(run, part, from);
  }
  const rows = run.rows;
  sortRows(rows);
  // sortRows keeps each row with more samples than the cell's earlier ones: the last of a cell's is the one kept.
  let cells = 0;
  for (let i = 0; i < rows.length; i++) {
    const last =
      i + 1 === rows.length || rows.key[i + 1] !== rows.key[i] || rows.cellid[i + 1] !== rows.cellid[i];
    if (!last) continue;
    for (const column of ROW_COLUMNS) rows[column][cells] = rows[column][i]!;
    cells++;
  }
  rows.length = cells;
  return rows;
}

/** One thread naming every row's town (the gazetteer built first, as the import builds it). */
export function nameTowns(rows: RowBatch): Promise<Timed> {
  return timed(() => {
    const gazetteer = townGazetteer();
    for (let i = 0; i < rows.length; i++) rows.town[i] = gazetteer.nearestIndex(rows.lat[i]!, rows.lon[i]!);
  });
}

const ROWS_PER_STATEMENT = 64;

/** A bare insert loop: `rows` (sorted) into an empty WITHOUT ROWID table shaped as `cells`, one transaction. */
export function bareInsert(rows: RowBatch, dir: string): Promise<Timed> {
  const db = new Database(join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE cells (mcc INTEGER NOT NULL, mnc INTEGER NOT NULL, cellid INTEGER NOT NULL, lac INTEGER,
    lat REAL, lon REAL, name TEXT, samples INTEGER NOT NULL DEFAULT 0, range INTEGER, radio INTEGER,
    updated INTEGER, origin INTEGER, PRIMARY KEY (mcc, mnc, cellid)) WITHOUT ROWID`);
  const names = townGazetteer().names;
  const row = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)';
  const insert = (count: number) =>
    db.prepare(`INSERT INTO cells VALUES ${Array(count).fill(row).join(', ')}`);
  const many = insert(ROWS_PER_STATEMENT);
  const one = insert(1);
  const params = new Array<number | string | null>(ROWS_PER_STATEMENT * 11);
  return timed(() => {
    db.transaction(() => {
      let p = 0;
      for (let i = 0; i < rows.length; i++) {
        const mcc = Math.floor(rows.key[i]! / 1000);
        params[p++] = mcc;
        params[p++] = rows.key[i]! - mcc * 1000;
        params[p++] = rows.cellid[i]!;
        params[p++] = rows.lac[i]!;
        params[p++] = rows.lat[i]!;
        params[p++] = rows.lon[i]!;
        params[p++] = names[rows.town[i]!] ?? '';
        params[p++] = rows.samples[i]!;
        params[p++] = rows.range[i]! < 0 ? null : rows.range[i]!;
        params[p++] = rows.radio[i]! || null;
        params[p++] = rows.updated[i]! || null;
        if (p === params.length) {
          many.run(...params);
          p = 0;
        }
      }
      for (let at = 0; at < p; at += 11) one.run(params.slice(at, at + 11));
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  }).finally(() => db.close());
}

/** Where the sqlite3 command line is looked for, first to last. */
const SQLITE3 = ['/usr/bin/sqlite3', '/usr/local/bin/sqlite3'];

/** The sqlite3 command line, or why the reference cannot be made here and how to install it. */
export function sqlite3Command(): { path: string } | { missing: string } {
  const path = SQLITE3.find((candidate) => existsSync(candidate));
  if (path !== undefined) return { path };
  return {
    missing:
      'the sqlite3 command line is not installed (looked for ' +
      `${SQLITE3.join(', ')}); install it for this reference: sudo apt-get install sqlite3 (Debian, Ubuntu), ` +
      'brew install sqlite (macOS)',
  };
}

/** The file as plain text (a .gz decompressed into `dir`, not timed): what the sqlite3 command line reads. */
export async function plainCopy(input: string, dir: string): Promise<string> {
  if (!input.endsWith('.gz')) return input;
  const out = join(dir, 'plain.csv');
  await pipeline(createReadStream(input), createGunzip(), createWriteStream(out));
  return out;
}

/**
 * The sqlite3 command line's `.import` of the file's rows (its header skipped) into a plain table of the export's 14
 * columns (no types, no checks, no key, no index) of a new database with sqlite3's own defaults: the floor of
 * getting the rows into SQLite at all, timed from outside as the import is.
 */
export function sqlite3Import(
  sqlite3: string,
  plain: string,
  dir: string,
  header: boolean,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const db = join(dir, 'sqlite3-import.db');
  rmSync(db, { force: true });
  const columns =
    'radio, mcc, net, area, cell, unit, lon, lat, range, samples, changeable, created, updated, averageSignal';
  const args = [
    db,
    `CREATE TABLE cells (${columns});`,
    `.import --csv${header ? ' --skip 1' : ''} ${plain} cells`,
  ];
  return new Promise((resolve, reject) => {
    const began = performance.now();
    // Run by a shell whose `times` then prints its child's CPU time (user, system), beside the wall time: on a busy
    // machine the CPU each side used is the figure the others' work disturbs least. sqlite3's stderr is left out:
    // it names every short row (the file's bad rows), which it fills with NULLs.
    const script = '"$@"; code=$?; times; exit $code';
    const child = spawn('sh', ['-c', script, 'sh', sqlite3, ...args], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - began) / 1000;
      rmSync(db, { force: true });
      // `times`' last line: the children's user and system time, as 0m1.230s.
      const last = out.trim().split('\n').at(-1) ?? '';
      const cpuSeconds = [...last.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
        (sum, [, minutes, secs]) => sum + Number(minutes) * 60 + Number(secs),
        0,
      );
      if (code !== 0) reject(new Error(`sqlite3 .import exited with ${code}`));
      else resolve({ seconds, cpuSeconds });
    });
  });
}
