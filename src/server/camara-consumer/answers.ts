import type { CamaraArea, VerificationAnswer } from '../../api/camara';
import { readArea } from './area';
import { jsonObject } from '../platform/net/json-object';
import { malformedAnswer, type ConsumerFailure } from './failures';

/** How far the operator's clock may run ahead of the service's, and how much older than maxAge a fix may be. */
export const CLOCK_SKEW_SECONDS = 60;

/** RFC 3339 `date-time` with its time zone, as the spec demands. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** The instant, or NaN: a day the month does not have (Date.parse would roll 30 February into March) is none. */
function instantOf(text: string): number {
  const parts = DATE_TIME.exec(text);
  if (parts === null) return Number.NaN;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth
    ? Date.parse(text.toUpperCase())
    : Number.NaN;
}

export interface AnswerContext {
  /** Unix milliseconds, the service's clock. */
  now: number;
  /** Seconds, when the service asked for a fix no older than this. */
  maxAge?: number;
  /** The number asked about, as sent ("+358..."). */
  phoneNumber: string;
}

export interface LocatedAnswer {
  area: CamaraArea;
  /** Unix milliseconds. */
  lastLocationTime: number;
}

export interface VerifiedAnswer {
  result: VerificationAnswer;
  matchRate?: number;
  lastLocationTime: number;
}

type Read<T> = { ok: true; value: T } | { ok: false; failure: ConsumerFailure };

/**
 * `lastLocationTime`: a real instant, not in the future, and (when a maxAge was asked) not older than asked. An old
 * fix sent for a fresh one is never passed on as fresh: it counts as no fresh fix.
 */
function readTime(value: unknown, context: AnswerContext): Read<number> {
  const time = typeof value === 'string' ? instantOf(value) : Number.NaN;
  if (typeof value !== 'string' || Number.isNaN(time)) {
    return {
      ok: false,
      failure: malformedAnswer('lastLocationTime', 'missing or not an RFC 3339 date-time with a time zone'),
    };
  }
  if (time > context.now + CLOCK_SKEW_SECONDS * 1000) {
    return { ok: false, failure: malformedAnswer('lastLocationTime', `${value} is in the future`) };
  }
  if (context.maxAge !== undefined && time < context.now - (context.maxAge + CLOCK_SKEW_SECONDS) * 1000) {
    return {
      ok: false,
      failure: {
        reason: 'no-fresh-fix',
        detail: `the operator answered a fix from ${value} when asked for one at most ${context.maxAge} s old`,
      },
    };
  }
  return { ok: true, value: time };
}

/**
 * With a three-legged token the answer names no device; one that does must name the number asked about, or the
 * answer is about another phone and nothing of it may be shown.
 */
function checkDevice(body: Record<string, unknown>, context: AnswerContext): ConsumerFailure | undefined {
  if (body.device === undefined) return undefined;
  const device = body.device as { phoneNumber?: unknown } | null;
  if (typeof device !== 'object' || device === null || device.phoneNumber !== context.phoneNumber) {
    return malformedAnswer('device', 'names another device than the one asked about');
  }
  return undefined;
}

/** The retrieval's `Location`, strictly. */
export function readLocation(text: string, context: AnswerContext): Read<LocatedAnswer> {
  const body = jsonObject(text);
  if (body === undefined) return { ok: false, failure: malformedAnswer('body', 'not a JSON object') };
  const device = checkDevice(body, context);
  if (device !== undefined) return { ok: false, failure: device };
  const area = readArea(body.area);
  if (!area.ok) return area;
  const time = readTime(body.lastLocationTime, context);
  if (!time.ok) return time;
  return { ok: true, value: { area: area.value, lastLocationTime: time.value } };
}

const RESULTS: readonly VerificationAnswer[] = ['TRUE', 'FALSE', 'PARTIAL'];

/** The verification's `VerifyLocationResponse`, strictly: `matchRate` (1-99) with PARTIAL and only then. */
export function readVerification(text: string, context: AnswerContext): Read<VerifiedAnswer> {
  const body = jsonObject(text);
  if (body === undefined) return { ok: false, failure: malformedAnswer('body', 'not a JSON object') };
  const device = checkDevice(body, context);
  if (device !== undefined) return { ok: false, failure: device };
  const result = RESULTS.find((candidate) => candidate === body.verificationResult);
  if (result === undefined) {
    return {
      ok: false,
      failure: malformedAnswer('verificationResult', 'not TRUE, FALSE or PARTIAL (v3 has no UNKNOWN)'),
    };
  }
  const { matchRate } = body;
  if (result === 'PARTIAL') {
    if (typeof matchRate !== 'number' || !Number.isInteger(matchRate) || matchRate < 1 || matchRate > 99) {
      return {
        ok: false,
        failure: malformedAnswer('matchRate', 'PARTIAL without a whole percentage from 1 to 99'),
      };
    }
  } else if (matchRate !== undefined) {
    return { ok: false, failure: malformedAnswer('matchRate', `given with ${result}; only PARTIAL has one`) };
  }
  const time = readTime(body.lastLocationTime, context);
  if (!time.ok) return time;
  return {
    ok: true,
    value: {
      result,
      ...(result === 'PARTIAL' && { matchRate: matchRate as number }),
      lastLocationTime: time.value,
    },
  };
}
