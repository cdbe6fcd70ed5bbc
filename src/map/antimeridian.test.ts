import type { Feature, Geometry, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import atlas from 'world-atlas/countries-110m.json';
import { describe, expect, it } from 'vitest';
import { splitAtAntimeridian } from './antimeridian';

const country = (geometry: Geometry): Feature<Geometry, null> => ({
  type: 'Feature',
  properties: null,
  geometry,
});
const pieces = (f: Feature<Geometry, unknown>): Position[][][] =>
  f.geometry.type === 'Polygon'
    ? [f.geometry.coordinates]
    : f.geometry.type === 'MultiPolygon'
      ? f.geometry.coordinates
      : [];

const atPole = (p: Position) => Math.abs(p[1] ?? 0) === 90;

/** The longest edge of any ring, an edge along a pole (the map's top or bottom) aside: a stripe if over 180°. */
function longestStep(f: Feature<Geometry, unknown>): number {
  let longest = 0;
  for (const polygon of pieces(f))
    for (const ring of polygon)
      ring.forEach((p: Position, i) => {
        const next = ring[i + 1];
        if (next && !(atPole(p) && atPole(next)))
          longest = Math.max(longest, Math.abs((next[0] ?? 0) - (p[0] ?? 0)));
      });
  return longest;
}

describe('splitAtAntimeridian', () => {
  it('leaves a country away from 180° as it was', () => {
    const finland = country({
      type: 'Polygon',
      coordinates: [
        [
          [20, 60],
          [30, 60],
          [30, 70],
          [20, 60],
        ],
      ],
    });
    expect(splitAtAntimeridian(finland).geometry).toEqual({
      type: 'MultiPolygon',
      coordinates: [(finland.geometry as Polygon).coordinates],
    });
  });

  it('cuts an island across 180° into its east and west parts, each inside the world', () => {
    const island = country({
      type: 'Polygon',
      coordinates: [
        [
          [178, -16],
          [180, -16],
          [-180, -16],
          [-178, -17],
          [-180, -18],
          [180, -18],
          [178, -16],
        ],
      ],
    });
    const split = splitAtAntimeridian(island);
    expect(longestStep(split)).toBeLessThan(180);
    const ranges = pieces(split).map((polygon) => {
      const lons = (polygon[0] ?? []).map((p) => p[0] ?? 0);
      return [Math.min(...lons), Math.max(...lons)];
    });
    expect(ranges).toEqual([
      [178, 180],
      [-180, -178],
    ]);
  });

  it('closes a ring round the South Pole along the pole, and cuts it at 180°', () => {
    const ice = country({
      type: 'Polygon',
      coordinates: [
        [
          [-170, -70],
          [0, -65],
          [170, -70],
          [180, -72],
          [-180, -72],
          [-170, -70],
        ],
      ],
    });
    const split = splitAtAntimeridian(ice);
    expect(longestStep(split)).toBeLessThanOrEqual(180);
    const all = pieces(split).flatMap((polygon) => polygon[0] ?? []);
    expect(Math.min(...all.map((p) => p[1] ?? 0))).toBe(-90);
    expect(all.every(([lon = 0]) => lon >= -180 && lon <= 180)).toBe(true);
  });

  it('leaves no stripe in the world atlas the app draws', () => {
    const topology = atlas as unknown as Parameters<typeof feature>[0];
    const countries = topology.objects.countries;
    if (countries?.type !== 'GeometryCollection') throw new Error('no countries');
    for (const geometry of countries.geometries) {
      const drawn = feature(topology, geometry) as Feature<Geometry, { name?: string } | null>;
      expect(longestStep(splitAtAntimeridian(drawn)), drawn.properties?.name).toBeLessThanOrEqual(180);
    }
  });
});
