import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from '../store';
import { townGazetteer, type Gazetteer } from './gazetteer';
import {
  SKIP_REASONS,
  emptyCell,
  isHeaderLine,
  LineSplitter,
  openCsvSource,
  parseCellLine,
  type SkipReason,
} from './opencellid-csv';
import type { ProgressState } from './progress';

type Db = Database.Database;

/** Measured: with cells arriving in random key order, 20k-row batches rewrite most B-tree pages per commit. */
export const DEFAULT_BATCH_SIZE = 100_000;
export const MAX_LISTED_SKIPS = 20;

export interface ImportOptions {
  /** An open database (left open, schema assumed migrated) or a file to open, migrate and close. */
  db?: Db;
  file?: string;
  /** OpenCelliD CSV, plain or gzip. */
  input: string;
  batchSize?: number;
  onProgress?: (state: ProgressState) => void;
  /** Aborting stops reading; rows already read are written, then the report says `interrupted`. */
  signal?: AbortSignal;
  gazetteer?: Gazetteer;
  /** SQLite page cache for the import, in MiB. */
  cacheMb?: number;
  /** WAL size, in pages, that triggers a checkpoint during the import. */
  checkpointPages?: number;
}

export interface SkippedLine {
  line: number;
  reason: string;
  text: string;
}

export interface ImportReport {
  input: string;
  gzip: boolean;
  header: boolean;
  /** Data lines read (not the header, not blank lines). */
  rows: number;
  /** Rows that parsed and were in range. */
  valid: number;
  /** Cells that were not in the database before. */
  inserted: number;
  /** Stored cells replaced by a row with more samples (a duplicate in the file, or a re-import). */
  updated: number;
  /** Valid rows not written: a stored row for the same cell had as many or more samples. */
  dropped: number;
  skipped: number;
  skippedByReason: Partial<Record<SkipReason, number>>;
  firstSkipped: SkippedLine[];
  batches: number;
  cellsBefore: number;
  cellsAfter: number;
  seconds: number;
  rowsPerSecond: number;
  interrupted: boolean;
}

/** Rows per INSERT statement: binding many rows per call halves the per-row cost of better-sqlite3. */
const ROWS_PER_STATEMENT = 64;

function upsertSql(rows: number): string {
  const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  // SQLite applies the rows in order, so a later row of the same statement meets the earlier one here.
  return `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES ${values}
    ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET
      lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name, samples = excluded.samples
    WHERE excluded.samples > cells.samples`;
}

function openDatabase(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Rows of one batch, column by column: no object per row. */
class Batch {
  readonly key: Float64Array;
  readonly cellid: Float64Array;
  readonly lac: Float64Array;
  readonly lat: Float64Array;
  readonly lon: Float64Array;
  readonly samples: Float64Array;
  readonly order: Uint32Array;
  length = 0;

  constructor(capacity: number) {
    this.key = new Float64Array(capacity);
    this.cellid = new Float64Array(capacity);
    this.lac = new Float64Array(capacity);
    this.lat = new Float64Array(capacity);
    this.lon = new Float64Array(capacity);
    this.samples = new Float64Array(capacity);
    this.order = new Uint32Array(capacity);
  }

  /** Key order makes the B-tree writes local; ties keep file order, so the first of equal rows wins. */
  sorted(): Uint32Array {
    const order = this.order.subarray(0, this.length);
    for (let i = 0; i < this.length; i++) order[i] = i;
    const { key, cellid } = this;
    return order.sort((a, b) => key[a]! - key[b]! || cellid[a]! - cellid[b]! || a - b);
  }
}

export async function importCells(options: ImportOptions): Promise<ImportReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  if (options.db === undefined && options.file === undefined)
    throw new TypeError('importCells needs db or file');
  const began = performance.now();
  const source = await openCsvSource(options.input);
  const gazetteer = options.gazetteer ?? townGazetteer();
  const db = options.db ?? openDatabase(options.file ?? '');
  const ownDb = options.db === undefined;
  const previous = {
    synchronous: db.pragma('synchronous', { simple: true }) as number,
    cache_size: db.pragma('cache_size', { simple: true }) as number,
    wal_autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }) as number,
  };
  // NORMAL in WAL mode still commits each batch atomically; it only skips an fsync per commit.
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = ${-1024 * (options.cacheMb ?? 64)}`);
  db.pragma(`wal_autocheckpoint = ${options.checkpointPages ?? 1000}`);

  const report: ImportReport = {
    input: options.input,
    gzip: source.gzip,
    header: false,
    rows: 0,
    valid: 0,
    inserted: 0,
    updated: 0,
    dropped: 0,
    skipped: 0,
    skippedByReason: {},
    firstSkipped: [],
    batches: 0,
    cellsBefore: 0,
    cellsAfter: 0,
    seconds: 0,
    rowsPerSecond: 0,
    interrupted: false,
  };
  const countCells = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells');
  report.cellsBefore = countCells.get()?.n ?? 0;

  const upsertOne = db.prepare(upsertSql(1));
  const upsertMany = db.prepare(upsertSql(ROWS_PER_STATEMENT));
  const params: Array<number | string> = new Array<number | string>(ROWS_PER_STATEMENT * 8).fill(0);
  const batch = new Batch(batchSize);
  let written = 0;
  const writeBatch = db.transaction((rows: Batch) => {
    const order = rows.sorted();
    let p = 0;
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      const key = rows.key[i]!;
      const mcc = Math.floor(key / 1000);
      const lat = rows.lat[i]!;
      const lon = rows.lon[i]!;
      params[p++] = mcc;
      params[p++] = key - mcc * 1000;
      params[p++] = rows.cellid[i]!;
      params[p++] = rows.lac[i]!;
      params[p++] = lat;
      params[p++] = lon;
      params[p++] = gazetteer.nearest(lat, lon);
      params[p++] = rows.samples[i]!;
      if (p === params.length) {
        written += upsertMany.run(params).changes;
        p = 0;
      }
    }
    for (let at = 0; at < p; at += 8) written += upsertOne.run(params.slice(at, at + 8)).changes;
  });
  const flush = (): void => {
    if (batch.length === 0) return;
    writeBatch(batch);
    report.batches++;
    batch.length = 0;
  };

  const cell = emptyCell();
  let lineNo = 0;
  const onLine = (line: string): void => {
    lineNo++;
    if (line.length === 0) return;
    if (lineNo === 1 && isHeaderLine(line)) {
      report.header = true;
      return;
    }
    report.rows++;
    const reason = parseCellLine(line, cell);
    if (reason !== undefined) {
      report.skipped++;
      report.skippedByReason[reason] = (report.skippedByReason[reason] ?? 0) + 1;
      if (report.firstSkipped.length < MAX_LISTED_SKIPS) {
        report.firstSkipped.push({ line: lineNo, reason: SKIP_REASONS[reason], text: line.slice(0, 200) });
      }
      return;
    }
    report.valid++;
    const i = batch.length++;
    batch.key[i] = cell.mcc * 1000 + cell.mnc;
    batch.cellid[i] = cell.cellid;
    batch.lac[i] = cell.lac;
    batch.lat[i] = cell.lat;
    batch.lon[i] = cell.lon;
    batch.samples[i] = cell.samples;
    if (batch.length === batchSize) flush();
  };

  const splitter = new LineSplitter(onLine);
  const state = (): ProgressState => ({
    rows: report.rows,
    bytesRead: source.bytesRead(),
    totalBytes: source.totalBytes,
  });
  try {
    for await (const chunk of source.chunks) {
      splitter.push(chunk as Buffer);
      options.onProgress?.(state());
      if (options.signal?.aborted) {
        report.interrupted = true;
        break;
      }
    }
    if (!report.interrupted) splitter.end();
    flush();
  } finally {
    source.close();
    report.cellsAfter = countCells.get()?.n ?? 0;
    for (const [name, value] of Object.entries(previous)) db.pragma(`${name} = ${value}`);
    if (ownDb) db.close();
  }
  report.inserted = report.cellsAfter - report.cellsBefore;
  report.updated = written - report.inserted;
  report.dropped = report.valid - written;
  report.seconds = (performance.now() - began) / 1000;
  report.rowsPerSecond = report.seconds > 0 ? report.rows / report.seconds : 0;
  options.onProgress?.(state());
  return report;
}
