import { AREA_ENTERED, GEOFENCING_SCOPES } from '../../api/geofencing';
import type { AreaEventType, ClaimedEvent, DueQuery, GeofenceSubscription } from './geofence-store';
import type { SinkSeal } from './sink-seal';

/** A subscription's row, as both engines name and type its columns (whole numbers and nulls, no booleans). */
export interface SubscriptionRow {
  id: string;
  client_id: string;
  purpose: string;
  msisdn: string;
  phone_number: string | null;
  type: string;
  sink: string;
  sink_token: string | null;
  sink_token_expires: number | null;
  latitude: number;
  longitude: number;
  radius: number;
  starts_at: number;
  expires_at: number | null;
  max_events: number | null;
  initial_event: number | null;
  events_sent: number;
  inside: number | null;
}

export const SUBSCRIPTION_COLUMNS =
  'id, client_id, purpose, msisdn, phone_number, type, sink, sink_token, sink_token_expires, latitude, ' +
  'longitude, radius, starts_at, expires_at, max_events, initial_event, events_sent, inside';

const flag = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);

/** The row's values in SUBSCRIPTION_COLUMNS order, the sink token sealed. */
export async function subscriptionValues(
  subscription: GeofenceSubscription,
  seal: SinkSeal,
): Promise<unknown[]> {
  const { sinkToken } = subscription;
  return [
    subscription.id,
    subscription.clientId,
    subscription.purpose,
    subscription.msisdn,
    subscription.device?.phoneNumber ?? null,
    subscription.type,
    subscription.sink,
    sinkToken === undefined ? null : await seal.seal(subscription.id, sinkToken.token),
    sinkToken?.expiresAt ?? null,
    subscription.area.latitude,
    subscription.area.longitude,
    subscription.area.radius,
    subscription.startsAt,
    subscription.expiresAt ?? null,
    subscription.maxEvents ?? null,
    flag(subscription.initialEvent),
    subscription.eventsSent,
    flag(subscription.inside),
  ];
}

/** A subscription from its row; the sink token stays sealed (only a delivery opens it). */
export function subscriptionOf(row: SubscriptionRow): GeofenceSubscription {
  return {
    id: row.id,
    clientId: row.client_id,
    purpose: row.purpose,
    msisdn: row.msisdn,
    ...(row.phone_number !== null && { device: { phoneNumber: row.phone_number } }),
    type: row.type as AreaEventType,
    sink: row.sink,
    ...(row.sink_token_expires !== null && { sinkTokenExpiresAt: row.sink_token_expires }),
    area: { latitude: row.latitude, longitude: row.longitude, radius: row.radius },
    startsAt: row.starts_at,
    ...(row.expires_at !== null && { expiresAt: row.expires_at }),
    ...(row.max_events !== null && { maxEvents: row.max_events }),
    ...(row.initial_event !== null && { initialEvent: row.initial_event === 1 }),
    eventsSent: row.events_sent,
    ...(row.inside !== null && { inside: row.inside === 1 }),
  };
}

export interface ClaimedRow {
  id: string;
  subscription_id: string;
  body: string;
  created_at: number;
  attempts: number;
  sink: string;
  sink_token: string | null;
  sink_token_expires: number | null;
}

/** A claimed event with its sink token opened. */
export async function claimedOf(row: ClaimedRow, seal: SinkSeal): Promise<ClaimedEvent> {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    body: row.body,
    createdAt: row.created_at,
    attempts: row.attempts,
    sink: row.sink,
    ...(row.sink_token !== null && {
      sinkToken: {
        token: await seal.open(row.subscription_id, row.sink_token),
        expiresAt: row.sink_token_expires ?? 0,
      },
    }),
  };
}

/** `inside` as a row holds it, for a compare-and-set. */
export const insideValue = flag;

/**
 * The live subscriptions that may change at a tick (GeofenceStore.due): the subscriber's phone entered a cell after
 * `movedAfter`, the subscription or its sink token expires by now, the subscriber is no longer registered, or no
 * longer consents (as hasConsent reads it: the type's create scope, or a standing consent). `p` names a parameter
 * as the engine writes it: movedAfter, now, tokenBy, entered (the area-entered type), enteredScope, leftScope.
 */
export function dueWhere(p: (name: string) => string): string {
  const scope = `CASE s.type WHEN ${p('entered')} THEN ${p('enteredScope')} ELSE ${p('leftScope')} END`;
  return `s.ended_at IS NULL AND (
    s.expires_at <= ${p('now')} OR s.sink_token_expires <= ${p('tokenBy')}
    OR EXISTS (SELECT 1 FROM users u WHERE u.msisdn = s.msisdn AND u.cell_since > ${p('movedAfter')})
    OR NOT EXISTS (SELECT 1 FROM users u WHERE u.msisdn = s.msisdn)
    OR NOT EXISTS (SELECT 1 FROM camara_consents c WHERE c.msisdn = s.msisdn AND c.client_id IN (s.client_id, '*')
      AND c.purpose IN (s.purpose, '*') AND c.scope IN (${scope}, '*')))`;
}

/** The values of dueWhere's parameters, by name. */
export function dueValues(query: DueQuery) {
  return {
    movedAfter: query.movedAfter,
    now: query.now,
    tokenBy: query.tokenBy,
    entered: AREA_ENTERED,
    enteredScope: GEOFENCING_SCOPES.createEntered,
    leftScope: GEOFENCING_SCOPES.createLeft,
  };
}
