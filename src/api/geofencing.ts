/**
 * CAMARA Device Geofencing Subscriptions v0.5.0 (DeviceLocation r3.2, geofencing-subscriptions.yaml) as it
 * travels on the wire, shared by the service's consumer (camara-consumer/watches), its operator
 * (camara-operator/geofencing, oidc/scopes.ts), the store and the app (src/api/watches.ts): the path, the event
 * types, the scopes and the reasons a subscription ends. What each side does with them lives beside it.
 */

/** Where the subscriptions live under an operator's API root. */
export const SUBSCRIPTIONS_PATH = '/geofencing-subscriptions/v0.5/subscriptions';

/** The events' `type` prefix (with its dot). */
export const EVENT_PREFIX = 'org.camaraproject.geofencing-subscriptions.v0.';

/** The two event types one subscribes to (SubscriptionEventType; one per subscription). */
export const AREA_ENTERED = `${EVENT_PREFIX}area-entered`;
export const AREA_LEFT = `${EVENT_PREFIX}area-left`;
/** The events every subscription may get without asking for them. */
export const SUBSCRIPTION_STARTED = `${EVENT_PREFIX}subscription-started`;
export const SUBSCRIPTION_UPDATED = `${EVENT_PREFIX}subscription-updated`;
export const SUBSCRIPTION_ENDED = `${EVENT_PREFIX}subscription-ended`;

export type AreaEventType = typeof AREA_ENTERED | typeof AREA_LEFT;
export const AREA_EVENT_TYPES: readonly AreaEventType[] = [AREA_ENTERED, AREA_LEFT];

/** The YAML's `security` per operation: create is per event type, read and delete are one each. */
export const GEOFENCING_SCOPES = {
  createEntered: `geofencing-subscriptions:${AREA_ENTERED}:create`,
  createLeft: `geofencing-subscriptions:${AREA_LEFT}:create`,
  read: 'geofencing-subscriptions:read',
  delete: 'geofencing-subscriptions:delete',
} as const;

/** The create scope of an event type. */
export const createScopeOf = (type: AreaEventType): string =>
  type === AREA_ENTERED ? GEOFENCING_SCOPES.createEntered : GEOFENCING_SCOPES.createLeft;

/** TerminationReason, the YAML's enum (subscription-ended's `terminationReason`). */
export const TERMINATION_REASONS = [
  'MAX_EVENTS_REACHED',
  'NETWORK_TERMINATED',
  'SUBSCRIPTION_UNPROCESSABLE',
  'SUBSCRIPTION_EXPIRED',
  'SUBSCRIPTION_DELETED',
  'ACCESS_TOKEN_EXPIRED',
] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
