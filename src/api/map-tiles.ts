import type { Bbox } from './bbox';

/**
 * The grid cells are counted on: the map's own tiles (Web Mercator, as Leaflet and OpenStreetMap number them), so a
 * view's squares are the same for everyone and an answer can be cached. Counts are kept for a ladder of zooms, every
 * second one; the finest is FINEST, and a coarser zoom's square is a block of the finer ones (x >> shift), so each
 * level is the sum of the one below it.
 */
export const LADDER = [2, 4, 6, 8, 10, 12, 14, 16] as const;
export const FINEST = 16;

/** Most squares an answer holds: the zoom is lowered until the box covers no more (a world box at zoom 22, say). */
export const MAX_SQUARES = 4096;

/** Latitude where Web Mercator's square world ends; cells beyond count in the edge row. */
const MAX_LAT = 85.0511287798066;

const SIZE = (zoom: number) => 2 ** zoom;

/** The column of `lon` at `zoom`. */
export function tileX(lon: number, zoom: number): number {
  const size = SIZE(zoom);
  return Math.min(size - 1, Math.max(0, Math.floor(((lon + 180) / 360) * size)));
}

/** The row of `lat` at `zoom` (0 at the north). */
export function tileY(lat: number, zoom: number): number {
  const size = SIZE(zoom);
  const phi = (Math.min(MAX_LAT, Math.max(-MAX_LAT, lat)) * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size);
  return Math.min(size - 1, Math.max(0, y));
}

/** The west edge of column `x`. */
export const tileLon = (x: number, zoom: number): number => (x / SIZE(zoom)) * 360 - 180;

/** The north edge of row `y`. */
export function tileLat(y: number, zoom: number): number {
  const n = Math.PI - (2 * Math.PI * y) / SIZE(zoom);
  return (180 / Math.PI) * Math.atan(Math.sinh(n));
}

/**
 * The same at FINEST in SQL, of a row's `lat` and `lon` (`row`: '' for a table, 'NEW.' in a trigger); both engines
 * have these functions (SQLite's math functions, PostgreSQL's own), `least`/`greatest` given as each names them.
 */
export function finestSql(row: string, least: string, greatest: string): { x: string; y: string } {
  const size = SIZE(FINEST);
  const lat = `${least}(${greatest}(${row}lat, -${MAX_LAT}), ${MAX_LAT})`;
  const x = `floor((${row}lon + 180) / 360 * ${size})`;
  const y = `floor((1 - ln(tan(radians(${lat})) + 1 / cos(radians(${lat}))) / pi()) / 2 * ${size})`;
  const clamp = (value: string) => `CAST(${least}(${size - 1}, ${greatest}(0, ${value})) AS INTEGER)`;
  return { x: clamp(x), y: clamp(y) };
}

/** Columns of a box: one run, or two across the antimeridian (west > east). */
export interface TileRanges {
  zoom: number;
  xs: Array<[number, number]>;
  ys: [number, number];
}

const squaresOf = (r: TileRanges) =>
  r.xs.reduce((n, [low, high]) => n + high - low + 1, 0) * (r.ys[1] - r.ys[0] + 1);

export function rangesOf(box: Bbox, zoom: number): TileRanges {
  const west = tileX(box.west, zoom);
  const east = tileX(box.east, zoom);
  const xs: Array<[number, number]> =
    box.west <= box.east
      ? [[west, east]]
      : [
          [west, SIZE(zoom) - 1],
          [0, east],
        ];
  return { zoom, xs, ys: [tileY(box.north, zoom), tileY(box.south, zoom)] };
}

/**
 * The ladder's zoom for a map at `mapZoom`: squares of 64 to 128 of the map's pixels (two zooms finer than its
 * tiles), lowered until the box covers at most MAX_SQUARES of them.
 */
export function countsZoom(box: Bbox, mapZoom: number): TileRanges {
  const wanted = LADDER.filter((zoom) => zoom <= mapZoom + 2);
  for (const zoom of wanted.reverse()) {
    const ranges = rangesOf(box, zoom);
    if (squaresOf(ranges) <= MAX_SQUARES) return ranges;
  }
  return rangesOf(box, LADDER[0]);
}

/** The box the squares cover, whole: what the counts count, a little more than the box asked (the top and bottom
 *  rows reach the poles, as cells beyond Web Mercator's edge count in them). */
export function coveredBox(r: TileRanges): Bbox {
  const first = r.xs[0] as [number, number];
  const last = r.xs[r.xs.length - 1] as [number, number];
  return {
    west: tileLon(first[0], r.zoom),
    east: tileLon(last[1] + 1, r.zoom),
    north: r.ys[0] === 0 ? 90 : tileLat(r.ys[0], r.zoom),
    south: r.ys[1] === SIZE(r.zoom) - 1 ? -90 : tileLat(r.ys[1] + 1, r.zoom),
  };
}
