/** A box's parts, and how an answer cut to a limit is spread over them (cells-in-box.ts). */

import type { Box } from '../cells-in-box-port';

export type { Box };

/** A part of a box that stays on one side of 180°. */
export type Part = Box;

/** The box is cut into GRID × GRID parts when too many cells match, so a cut answer covers all of it. */
export const GRID = 8;

/** A span of longitudes as parts that each stay on one side of 180°. */
export function lonSpans(west: number, east: number): Array<[number, number]> {
  return west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];
}

/** The box as the parts that stay on one side of 180° (one, or two across it). */
export function spansOf(box: Box): Part[] {
  return lonSpans(box.west, box.east).map(([west, east]) => ({
    west,
    east,
    south: box.south,
    north: box.north,
  }));
}

const widthOf = (box: Box): number =>
  box.west <= box.east ? box.east - box.west : box.east - box.west + 360;

/** The GRID × GRID parts, column by column; a column across 180° is two parts. */
export function gridOf(box: Box): Part[] {
  const width = widthOf(box);
  const height = box.north - box.south;
  const parts: Part[] = [];
  for (let col = 0; col < GRID; col++) {
    const from = box.west + (width * col) / GRID;
    const to = box.west + (width * (col + 1)) / GRID;
    let spans: Array<[number, number]> = [[from, to]];
    if (from >= 180) spans = [[from - 360, to - 360]];
    else if (to > 180)
      spans = [
        [from, 180],
        [-180, to - 360],
      ];
    for (let row = 0; row < GRID; row++) {
      const south = box.south + (height * row) / GRID;
      const north = box.south + (height * (row + 1)) / GRID;
      for (const [west, east] of spans) parts.push({ west, east, south, north });
    }
  }
  return parts;
}

/** How many of a part's cells an answer of `limit` takes: an equal share, and what parts with fewer leave over. */
export function sharesOf(counts: readonly number[], limit: number): number[] {
  const shares = counts.map(() => 0);
  let left = limit;
  let open = counts.map((_, i) => i);
  // Each round gives every part that has more an equal share of what is left; a part that needs less gives back.
  while (left > 0 && open.length > 0) {
    const share = Math.max(1, Math.floor(left / open.length));
    const still: number[] = [];
    for (const i of open) {
      if (left === 0) break;
      const take = Math.min(share, (counts[i] ?? 0) - (shares[i] ?? 0), left);
      shares[i] = (shares[i] ?? 0) + take;
      left -= take;
      if ((shares[i] ?? 0) < (counts[i] ?? 0)) still.push(i);
    }
    open = still;
  }
  return shares;
}

/** The part (0 … GRID² − 1) a point of the box lies in, by its column and row. */
export function partIndex(box: Box, lon: number, lat: number): number {
  const width = widthOf(box);
  const height = box.north - box.south;
  const east = (((lon - box.west) % 360) + 360) % 360;
  const col = width > 0 ? Math.min(GRID - 1, Math.floor((east / width) * GRID)) : 0;
  const row = height > 0 ? Math.min(GRID - 1, Math.floor(((lat - box.south) / height) * GRID)) : 0;
  return col * GRID + row;
}

/**
 * Of more candidates than `limit`, the ones an answer keeps: spread over the box's GRID × GRID parts as the
 * R*Tree's cut answer is (sharesOf), each part's first ones in the order they came.
 */
export function spread<T>(
  box: Box,
  candidates: readonly T[],
  where: (c: T) => [number, number],
  limit: number,
): T[] {
  const byPart: T[][] = Array.from({ length: GRID * GRID }, () => []);
  for (const candidate of candidates) {
    const [lon, lat] = where(candidate);
    byPart[partIndex(box, lon, lat)]?.push(candidate);
  }
  const shares = sharesOf(
    byPart.map((part) => part.length),
    limit,
  );
  return byPart.flatMap((part, i) => part.slice(0, shares[i]));
}
