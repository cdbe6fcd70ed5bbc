import type { Radio } from '../../../api/cell-facts';
import type { Forwarded } from './forwarded';
import type { OperatorCaller } from './operator-link';
import type { CellKey } from '../../store/records';

/** The sources CELL_SOURCES may list, in the order they are asked. */
export const SOURCE_NAMES = ['store', 'operator', 'opencellid', 'geolocate'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

/** Whether a request to a live source may go (the key's budget has room), else when to try again. */
export type SourceSpend = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The service keys' budget at the live sources (platform/guard/limits.ts), the one port the sources are given for
 * it, once, when the mode is composed: each request a live source will make is charged to the question's key.
 */
export interface SourcesBudget {
  spend(serviceKey: string): SourceSpend | Promise<SourceSpend>;
}

/**
 * What the Cell read asks every source, one object per read (as ichnaea's query): the path as asked (text and
 * numbers), what the query added, and who asks.
 */
export interface CellQuestion {
  asked: { mcc: string; mnc: string; cellid: string };
  key: CellKey;
  lac?: number;
  radio?: Radio;
  /** The service key the live sources' requests are charged to (the guard's verdict); none: not limited. */
  serviceKey?: string;
  /** Proxy mode: the caller's keys and Accept, with which the operator source asks the operator. */
  caller?: OperatorCaller;
}

/** A cell as a source knows it. */
export interface SourcedCell {
  lat: number;
  lon: number;
  lac: number;
  name?: string;
  /** GSM, UMTS, LTE, NR (CDMA is kept as the source wrote it). */
  radio?: string;
  rangeMeters?: number;
  /** A geolocation estimate: how far a device hearing the cell may be from `lat`/`lon`. */
  accuracyMeters?: number;
  samples?: number;
  /** Unix seconds. */
  updated?: number;
  /** Whose data it is when that is not the source itself (an imported OpenCelliD row in the store). */
  origin?: string;
}

/**
 * Why a source gave no answer: `misconfigured` (it refused the service's own key or request), `limit` (its daily
 * limit or rate is reached), `unavailable` (down, an error page), `timeout`, `unreadable` (an answer we cannot read).
 */
export type SourceFailure = 'misconfigured' | 'limit' | 'unavailable' | 'timeout' | 'unreadable';

export type SourceResult =
  | { kind: 'found'; cell: SourcedCell }
  | { kind: 'not-found' }
  /** The source was not asked: it needs what the question did not give. */
  | { kind: 'needs'; fields: ReadonlyArray<'lac' | 'radio'> }
  | {
      kind: 'failed';
      failure: SourceFailure;
      detail: string;
      retryAfterSeconds?: number;
      /** An unreadable answer: the field that could not be used, as the source names it. */
      field?: string;
    }
  /** The operator's own answer to pass back as it came (its keys check failed, or it could not be asked). */
  | { kind: 'final'; forwarded: Forwarded };

export interface CellSource {
  name: SourceName;
  /** Asked over the network: its answers are kept in the cache, and a failure is logged for the operator. */
  live: boolean;
  /** What a question must give for the source to be asked at all (it answers `needs` otherwise). */
  needs?: ReadonlyArray<'lac' | 'radio'>;
  ask(question: CellQuestion, signal: AbortSignal): SourceResult | Promise<SourceResult>;
}

/** Of what a source needs, what the question does not give. */
export function missingFields(
  needs: ReadonlyArray<'lac' | 'radio'> | undefined,
  question: CellQuestion,
): Array<'lac' | 'radio'> {
  return (needs ?? []).filter((field) => question[field] === undefined);
}

/** Seconds from `now` (ms) to the next midnight UTC, when a daily limit is assumed to reset (at least a minute). */
export function secondsToUtcMidnight(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return Math.max(60, Math.ceil((next.getTime() - now) / 1000));
}
