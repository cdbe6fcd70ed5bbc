import { useCallback, useEffect, useRef, useState } from 'react';
import type { CellHints, Format, Keys } from '../../api/types';
import type { BatchCells } from '../../state/map-focus';
import {
  ended,
  NO_BATCH,
  startedRun,
  withAnswers,
  withRetry,
  type Answers,
  type BatchSnapshot,
} from './batch-run';
import { createMapFeed } from './map-feed';
import type { BatchEntry } from './parse';
import { runBatch, type BatchClient, type BatchOutcome } from './runner';

/** At most this often does a running batch re-render; 10,000 answers are not 10,000 renders. */
export const RENDER_EVERY_MS = 150;

export interface BatchStart {
  keys: Keys;
  format: Format;
  concurrency: number;
  /** The service's own timeout, for each cell's read deadline (src/queries/read-policy.ts). */
  serviceTimeoutMs?: number;
}

/**
 * The record of the batches run: the latest snapshot and the answers not yet in it, published to `show` at most
 * every RENDER_EVERY_MS (a new run, a 429's pause and the end at once). Answers and retries of a run that is no
 * longer the latest are dropped.
 */
export function createBatchRecord(show: (snapshot: BatchSnapshot) => void) {
  let latest = NO_BATCH;
  let answers: Array<Answers[number]> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const publish = (next = (snapshot: BatchSnapshot) => snapshot): void => {
    clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    latest = next(withAnswers(latest, answers, now));
    answers = [];
    show(latest);
  };
  const schedule = () => {
    timer ??= setTimeout(publish, RENDER_EVERY_MS);
  };
  return {
    begin(entries: readonly BatchEntry[]): number {
      const runId = latest.runId + 1;
      answers = [];
      publish(() => startedRun(runId, entries, Date.now()));
      return runId;
    },
    answer(runId: number, index: number, outcome: BatchOutcome): void {
      if (runId !== latest.runId) return;
      answers.push([index, outcome]);
      schedule();
    },
    retry(runId: number, reason: 'rate-limited' | 'transient', waitMs: number): void {
      if (runId !== latest.runId) return;
      latest = withRetry(latest, reason, waitMs, Date.now());
      // A pause is news: say it at once.
      if (reason === 'rate-limited') publish();
      else schedule();
    },
    end(runId: number, cancelled: boolean): void {
      if (runId === latest.runId) publish((snapshot) => ended(snapshot, cancelled, Date.now()));
    },
    clear(): void {
      const runId = latest.runId + 1;
      answers = [];
      publish(() => ({ ...NO_BATCH, runId }));
    },
    stop(): void {
      clearTimeout(timer);
    },
  };
}

const hintsOf = (entry: BatchEntry): CellHints | undefined =>
  entry.lac === undefined && entry.radio === undefined
    ? undefined
    : {
        ...(entry.lac !== undefined && { lac: entry.lac }),
        ...(entry.radio !== undefined && { radio: entry.radio }),
      };

/**
 * A batch run for the panel. Nothing goes into TanStack Query's cache: ten thousand one-off entries would only
 * cost. `onCells` takes the found cells for the map (at most about once a second), straight from here.
 */
export function useBatch(client: BatchClient, onCells?: (cells: BatchCells) => void) {
  const [snapshot, setSnapshot] = useState<BatchSnapshot>(NO_BATCH);
  const onCellsNow = useRef(onCells);
  useEffect(() => {
    onCellsNow.current = onCells;
  });
  const feedMap = useRef<((snapshot: BatchSnapshot) => void) | null>(null);
  useEffect(() => {
    if (snapshot === NO_BATCH) return;
    feedMap.current ??= createMapFeed((cells) => onCellsNow.current?.(cells));
    feedMap.current(snapshot);
  }, [snapshot]);
  const [record] = useState(() => createBatchRecord(setSnapshot));
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
      record.stop();
    },
    [record],
  );

  const start = useCallback(
    (entries: readonly BatchEntry[], { serviceTimeoutMs, ...options }: BatchStart) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const runId = record.begin(entries);
      void runBatch({
        client,
        ...options,
        ...(serviceTimeoutMs !== undefined && { serviceTimeoutMs }),
        ids: entries.map((entry) => entry.id),
        hints: entries.map(hintsOf),
        signal: abort.signal,
        onOutcome: (index, outcome) => record.answer(runId, index, outcome),
        onRetry: (reason, waitMs) => record.retry(runId, reason, waitMs),
      })
        .catch(() => undefined)
        .finally(() => record.end(runId, abort.signal.aborted));
    },
    [client, record],
  );

  const cancel = useCallback(() => {
    controller.current?.abort(new DOMException('The batch was cancelled.', 'AbortError'));
  }, []);

  const clear = useCallback(() => {
    controller.current?.abort();
    record.clear();
  }, [record]);

  return { snapshot, start, cancel, clear };
}
