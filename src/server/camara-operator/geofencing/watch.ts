import { distanceMeters } from '../../camara/operator-geometry';
import type { CellFix } from '../../store/camara-store';
import { cloudEvent, endedEvent } from './cloud-event';
import {
  AREA_ENTERED,
  AREA_LEFT,
  type Advance,
  type GeofenceSubscription,
  type OutgoingEvent,
  type TerminationReason,
} from './subscriptions';

/** A subscription ends this long before its sink token expires, so that its subscription-ended still gets through. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/** Whether the phone is inside the area: its position is its cell's, inside is within the radius. */
export function insideOf(subscription: GeofenceSubscription, fix: CellFix | undefined): boolean | undefined {
  if (fix === undefined) return undefined;
  const position = { latitude: fix.lat, longitude: fix.lon };
  return distanceMeters(position, subscription.area) <= subscription.area.radius;
}

/** The event a state is reported by to this subscription (area-entered inside, area-left outside), or none. */
function reported(subscription: GeofenceSubscription, inside: boolean): boolean {
  return subscription.type === (inside ? AREA_ENTERED : AREA_LEFT);
}

/** An area event, and when it is the last the subscription may send, its subscription-ended after it. */
function areaEvents(
  source: string,
  subscription: GeofenceSubscription,
  now: number,
): { events: OutgoingEvent[]; end?: TerminationReason } {
  const event = cloudEvent(source, subscription, subscription.type, now);
  const { maxEvents, eventsSent } = subscription;
  if (maxEvents === undefined || eventsSent + 1 < maxEvents) return { events: [event] };
  return {
    events: [event, endedEvent(source, subscription, 'MAX_EVENTS_REACHED', now)],
    end: 'MAX_EVENTS_REACHED',
  };
}

/** Why a subscription ends by the clock at `now`, or undefined. */
export function endsByTime(subscription: GeofenceSubscription, now: number): TerminationReason | undefined {
  if (subscription.expiresAt !== undefined && subscription.expiresAt <= now) return 'SUBSCRIPTION_EXPIRED';
  const tokenExpires = subscription.sinkTokenExpiresAt;
  if (tokenExpires !== undefined && tokenExpires - TOKEN_EXPIRY_MARGIN_MS <= now)
    return 'ACCESS_TOKEN_EXPIRED';
  return undefined;
}

/**
 * What the phone's position now changes in a subscription: nothing (undefined), the state learnt (the phone was
 * not located before: no event), or a crossing of the circle's edge, with its event when the subscription is to
 * that event type. A phone no longer located keeps its last state.
 */
export function advanceFor(
  source: string,
  subscription: GeofenceSubscription,
  fix: CellFix | undefined,
  now: number,
): Advance | undefined {
  const inside = insideOf(subscription, fix);
  if (inside === undefined || inside === subscription.inside) return undefined;
  const from = subscription.inside;
  if (from === undefined || !reported(subscription, inside)) {
    return { from, to: inside, events: [], counted: 0 };
  }
  return { from, to: inside, counted: 1, ...areaEvents(source, subscription, now) };
}

/**
 * A new subscription's first state and events: subscription-started, and with initialEvent the subscribed event
 * when the phone is already where it reports (inside for area-entered, outside for area-left), which counts
 * against subscriptionMaxEvents.
 */
export function firstEvents(
  source: string,
  subscription: GeofenceSubscription,
  fix: CellFix | undefined,
  now: number,
  started: OutgoingEvent,
): { inside: boolean | undefined; events: OutgoingEvent[]; counted: number; end?: TerminationReason } {
  const inside = insideOf(subscription, fix);
  if (subscription.initialEvent !== true || inside === undefined || !reported(subscription, inside)) {
    return { inside, events: [started], counted: 0 };
  }
  const { events, end } = areaEvents(source, subscription, now);
  return { inside, events: [started, ...events], counted: 1, ...(end !== undefined && { end }) };
}
