import type { Feature, Geometry, Position } from 'geojson';

/*
 * The world atlas's outline is stitched for the sphere: a country across the 180° meridian (Russia, Fiji) has a
 * ring that steps from 180 to -180, and Antarctica's one ring goes round the pole. Drawn on a flat map, such a step
 * is an edge across the whole world: a stripe. Here each ring is cut at ±180 into pieces that stay inside the
 * world, as the flat map draws it.
 */

type Ring = Position[];
type Polygon = Ring[];

const lonOf = (p: Position) => p[0] ?? 0;
const latOf = (p: Position) => p[1] ?? 0;

/** Longitudes made continuous along the ring: a step of more than 180° goes the short way round, past ±180. */
function unwrap(ring: readonly Position[]): Ring {
  const out: Ring = [];
  let shift = 0;
  for (const point of ring) {
    const previous = out.at(-1);
    const lon = lonOf(point) + shift;
    const step = previous === undefined ? 0 : lon - lonOf(previous);
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    out.push([lonOf(point) + shift, latOf(point)]);
  }
  return out;
}

/** A ring that goes once round a pole ends 360° from where it began: it is closed along that pole. */
function closeRoundPole(ring: Ring): Ring {
  const first = ring[0];
  const last = ring.at(-1);
  if (first === undefined || last === undefined || Math.abs(lonOf(last) - lonOf(first)) < 180) return ring;
  const pole = ring.reduce((sum, p) => sum + latOf(p), 0) < 0 ? -90 : 90;
  return [...ring, [lonOf(last), pole], [lonOf(first), pole], first];
}

/** The part of a ring on one side of the meridian `at` (Sutherland–Hodgman against one edge), closed. */
function clipRing(ring: Ring, at: number, keepWest: boolean): Ring {
  const inside = (p: Position) => (keepWest ? lonOf(p) <= at : lonOf(p) >= at);
  const out: Ring = [];
  ring.forEach((point, i) => {
    const previous = ring[i === 0 ? ring.length - 1 : i - 1] ?? point;
    if (inside(point) !== inside(previous)) {
      const t = (at - lonOf(previous)) / (lonOf(point) - lonOf(previous));
      out.push([at, latOf(previous) + t * (latOf(point) - latOf(previous))]);
    }
    if (inside(point)) out.push(point);
  });
  const first = out[0];
  if (first !== undefined) out.push(first);
  return out;
}

const shifted = (ring: Ring, by: number): Ring => ring.map((p) => [lonOf(p) + by, latOf(p)]);

/** A closed ring that still encloses something: three corners at least. */
const isArea = (ring: Ring) => ring.length >= 4;

/** One polygon as the pieces of it that lie in -180..180, each copy of the world it reaches shifted into it. */
function splitPolygon(polygon: readonly Ring[]): Polygon[] {
  const [outerGiven, ...holesGiven] = polygon;
  if (outerGiven === undefined) return [];
  const outer = closeRoundPole(unwrap(outerGiven));
  const lons = outer.map(lonOf);
  const west = Math.min(...lons);
  const east = Math.max(...lons);
  if (west >= -180 && east <= 180) return [[outer, ...holesGiven.map(unwrap)]];
  // A hole goes with the copy of the outline it lies in.
  const middle = (west + east) / 2;
  const holes = holesGiven.map((hole) => {
    const ring = unwrap(hole);
    const at = ring.reduce((sum, p) => sum + lonOf(p), 0) / Math.max(1, ring.length);
    return shifted(ring, 360 * Math.round((middle - at) / 360));
  });
  const pieces: Polygon[] = [];
  for (let copy = Math.floor((west + 180) / 360); copy * 360 - 180 < east; copy++) {
    const cut = (ring: Ring) => clipRing(clipRing(shifted(ring, -360 * copy), 180, true), -180, false);
    const piece = cut(outer);
    if (isArea(piece)) pieces.push([piece, ...holes.map(cut).filter(isArea)]);
  }
  return pieces;
}

/** The geometry of a country cut at the antimeridian; a country that does not reach it comes back as it was. */
export function splitAtAntimeridian<P>(country: Feature<Geometry, P>): Feature<Geometry, P> {
  const geometry = country.geometry;
  const polygons =
    geometry.type === 'Polygon'
      ? [geometry.coordinates]
      : geometry.type === 'MultiPolygon'
        ? geometry.coordinates
        : undefined;
  if (polygons === undefined) return country;
  const pieces = polygons.flatMap(splitPolygon);
  return { ...country, geometry: { type: 'MultiPolygon', coordinates: pieces } };
}
