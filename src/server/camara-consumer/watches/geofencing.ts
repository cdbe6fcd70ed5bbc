import type { WatchEventKind, WatchKind } from '../../../api/watches';
export type { WatchEndReason, WatchEventKind, WatchKind } from '../../../api/watches';

/**
 * CAMARA Device Geofencing Subscriptions v0.5.0 (DeviceLocation r3.2, geofencing-subscriptions.yaml) as the
 * consumer sees it on the wire: the path, the scopes, the event types and the reasons a subscription ends.
 */

/** Where the subscriptions live under an operator's API root. */
export const SUBSCRIPTIONS_PATH = '/geofencing-subscriptions/v0.5/subscriptions';

const PREFIX = 'org.camaraproject.geofencing-subscriptions.v0';

/** The two event types a subscription is for (one per subscription, `types` has exactly one). */
export const AREA_ENTERED = `${PREFIX}.area-entered`;
export const AREA_LEFT = `${PREFIX}.area-left`;
/** The events every subscription may get without asking for them. */
export const SUBSCRIPTION_STARTED = `${PREFIX}.subscription-started`;
export const SUBSCRIPTION_UPDATED = `${PREFIX}.subscription-updated`;
export const SUBSCRIPTION_ENDED = `${PREFIX}.subscription-ended`;

export const TYPE_OF: Readonly<Record<WatchKind, string>> = { arrive: AREA_ENTERED, leave: AREA_LEFT };

export const KIND_OF_TYPE: Readonly<Record<string, WatchEventKind>> = {
  [AREA_ENTERED]: 'entered',
  [AREA_LEFT]: 'left',
  [SUBSCRIPTION_STARTED]: 'started',
  [SUBSCRIPTION_UPDATED]: 'updated',
  [SUBSCRIPTION_ENDED]: 'ended',
};

/** The YAML's `security` per operation: create is per event type, read and delete are one each. */
export const createScope = (kind: WatchKind): string => `geofencing-subscriptions:${TYPE_OF[kind]}:create`;
export const READ_SCOPE = 'geofencing-subscriptions:read';
export const DELETE_SCOPE = 'geofencing-subscriptions:delete';

/** One consent for a watch's whole life: create it, read it, and delete it when the person stops watching. */
export const watchScopes = (kind: WatchKind): string => `${createScope(kind)} ${READ_SCOPE} ${DELETE_SCOPE}`;

/** TerminationReason, the YAML's enum. */
export const TERMINATION_REASONS = [
  'MAX_EVENTS_REACHED',
  'NETWORK_TERMINATED',
  'SUBSCRIPTION_UNPROCESSABLE',
  'SUBSCRIPTION_EXPIRED',
  'SUBSCRIPTION_DELETED',
  'ACCESS_TOKEN_EXPIRED',
] as const;
export type TerminationReason = (typeof TERMINATION_REASONS)[number];
