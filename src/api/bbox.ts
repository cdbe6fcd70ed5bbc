/**
 * WGS84 degrees. `west > east` is a box that crosses the antimeridian (as RFC 7946 writes a GeoJSON bbox), e.g.
 * west 170, east -170 is the 20° around 180°.
 */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}
