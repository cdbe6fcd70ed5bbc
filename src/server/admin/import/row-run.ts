import { newBatch, ROW_COLUMNS, type RowBatch } from './batch-reader';

type Column = (typeof ROW_COLUMNS)[number];
type Numbers = Float64Array | Int32Array | Uint32Array | Uint8Array;

/**
 * The rows read and not written yet, up to `limit` of them, in file order: one RowBatch that grows as rows come
 * (by half again, from a first guess of the file's rows), so that a small file holds little.
 */
export interface RowRun {
  rows: RowBatch;
  limit: number;
}

export function newRun(limit: number, guess: number): RowRun {
  return { rows: newBatch(Math.max(1, Math.min(limit, Math.ceil(guess)))), limit };
}

function grow(run: RowRun, capacity: number): void {
  const bigger = newBatch(capacity);
  for (const column of ROW_COLUMNS as readonly Column[]) {
    (bigger[column] as Numbers).set((run.rows[column] as Numbers).subarray(0, run.rows.length));
  }
  bigger.length = run.rows.length;
  run.rows = bigger;
}

/**
 * Copies rows of `part` from `from` on into the run, as many as it takes before its limit; returns how many.
 * Each part is copied as it comes, so its source may take it back (threadBatches lends its batches).
 */
export function appendRows(run: RowRun, part: RowBatch, from: number): number {
  const { rows } = run;
  const count = Math.min(part.length - from, run.limit - rows.length);
  const needed = rows.length + count;
  if (needed > rows.key.length) {
    grow(run, Math.min(run.limit, Math.max(needed, Math.ceil(rows.key.length * 1.5))));
  }
  for (const column of ROW_COLUMNS as readonly Column[]) {
    (run.rows[column] as Numbers).set(
      (part[column] as Numbers).subarray(from, from + count),
      run.rows.length,
    );
  }
  run.rows.length += count;
  return count;
}

export const isFull = (run: RowRun): boolean => run.rows.length === run.limit;
