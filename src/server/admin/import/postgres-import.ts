import type pg from 'pg';
import { emptyStats } from './batch-reader';
import type { ImportReport } from './import-cells';
import { expectedRows, ImportFailed } from './import-cells';
import { inputName, type CsvInput } from './input';
import type { ProgressState } from './progress';
import { openCellsWriter, type CellsWriter } from './postgres-writer';
import { threadBatches } from './thread-batches';

export interface PostgresImportReport extends ImportReport {
  /** Seconds of each step after the rows came: the rebuild's, then the vacuum. */
  steps: Array<[string, number]>;
}

export interface PostgresImportOptions {
  pool: pg.Pool;
  /** OpenCelliD CSV, plain or gzip, or an export to download. */
  input: CsvInput;
  onProgress?: (state: ProgressState) => void;
  /** Aborting stops reading; the rows read so far are merged and committed, then the report says `interrupted`. */
  signal?: AbortSignal;
  /** Rebuild the table and swap it in, or merge in place; by default by how many rows come (postgres-writer.ts). */
  rebuild?: boolean;
}

/** Rows per batch the reading thread hands over: each is streamed to the server as it comes. */
const BATCH_ROWS = 16_384;

/**
 * An OpenCelliD export into PostgreSQL: read, checked and named in a worker thread, streamed to the server with COPY
 * while the file is read, merged into `cells` at the end, all in one transaction. A failure, a lost connection or a
 * killed process leaves `cells` as it was; the same rules as SQLite's import decide between duplicates.
 */
export async function importCellsToPostgres(options: PostgresImportOptions): Promise<PostgresImportReport> {
  const began = performance.now();
  const stats = emptyStats();
  const progress = (): void =>
    options.onProgress?.({ rows: stats.rows, bytesRead: stats.bytesRead, totalBytes: stats.totalBytes });
  let names: readonly string[] = [];
  const batches = threadBatches(
    { input: options.input, batchSize: BATCH_ROWS },
    stats,
    progress,
    (list) => (names = list),
    options.signal,
  );
  let writer: CellsWriter | undefined;
  let count = 0;
  try {
    for await (const batch of batches) {
      // Opened at the first batch: by then the input's size says how many rows are coming.
      writer ??= await openCellsWriter(
        options.pool,
        expectedRows(stats.totalBytes, stats.gzip, batch.length, BATCH_ROWS),
        options.rebuild,
      );
      await writer.write(batch, names);
      count++;
    }
    writer ??= await openCellsWriter(options.pool, 0, options.rebuild);
  } catch (error) {
    await writer?.abort();
    throw new ImportFailed(error instanceof Error ? error.message : String(error), 0, { cause: error });
  }
  let written;
  try {
    written = await writer.finish();
  } catch (error) {
    throw new ImportFailed(error instanceof Error ? error.message : String(error), 0, { cause: error });
  }
  const steps = written.steps;
  progress();
  const seconds = (performance.now() - began) / 1000;
  const inserted = written.cellsAfter - written.cellsBefore;
  return {
    input: inputName(options.input),
    gzip: stats.gzip,
    header: stats.header,
    rows: stats.rows,
    valid: stats.valid,
    inserted,
    updated: written.written - inserted,
    dropped: stats.valid - written.written,
    skipped: stats.skipped,
    skippedByReason: stats.skippedByReason,
    firstSkipped: stats.firstSkipped,
    batches: count,
    cellsBefore: written.cellsBefore,
    cellsAfter: written.cellsAfter,
    seconds,
    indexSeconds: written.rebuildSeconds,
    rowsPerSecond: seconds > 0 ? stats.rows / seconds : 0,
    interrupted: options.signal?.aborted === true,
    steps,
  };
}
