import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { ensureFolderOf } from '../store/folder';
import { migrate } from '../store/schema';
import { emptyStats, readBatches, type ReadStats, type RowBatch, type SkippedLine } from './batch-reader';
import type { Gazetteer } from './gazetteer';
import { townGazetteer } from './gazetteer';
import type { SkipReason } from './opencellid-csv';
import type { FromWorker, ToWorker, WorkerInput } from './parse-worker';
import type { ProgressState } from './progress';

type Db = Database.Database;

export type { SkippedLine };

/** Measured: with cells arriving in random key order, small batches rewrite most B-tree pages per commit. */
export const DEFAULT_BATCH_SIZE = 200_000;

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
  /** Names rows in this thread with this gazetteer instead of reading and naming in a worker thread. */
  gazetteer?: Gazetteer;
  /** Read, check and name rows in a worker thread while this one writes (default true). */
  thread?: boolean;
  /** SQLite page cache for the import, in MiB. */
  cacheMb?: number;
  /** WAL size, in pages, that triggers a checkpoint during the import. */
  checkpointPages?: number;
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
  ensureFolderOf(file);
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

/** Key order makes the B-tree writes local; ties keep file order, so the first of equal rows wins. */
function keyOrder(batch: RowBatch): Uint32Array {
  const order = new Uint32Array(batch.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const { key, cellid } = batch;
  return order.sort((a, b) => key[a]! - key[b]! || cellid[a]! - cellid[b]! || a - b);
}

/* Built (dist-server/), the worker is parse-worker.js beside this code. Run from the sources (development,
   tests), it is TypeScript, so it starts by registering tsx's loader (Node 20 does not apply a `--import` from a
   worker's execArgv to the worker's own entry). */
function workerSource(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './parse-worker.ts' : './parse-worker.js', import.meta.url).href;
  if (!fromSources) return `import(${JSON.stringify(entry)})`;
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}

/** Joins small batches into one of `size` rows or more (the thread sends small ones to keep memory flat). */
async function* regroup(source: AsyncIterable<RowBatch>, size: number): AsyncGenerator<RowBatch> {
  let parts: RowBatch[] = [];
  let length = 0;
  const join = (): RowBatch => {
    const columns = ['key', 'cellid', 'lac', 'lat', 'lon', 'samples'] as const;
    const joined = { length } as RowBatch;
    for (const column of columns) {
      const array = new Float64Array(length);
      let at = 0;
      for (const part of parts) {
        array.set(part[column].subarray(0, part.length), at);
        at += part.length;
      }
      joined[column] = array;
    }
    joined.town = new Int32Array(length);
    let at = 0;
    for (const part of parts) {
      joined.town.set(part.town.subarray(0, part.length), at);
      at += part.length;
    }
    parts = [];
    length = 0;
    return joined;
  };
  for await (const part of source) {
    parts.push(part);
    length += part.length;
    if (length >= size) yield join();
  }
  if (length > 0) yield join();
}

/** Batches read, checked and named by parse-worker.ts, a few small ones ahead of the writer. */
async function* threadBatches(
  job: Omit<WorkerInput, 'inFlight'>,
  stats: ReadStats,
  onStats: () => void,
  onNames: (names: readonly string[]) => void,
  signal: AbortSignal | undefined,
): AsyncGenerator<RowBatch> {
  const workerData: WorkerInput = { ...job, inFlight: 4 };
  const worker = new Worker(workerSource(), {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  const send = (message: ToWorker): void => worker.postMessage(message);
  const queue: FromWorker[] = [];
  let failure: Error | undefined;
  let exited = false;
  let wake: (() => void) | undefined;
  worker.on('message', (message: FromWorker) => {
    queue.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.on('exit', () => {
    exited = true;
    wake?.();
  });
  const stop = (): void => send({ type: 'stop' });
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted === true) stop();
  try {
    for (;;) {
      const message = queue.shift();
      if (message === undefined) {
        if (failure !== undefined) throw failure;
        if (exited) throw new Error('the import thread stopped unexpectedly');
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'error') throw new Error(message.message);
      if (message.type === 'names') {
        onNames(message.names);
        continue;
      }
      Object.assign(stats, message.stats);
      onStats();
      if (message.type === 'end') return;
      if (message.type === 'batch') {
        yield message.batch;
        send({ type: 'ack' });
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await worker.terminate();
  }
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
  const inThread = options.thread === false || options.gazetteer !== undefined;
  const gazetteer = inThread ? (options.gazetteer ?? townGazetteer()) : undefined;
  let names: readonly string[] = gazetteer?.names ?? [];
  const batches = gazetteer
    ? readBatches({
        input: options.input,
        batchSize,
        gazetteer,
        stats,
        stop: () => options.signal?.aborted === true,
        onChunk: progress,
      })
    : regroup(
        threadBatches(
          { input: options.input, batchSize: Math.min(batchSize, 16_384) },
          stats,
          progress,
          (list) => (names = list),
          options.signal,
        ),
        batchSize,
      );

  const db = options.db ?? openDatabase(options.file ?? '');
  const ownDb = options.db === undefined;
  const previous = {
    synchronous: db.pragma('synchronous', { simple: true }) as number,
    cache_size: db.pragma('cache_size', { simple: true }) as number,
    wal_autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }) as number,
  };
  // NORMAL in WAL mode still commits each batch atomically; it only skips an fsync per commit.
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = ${-1024 * (options.cacheMb ?? 32)}`);
  db.pragma(`wal_autocheckpoint = ${options.checkpointPages ?? 1000}`);

  const countCells = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells');
  const cellsBefore = countCells.get()?.n ?? 0;
  let cellsAfter = cellsBefore;
  const upsertOne = db.prepare(upsertSql(1));
  const upsertMany = db.prepare(upsertSql(ROWS_PER_STATEMENT));
  const params: Array<number | string> = new Array<number | string>(ROWS_PER_STATEMENT * 8).fill(0);
  let written = 0;
  let count = 0;
  const writeBatch = db.transaction((rows: RowBatch) => {
    const order = keyOrder(rows);
    let p = 0;
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      const key = rows.key[i]!;
      const mcc = Math.floor(key / 1000);
      params[p++] = mcc;
      params[p++] = key - mcc * 1000;
      params[p++] = rows.cellid[i]!;
      params[p++] = rows.lac[i]!;
      params[p++] = rows.lat[i]!;
      params[p++] = rows.lon[i]!;
      params[p++] = names[rows.town[i]!] ?? '';
      params[p++] = rows.samples[i]!;
      if (p === params.length) {
        written += upsertMany.run(params).changes;
        p = 0;
      }
    }
    for (let at = 0; at < p; at += 8) written += upsertOne.run(params.slice(at, at + 8)).changes;
  });

  try {
    for await (const batch of batches) {
      writeBatch(batch);
      count++;
    }
  } finally {
    cellsAfter = countCells.get()?.n ?? cellsBefore;
    for (const [name, value] of Object.entries(previous)) db.pragma(`${name} = ${value}`);
    if (ownDb) db.close();
  }
  progress();
  const seconds = (performance.now() - began) / 1000;
  const inserted = cellsAfter - cellsBefore;
  return {
    input: options.input,
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
    rowsPerSecond: seconds > 0 ? stats.rows / seconds : 0,
    interrupted: options.signal?.aborted === true,
  };
}
