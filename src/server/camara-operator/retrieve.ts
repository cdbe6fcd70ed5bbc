import { RETRIEVAL_SCOPE } from '../../api/device-location';
import type { CamaraStore } from '../store/camara-store';
import type { TokenGrant } from './bearer';
import { fail } from './errors';
import { discArea } from './geometry';
import { identify } from './identify';
import { ageSeconds, lastLocationTime, networkArea } from './network-area';
import { parseRetrieve } from './request-body';

export const PERMISSION_DENIED = 'Client does not have sufficient permissions to perform this action.';

/** The answer of location-retrieval v0.5's POST /retrieve (schema Location), or a CamaraFailure. */
export async function retrieveLocation(
  store: CamaraStore,
  grant: TokenGrant,
  json: unknown,
  now: number,
): Promise<object> {
  if (!grant.scopes.has(RETRIEVAL_SCOPE)) fail(403, 'PERMISSION_DENIED', PERMISSION_DENIED);
  const request = parseRetrieve(json);
  const { subscriber, device } = await identify(store, grant, request.device, RETRIEVAL_SCOPE);
  if (subscriber.fix === undefined) {
    fail(422, 'LOCATION_RETRIEVAL.UNABLE_TO_LOCATE', 'The network is unable to locate the device.');
  }
  const area = networkArea(subscriber.fix);
  if (request.maxAge !== undefined && ageSeconds(area, now) > request.maxAge) {
    fail(
      422,
      'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_AGE',
      `Unable to provide expected freshness for location: the last fix is ${ageSeconds(area, now)} s old.`,
    );
  }
  if (request.maxSurface !== undefined && discArea(area) > request.maxSurface) {
    fail(
      422,
      'LOCATION_RETRIEVAL.UNABLE_TO_FULFILL_MAX_SURFACE',
      `Unable to provide accurate acceptable surface for location: the smallest area is ${Math.ceil(discArea(area))} m².`,
    );
  }
  return {
    lastLocationTime: lastLocationTime(area),
    area: {
      areaType: 'CIRCLE',
      center: { latitude: area.latitude, longitude: area.longitude },
      radius: area.radius,
    },
    ...(device !== undefined && { device }),
  };
}
