import { describe, expect, it, vi } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import { createMapFeed, MAP_EVERY_MS } from './map-feed';
import type { BatchPhase } from './batch-run';

const snapshot = (runId: number, phase: BatchPhase, count: number) => ({
  runId,
  phase,
  cells: Array.from({ length: count }, () => DOCUMENTED_CELL),
});

describe('the batch on the map', () => {
  it('takes new cells at most once a second while running; a new run and its end go at once', () => {
    let now = 0;
    const onCells = vi.fn();
    const feed = createMapFeed(onCells, () => now);
    feed(snapshot(1, 'running', 0));
    feed(snapshot(1, 'running', 5));
    now = MAP_EVERY_MS - 1;
    feed(snapshot(1, 'running', 9));
    now = MAP_EVERY_MS;
    feed(snapshot(1, 'running', 12));
    feed(snapshot(1, 'done', 12));
    expect(onCells.mock.calls.map(([batch]) => [batch.cells.length, batch.complete])).toEqual([
      [0, false],
      [12, false],
      [12, true],
    ]);
  });
});
