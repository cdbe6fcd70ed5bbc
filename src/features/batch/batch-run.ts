import type { Cell } from '../../api/types';
import type { BatchEntry } from './parse';
import type { BatchOutcome } from './runner';

export interface BatchRow {
  /** Position in the list as sent; the table's default order. */
  readonly index: number;
  readonly entry: BatchEntry;
  readonly outcome?: BatchOutcome;
}

export type BatchPhase = 'idle' | 'running' | 'done' | 'cancelled';

/**
 * A batch as it is shown. Never changed once made: an update is a new snapshot, whose rows array holds new
 * objects for the rows answered since the last one and the same objects for all others.
 */
export interface BatchSnapshot {
  readonly runId: number;
  readonly phase: BatchPhase;
  readonly rows: readonly BatchRow[];
  /** Found cells in the order they came. */
  readonly cells: readonly Cell[];
  readonly total: number;
  readonly done: number;
  readonly failed: number;
  readonly rateLimitedRetries: number;
  readonly transientRetries: number;
  readonly startedAt: number;
  /** When the run ended, or when this snapshot was made while it runs. */
  readonly until: number;
  /** A 429 holds every worker until then (epoch ms); 0 when not paused. */
  readonly pausedUntil: number;
}

/** Answers that came since a snapshot, as [row index, outcome], in the order they came. */
export type Answers = ReadonlyArray<readonly [number, BatchOutcome]>;

export const NO_BATCH: BatchSnapshot = {
  runId: 0,
  phase: 'idle',
  rows: [],
  cells: [],
  total: 0,
  done: 0,
  failed: 0,
  rateLimitedRetries: 0,
  transientRetries: 0,
  startedAt: 0,
  until: 0,
  pausedUntil: 0,
};

export function startedRun(runId: number, entries: readonly BatchEntry[], now: number): BatchSnapshot {
  const rows = entries.map((entry, index): BatchRow => ({ index, entry }));
  return { ...NO_BATCH, runId, phase: 'running', rows, total: rows.length, startedAt: now, until: now };
}

/**
 * `snapshot` with `answers` in it, as of `now`. The rows and the found cells are copied once for all the answers
 * (a 100,000-line batch makes a few hundred snapshots, not one per answer), and only the answered rows are new
 * objects, so the table renders those alone again.
 */
export function withAnswers(snapshot: BatchSnapshot, answers: Answers, now: number): BatchSnapshot {
  const until = snapshot.phase === 'running' ? now : snapshot.until;
  const pausedUntil = snapshot.pausedUntil > now ? snapshot.pausedUntil : 0;
  if (answers.length === 0) return { ...snapshot, until, pausedUntil };
  const rows = snapshot.rows.slice();
  const found: Cell[] = [];
  let failed = 0;
  for (const [index, outcome] of answers) {
    const row = rows[index];
    if (row === undefined) continue;
    rows[index] = { ...row, outcome };
    if (outcome.ok) found.push(outcome.cell);
    else failed += 1;
  }
  return {
    ...snapshot,
    rows,
    cells: found.length === 0 ? snapshot.cells : snapshot.cells.concat(found),
    done: snapshot.done + found.length + failed,
    failed: snapshot.failed + failed,
    until,
    pausedUntil,
  };
}

/** A cell is tried again: after a 429 (every worker waits `waitMs` from `now`) or after a transient failure. */
export function withRetry(
  snapshot: BatchSnapshot,
  reason: 'rate-limited' | 'transient',
  waitMs: number,
  now: number,
): BatchSnapshot {
  if (reason === 'transient') return { ...snapshot, transientRetries: snapshot.transientRetries + 1 };
  return {
    ...snapshot,
    rateLimitedRetries: snapshot.rateLimitedRetries + 1,
    pausedUntil: Math.max(snapshot.pausedUntil, now + waitMs),
  };
}

export function ended(snapshot: BatchSnapshot, cancelled: boolean, now: number): BatchSnapshot {
  return { ...snapshot, phase: cancelled ? 'cancelled' : 'done', until: now, pausedUntil: 0 };
}
