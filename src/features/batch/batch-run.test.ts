import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import { ended, NO_BATCH, startedRun, withAnswers, withRetry } from './batch-run';
import type { BatchEntry } from './parse';

const entries = (n: number): BatchEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    line: i + 1,
    id: { mcc: '244', mnc: '91', cellid: String(i + 1) },
    duplicates: 0,
  }));

/** A snapshot frozen deep enough that any change to it in place throws. */
function frozen<T extends object>(value: T): T {
  for (const part of Object.values(value)) if (typeof part === 'object' && part !== null) frozen(part);
  return Object.freeze(value);
}

describe('a batch run, snapshot by snapshot', () => {
  it('answers make a new snapshot: answered rows are new, the others and the snapshot before stay as they were', () => {
    const start = frozen(startedRun(1, entries(4), 1000));
    const found = { ok: true as const, cell: DOCUMENTED_CELL };
    const next = withAnswers(
      start,
      [
        [2, found],
        [0, { ok: false, kind: 'not-found', status: 404 }],
      ],
      2000,
    );
    expect(start.rows.every((row) => row.outcome === undefined)).toBe(true);
    expect(start).toMatchObject({ done: 0, failed: 0, cells: [], until: 1000 });
    expect(next).toMatchObject({ done: 2, failed: 1, cells: [DOCUMENTED_CELL], until: 2000 });
    expect(next.rows[2]).toEqual({ ...start.rows[2], outcome: found });
    expect(next.rows[1]).toBe(start.rows[1]);
    expect(next.rows[3]).toBe(start.rows[3]);
    const later = withAnswers(frozen(next), [[1, found]], 3000);
    expect(later.cells).toEqual([DOCUMENTED_CELL, DOCUMENTED_CELL]);
    expect(next.cells).toHaveLength(1);
  });

  it('a 429 pauses until its wait is over; the pause is gone from the first snapshot after it', () => {
    const paused = withRetry(frozen(startedRun(1, entries(1), 0)), 'rate-limited', 5000, 1000);
    expect(paused).toMatchObject({ rateLimitedRetries: 1, pausedUntil: 6000 });
    expect(withAnswers(paused, [], 5999).pausedUntil).toBe(6000);
    expect(withAnswers(paused, [], 6000).pausedUntil).toBe(0);
    expect(withRetry(paused, 'transient', 400, 1000)).toMatchObject({
      transientRetries: 1,
      pausedUntil: 6000,
    });
  });

  it('the end keeps its time; nothing run is idle', () => {
    const done = ended(frozen(startedRun(1, entries(1), 0)), false, 4000);
    expect(done).toMatchObject({ phase: 'done', until: 4000, pausedUntil: 0 });
    expect(withAnswers(done, [], 9000).until).toBe(4000);
    expect(ended(startedRun(1, entries(1), 0), true, 1).phase).toBe('cancelled');
    expect(NO_BATCH.phase).toBe('idle');
  });
});
