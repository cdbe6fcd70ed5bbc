import type { CamaraArea, LatLon } from '../../api/camara';
import { malformedAnswer, type ConsumerFailure } from './failures';
import { POLYGON_MAX_POINTS, POLYGON_MIN_POINTS } from '../../api/device-location';

const EARTH_RADIUS_M = 6_371_008.8;
/** Half the Earth's circumference: no circle on it has a larger radius. */
const MAX_RADIUS_M = 20_015_087;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMetres(a: LatLon, b: LatLon): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Read<T> = { ok: true; value: T } | { ok: false; failure: ConsumerFailure };

const fail = <T>(field: string, problem: string): Read<T> => ({
  ok: false,
  failure: malformedAnswer(field, problem),
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `Point`: both coordinates JSON numbers within their ranges. */
export function readPoint(value: unknown, field: string): Read<LatLon> {
  if (!isRecord(value)) return fail(field, 'not a point');
  const { latitude, longitude } = value;
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    return fail(`${field}.latitude`, 'missing or not a latitude from -90 to 90');
  }
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    return fail(`${field}.longitude`, 'missing or not a longitude from -180 to 180');
  }
  return { ok: true, value: { lat: latitude, lon: longitude } };
}

/**
 * The mean of the corners. Longitudes are taken relative to the first corner, so a polygon across 180° has its
 * centre between its corners, not on the far side of the Earth.
 */
function centreOf(points: LatLon[]): LatLon {
  const first = points[0]?.lon ?? 0;
  const unwrapped = points.map((point) => first + ((((point.lon - first + 180) % 360) + 360) % 360) - 180);
  const lon = unwrapped.reduce((sum, value) => sum + value, 0) / points.length;
  const lat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
  return { lat, lon: ((((lon + 180) % 360) + 360) % 360) - 180 };
}

function readCircle(area: Record<string, unknown>): Read<CamaraArea> {
  const center = readPoint(area.center, 'area.center');
  if (!center.ok) return center;
  const { radius } = area;
  if (typeof radius !== 'number' || !Number.isFinite(radius) || radius < 1 || radius > MAX_RADIUS_M) {
    return fail('area.radius', 'missing or not a radius in metres from 1');
  }
  return { ok: true, value: { shape: 'circle', center: center.value, radiusM: radius } };
}

function readPolygon(area: Record<string, unknown>): Read<CamaraArea> {
  const { boundary } = area;
  if (!Array.isArray(boundary)) return fail('area.boundary', 'missing or not a list of points');
  if (boundary.length < POLYGON_MIN_POINTS || boundary.length > POLYGON_MAX_POINTS) {
    return fail(
      'area.boundary',
      `has ${boundary.length} points; a polygon has ${POLYGON_MIN_POINTS} to ${POLYGON_MAX_POINTS}`,
    );
  }
  const points: LatLon[] = [];
  for (const [index, item] of boundary.entries()) {
    const point = readPoint(item, `area.boundary[${index}]`);
    if (!point.ok) return point;
    points.push(point.value);
  }
  if (new Set(points.map((point) => `${point.lat},${point.lon}`)).size < POLYGON_MIN_POINTS) {
    return fail('area.boundary', 'has fewer than three different points: it encloses nothing');
  }
  const center = centreOf(points);
  const radiusM = Math.max(...points.map((point) => distanceMetres(center, point)));
  return { ok: true, value: { shape: 'polygon', points, center, radiusM } };
}

/** An `Area`, strictly: CIRCLE with a centre and a radius of at least 1 m, or POLYGON of 3 to 15 points. */
export function readArea(value: unknown): Read<CamaraArea> {
  if (!isRecord(value)) return fail('area', 'missing or not an area');
  if (value.areaType === 'CIRCLE') return readCircle(value);
  if (value.areaType === 'POLYGON') return readPolygon(value);
  return fail('area.areaType', 'not CIRCLE or POLYGON');
}
