import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../store/sqlite';
import { openDatabase } from '../store/open-store';
import { emptyStats, type RowBatch, type SkippedLine } from './batch-reader';
import type { Gazetteer } from '../places/gazetteer';
import { inputName, type CsvInput } from './input';
import type { SkipReason } from './opencellid-csv';
import type { ProgressState } from './progress';
import { appendRows, isFull, newRun, type RowRun } from './row-run';
import { importPragmas, runWriter, truncateWal, type RunWriter, type WriteTimes } from './run-writer';
import { openBatches } from './thread-batches';

export type { SkippedLine };

/**
 * Rows per transaction, each run of them held in memory (about 220 bytes a row at the peak, the index's included;
 * an import of several transactions also carries the table's cells, 37 bytes each, the index's made in them: 1,180 MB
 * at the peak for 10,000,000 rows)
 * and written in key order: the table's B-tree is then written in one pass, appended to where the cells are new,
 * where 200,000-row batches of a file's random keys rewrote most of its pages each (see docs/performance.md).
 */
export const DEFAULT_BATCH_SIZE = 4_000_000;

/**
 * The import's SQLite page cache, MiB. Each run, sorted by key, walks the table's B-tree once in order: a page is
 * dirtied, done with, and spilled to the WAL once whatever the cache, so the cache needs only the path down the
 * tree (2, 8 or 32 MiB wrote 2,000,000 rows in the same time, peak RSS 205, 223 and 246 MB).
 */
export const DEFAULT_CACHE_MB = 8;

export interface ImportOptions {
  /** An open database (left open, schema assumed migrated) or a file to open, migrate and close. */
  db?: Db;
  file?: string;
  /** OpenCelliD CSV, plain or gzip, or an export to download. */
  input: CsvInput;
  /** Rows a transaction holds, sorted in memory (DEFAULT_BATCH_SIZE); an import of no more is one transaction. */
  batchSize?: number;
  onProgress?: (state: ProgressState) => void;
  /** Aborting stops reading; rows already read are written, then the report says `interrupted`. */
  signal?: AbortSignal;
  /** Names rows in this thread with this gazetteer instead of reading and naming in a worker thread. */
  gazetteer?: Gazetteer;
  /** Read and check rows in a worker thread while this one names them and writes (default true). */
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
  /** Of `seconds`, each step's, in order. */
  steps?: Array<[string, number]>;
}

/** What the database holds after an import failed. */
export interface HeldAfterFailure {
  cellsBefore: number;
  cellsAfter: number;
  /** The cells-in-view index could not be rebuilt: why. The next opener rebuilds it. */
  indexLeft?: string;
}

/**
 * The import stopped on an error (the input could not be read to its end, or the database refused a write);
 * `written` cells (new or replaced) were saved before it, in whole transactions, and `held` says what the
 * database holds now.
 */
export class ImportFailed extends Error {
  constructor(
    message: string,
    readonly written: number,
    options?: ErrorOptions,
    readonly held?: HeldAfterFailure,
  ) {
    super(message, options);
    this.name = 'ImportFailed';
  }
}

/** Rows per part handed from the reading to the writing (fewer when runs are smaller): each is copied as it comes. */
const PART_ROWS = 16_384;

/**
 * Reads the rows into runs of `batchSize` and writes each run in one transaction, the last one (the only one, for
 * a file of up to batchSize rows) with the index rebuilt in it. Returns the runs written and the seconds spent
 * waiting for rows.
 */
async function readAndWrite(
  options: ImportOptions,
  batchSize: number,
  source: { batches: AsyncIterable<RowBatch>; stats: ReturnType<typeof emptyStats> },
  writer: RunWriter,
  cellsBefore: number,
): Promise<{ runs: number; waited: number }> {
  const { stats } = source;
  let run: RowRun | undefined;
  let runs = 0;
  let waited = 0;
  const bulk = (rows: number) => () => options.bulkIndex ?? bulkIndex(rows, cellsBefore);
  let asked = performance.now();
  for await (const part of source.batches) {
    waited += (performance.now() - asked) / 1000;
    // Made once the input's size is known: a guess of its rows, grown if short.
    run ??= newRun(
      batchSize,
      stats.totalBytes > 0 ? expectedRows(stats.totalBytes, stats.gzip, 0, 0) * 1.05 : 4 * part.length,
    );
    for (let from = 0; from < part.length;) {
      // A full run is written once the next row comes: the last run, whole or not, is written last.
      if (isFull(run)) {
        await writer.write(
          run.rows,
          false,
          bulk(expectedRows(stats.totalBytes, stats.gzip, batchSize, batchSize)),
        );
        runs++;
        run.rows.length = 0;
      }
      from += appendRows(run, part, from);
    }
    // A turn of the event loop for each part: the parts read ahead come as fast as they are taken, and on Node 26
    // taking them never polled, so a Ctrl-C (the signal's listener aborts the reading) waited for the import's end.
    await nextTurn();
    asked = performance.now();
  }
  waited += (performance.now() - asked) / 1000;
  if (run === undefined) return { runs: 0, waited };
  await writer.write(run.rows, true, bulk(runs * batchSize + run.rows.length));
  return { runs: runs + (run.rows.length > 0 ? 1 : 0), waited };
}

/** The failure as ImportFailed, with what the database holds now, once the index is rebuilt if it can be. */
function failure(error: unknown, db: Db, writer: RunWriter, cellsBefore: number): ImportFailed {
  let indexLeft: string | undefined;
  try {
    writer.finish();
  } catch (rebuild) {
    indexLeft = rebuild instanceof Error ? rebuild.message : String(rebuild);
  }
  const cellsAfter = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells').get()?.n ?? 0;
  try {
    truncateWal(db);
  } catch {
    // The WAL keeps its size: what matters is that the database says what it holds.
  }
  const message = error instanceof Error ? error.message : String(error);
  const held = { cellsBefore, cellsAfter, ...(indexLeft !== undefined && { indexLeft }) };
  return new ImportFailed(message, writer.written(), { cause: error }, held);
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
  const { batches, names } = openBatches(options, Math.min(batchSize, PART_ROWS), stats, progress);

  const db = options.db ?? openDatabase(options.file ?? '', { foreignKeys: false });
  const restorePragmas = importPragmas(db, options.cacheMb ?? DEFAULT_CACHE_MB, options.checkpointPages);
  const countCells = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells');
  const cellsBefore = countCells.get()?.n ?? 0;
  const writer = runWriter(db, names, cellsBefore);
  let read: { runs: number; waited: number };
  let cellsAfter: number;
  let checkpoint: number;
  try {
    read = await readAndWrite(options, batchSize, { batches, stats }, writer, cellsBefore);
    // Counting 3,000,000 cells takes 0.1 s: an import that held the table's cells in memory knows.
    cellsAfter = writer.cellsAfter() ?? countCells.get()?.n ?? cellsBefore;
    checkpoint = truncateWal(db);
  } catch (error) {
    throw failure(error, db, writer, cellsBefore);
  } finally {
    restorePragmas();
    if (options.db === undefined) db.close();
  }
  progress();
  return report(options, stats, writer, { cellsBefore, cellsAfter, began, ...read, checkpoint });
}

function report(
  options: ImportOptions,
  stats: ReturnType<typeof emptyStats>,
  writer: RunWriter,
  run: {
    cellsBefore: number;
    cellsAfter: number;
    began: number;
    runs: number;
    waited: number;
    checkpoint: number;
  },
): ImportReport {
  const seconds = (performance.now() - run.began) / 1000;
  const inserted = run.cellsAfter - run.cellsBefore;
  const written = writer.written();
  const times: WriteTimes = writer.times;
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
    batches: run.runs,
    cellsBefore: run.cellsBefore,
    cellsAfter: run.cellsAfter,
    seconds,
    indexSeconds: times.carry + times.plan + times.index,
    rowsPerSecond: seconds > 0 ? stats.rows / seconds : 0,
    interrupted: options.signal?.aborted === true,
    steps: [
      ['reading (parsed in a thread, towns named here)', run.waited],
      ['ordering by key', times.sort],
      ['writing the cells', times.cells],
      ["index: the table's cells carried in memory", times.carry],
      ['index: waiting for its thread', times.plan],
      ['index: written', times.index],
      ['commits', times.commit],
      ['WAL checkpoint', run.checkpoint],
    ],
  };
}
