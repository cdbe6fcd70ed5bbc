import { pauseCellsBox, resumeCellsBox } from '../store/cells-rtree';
import { boxLayout } from '../store/cells-rtree-load';
import type { Db } from '../store/sqlite';
import type { RowBatch } from './batch-reader';
import { batchWriter } from './batch-writer';
import { finalCells, mergeHeld, readHeldCells, type HeldCells } from './final-cells';
import { planInThread } from './plan-thread';
import { sortRows } from './write-order';

/**
 * A table of at most this many cells is read into memory before a bulk import's first transaction writes, so that the
 * index is loaded from memory at its end (about 40 bytes a cell) instead of sorted out of the table again.
 */
export const HELD_IN_MEMORY = 1_000_000;

/**
 * An import of several transactions holds the table's cells in memory from one to the next (37 bytes a cell) up to
 * this many, so that its last transaction loads the index from memory as a one-transaction import does; past it,
 * the index is rebuilt from the table, SQLite sorting it by lon (see docs/performance.md, Import).
 */
export const HELD_ACROSS_RUNS = 16_000_000;

/** Seconds of each step of the writing, summed over the runs. */
export interface WriteTimes {
  /** Ordering the rows by key and keeping each cell's rows with more samples. */
  sort: number;
  /** The cells' upserts. */
  cells: number;
  /** Reading the table's cells before the first run, merging each run's into them, making the index's from them. */
  carry: number;
  /** Waiting for the index's thread once the cells are written (it plans the tree meanwhile). */
  plan: number;
  /** Writing the cells-in-view index (from memory, or from the table with the table read for it). */
  index: number;
  /** Commits. */
  commit: number;
}

export interface RunWriter {
  /**
   * Writes a run of rows in one transaction (IMMEDIATE: no other writer between its reads and its writes). `bulk`
   * pauses the cells-in-view index (decided at the first run; later ones follow it); the `last` run rebuilds it in
   * the same transaction, so that an import of one run is one transaction with nothing paused before or after.
   */
  write(rows: RowBatch, last: boolean, bulk: () => boolean): Promise<void>;
  /** After a failure or an interruption: rebuilds the index if a committed run left it paused. */
  finish(): void;
  /** Cells changed (new or replaced) by the transactions committed. */
  written(): number;
  /** The cells the table holds after the last run, when its rows and the table's were in memory. */
  cellsAfter(): number | undefined;
  times: WriteTimes;
}

type Timed = <T>(step: keyof WriteTimes, work: () => T | Promise<T>) => Promise<T>;

/** Runs a step, its seconds added to `times`. */
function timer(times: WriteTimes): Timed {
  return async (step, work) => {
    const began = performance.now();
    try {
      return await work();
    } finally {
      times[step] += (performance.now() - began) / 1000;
    }
  };
}

/**
 * The table's cells, held in memory from one transaction of a bulk import to the next: read at the first (a table
 * of at most HELD_IN_MEMORY cells), each run's rows merged in. Another connection's commit in between (PRAGMA
 * data_version says so) makes them stale: with the triggers paused, its cells would be missing from an index loaded
 * from memory, so the import then rebuilds the index from the table.
 */
function carriedCells(
  db: Db,
  cellsBefore: number,
  timed: Timed,
): {
  /**
   * After a run's rows are sorted: before the last run, carries the cells to the next (while memory may hold them);
   * at the last, the cells the index will hold. The cells before the run are let go on return, before the index
   * is planned (at 10,000,000 rows they are 300 MB).
   */
  carry(rows: RowBatch, last: boolean, first: boolean): Promise<ReturnType<typeof finalCells> | undefined>;
  committed(): void;
  drop(): void;
} {
  const dataVersion = (): number => db.pragma('data_version', { simple: true }) as number;
  let held: HeldCells | undefined;
  let version: number | undefined;
  const take = (): HeldCells | undefined => {
    const cells = version !== undefined && dataVersion() === version ? held : undefined;
    held = undefined;
    return cells;
  };
  return {
    async carry(rows, last, first) {
      const read = first && cellsBefore <= HELD_IN_MEMORY;
      const before = first ? (read ? await timed('carry', () => readHeldCells(db)) : undefined) : take();
      if (before === undefined) return undefined;
      if (last) return timed('carry', () => finalCells(before, rows));
      if (before.length + rows.length <= HELD_ACROSS_RUNS)
        // With room for a run as big as this one, so that the next merges in place, and the last makes the
        // index's cells in the same arrays (finalCells): no second copy of the table's cells at the peak.
        held = await timed('carry', () => mergeHeld(before, rows, rows.key.length));
      return undefined;
    },
    committed() {
      version = dataVersion();
    },
    drop() {
      held = undefined;
    },
  };
}

export function runWriter(db: Db, names: () => readonly string[], cellsBefore: number): RunWriter {
  const writer = batchWriter(db, names);
  const times: WriteTimes = { sort: 0, cells: 0, carry: 0, plan: 0, index: 0, commit: 0 };
  let bulk: boolean | undefined;
  /** A committed run left the index paused. */
  let pausedOut = false;
  let runs = 0;
  let committed = 0;
  let known: number | undefined;
  const timed = timer(times);
  const carried = carriedCells(db, cellsBefore, timed);

  async function inTransaction(rows: RowBatch, last: boolean, failed: AbortSignal): Promise<void> {
    if (bulk === true) pauseCellsBox(db);
    await timed('sort', () => sortRows(rows));
    const final = bulk === true ? await carried.carry(rows, last, runs === 0) : undefined;
    if (!last) {
      await timed('cells', () => writer.write(rows));
      return;
    }
    // Every cell the index will hold is in memory once the rows are written: the index's thread plans the tree
    // while this one writes the cells.
    // The cells go to the thread and come back with the plan (planInThread).
    const planned = final && planInThread(final.positioned, boxLayout(db), failed);
    // A failure before the plan is asked for must not leave its rejection unhandled.
    planned?.catch(() => undefined);
    await timed('cells', () => writer.write(rows));
    if (bulk !== true) return;
    const memory = planned && (await timed('plan', () => planned));
    await timed('index', () => resumeCellsBox(db, memory));
    known = final?.count;
  }

  return {
    async write(rows, last, isBulk) {
      bulk ??= isBulk();
      const failed = new AbortController();
      db.exec('BEGIN IMMEDIATE');
      try {
        await inTransaction(rows, last, failed.signal);
        await timed('commit', () => db.exec('COMMIT'));
        carried.committed();
      } catch (error) {
        failed.abort();
        carried.drop();
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
      runs++;
      committed = writer.written();
      pausedOut = bulk && !last;
    },
    finish() {
      if (!pausedOut) return;
      const began = performance.now();
      db.transaction(() => resumeCellsBox(db)).immediate();
      times.index += (performance.now() - began) / 1000;
      pausedOut = false;
    },
    written: () => committed,
    cellsAfter: () => known,
    times,
  };
}

/** Sets the import's pragmas; returns what puts the previous ones back. */
export function importPragmas(db: Db, cacheMb: number, checkpointPages = 1000): () => void {
  const previous = {
    synchronous: db.pragma('synchronous', { simple: true }) as number,
    cache_size: db.pragma('cache_size', { simple: true }) as number,
    wal_autocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }) as number,
    busy_timeout: db.pragma('busy_timeout', { simple: true }) as number,
  };
  // NORMAL in WAL mode still commits each transaction atomically; it only skips an fsync per commit.
  db.pragma('synchronous = NORMAL');
  db.pragma(`cache_size = ${-1024 * cacheMb}`);
  db.pragma(`wal_autocheckpoint = ${checkpointPages}`);
  // A transaction of the import waits out another writer's: a service rebuilding the index takes seconds.
  db.pragma('busy_timeout = 60000');
  return () => {
    for (const [name, value] of Object.entries(previous)) db.pragma(`${name} = ${value}`);
  };
}

/** Gives the WAL's disk space back: an import's transactions grow it to their size, and it stays that size. */
export function truncateWal(db: Db): number {
  const began = performance.now();
  db.pragma('wal_checkpoint(TRUNCATE)');
  return (performance.now() - began) / 1000;
}
