/**
 * Device Geofencing Subscriptions v0.5 (CAMARA DeviceLocation r3.2): what a subscription is, the events it sends,
 * and what the store keeps of both. The store is Promise-returning throughout, so that SQLite (sqlite/geofencing.ts) and
 * PostgreSQL (postgres/geofencing.ts) implement one interface; testing/geofence-store-suite.ts is the suite both pass.
 */

export {
  AREA_ENTERED,
  AREA_EVENT_TYPES,
  AREA_LEFT,
  EVENT_PREFIX,
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_STARTED,
  type AreaEventType,
  type TerminationReason,
} from '../../api/geofencing';
import type { AreaEventType, TerminationReason } from '../../api/geofencing';

export interface CircleArea {
  latitude: number;
  longitude: number;
  /** Metres. */
  radius: number;
}

/** The sink's bearer token (sinkCredential, ACCESSTOKEN); the store keeps it sealed. */
export interface SinkToken {
  token: string;
  /** Unix milliseconds (accessTokenExpiresUtc). */
  expiresAt: number;
}

/** A subscription as the store keeps it. */
export interface GeofenceSubscription {
  id: string;
  clientId: string;
  /** The `dpv:` purpose of the token that made it. */
  purpose: string;
  /** The subscriber (digits of the E.164 number, without "+"). */
  msisdn: string;
  /** The identifier the request named (two-legged tokens), echoed in answers and events. */
  device?: { phoneNumber: string };
  type: AreaEventType;
  sink: string;
  /** Present on a subscription read for delivery (claimEvents) or just made; never in a listing. */
  sinkToken?: SinkToken;
  /** Unix ms when the sink token expires, known without opening it. */
  sinkTokenExpiresAt?: number;
  area: CircleArea;
  /** Unix milliseconds. */
  startsAt: number;
  expiresAt?: number;
  maxEvents?: number;
  initialEvent?: boolean;
  /** Area events sent so far (counted against maxEvents). */
  eventsSent: number;
  /** Whether the phone was inside the area when last seen; undefined: not located yet. */
  inside?: boolean;
}

/** An event to deliver: the CloudEvent as JSON, and its id (the CloudEvent's own, the same on every attempt). */
export interface OutgoingEvent {
  id: string;
  body: string;
}

/** An event a replica has claimed for delivery, with where it goes. */
export interface ClaimedEvent extends OutgoingEvent {
  subscriptionId: string;
  /** Unix ms when it was first queued. */
  createdAt: number;
  attempts: number;
  sink: string;
  sinkToken?: SinkToken;
}

/** A change of a subscription the engine makes, only when the subscription is still as it read it. */
export interface Advance {
  /** The state it read (compare and set); undefined: not located. */
  from: boolean | undefined;
  to: boolean | undefined;
  /** Events to queue, in order. */
  events: readonly OutgoingEvent[];
  /** How many of them count against maxEvents. */
  counted: number;
  /** The subscription ends with this change (its subscription-ended event among `events`). */
  end?: TerminationReason;
}

/**
 * What makes a subscription worth looking at in a round: its phone entered a cell after `movedAfter` (Unix ms), it
 * expires by `now`, its sink token by `tokenBy`, or its subscriber is gone or no longer consents to its type.
 */
export interface DueQuery {
  movedAfter: number;
  now: number;
  tokenBy: number;
}

export interface GeofenceStore {
  /** Keeps a new subscription with its first events (subscription-started, an initial event). */
  add(subscription: GeofenceSubscription, events: readonly OutgoingEvent[], now: number): Promise<void>;
  /** A subscription that has not ended, or undefined. */
  find(id: string): Promise<GeofenceSubscription | undefined>;
  /** A consumer's subscriptions that have not ended, oldest first; of one subscriber when `msisdn` is given. */
  list(clientId: string, msisdn?: string): Promise<GeofenceSubscription[]>;
  /** Every subscription that has not ended, for the engine's first round. */
  active(): Promise<GeofenceSubscription[]>;
  /** The subscriptions that have not ended and may change now (DueQuery), for the engine's later rounds. */
  due(query: DueQuery): Promise<GeofenceSubscription[]>;
  /** When a phone last entered a cell (Unix ms; the latest of all subscribers'), or undefined when none has. */
  latestMove(): Promise<number | undefined>;
  /** Applies `change` when the subscription has not ended and its state is still `change.from`; else false. */
  advance(id: string, change: Advance, now: number): Promise<boolean>;
  /** Ends a subscription that has not ended, queuing `events` (its subscription-ended); false when it had ended. */
  end(id: string, reason: TerminationReason, events: readonly OutgoingEvent[], now: number): Promise<boolean>;
  /**
   * Claims up to `limit` events due at `now` for `leaseMs` (no other replica takes them meanwhile): of each
   * subscription only its oldest waiting event, so that a sink hears its events in order.
   */
  claimEvents(now: number, leaseMs: number, limit: number): Promise<ClaimedEvent[]>;
  /** The event reached its sink: it is forgotten. */
  delivered(eventId: string): Promise<void>;
  /** The event is tried again at `nextAt`, its attempts counted. */
  retryLater(eventId: string, attempts: number, nextAt: number): Promise<void>;
  /** Gives up on a subscription's sink: it ends (when it had not) and its waiting events are dropped. */
  abandon(subscriptionId: string, reason: TerminationReason, now: number): Promise<void>;
  /** Forgets subscriptions ended before `before` whose events are all gone; returns how many. */
  prune(before: number): Promise<number>;
}
