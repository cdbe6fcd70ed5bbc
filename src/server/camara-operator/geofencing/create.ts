import { randomUUID } from 'node:crypto';
import { boxAround } from '../../camara/operator-geometry';
import type { TokenGrant } from '../../camara/operator-bearer';
import { fail } from '../../camara/operator-errors';
import { identify } from '../../camara/operator-identify';
import { COVERAGE_MARGIN_M } from '../../camara/operator-verify';
import type { CamaraStore } from '../../store/camara-store';
import { startedEvent } from './cloud-event';
import { parseCreate } from './request';
import type { GeofenceStore, GeofenceSubscription } from './subscriptions';
import { firstEvents } from './watch';

/** The radii a subscription may have, in metres: no smaller than a cell locates a phone, no larger than a region. */
export const GEOFENCE_RADIUS = { min: 1000, max: 200_000 } as const;
/** Subscriptions one consumer may hold at once for one subscriber (beyond: 429 QUOTA_EXCEEDED). */
export const MAX_SUBSCRIPTIONS_PER_SUBSCRIBER = 20;

export interface CreateOptions {
  camara: CamaraStore;
  geofencing: GeofenceStore;
  source: () => string;
  now: () => number;
}

async function checkArea(camara: CamaraStore, area: GeofenceSubscription['area']): Promise<void> {
  if (area.radius < GEOFENCE_RADIUS.min) {
    fail(
      422,
      'GEOFENCING_SUBSCRIPTIONS.INVALID_AREA',
      `The requested area is too small: the radius must be at least ${GEOFENCE_RADIUS.min} m.`,
    );
  }
  if (area.radius > GEOFENCE_RADIUS.max) {
    fail(
      422,
      'GEOFENCING_SUBSCRIPTIONS.INVALID_AREA',
      `The requested area is too large: the radius must be at most ${GEOFENCE_RADIUS.max} m.`,
    );
  }
  if (!(await camara.hasCellsIn(boxAround(area, COVERAGE_MARGIN_M)))) {
    fail(422, 'GEOFENCING_SUBSCRIPTIONS.AREA_NOT_COVERED', 'Unable to cover the requested area.');
  }
}

/**
 * createGeofencingSubscription: the body checked (400), one event type (422), the device by the token or the body
 * (Commonalities' rules; a two-legged token only for a subscriber who consented to the consumer, its purpose and
 * this event type's scope), the area's size and coverage (422), the token's scope for the type (403). Kept with
 * its subscription-started event, and its initial event when asked for and due.
 */
export async function createSubscription(
  options: CreateOptions,
  grant: TokenGrant,
  json: unknown,
  scopeOf: (type: string) => string,
): Promise<GeofenceSubscription> {
  const now = options.now();
  const request = parseCreate(json, now);
  if (request.types.length > 1) {
    fail(422, 'MULTIEVENT_SUBSCRIPTION_NOT_SUPPORTED', 'Multi event types subscription not managed.');
  }
  const type = request.types[0];
  if (type === undefined) return fail(400, 'INVALID_ARGUMENT', 'types must name one event type.');
  const scope = scopeOf(type);
  if (!grant.scopes.has(scope)) {
    fail(403, 'PERMISSION_DENIED', `Client does not have sufficient permissions: the token lacks ${scope}.`);
  }
  const { subscriber, device } = await identify(options.camara, grant, request.device, scope);
  await checkArea(options.camara, request.area);
  const held = await options.geofencing.list(grant.clientId, subscriber.msisdn);
  if (held.length >= MAX_SUBSCRIPTIONS_PER_SUBSCRIBER) {
    fail(
      429,
      'QUOTA_EXCEEDED',
      `Out of resource quota: at most ${MAX_SUBSCRIPTIONS_PER_SUBSCRIBER} subscriptions per device.`,
    );
  }
  const subscription: GeofenceSubscription = {
    id: randomUUID(),
    clientId: grant.clientId,
    purpose: grant.purpose,
    msisdn: subscriber.msisdn,
    ...(device !== undefined && { device }),
    type,
    sink: request.sink,
    ...(request.sinkToken !== undefined && {
      sinkToken: request.sinkToken,
      sinkTokenExpiresAt: request.sinkToken.expiresAt,
    }),
    area: request.area,
    startsAt: now,
    ...(request.expiresAt !== undefined && { expiresAt: request.expiresAt }),
    ...(request.maxEvents !== undefined && { maxEvents: request.maxEvents }),
    ...(request.initialEvent !== undefined && { initialEvent: request.initialEvent }),
    eventsSent: 0,
  };
  const source = options.source();
  const first = firstEvents(
    source,
    subscription,
    subscriber.fix,
    now,
    startedEvent(source, subscription, now),
  );
  const kept = {
    ...subscription,
    eventsSent: first.counted,
    ...(first.inside !== undefined && { inside: first.inside }),
  };
  await options.geofencing.add(kept, first.events, now);
  if (first.end !== undefined) await options.geofencing.end(kept.id, first.end, [], now);
  return kept;
}
