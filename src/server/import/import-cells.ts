import type { Db } from '../store/sqlite';
import { pauseCellsBox, resumeCellsBox } from '../store/cells-rtree';
import { openDatabase } from '../store/open-store';
import { emptyStats, readBatches, type RowBatch, type SkippedLine } from './batch-reader';
import { batchWriter } from './batch-writer';
import type { Gazetteer } from '../places/gazetteer';
import { townGazetteer } from '../places/gazetteer';
import { inputName, type CsvInput } from './input';
import type { SkipReason } from './opencellid-csv';
import type { ProgressState } from './progress';
import { regroup, threadBatches } from './thread-batches';

export type { SkippedLine };

/** Measured: with cells arriving in random key order, small batches rewrite most B-tree pages per commit. */
export const DEFAULT_BATCH_SIZE = 200_000;

/**
 * The import's SQLite page cache, MiB. Each batch, sorted by key, walks the table's B-tree once in order: a page is
 * dirtied, done with, and spilled to the WAL once whatever the cache, so the cache needs only the path down the
 * tree. Measured on bench:import (2,000,000 rows): the cells written in 8.98-9.10 s with 2, 8 or 32 MiB, the peak
 * RSS 205, 223 and 246 MB.
 */
export const DEFAULT_CACHE_MB = 8;

export interface ImportOptions {
  /** An open database (left open, schema assumed migrated) or a file to open, migrate and close. */
  db?: Db;
  file?: string;
  /** OpenCelliD CSV, plain or gzip, or an export to download. */
  input: CsvInput;
  batchSize?: number;
  onProgress?: (state: ProgressState) => void;
  /** Aborting stops reading; rows already read are written, then the report says `interrupted`. */
  signal?: AbortSignal;
  /** Names rows in this thread with this gazetteer instead of reading and naming in a worker thread. */
  gazetteer?: Gazetteer;
  /** Read, check and name rows in a worker thread while this one writes (default true). */
  thread?: boolean;
  /** SQLite page cache for the import, in MiB (DEFAULT_CACHE_MB). */
  cacheMb?: number;
  /** WAL size, in pages, that triggers a checkpoint during the import. */
  checkpointPages?: number;
  /**
   * Rebuild the cells-in-view index once at the end instead of row by row; by default when the file holds at
   * least BULK_INDEX_MIN_ROWS rows and at least half as many as the database has cells (see bulkIndex).
   */
  bulkIndex?: boolean;
}

/** Below this many rows an import keeps the index row by row: a rebuild costs the whole table. */
export const BULK_INDEX_MIN_ROWS = 100_000;

/** Bytes per row of an OpenCelliD export, plain and gzip, to guess its rows from its size. */
const BYTES_PER_ROW = { plain: 80, gzip: 25 };

/**
 * The rows an import will bring, guessed from the input's size, or, when the size is not known (a download
 * without Content-Length), from its first batch: a full one says there is more.
 */
export function expectedRows(
  totalBytes: number,
  gzip: boolean,
  firstBatch: number,
  batchSize: number,
): number {
  if (totalBytes > 0) return totalBytes / (gzip ? BYTES_PER_ROW.gzip : BYTES_PER_ROW.plain);
  return firstBatch >= batchSize ? Number.POSITIVE_INFINITY : firstBatch;
}

/**
 * Whether an import rebuilds the index at the end. Measured on 2,000,000 rows: a row's R*Tree insert through
 * the triggers costs about nine times its own write, a rebuild of the whole index about a third of one insert
 * per cell; so it pays once the file holds about half as many rows as the table.
 */
export function bulkIndex(rows: number, cellsBefore: number): boolean {
  return rows >= BULK_INDEX_MIN_ROWS && rows >= cellsBefore / 2;
}

export interface ImportReport {
  /** The file, or the download's name. */
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
  /** Of `seconds`, the rebuild of the cells-in-view index at the end (0 when it was kept row by row). */
  indexSeconds: number;
  rowsPerSecond: number;
  interrupted: boolean;
}

/** The input could not be read to its end; `written` cells (new or replaced) were saved before, in whole batches. */
export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly written: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ImportFailed';
  }
}

/** The rows to write, batch by batch: read and named in a worker thread, or here with the given gazetteer. */
function openBatches(
  options: ImportOptions,
  batchSize: number,
  stats: ReturnType<typeof emptyStats>,
  progress: () => void,
): { batches: AsyncIterable<RowBatch>; names: () => readonly string[] } {
  const inThread = options.thread === false || options.gazetteer !== undefined;
  const gazetteer = inThread ? (options.gazetteer ?? townGazetteer()) : undefined;
  if (gazetteer !== undefined) {
    const batches = readBatches({
      input: options.input,
      batchSize,
      gazetteer,
      stats,
      stop: () => options.signal?.aborted === true,
      onChunk: progress,
    });
    return { batches, names: () => gazetteer.names };
  }
  let names: readonly string[] = [];
  const small = { input: options.input, batchSize: Math.min(batchSize, 16_384) };
  const threaded = threadBatches(small, stats, progress, (list) => (names = list), options.signal);
  return { batches: regroup(threaded, batchSize), names: () => names };
}

/** Sets the import's pragmas; returns what puts the previous ones back. */
function importPragmas(db: Db, options: ImportOptions): () => void {
  const previous = {
    synchronous: db.pragma('synchronous', { simple: true }) as number,
    cache_size: db.pragma('cache_size', { simple: true }) as number,
    wal_autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }) as number,
  };
  // NORMAL in WAL mode still commits each batch atomically; it only skips an fsync per commit.
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = ${-1024 * (options.cacheMb ?? DEFAULT_CACHE_MB)}`);
  db.pragma(`wal_autocheckpoint = ${options.checkpointPages ?? 1000}`);
  return () => {
    for (const [name, value] of Object.entries(previous)) db.pragma(`${name} = ${value}`);
  };
}

export async function importCells(options: ImportOptions): Promise<ImportReport> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError('batchSize must be a positive integer');
  if (options.db === undefined && options.file === undefined)
    throw new TypeError('importCells needs db or file');
  const began = performance.now();
  const stats = emptyStats();
  const progress = (): void =>
    options.onProgress?.({ rows: stats.rows, bytesRead: stats.bytesRead, totalBytes: stats.totalBytes });
  const { batches, names } = openBatches(options, batchSize, stats, progress);

  const db = options.db ?? openDatabase(options.file ?? '', { foreignKeys: false });
  const restorePragmas = importPragmas(db, options);
  const countCells = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells');
  const cellsBefore = countCells.get()?.n ?? 0;
  let cellsAfter = cellsBefore;
  const writer = batchWriter(db, names);
  let count = 0;
  let paused = false;
  let indexSeconds = 0;
  try {
    for await (const batch of batches) {
      const rows = () => expectedRows(stats.totalBytes, stats.gzip, batch.length, batchSize);
      const pause = count === 0 && (options.bulkIndex ?? bulkIndex(rows(), cellsBefore));
      const pauseIndex = () => {
        pauseCellsBox(db);
        paused = true;
      };
      writer.write(batch, pause ? pauseIndex : undefined);
      count++;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ImportFailed(message, writer.written(), { cause: error });
  } finally {
    // Also after a failure or an interruption: the cells written so far are in the index when this returns.
    const indexBegan = performance.now();
    if (paused) db.transaction(() => resumeCellsBox(db))();
    indexSeconds = (performance.now() - indexBegan) / 1000;
    cellsAfter = countCells.get()?.n ?? cellsBefore;
    restorePragmas();
    if (options.db === undefined) db.close();
  }
  progress();
  const seconds = (performance.now() - began) / 1000;
  const inserted = cellsAfter - cellsBefore;
  const written = writer.written();
  return {
    input: inputName(options.input),
    gzip: stats.gzip,
    header: stats.header,
    rows: stats.rows,
    valid: stats.valid,
    inserted,
    updated: written - inserted,
    dropped: stats.valid - written,
    skipped: stats.skipped,
    skippedByReason: stats.skippedByReason,
    firstSkipped: stats.firstSkipped,
    batches: count,
    cellsBefore,
    cellsAfter,
    seconds,
    indexSeconds,
    rowsPerSecond: seconds > 0 ? stats.rows / seconds : 0,
    interrupted: options.signal?.aborted === true,
  };
}
