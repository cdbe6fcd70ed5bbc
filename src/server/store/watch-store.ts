import type { WatchEndReason, WatchEventKind, WatchKind } from '../../api/watches';

/**
 * A watch's life: the owner is asked to consent (CIBA), the service subscribes at the operator, the subscription
 * is active until it ends (the person stops it, the operator ends it, or it could not start).
 */
export type WatchState = 'consent' | 'subscribing' | 'active' | 'ended';

/** One person's watch of their own phone: a circle, arrive or leave, and the operator's subscription for it. */
export interface Watch {
  /** Ours (a UUID): the app names the watch by it, never by the operator's id. */
  id: string;
  userId: number;
  /** The registered number (digits) the consent and the subscription are for. */
  msisdn: string;
  kind: WatchKind;
  lat: number;
  lon: number;
  radiusM: number;
  state: WatchState;
  endReason: WatchEndReason | null;
  /** What the operator said with a refusal (JSON: the radius limits it named), for the app. */
  endDetail: string | null;
  /** The CIBA request while the owner is asked. */
  authReqId: string | null;
  consentExpiresAt: number | null;
  intervalS: number | null;
  nextPollAt: number | null;
  /** A replica working on the watch (a poll, the subscription) holds it until then. */
  busyUntil: number | null;
  /** The operator's subscription id, once it answered the subscription (or its first event came first). */
  subscriptionId: string | null;
  /** SHA-256 (hex) of the sink bearer given to the operator for this subscription; the bearer itself is not kept. */
  sinkHash: string;
  /** When the sink bearer (and the subscription asked for) expire. */
  expiresAt: number;
  createdAt: number;
  updatedAt: number;
}

/** An event the operator delivered to the sink, kept once per (watch, CloudEvent id). */
export interface WatchEvent {
  watchId: string;
  eventId: string;
  kind: WatchEventKind;
  /** The CloudEvent's `time`, Unix milliseconds. */
  time: number;
  receivedAt: number;
  /** subscription-ended's terminationReason. */
  reason: string | null;
}

export interface ConsentStep {
  authReqId: string;
  consentExpiresAt: number;
  intervalS: number;
  nextPollAt: number;
}

/** Where the watches and their events live (SQLite: sqlite/watches.ts, PostgreSQL: postgres/watches.ts). */
export interface WatchStore {
  add(watch: Watch): Promise<void>;
  get(id: string): Promise<Watch | undefined>;
  /** The watch whose sink bearer hashes to `sinkHash`. */
  bySink(sinkHash: string): Promise<Watch | undefined>;
  /** The user's watches, newest first. */
  list(userId: number): Promise<Watch[]>;
  /** The owner is being asked (again): the CIBA request and the pace of its polls; the watch is released. */
  setConsent(id: string, step: ConsentStep, now: number): Promise<void>;
  /** Takes the watch for one step (a poll, the subscription) until `until`; false when another holds it. */
  claim(id: string, now: number, until: number): Promise<boolean>;
  /**
   * The service subscribes now with a new sink bearer (its hash replaces the unused one made with the watch), held
   * until `until`; false when the watch is not waiting for its consent any more.
   */
  arm(id: string, sinkHash: string, now: number, until: number): Promise<boolean>;
  /** The operator's subscription id (null: not known yet) and the state it gives; nothing once the watch ended. */
  subscribed(
    id: string,
    subscriptionId: string | null,
    state: 'subscribing' | 'active',
    now: number,
  ): Promise<void>;
  /** Ends the watch with its reason; false when it had ended already (the first reason stays). */
  end(id: string, reason: WatchEndReason, now: number, detail?: string): Promise<boolean>;
  /** Keeps an event; false when the same (watch, event id) was kept already. */
  addEvent(event: WatchEvent): Promise<boolean>;
  /** The watch's latest events by their own time, newest first. */
  events(watchId: string, limit: number): Promise<WatchEvent[]>;
}

/** A row as both engines give it (snake_case columns). */
export interface WatchRow {
  id: string;
  user_id: number | string;
  msisdn: string;
  kind: string;
  lat: number;
  lon: number;
  radius_m: number;
  state: string;
  end_reason: string | null;
  end_detail: string | null;
  auth_req_id: string | null;
  consent_expires_at: number | string | null;
  interval_s: number | null;
  next_poll_at: number | string | null;
  busy_until: number | string | null;
  subscription_id: string | null;
  sink_hash: string;
  expires_at: number | string;
  created_at: number | string;
  updated_at: number | string;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));

export function toWatch(row: WatchRow): Watch {
  return {
    id: row.id,
    userId: Number(row.user_id),
    msisdn: row.msisdn,
    kind: row.kind as Watch['kind'],
    lat: row.lat,
    lon: row.lon,
    radiusM: row.radius_m,
    state: row.state as WatchState,
    endReason: row.end_reason as WatchEndReason | null,
    endDetail: row.end_detail,
    authReqId: row.auth_req_id,
    consentExpiresAt: num(row.consent_expires_at),
    intervalS: row.interval_s,
    nextPollAt: num(row.next_poll_at),
    busyUntil: num(row.busy_until),
    subscriptionId: row.subscription_id,
    sinkHash: row.sink_hash,
    expiresAt: Number(row.expires_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export interface WatchEventRow {
  watch_id: string;
  event_id: string;
  kind: string;
  time: number | string;
  received_at: number | string;
  reason: string | null;
}

export function toWatchEvent(row: WatchEventRow): WatchEvent {
  return {
    watchId: row.watch_id,
    eventId: row.event_id,
    kind: row.kind as WatchEventKind,
    time: Number(row.time),
    receivedAt: Number(row.received_at),
    reason: row.reason,
  };
}

/** The columns in the order both engines insert them. */
export const WATCH_COLUMNS = [
  'id',
  'user_id',
  'msisdn',
  'kind',
  'lat',
  'lon',
  'radius_m',
  'state',
  'end_reason',
  'end_detail',
  'auth_req_id',
  'consent_expires_at',
  'interval_s',
  'next_poll_at',
  'busy_until',
  'subscription_id',
  'sink_hash',
  'expires_at',
  'created_at',
  'updated_at',
] as const;

export function watchValues(watch: Watch): unknown[] {
  return [
    watch.id,
    watch.userId,
    watch.msisdn,
    watch.kind,
    watch.lat,
    watch.lon,
    watch.radiusM,
    watch.state,
    watch.endReason,
    watch.endDetail,
    watch.authReqId,
    watch.consentExpiresAt,
    watch.intervalS,
    watch.nextPollAt,
    watch.busyUntil,
    watch.subscriptionId,
    watch.sinkHash,
    watch.expiresAt,
    watch.createdAt,
    watch.updatedAt,
  ];
}
