// The stand-in operator's Device Location API (location-retrieval 0.5, location-verification 3, r3.2), for
// three-legged tokens: the subscriber comes from the token, a `device` in the body is 422 UNNECESSARY_IDENTIFIER.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETRIEVAL_SCOPE, VERIFICATION_SCOPE, X_CORRELATOR, type Area } from '../../src/api/device-location';
import { NOW_PLACEHOLDER, subscriberOf } from './camara-subscribers';

export interface IssuedToken {
  number: string;
  scopes: string[];
  /** Unix milliseconds. */
  expiresAt: number;
}

/** A request to the API as the stand-in saw it, for tests (the token is not kept). */
export interface SeenApiRequest {
  number: string | undefined;
  operation: 'retrieve' | 'verify';
  correlator: string | undefined;
  body: string;
}

export interface ApiState {
  tokens: Map<string, IssuedToken>;
  now: () => number;
  seen: SeenApiRequest[];
}

/** The smallest verification radius this operator accepts (the YAML's example of a local restriction), and the
 *  largest; its INVALID_AREA names both in its message, as the YAML asks ("will refer to the reason"). */
export const MIN_VERIFY_RADIUS_M = 1000;
export const MAX_VERIFY_RADIUS_M = 200_000;
/** The operator covers Finland, roughly: a circle centred outside is LOCATION_VERIFICATION.AREA_NOT_COVERED. */
const COVERAGE = { south: 59.5, north: 70.1, west: 19.0, east: 31.6 };

function send(res: ServerResponse, status: number, body: unknown, correlator: string | undefined): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    ...(correlator !== undefined && { 'x-correlator': correlator }),
  });
  res.end(JSON.stringify(body));
}

function error(
  res: ServerResponse,
  status: number,
  code: string,
  correlator: string | undefined,
  message = code.toLowerCase().replaceAll('_', ' '),
): void {
  send(res, status, { status, code, message }, correlator);
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

function metresBetween(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The network's area as a circle: a polygon's centre (mean of corners) and its farthest corner. */
function asCircle(area: Area) {
  if (area.areaType === 'CIRCLE') return { center: area.center, radius: area.radius };
  const n = area.boundary.length;
  const center = {
    latitude: area.boundary.reduce((sum, p) => sum + p.latitude, 0) / n,
    longitude: area.boundary.reduce((sum, p) => sum + p.longitude, 0) / n,
  };
  return { center, radius: Math.max(...area.boundary.map((p) => metresBetween(center, p))) };
}

/** The area two circles share (flat geometry, fine at a city's scale). */
function overlap(r1: number, r2: number, d: number): number {
  if (d >= r1 + r2) return 0;
  if (d <= Math.abs(r1 - r2)) return Math.PI * Math.min(r1, r2) ** 2;
  const a1 = r1 * r1 * Math.acos((d * d + r1 * r1 - r2 * r2) / (2 * d * r1));
  const a2 = r2 * r2 * Math.acos((d * d + r2 * r2 - r1 * r1) / (2 * d * r2));
  return a1 + a2 - 0.5 * Math.sqrt((-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2));
}

/** TRUE when the network's area lies inside the asked circle, FALSE when apart, else PARTIAL: (R ∩ N) / N. */
export function verification(
  asked: { center: { latitude: number; longitude: number }; radius: number },
  area: Area,
) {
  const network = asCircle(area);
  const d = metresBetween(asked.center, network.center);
  if (d + network.radius <= asked.radius) return { verificationResult: 'TRUE' };
  if (d >= asked.radius + network.radius) return { verificationResult: 'FALSE' };
  const rate = Math.round((overlap(asked.radius, network.radius, d) / (Math.PI * network.radius ** 2)) * 100);
  return { verificationResult: 'PARTIAL', matchRate: Math.min(99, Math.max(1, rate)) };
}

/** The YAML's Circle (Device Location's and geofencing's areas alike), or undefined when it is not one. */
export function readCircle(value: unknown) {
  const area = value as {
    areaType?: unknown;
    center?: { latitude?: unknown; longitude?: unknown };
    radius?: unknown;
  };
  const { center, radius } = area ?? {};
  if (
    area?.areaType !== 'CIRCLE' ||
    typeof center?.latitude !== 'number' ||
    typeof center.longitude !== 'number' ||
    Math.abs(center.latitude) > 90 ||
    Math.abs(center.longitude) > 180 ||
    typeof radius !== 'number' ||
    radius < 1
  ) {
    return undefined;
  }
  return { center: { latitude: center.latitude, longitude: center.longitude }, radius };
}

/** The token the request's bearer names (issued by this stand-in), expired or not; undefined without one. */
export function presentedToken(
  req: IncomingMessage,
  tokens: Map<string, IssuedToken>,
): IssuedToken | undefined {
  const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  return bearer === undefined ? undefined : tokens.get(bearer);
}

/** Whether a presented token opens the API at `now`: issued here and not expired (else 401 UNAUTHENTICATED). */
export const liveToken = (token: IssuedToken | undefined, now: number): token is IssuedToken =>
  token !== undefined && token.expiresAt > now;

/** Answers POST {root}/location-retrieval/v0.5/retrieve and {root}/location-verification/v3/verify. */
export function handleApi(
  state: ApiState,
  operation: 'retrieve' | 'verify',
  req: IncomingMessage,
  res: ServerResponse,
  text: string,
): void {
  const given = req.headers['x-correlator'];
  const correlator = typeof given === 'string' && X_CORRELATOR.test(given) ? given : undefined;
  const token = presentedToken(req, state.tokens);
  state.seen.push({
    number: token?.number,
    operation,
    correlator: typeof given === 'string' ? given : undefined,
    body: text,
  });
  if (typeof given === 'string' && correlator === undefined)
    return error(res, 400, 'INVALID_ARGUMENT', undefined);
  if (!liveToken(token, state.now())) return error(res, 401, 'UNAUTHENTICATED', correlator);
  const scope = operation === 'retrieve' ? RETRIEVAL_SCOPE : VERIFICATION_SCOPE;
  if (!token.scopes.includes(scope)) return error(res, 403, 'PERMISSION_DENIED', correlator);
  const subscriber = subscriberOf(token.number);
  if (subscriber?.raw === 'hang') return;
  if (subscriber?.raw !== undefined) {
    res.writeHead(subscriber.raw.status, subscriber.raw.headers);
    return void res.end(subscriber.raw.body.replaceAll(NOW_PLACEHOLDER, new Date(state.now()).toISOString()));
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('not an object');
  } catch {
    return error(res, 400, 'INVALID_ARGUMENT', correlator);
  }
  if (body.device !== undefined) return error(res, 422, 'UNNECESSARY_IDENTIFIER', correlator);
  const { maxAge } = body;
  if (maxAge !== undefined && (typeof maxAge !== 'number' || !Number.isInteger(maxAge) || maxAge < 0)) {
    return error(res, 400, 'INVALID_ARGUMENT', correlator);
  }
  const asked = operation === 'verify' ? readCircle(body.area) : undefined;
  if (operation === 'verify' && asked === undefined) return error(res, 400, 'INVALID_ARGUMENT', correlator);
  if (subscriber?.error !== undefined)
    return error(res, subscriber.error.status, subscriber.error.code, correlator);
  const prefix = operation === 'retrieve' ? 'LOCATION_RETRIEVAL' : 'LOCATION_VERIFICATION';
  if (asked !== undefined) {
    if (asked.radius < MIN_VERIFY_RADIUS_M || asked.radius > MAX_VERIFY_RADIUS_M) {
      const limits = `the radius must be at least ${MIN_VERIFY_RADIUS_M} m and at most ${MAX_VERIFY_RADIUS_M / 1000} km`;
      return error(
        res,
        422,
        `${prefix}.INVALID_AREA`,
        correlator,
        `The requested area is invalid: ${limits}`,
      );
    }
    const { latitude, longitude } = asked.center;
    if (
      latitude < COVERAGE.south ||
      latitude > COVERAGE.north ||
      longitude < COVERAGE.west ||
      longitude > COVERAGE.east
    ) {
      return error(res, 422, `${prefix}.AREA_NOT_COVERED`, correlator);
    }
  }
  const fix = subscriber?.fix;
  if (fix === undefined) return error(res, 422, `${prefix}.UNABLE_TO_LOCATE`, correlator);
  if (maxAge !== undefined && fix.ageSeconds > maxAge) {
    return error(res, 422, `${prefix}.UNABLE_TO_FULFILL_MAX_AGE`, correlator);
  }
  const lastLocationTime = new Date(state.now() - fix.ageSeconds * 1000).toISOString();
  if (asked === undefined) return send(res, 200, { lastLocationTime, area: fix.area }, correlator);
  send(res, 200, { ...verification(asked, fix.area), lastLocationTime }, correlator);
}
