import { useCallback, useEffect, useRef, useState } from 'react';
import type { Cell, Format, Keys } from '../../api/types';
import type { BatchCells } from '../../state/map-focus';
import { createMapFeed } from './map-feed';
import type { BatchEntry } from './parse';
import { runBatch, type BatchClient, type BatchOutcome } from './runner';

export interface BatchRow {
  /** Position in the list as sent; the table's default order. */
  index: number;
  entry: BatchEntry;
  outcome?: BatchOutcome;
}

export type BatchPhase = 'idle' | 'running' | 'done' | 'cancelled';

export interface BatchSnapshot {
  runId: number;
  phase: BatchPhase;
  rows: readonly BatchRow[];
  /** Found cells in the order they came; grows while running (same array), replaced by a new run. */
  cells: readonly Cell[];
  total: number;
  done: number;
  failed: number;
  rateLimitedRetries: number;
  transientRetries: number;
  startedAt: number;
  /** When the run ended, or now while it runs. */
  until: number;
  /** A 429 holds every worker until then (epoch ms); 0 when not paused. */
  pausedUntil: number;
  /** Changes on every published update, so derived views know to recompute. */
  version: number;
}

const EMPTY: BatchSnapshot = {
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
  version: 0,
};

/** At most this often does a running batch re-render; 10,000 answers are not 10,000 renders. */
export const RENDER_EVERY_MS = 150;

/**
 * A batch's state lives in a ref, mutated as answers arrive, and is published as a snapshot at most every
 * RENDER_EVERY_MS. Nothing goes into TanStack Query's cache: ten thousand one-off entries would only cost.
 * `onCells` takes the found cells for the map (at most about once a second), straight from here.
 */
export function useBatch(client: BatchClient, onCells?: (cells: BatchCells) => void) {
  const state = useRef<BatchSnapshot>(EMPTY);
  const [snapshot, setSnapshot] = useState<BatchSnapshot>(EMPTY);
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onCellsNow = useRef(onCells);
  useEffect(() => {
    onCellsNow.current = onCells;
  });
  const feedMap = useRef<((snapshot: BatchSnapshot) => void) | null>(null);

  const show = useCallback((next: BatchSnapshot) => {
    state.current = next;
    setSnapshot(next);
    feedMap.current ??= createMapFeed((cells) => onCellsNow.current?.(cells));
    feedMap.current(next);
  }, []);

  const publish = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const s = state.current;
    show({ ...s, until: s.phase === 'running' ? Date.now() : s.until, version: s.version + 1 });
  }, [show]);

  const schedule = useCallback(() => {
    if (timer.current === null) timer.current = setTimeout(publish, RENDER_EVERY_MS);
  }, [publish]);

  useEffect(
    () => () => {
      controller.current?.abort();
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback(
    (
      entries: readonly BatchEntry[],
      keys: Keys,
      format: Format,
      concurrency: number,
      serviceTimeoutMs?: number,
    ) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const now = Date.now();
      const rows: BatchRow[] = entries.map((entry, index) => ({ index, entry }));
      const cells: Cell[] = [];
      const runId = state.current.runId + 1;
      state.current = {
        ...EMPTY,
        runId,
        phase: 'running',
        rows,
        cells,
        total: rows.length,
        startedAt: now,
        until: now,
        version: state.current.version,
      };
      publish();
      const current = () => state.current.runId === runId;
      void runBatch({
        client,
        keys,
        format,
        ids: entries.map((entry) => entry.id),
        hints: entries.map((entry) =>
          entry.lac === undefined && entry.radio === undefined
            ? undefined
            : {
                ...(entry.lac !== undefined && { lac: entry.lac }),
                ...(entry.radio !== undefined && { radio: entry.radio }),
              },
        ),
        concurrency,
        ...(serviceTimeoutMs !== undefined && { serviceTimeoutMs }),
        signal: abort.signal,
        onOutcome: (index, outcome) => {
          if (!current()) return;
          const row = rows[index];
          if (row === undefined) return;
          row.outcome = outcome;
          const s = state.current;
          if (outcome.ok) cells.push(outcome.cell);
          state.current = {
            ...s,
            done: s.done + 1,
            failed: s.failed + (outcome.ok ? 0 : 1),
            pausedUntil: s.pausedUntil > Date.now() ? s.pausedUntil : 0,
          };
          schedule();
        },
        onRetry: (reason, waitMs) => {
          if (!current()) return;
          const s = state.current;
          state.current =
            reason === 'rate-limited'
              ? {
                  ...s,
                  rateLimitedRetries: s.rateLimitedRetries + 1,
                  pausedUntil: Math.max(s.pausedUntil, Date.now() + waitMs),
                }
              : { ...s, transientRetries: s.transientRetries + 1 };
          // A pause is news: say it at once.
          if (reason === 'rate-limited') publish();
          else schedule();
        },
      })
        .catch(() => undefined)
        .finally(() => {
          if (!current()) return;
          state.current = {
            ...state.current,
            phase: abort.signal.aborted ? 'cancelled' : 'done',
            until: Date.now(),
            pausedUntil: 0,
          };
          publish();
        });
    },
    [client, publish, schedule],
  );

  const cancel = useCallback(() => {
    controller.current?.abort(new DOMException('The batch was cancelled.', 'AbortError'));
  }, []);

  const clear = useCallback(() => {
    controller.current?.abort();
    show({ ...EMPTY, runId: state.current.runId + 1, version: state.current.version + 1 });
  }, [show]);

  return { snapshot, start, cancel, clear };
}
