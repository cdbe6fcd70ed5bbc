import type { CamaraAnswer, CamaraAsk, CamaraQuestion, LatLon } from '../../api/camara';
import type { LocatedAnswer, VerifiedAnswer } from './answers';
import type { ConsumerFailure } from './failures';
import {
  PHONE_NUMBER,
  RETRIEVAL_SCOPE,
  VERIFICATION_SCOPE,
  type DeviceLocationScope,
} from '../../api/device-location';

/** What a person asks: where the phone is (a fresh fix, or any the network has), or whether it is in a circle. */
export type ConsumerAsk = CamaraAsk;

/**
 * The maxAge sent when the person asks for a fresh fix. maxAge 0 demands a location computed now, which many
 * networks cannot do on demand (UNABLE_TO_FULFILL_MAX_AGE); a fix from the last minute is fresh to a person.
 */
export const FRESH_MAX_AGE_SECONDS = 60;

/** The registered number (digits, international form) as CAMARA names it, or undefined when it is not E.164. */
export function phoneNumberOf(msisdn: string): string | undefined {
  const phone = `+${msisdn}`;
  return PHONE_NUMBER.test(phone) ? phone : undefined;
}

export function apiScopeOf(kind: CamaraQuestion): DeviceLocationScope {
  return kind === 'locate' ? RETRIEVAL_SCOPE : VERIFICATION_SCOPE;
}

/** The scope asked for: `openid` (ICM: clients SHOULD send it), exactly one purpose, the API's scope. */
export function scopeOf(kind: CamaraQuestion, purpose: string): string {
  return `openid ${purpose} ${apiScopeOf(kind)}`;
}

function isPoint(value: unknown): value is LatLon {
  const point = value as Partial<LatLon> | null;
  return (
    typeof point === 'object' &&
    point !== null &&
    typeof point.lat === 'number' &&
    typeof point.lon === 'number' &&
    Math.abs(point.lat) <= 90 &&
    Math.abs(point.lon) <= 180
  );
}

/** A kept ask read back; undefined when the row does not hold one (written by hand, by another version). */
export function readAsk(text: string): ConsumerAsk | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ask = value as Record<string, unknown> | null;
  if (typeof ask !== 'object' || ask === null) return undefined;
  if (ask.kind === 'locate' && typeof ask.fresh === 'boolean') return { kind: 'locate', fresh: ask.fresh };
  if (ask.kind === 'verify' && isPoint(ask.center) && typeof ask.radiusM === 'number' && ask.radiusM >= 1) {
    return { kind: 'verify', center: { lat: ask.center.lat, lon: ask.center.lon }, radiusM: ask.radiusM };
  }
  return undefined;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function locatedAnswer(answer: LocatedAnswer, now: number): CamaraAnswer {
  return {
    state: 'located',
    area: answer.area,
    lastLocationTime: iso(answer.lastLocationTime),
    answeredAt: iso(now),
  };
}

export type VerifyAsk = Extract<ConsumerAsk, { kind: 'verify' }>;

export function verifiedAnswer(answer: VerifiedAnswer, ask: VerifyAsk, now: number): CamaraAnswer {
  return {
    state: 'verified',
    result: answer.result,
    ...(answer.matchRate !== undefined && { matchRate: answer.matchRate }),
    circle: { center: ask.center, radiusM: ask.radiusM },
    lastLocationTime: iso(answer.lastLocationTime),
    answeredAt: iso(now),
  };
}

export function failedAnswer(failure: ConsumerFailure): CamaraAnswer {
  return {
    state: 'failed',
    reason: failure.reason,
    ...(failure.field !== undefined && { field: failure.field }),
    ...(failure.retryAfterSeconds !== undefined && { retryAfterSeconds: failure.retryAfterSeconds }),
    ...(failure.radius !== undefined && { radius: failure.radius }),
  };
}

/** A kept answer read back (the engine's own JSON); undefined when the row holds none it can read. */
export function readAnswer(text: string): CamaraAnswer | undefined {
  try {
    const answer = JSON.parse(text) as CamaraAnswer | null;
    return typeof answer === 'object' && answer !== null && typeof answer.state === 'string'
      ? answer
      : undefined;
  } catch {
    return undefined;
  }
}
