import type { Cell } from '../../api/types';
import type { BatchCells } from '../../state/map-focus';

interface BatchState {
  runId: number;
  phase: 'idle' | 'running' | 'done' | 'cancelled';
  cells: readonly Cell[];
}

/** The map takes new cells at most this often while a batch runs; a new run or its end goes at once. */
export const MAP_EVERY_MS = 1000;

/** Hands a batch's found cells to the map, thinned out in time: drawing 10,000 circles is not free. */
export function createMapFeed(onCells: (cells: BatchCells) => void, now: () => number = Date.now) {
  let sent = { at: 0, runId: -1, count: -1, phase: '' };
  return (snapshot: BatchState): void => {
    const count = snapshot.cells.length;
    const changed = sent.runId !== snapshot.runId || sent.phase !== snapshot.phase;
    if (!changed && (count === sent.count || now() - sent.at < MAP_EVERY_MS)) return;
    sent = { at: now(), runId: snapshot.runId, count, phase: snapshot.phase };
    onCells({
      runId: snapshot.runId,
      cells: snapshot.cells,
      complete: snapshot.phase === 'done' || snapshot.phase === 'cancelled',
    });
  };
}
