import { describe, expect, it } from 'vitest';
import type { CellCounts } from '../api/cell-counts';
import { mergedSquares } from './merged-squares';

const counts = (zoom: number, squares: CellCounts['squares']): CellCounts => ({
  zoom,
  total: squares.reduce((n, s) => n + s.count, 0),
  limit: 10,
  box: { west: 0, south: 0, east: 1, north: 1 },
  operators: [],
  squares,
});

describe('mergedSquares', () => {
  const four = counts(8, [
    { x: 10, y: 20, count: 1, position: { lat: 60, lon: 20 } },
    { x: 11, y: 20, count: 3, position: { lat: 60, lon: 24 } },
    { x: 11, y: 21, count: 4, position: { lat: 58, lon: 24 } },
    { x: 12, y: 21, count: 2, position: { lat: 58, lon: 30 } },
  ]);

  it('merges squares of 64 pixels (two zooms finer than the map) by 2×2: the sums add up, the mean is weighted', () => {
    const drawn = mergedSquares(four, 6);
    expect(drawn.zoom).toBe(7);
    expect(drawn.squares.reduce((n, s) => n + s.count, 0)).toBe(four.total);
    expect(drawn.squares).toEqual([
      { x: 5, y: 10, count: 8, position: { lat: 59, lon: 23.5 } },
      { x: 6, y: 10, count: 2, position: { lat: 58, lon: 30 } },
    ]);
  });

  it('leaves squares of 128 pixels or more as they are', () => {
    expect(mergedSquares(four, 7)).toEqual({ zoom: 8, squares: four.squares });
    expect(mergedSquares(four, 9).squares).toBe(four.squares);
  });

  it('merges further when the map is zoomed out further than the squares (a world view)', () => {
    const drawn = mergedSquares(four, 4);
    expect(drawn.zoom).toBe(5);
    expect(drawn.squares).toHaveLength(1);
    expect(drawn.squares[0]?.count).toBe(10);
  });
});
