import { describe, expect, it } from 'vitest';
import { newBatch, type RowBatch } from './batch-reader';
import { appendRows, isFull, newRun } from './row-run';

/** A part of `rows` rows whose keys count on from `first`. */
function part(first: number, rows: number): RowBatch {
  const batch = newBatch(rows);
  for (let i = 0; i < rows; i++) {
    batch.key[i] = first + i;
    batch.lat[i] = (first + i) / 10;
    batch.town[i] = first + i;
  }
  batch.length = rows;
  return batch;
}

describe('a run of rows', () => {
  it('takes parts in file order up to its limit, growing from its guess, and leaves the rest of a part', () => {
    const run = newRun(10, 2);
    expect(run.rows.key.length).toBe(2);
    expect(appendRows(run, part(0, 3), 0)).toBe(3);
    const big = part(3, 9);
    expect(appendRows(run, big, 0)).toBe(7);
    expect(isFull(run)).toBe(true);
    expect(Array.from(run.rows.key.subarray(0, run.rows.length))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(run.rows.lat[9]).toBe(0.9);
    expect(run.rows.town[4]).toBe(4);
    // Never more than the limit is held.
    expect(run.rows.key.length).toBe(10);
    run.rows.length = 0;
    expect(appendRows(run, big, 7)).toBe(2);
    expect(Array.from(run.rows.key.subarray(0, run.rows.length))).toEqual([10, 11]);
  });

  it('copies what it takes: the part may be filled again at once', () => {
    const run = newRun(100, 100);
    const lent = part(0, 4);
    appendRows(run, lent, 0);
    lent.key.fill(-1);
    expect(Array.from(run.rows.key.subarray(0, 4))).toEqual([0, 1, 2, 3]);
  });
});
