// The stand-in CAMARA operator's subscribers: each number behaves one way, so a test picks the behaviour by the
// number it registers (register-user DEVELOPER <digits>). Numbers the operator does not know get unknown_user_id.
import type { Area } from '../../src/api/device-location';

/** How the subscriber answers the operator's question on the phone. */
export type ConsentBehaviour =
  /** Has consented before: the first poll gets the token. */
  | 'at-once'
  /** Pending until the test approves or refuses on the phone (standIn.answer(number, yes)). */
  | 'on-request'
  /** Says no: the first poll gets access_denied. */
  | 'refuses'
  /** Never answers: the request expires. */
  | 'never';

/** A raw answer the API gives instead of the subscriber's location: the traps. */
export interface RawAnswer {
  status: number;
  headers?: Record<string, string>;
  body: string;
}

export interface Subscriber {
  consent: ConsentBehaviour;
  /** Seconds the CIBA request lives (expires_in). */
  expiresIn?: number;
  /** The interval the acknowledgement names; null: none (the client must use 5). */
  interval?: number | null;
  /** Seconds the access token lives. */
  tokenSeconds?: number;
  /** Where the network places the phone, and how old the fix is; absent: it cannot locate the phone. */
  fix?: { area: Area; ageSeconds: number };
  /** An error the API answers ({status, code}), whatever is asked. */
  error?: { status: number; code: string };
  /** A raw answer of the API, or 'hang': the API never answers. */
  raw?: RawAnswer | 'hang';
  /** The first polls answer slow_down however patient the client was (an operator under load). */
  slowDownPolls?: number;
  /** The token endpoint, once the subscriber consents: a raw answer, or 'hang'. */
  tokenRaw?: RawAnswer | 'hang';
}

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 };
const circle = (radius: number) => ({ areaType: 'CIRCLE' as const, center: HELSINKI, radius });
const TAMPERE_POLYGON: Area = {
  areaType: 'POLYGON',
  boundary: [
    { latitude: 61.5025, longitude: 23.7412 },
    { latitude: 61.5031, longitude: 23.7893 },
    { latitude: 61.4902, longitude: 23.8015 },
    { latitude: 61.4847, longitude: 23.7626 },
    { latitude: 61.4929, longitude: 23.7354 },
  ],
};
const located = { area: circle(1200), ageSeconds: 30 };

/** A 200 JSON answer whose body is `body` (traps for the consumer's strict reading). */
function json200(body: unknown): RawAnswer {
  return {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** The cast, by E.164 number. The last digits name the case; the first ones are a Finnish mobile range. */
export const CAMARA_NUMBERS = {
  atOnce: '+358501000001',
  approves: '+358501000002',
  polygon: '+358501000003',
  refuses: '+358501000004',
  neverAnswers: '+358501000005',
  unlocatable: '+358501000006',
  notApplicable: '+358501000007',
  deviceNotFound: '+358501000008',
  staleFix: '+358501000009',
  noInterval: '+358501000010',
  shortToken: '+358501000011',
  apiDown: '+358501000012',
  apiHangs: '+358501000013',
  tokenHangs: '+358501000014',
  tokenDown: '+358501000015',
  slowDown: '+358501000016',
  /** A hostile operator: a consent request that lives a day, and slow_down at every poll. */
  dayLongWait: '+358501000017',
  /** Consents at once; the test makes the token endpoint fail, then come back (standIn.tokenDown). */
  flaky: '+358501000018',
  /** Approve on request, each for one browser test of the wait alone (an answer on the phone answers all). */
  cancels: '+358501000019',
  reloads: '+358501000020',
  // Hostile answers of the API, each after consent at once.
  radiusMissing: '+358501000021',
  latitudeOutOfRange: '+358501000022',
  polygonTwoPoints: '+358501000023',
  polygonSixteenPoints: '+358501000024',
  timeWithoutZone: '+358501000025',
  timeInFuture: '+358501000026',
  htmlPage: '+358501000027',
  hugeBody: '+358501000028',
  otherDevice: '+358501000029',
  wrongCorrelator: '+358501000030',
  notJson: '+358501000031',
  unknownAreaType: '+358501000032',
  latitudeAsText: '+358501000033',
  tokenNotBearer: '+358501000034',
  apiRedirects: '+358501000035',
  /** Never registered with the operator. */
  unknown: '+358501009999',
} as const;

const N = CAMARA_NUMBERS;
const point = (latitude: number, longitude: number) => ({ latitude, longitude });

/** Each number's behaviour; `{now}` in a raw body is replaced by the time of the answer. */
export const SUBSCRIBERS: Readonly<Record<string, Subscriber>> = {
  [N.atOnce]: { consent: 'at-once', fix: located },
  [N.approves]: { consent: 'on-request', expiresIn: 120, fix: located },
  [N.polygon]: { consent: 'at-once', fix: { area: TAMPERE_POLYGON, ageSeconds: 90 } },
  [N.refuses]: { consent: 'refuses', fix: located },
  [N.neverAnswers]: { consent: 'never', expiresIn: 8, interval: 2, fix: located },
  [N.unlocatable]: { consent: 'at-once' },
  [N.notApplicable]: { consent: 'at-once', error: { status: 422, code: 'SERVICE_NOT_APPLICABLE' } },
  [N.deviceNotFound]: {
    consent: 'at-once',
    error: { status: 404, code: 'LOCATION_RETRIEVAL.DEVICE_NOT_FOUND' },
  },
  [N.staleFix]: { consent: 'at-once', fix: { area: circle(3000), ageSeconds: 7200 } },
  [N.noInterval]: { consent: 'at-once', interval: null, fix: located },
  [N.shortToken]: { consent: 'at-once', tokenSeconds: 90, fix: located },
  [N.apiDown]: {
    consent: 'at-once',
    raw: { status: 503, headers: { 'Content-Type': 'text/html' }, body: '<html>Service Unavailable</html>' },
  },
  [N.apiHangs]: { consent: 'at-once', raw: 'hang' },
  [N.slowDown]: { consent: 'at-once', interval: 2, slowDownPolls: 2, fix: located },
  [N.dayLongWait]: { consent: 'never', expiresIn: 86_400, slowDownPolls: 1_000_000, fix: located },
  [N.flaky]: { consent: 'on-request', expiresIn: 120, fix: located },
  [N.cancels]: { consent: 'on-request', expiresIn: 120, fix: located },
  [N.reloads]: { consent: 'on-request', expiresIn: 120, fix: located },
  [N.tokenHangs]: { consent: 'at-once', tokenRaw: 'hang', fix: located },
  [N.tokenDown]: {
    consent: 'at-once',
    tokenRaw: { status: 503, headers: { 'Content-Type': 'text/plain' }, body: 'upstream connect error' },
    fix: located,
  },
  [N.radiusMissing]: {
    consent: 'at-once',
    raw: json200({ lastLocationTime: '{now}', area: { areaType: 'CIRCLE', center: HELSINKI } }),
  },
  [N.latitudeOutOfRange]: {
    consent: 'at-once',
    raw: json200({
      lastLocationTime: '{now}',
      area: { areaType: 'CIRCLE', center: point(95, 24.9), radius: 800 },
    }),
  },
  [N.polygonTwoPoints]: {
    consent: 'at-once',
    raw: json200({
      lastLocationTime: '{now}',
      area: { areaType: 'POLYGON', boundary: [point(60.1, 24.9), point(60.2, 25)] },
    }),
  },
  [N.polygonSixteenPoints]: {
    consent: 'at-once',
    raw: json200({
      lastLocationTime: '{now}',
      area: {
        areaType: 'POLYGON',
        boundary: Array.from({ length: 16 }, (_, i) =>
          point(60 + Math.sin((i * Math.PI) / 8) / 100, 25 + Math.cos((i * Math.PI) / 8) / 100),
        ),
      },
    }),
  },
  [N.timeWithoutZone]: {
    consent: 'at-once',
    raw: json200({ lastLocationTime: '2025-01-01T10:00:00', area: circle(800) }),
  },
  [N.timeInFuture]: {
    consent: 'at-once',
    raw: json200({ lastLocationTime: '2999-01-01T00:00:00Z', area: circle(800) }),
  },
  [N.htmlPage]: {
    consent: 'at-once',
    raw: { status: 200, headers: { 'Content-Type': 'text/html' }, body: '<!DOCTYPE html><html>Login</html>' },
  },
  [N.hugeBody]: {
    consent: 'at-once',
    raw: json200(
      `{"lastLocationTime":"{now}","area":{"areaType":"CIRCLE","radius":800,"pad":"${'x'.repeat(200_000)}"}}`,
    ),
  },
  [N.otherDevice]: {
    consent: 'at-once',
    raw: json200({ lastLocationTime: '{now}', area: circle(800), device: { phoneNumber: '+358409999999' } }),
  },
  [N.wrongCorrelator]: {
    consent: 'at-once',
    raw: {
      ...json200({ lastLocationTime: '{now}', area: circle(800) }),
      headers: { 'Content-Type': 'application/json', 'x-correlator': 'someone-else' },
    },
  },
  [N.notJson]: { consent: 'at-once', raw: json200('{"lastLocationTime": "{now}", "area": {') },
  [N.unknownAreaType]: {
    consent: 'at-once',
    raw: json200({ lastLocationTime: '{now}', area: { areaType: 'SQUARE', center: HELSINKI, side: 800 } }),
  },
  [N.latitudeAsText]: {
    consent: 'at-once',
    raw: json200({
      lastLocationTime: '{now}',
      area: { areaType: 'CIRCLE', center: { latitude: '60.17', longitude: 24.9 }, radius: 800 },
    }),
  },
  [N.apiRedirects]: {
    consent: 'at-once',
    raw: { status: 302, headers: { Location: 'https://login.example/' }, body: '' },
  },
  [N.tokenNotBearer]: {
    consent: 'at-once',
    tokenRaw: json200({ access_token: 'abc', token_type: 'mac', expires_in: 3600 }),
    fix: located,
  },
};

/**
 * The subscriber a number names: one of the cast, or one of the cast with two more digits (a browser test's own
 * number, so that its answer on the phone answers no other test's request: see e2e/fixtures.ts, ownNumber).
 */
export function subscriberOf(number: string): Subscriber | undefined {
  return SUBSCRIBERS[number] ?? (number.length === 15 ? SUBSCRIBERS[number.slice(0, 13)] : undefined);
}

/** Replaced in a raw body by the time of the answer. */
export const NOW_PLACEHOLDER = '{now}';
