import { TERMINATION_REASONS } from './geofencing';

/**
 * "Watch my phone" as the service's API says it (GET/POST /api/camara/watches, DELETE /api/camara/watches/{id}):
 * shared by the service, which writes it, and the app, which reads it. Times are ISO 8601.
 */

/** Be told when the phone arrives in the circle, or when it leaves it. */
export type WatchKind = 'arrive' | 'leave';

/** Waiting for the owner's consent, being set up at the operator, watching, or over (with its reason). */
export type WatchState = 'consent' | 'subscribing' | 'active' | 'ended';

/** The operator's TerminationReason, or the service's own reason a watch ended. */
export const WATCH_END_REASONS = [
  ...TERMINATION_REASONS,
  'stopped',
  'refused',
  'expired',
  'area-too-small',
  'area-not-covered',
  'operator-refused',
  'operator-down',
] as const;
export type WatchEndReason = (typeof WATCH_END_REASONS)[number];

export type WatchEventKind = 'entered' | 'left' | 'started' | 'updated' | 'ended';

export interface WatchEventView {
  id: string;
  kind: WatchEventKind;
  /** When it happened, as the operator says. */
  time: string;
  /** subscription-ended's reason. */
  reason?: string;
}

export interface WatchView {
  id: string;
  kind: WatchKind;
  center: { lat: number; lon: number };
  radiusM: number;
  state: WatchState;
  endReason?: WatchEndReason;
  /** With area-too-small: the radius limits the operator named, in metres. */
  limits?: { minM?: number; maxM?: number };
  /** While the owner is asked: when the request runs out. */
  consentUntil?: string;
  createdAt: string;
  expiresAt: string;
  /** The latest events, newest first by their own time. */
  events: WatchEventView[];
}

/** The smallest and largest circle the app asks to watch, in metres (the operator may ask for a larger minimum). */
export const WATCH_RADIUS_MIN_M = 100;
export const WATCH_RADIUS_MAX_M = 200_000;
/** How many watches a person may have that have not ended. */
export const MAX_OPEN_WATCHES = 5;

/** What a person asks to watch. */
export interface WatchAsk {
  kind: WatchKind;
  center: { lat: number; lon: number };
  radiusM: number;
}
