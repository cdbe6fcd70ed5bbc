import { randomUUID } from 'node:crypto';
import {
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_STARTED,
  type GeofenceSubscription,
  type OutgoingEvent,
  type TerminationReason,
} from '../../store/geofence-store';

/** The area as the YAML's Area (a CIRCLE). */
export function areaOf(subscription: GeofenceSubscription): object {
  const { latitude, longitude, radius } = subscription.area;
  return { areaType: 'CIRCLE', center: { latitude, longitude }, radius };
}

const DESCRIPTIONS: Record<TerminationReason, string> = {
  MAX_EVENTS_REACHED: 'The maximum number of events (subscriptionMaxEvents) has been reached.',
  NETWORK_TERMINATED: 'The operator stopped sending events.',
  SUBSCRIPTION_UNPROCESSABLE: 'The subscription could not be processed.',
  SUBSCRIPTION_EXPIRED: 'The subscription expire time (subscriptionExpireTime) has been reached.',
  SUBSCRIPTION_DELETED: 'The subscription was deleted by the requester.',
  ACCESS_TOKEN_EXPIRED: 'The sink credential (accessTokenExpiresUtc) expires.',
};

/**
 * One CloudEvent 1.0 about a subscription, as the YAML's CloudEvent: a fresh id (kept on every delivery attempt),
 * `source` the API's root, `data` the subscription's id, its device (when the request named one) and its area.
 */
export function cloudEvent(
  source: string,
  subscription: GeofenceSubscription,
  type: string,
  time: number,
  extra: Record<string, unknown> = {},
): OutgoingEvent {
  const id = randomUUID();
  const body = {
    id,
    source,
    type,
    specversion: '1.0',
    datacontenttype: 'application/json',
    time: new Date(time).toISOString(),
    data: {
      subscriptionId: subscription.id,
      ...(subscription.device !== undefined && { device: subscription.device }),
      area: areaOf(subscription),
      ...extra,
    },
  };
  return { id, body: JSON.stringify(body) };
}

export function startedEvent(
  source: string,
  subscription: GeofenceSubscription,
  time: number,
): OutgoingEvent {
  return cloudEvent(source, subscription, SUBSCRIPTION_STARTED, time, {
    initiationReason: 'SUBSCRIPTION_CREATED',
  });
}

export function endedEvent(
  source: string,
  subscription: GeofenceSubscription,
  reason: TerminationReason,
  time: number,
  description = DESCRIPTIONS[reason],
): OutgoingEvent {
  return cloudEvent(source, subscription, SUBSCRIPTION_ENDED, time, {
    terminationReason: reason,
    terminationDescription: description,
  });
}
