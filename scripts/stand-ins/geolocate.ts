// An ichnaea-compatible geolocate API (mozilla/ichnaea docs/api/geolocate.rst and docs/api/index.rst, beaconDB's
// src/geolocate.rs, Google's error reasons), traps included: `lng` not `lon`, a `fallback` answer (beaconDB's GeoIP
// answer when ipf is not turned off), `wcdma` for UMTS, JSON numbers only, an empty 404, error pages, an accuracy
// no estimate can have and a latitude in words.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The key a geolocate service would issue; asking without a key is allowed, as beaconDB does. */
export const GEOLOCATE_KEY = 'stand-in-geolocate-key';

/** Cells it knows, by radioType/mcc/mnc/lac/cellId. */
export const GEOLOCATE_CELLS = {
  tampere: {
    radioType: 'lte',
    mcc: 244,
    mnc: 91,
    lac: 6001,
    cellid: 20500101,
    lat: 61.4978,
    lng: 23.761,
    accuracy: 850,
  },
  /** UMTS CI 203757467 (RNC 3109, CID 6043): only `wcdma` finds it. */
  jyvaskyla: {
    radioType: 'wcdma',
    mcc: 244,
    mnc: 12,
    lac: 110,
    cellid: 203757467,
    lat: 62.2426,
    lng: 25.7473,
    accuracy: 1500.5,
  },
  /** NR NCI 0x19B01. */
  espoo: {
    radioType: 'nr',
    mcc: 244,
    mnc: 91,
    lac: 6001,
    cellid: 105217,
    lat: 60.2055,
    lng: 24.6559,
    accuracy: 400,
  },
} as const;

export const GEOLOCATE_CASES = {
  ipFallback: 20591001,
  lacFallback: 20591002,
  notFoundEmpty: 20591003,
  dailyLimit: 20591004,
  rateLimit: 20591005,
  serverError: 20591006,
  htmlPage: 20591007,
  slow: 20591008,
  garbage: 20591009,
  lonNotLng: 20591010,
  userRateLimit: 20591011,
  /** An accuracy no estimate can have (1e10 m), and a latitude in words. */
  accuracyHuge: 20591012,
  latText: 20591013,
} as const;

const SLOW_ANSWER_MS = 20_000;
const RADIO_TYPES = ['gsm', 'wcdma', 'lte', 'nr'];

function error(res: ServerResponse, code: number, domain: string, reason: string, message: string): void {
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: { errors: [{ domain, reason, message }], code, message } }));
}

function located(res: ServerResponse, body: Record<string, unknown>): void {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

interface Tower {
  radioType?: unknown;
  mobileCountryCode?: unknown;
  mobileNetworkCode?: unknown;
  locationAreaCode?: unknown;
  cellId?: unknown;
}

/* beaconDB reads the request with serde: a string where a number belongs, or a radio it does not know, is a
   400 with a plain-text body, not ichnaea's JSON error. */
function plain400(res: ServerResponse, text: string): void {
  res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`Json deserialize error: ${text}`);
}

function geolocate(url: URL, text: string, req: IncomingMessage, res: ServerResponse): void {
  const key = url.searchParams.get('key');
  if (key !== null && key !== GEOLOCATE_KEY) {
    return error(res, 400, 'usageLimits', 'keyInvalid', 'Missing or invalid API key.');
  }
  if (!/^Cellpos\/\d/.test(req.headers['user-agent'] ?? '')) {
    res.writeHead(403, { 'Content-Type': 'text/html' });
    return void res.end('<html><body>Please identify your application in the User-Agent.</body></html>');
  }
  let body: { cellTowers?: Tower[]; considerIp?: unknown; fallbacks?: { ipf?: unknown; lacf?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return error(res, 400, 'global', 'parseError', 'Parse Error');
  }
  const tower = body.cellTowers?.[0] ?? {};
  for (const field of ['mobileCountryCode', 'mobileNetworkCode', 'locationAreaCode', 'cellId'] as const) {
    if (typeof tower[field] !== 'number')
      return plain400(res, `invalid type for ${field}, expected a number`);
  }
  if (typeof tower.radioType !== 'string' || !RADIO_TYPES.includes(tower.radioType)) {
    return plain400(
      res,
      `unknown variant \`${String(tower.radioType)}\`, expected one of gsm, wcdma, lte, nr`,
    );
  }
  const ipf = body.fallbacks?.ipf ?? body.considerIp ?? true;
  const lacf = body.fallbacks?.lacf ?? true;
  const C = GEOLOCATE_CASES;
  switch (tower.cellId) {
    case C.ipFallback:
      return located(res, {
        license: 'GeoIP data',
        location: { lat: 60.19, lng: 24.94 },
        accuracy: 25000,
        fallback: 'ipf',
      });
    case C.lacFallback:
      return located(res, { location: { lat: 60.3, lng: 24.8 }, accuracy: 15000, fallback: 'lacf' });
    case C.notFoundEmpty:
      res.writeHead(404);
      return void res.end();
    case C.dailyLimit:
      return error(res, 403, 'usageLimits', 'dailyLimitExceeded', 'You have exceeded your daily limit.');
    case C.userRateLimit:
      return error(
        res,
        403,
        'usageLimits',
        'userRateLimitExceeded',
        'You have exceeded the requests per second.',
      );
    case C.rateLimit:
      res.writeHead(429, { 'Retry-After': '120' });
      return void res.end();
    case C.serverError:
      res.writeHead(500);
      return void res.end();
    case C.htmlPage:
      res.writeHead(503, { 'Content-Type': 'text/html' });
      return void res.end(
        '<!DOCTYPE html><html><body><h1>503 Service Temporarily Unavailable</h1></body></html>',
      );
    case C.garbage:
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end('{"location": {"lat": 60.1');
    case C.accuracyHuge:
      return located(res, { location: { lat: 60.17, lng: 24.94 }, accuracy: 1e10 });
    case C.latText:
      return located(res, { location: { lat: 'north', lng: 24.94 }, accuracy: 100 });
    case C.lonNotLng:
      return located(res, { location: { lat: 60.17, lon: 24.94 }, accuracy: 100 });
    case C.slow: {
      const timer = setTimeout(
        () => located(res, { location: { lat: 60, lng: 25 }, accuracy: 9 }),
        SLOW_ANSWER_MS,
      );
      return void res.on('close', () => clearTimeout(timer));
    }
  }
  const known = Object.values(GEOLOCATE_CELLS).find(
    (cell) =>
      cell.radioType === tower.radioType &&
      cell.mcc === tower.mobileCountryCode &&
      cell.mnc === tower.mobileNetworkCode &&
      cell.lac === tower.locationAreaCode &&
      cell.cellid === tower.cellId,
  );
  if (known !== undefined) {
    const { lat, lng, accuracy } = known;
    return located(res, { location: { lat, lng }, accuracy });
  }
  // What ichnaea and beaconDB do for a cell they do not know when the fallbacks are left on.
  if (lacf !== false)
    return located(res, { location: { lat: 60.3, lng: 24.8 }, accuracy: 15000, fallback: 'lacf' });
  if (ipf !== false)
    return located(res, { location: { lat: 60.19, lng: 24.94 }, accuracy: 25000, fallback: 'ipf' });
  return error(
    res,
    404,
    'geolocation',
    'notFound',
    'No location could be estimated based on the data provided',
  );
}

/** Answers `POST /v1/geolocate[?key=]` (path without the stand-in's prefix); false for any other path. */
export function handleGeolocate(
  path: string,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
): boolean {
  if (path !== '/v1/geolocate') return false;
  if (req.method !== 'POST') {
    res.writeHead(405, { Allow: 'POST' });
    res.end();
    return true;
  }
  geolocate(url, body, req, res);
  return true;
}
