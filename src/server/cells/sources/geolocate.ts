import { jsonObject } from '../../platform/net/json-object';
import { excerpt } from '../../platform/net/safe-text';
import type { Radio } from '../../../api/cell-facts';
import type { CellQuestion, CellSource, SourceResult } from './cell-source';
import { missingFields, secondsToUtcMidnight } from './cell-source';
import { askSource, isHtml, optionalNumber, type HttpAnswer, type SourceHttp } from './source-http';

export const DEFAULT_GEOLOCATE_URL = 'https://api.beacondb.net/v1/geolocate';

export interface GeolocateSettings {
  url: string;
  key?: string;
}

/** The radio names of the Google Geolocation API and ichnaea: UMTS is `wcdma`. */
export const RADIO_TYPES: Record<Radio, string> = { GSM: 'gsm', UMTS: 'wcdma', LTE: 'lte', NR: 'nr' };

const RATE_WAIT_SECONDS = 60;

/**
 * The request for one cell. Both fallbacks off (ichnaea's `fallbacks`, which wins over `considerIp`, and Google's
 * `considerIp`): an answer from the caller's IP address or a location area's centre is not the cell's place.
 */
export function geolocateBody(question: CellQuestion & { lac: number; radio: Radio }): string {
  const radioType = RADIO_TYPES[question.radio];
  return JSON.stringify({
    considerIp: false,
    fallbacks: { ipf: false, lacf: false },
    radioType,
    cellTowers: [
      {
        radioType,
        mobileCountryCode: question.key.mcc,
        mobileNetworkCode: question.key.mnc,
        locationAreaCode: question.lac,
        cellId: question.key.cellid,
        // Google names an NR cell's 36-bit identity so; ichnaea and beaconDB read cellId.
        ...(question.radio === 'NR' && { newRadioCellId: question.key.cellid }),
      },
    ],
  });
}

/** The documented error of a geolocate answer: `{"error": {"errors": [{"reason": …}], "code": …}}`. */
function reasonOf(
  body: Record<string, unknown> | undefined,
): { reason: string; message: string } | undefined {
  const error = body?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { errors, message } = error as { errors?: unknown; message?: unknown };
  const first = Array.isArray(errors) ? (errors[0] as { reason?: unknown } | undefined) : undefined;
  return {
    reason: typeof first?.reason === 'string' ? first.reason : '',
    message: typeof message === 'string' ? message : '',
  };
}

function failureOf(answer: HttpAnswer & { ok: true }, now: number): SourceResult {
  const body = jsonObject(answer.text);
  const error = reasonOf(body);
  const what = `HTTP ${answer.status}${error ? ` ${error.reason || error.message}` : isHtml(answer) ? ' with an HTML page' : ''}`;
  const failed = (failure: 'misconfigured' | 'unavailable' | 'unreadable', detail: string): SourceResult => ({
    kind: 'failed',
    failure,
    detail,
  });
  if (answer.status === 404) {
    // ichnaea and beaconDB say notFound; an early beaconDB answered an empty 404. Any other 404 is a wrong address.
    if (error?.reason === 'notFound' || answer.text.trim() === '') return { kind: 'not-found' };
    return failed('misconfigured', `no geolocate API at GEOLOCATE_URL (${what})`);
  }
  if (error?.reason === 'dailyLimitExceeded') {
    return {
      kind: 'failed',
      failure: 'limit',
      detail: `daily limit reached (${what})`,
      retryAfterSeconds: answer.retryAfterSeconds ?? secondsToUtcMidnight(now),
    };
  }
  if (error?.reason === 'userRateLimitExceeded' || answer.status === 429) {
    return {
      kind: 'failed',
      failure: 'limit',
      detail: `too many requests (${what})`,
      retryAfterSeconds: answer.retryAfterSeconds ?? RATE_WAIT_SECONDS,
    };
  }
  if (error?.reason === 'keyInvalid')
    return failed('misconfigured', `refused the key GEOLOCATE_KEY (${what})`);
  if (answer.status === 401 || answer.status === 403)
    return failed('misconfigured', `refused the request (${what})`);
  if (answer.status >= 500 || isHtml(answer)) return failed('unavailable', what);
  return failed('unreadable', `answered ${what}: ${excerpt(answer.text, 120)}`);
}

/** The meaning of one geolocate answer. */
export function readGeolocateAnswer(answer: HttpAnswer, question: CellQuestion, now: number): SourceResult {
  if (!answer.ok) return { kind: 'failed', failure: answer.failure, detail: answer.detail };
  if (answer.status !== 200) return failureOf(answer, now);
  const body = jsonObject(answer.text);
  if (body === undefined) return failureOf(answer, now);
  const unreadable = (field: string, rule: string): SourceResult => ({
    kind: 'failed',
    failure: 'unreadable',
    detail: `its ${field} ${rule}`,
    field,
  });
  // Any fallback (ipf: the caller's IP address, lacf: the area's centre) places something other than the cell.
  if (body.fallback !== undefined && body.fallback !== null && body.fallback !== false)
    return { kind: 'not-found' };
  const location = body.location;
  if (typeof location !== 'object' || location === null) return unreadable('location', 'is missing');
  const { lat: rawLat, lng: rawLng } = location as { lat?: unknown; lng?: unknown };
  const lat = optionalNumber(rawLat);
  const lng = optionalNumber(rawLng);
  const accuracy = optionalNumber(body.accuracy);
  if (lat === undefined) return unreadable('location.lat', 'is missing');
  if (lng === undefined) return unreadable('location.lng', 'is missing');
  if (lat === 'bad') return unreadable('location.lat', 'is not a number');
  if (lng === 'bad') return unreadable('location.lng', 'is not a number');
  if (accuracy === 'bad') return unreadable('accuracy', 'is not a number');
  return {
    kind: 'found',
    cell: {
      lat,
      lon: lng,
      lac: question.lac ?? 0,
      ...(question.radio !== undefined && { radio: question.radio }),
      ...(accuracy !== undefined && { accuracyMeters: Math.round(accuracy) }),
      origin: 'geolocate',
    },
  };
}

const NEEDS = ['lac', 'radio'] as const;

/**
 * An ichnaea-compatible geolocation API (beaconDB, Google, a self-hosted ichnaea): where a device hearing this one
 * cell would be. Needs the LAC and the radio type (without it Google assumes GSM and answers another cell).
 */
export function geolocateSource(
  settings: GeolocateSettings,
  http: SourceHttp,
  now: () => number = Date.now,
): CellSource {
  const url =
    settings.key === undefined ? settings.url : `${settings.url}?key=${encodeURIComponent(settings.key)}`;
  return {
    name: 'geolocate',
    live: true,
    needs: NEEDS,
    async ask(question, signal) {
      const { lac, radio } = question;
      if (lac === undefined || radio === undefined) {
        return { kind: 'needs', fields: missingFields(NEEDS, question) };
      }
      const body = geolocateBody({ ...question, lac, radio });
      const answer = await askSource(http, url, { method: 'POST', body }, signal);
      return readGeolocateAnswer(answer, question, now());
    },
  };
}
