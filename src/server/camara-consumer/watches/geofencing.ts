import {
  AREA_ENTERED,
  AREA_LEFT,
  createScopeOf,
  GEOFENCING_SCOPES,
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_STARTED,
  SUBSCRIPTION_UPDATED,
  type AreaEventType,
} from '../../../api/geofencing';
import type { WatchEventKind, WatchKind } from '../../../api/watches';
export type { WatchEndReason, WatchEventKind, WatchKind } from '../../../api/watches';

/**
 * CAMARA Device Geofencing Subscriptions v0.5.0 (DeviceLocation r3.2, geofencing-subscriptions.yaml) as the
 * consumer uses it: a watch's kind as an event type, an event type as what the app is told, a watch's scopes (the
 * wire's words themselves are spelled once, in src/api/geofencing.ts).
 */

export { SUBSCRIPTIONS_PATH, TERMINATION_REASONS, type TerminationReason } from '../../../api/geofencing';

export const TYPE_OF: Readonly<Record<WatchKind, AreaEventType>> = { arrive: AREA_ENTERED, leave: AREA_LEFT };

export const KIND_OF_TYPE: Readonly<Record<string, WatchEventKind>> = {
  [AREA_ENTERED]: 'entered',
  [AREA_LEFT]: 'left',
  [SUBSCRIPTION_STARTED]: 'started',
  [SUBSCRIPTION_UPDATED]: 'updated',
  [SUBSCRIPTION_ENDED]: 'ended',
};

/** The create scope of a watch's event type; read and delete are one each. */
export const createScope = (kind: WatchKind): string => createScopeOf(TYPE_OF[kind]);
export const READ_SCOPE = GEOFENCING_SCOPES.read;
export const DELETE_SCOPE = GEOFENCING_SCOPES.delete;

/** One consent for a watch's whole life: create it, read it, and delete it when the person stops watching. */
export const watchScopes = (kind: WatchKind): string => `${createScope(kind)} ${READ_SCOPE} ${DELETE_SCOPE}`;
