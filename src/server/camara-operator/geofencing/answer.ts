import { areaOf } from './cloud-event';
import type { GeofenceSubscription } from './subscriptions';

const iso = (at: number): string => new Date(at).toISOString();

/** A subscription as the YAML's Subscription (HTTPSubscriptionResponse); the sink's credential is never shown. */
export function subscriptionAnswer(subscription: GeofenceSubscription): object {
  const { expiresAt, maxEvents, initialEvent, device } = subscription;
  return {
    protocol: 'HTTP',
    sink: subscription.sink,
    types: [subscription.type],
    config: {
      subscriptionDetail: { ...(device !== undefined && { device }), area: areaOf(subscription) },
      ...(expiresAt !== undefined && { subscriptionExpireTime: iso(expiresAt) }),
      ...(maxEvents !== undefined && { subscriptionMaxEvents: maxEvents }),
      ...(initialEvent !== undefined && { initialEvent }),
    },
    id: subscription.id,
    startsAt: iso(subscription.startsAt),
    ...(expiresAt !== undefined && { expiresAt: iso(expiresAt) }),
    status: 'ACTIVE',
  };
}
