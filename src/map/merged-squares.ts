import type { CellCounts, SquareInView } from '../api/cell-counts';

/** Squares smaller than this on the screen are drawn merged: the map moves fewer markers, as at the odd zooms. */
export const MIN_SQUARE_PIXELS = 128;

/** The squares as drawn at `mapZoom`, and the zoom of their grid. */
export interface DrawnSquares {
  zoom: number;
  squares: readonly SquareInView[];
}

/**
 * The counts' squares merged by blocks of 2×2 (4×4, …) until each is at least MIN_SQUARE_PIXELS wide at `mapZoom`
 * (a tile is 256 pixels): the counts add up and the position is the block's mean, so the numbers on the map still
 * add up to the true total. The counts' squares are two zooms finer than the map at even zooms (64 pixels).
 */
export function mergedSquares(counts: CellCounts, mapZoom: number): DrawnSquares {
  let shift = 0;
  while (shift < counts.zoom && 256 * 2 ** (mapZoom - counts.zoom + shift) < MIN_SQUARE_PIXELS) shift++;
  if (shift === 0) return { zoom: counts.zoom, squares: counts.squares };
  const blocks = new Map<number, { x: number; y: number; count: number; lat: number; lon: number }>();
  const size = 2 ** (counts.zoom - shift);
  for (const square of counts.squares) {
    const x = square.x >> shift;
    const y = square.y >> shift;
    const key = y * size + x;
    const block = blocks.get(key) ?? { x, y, count: 0, lat: 0, lon: 0 };
    block.count += square.count;
    block.lat += square.position.lat * square.count;
    block.lon += square.position.lon * square.count;
    blocks.set(key, block);
  }
  const squares = [...blocks.values()].map(({ x, y, count, lat, lon }) => ({
    x,
    y,
    count,
    position: { lat: lat / count, lon: lon / count },
  }));
  return { zoom: counts.zoom - shift, squares };
}
