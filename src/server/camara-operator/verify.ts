import { VERIFICATION_SCOPE } from '../../api/device-location';
import type { CamaraStore } from '../store/camara-store';
import type { TokenGrant } from './bearer';
import { fail } from './errors';
import { boxAround, verify } from './geometry';
import { identify } from './identify';
import { ageSeconds, lastLocationTime, networkArea } from './network-area';
import { parseVerify } from './request-body';
import { PERMISSION_DENIED } from './retrieve';

/** The radii verification accepts, in metres: the spec's example minimum, and a maximum where the plane's
 *  geometry (camara/operator-geometry.ts) stays exact to well under one per cent. */
export const RADIUS_LIMITS = { min: 1000, max: 200_000 } as const;
/** How far beyond a known cell the network still covers, in metres (a large rural cell's reach). */
export const COVERAGE_MARGIN_M = 10_000;

/** The answer of location-verification v3's POST /verify (schema VerifyLocationResponse), or a CamaraFailure. */
export async function verifyLocation(
  store: CamaraStore,
  grant: TokenGrant,
  json: unknown,
  now: number,
): Promise<object> {
  if (!grant.scopes.has(VERIFICATION_SCOPE)) fail(403, 'PERMISSION_DENIED', PERMISSION_DENIED);
  const request = parseVerify(json);
  const { subscriber, device } = await identify(store, grant, request.device, VERIFICATION_SCOPE);
  const { radius } = request.area;
  if (radius < RADIUS_LIMITS.min || radius > RADIUS_LIMITS.max) {
    fail(
      422,
      'LOCATION_VERIFICATION.INVALID_AREA',
      `The requested area is too ${radius < RADIUS_LIMITS.min ? 'small' : 'large'}: the radius must be from ${RADIUS_LIMITS.min} to ${RADIUS_LIMITS.max} m.`,
    );
  }
  if (!(await store.hasCellsIn(boxAround(request.area, COVERAGE_MARGIN_M)))) {
    fail(
      422,
      'LOCATION_VERIFICATION.AREA_NOT_COVERED',
      'Unable to cover the requested area: the network has no cell there.',
    );
  }
  // The YAML: a maxAge that cannot be met, the location being too old "or not known at all", is its own error.
  if (subscriber.fix === undefined) {
    if (request.maxAge !== undefined)
      fail(
        422,
        'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE',
        'Unable to provide expected freshness for location: the device has no known location.',
      );
    fail(422, 'LOCATION_VERIFICATION.UNABLE_TO_LOCATE', 'The network is unable to locate the device.');
  }
  const area = networkArea(subscriber.fix);
  if (request.maxAge !== undefined && ageSeconds(area, now) > request.maxAge) {
    fail(
      422,
      'LOCATION_VERIFICATION.UNABLE_TO_FULFILL_MAX_AGE',
      `Unable to provide expected freshness for location: the last fix is ${ageSeconds(area, now)} s old.`,
    );
  }
  return {
    ...verify(request.area, area),
    lastLocationTime: lastLocationTime(area),
    ...(device !== undefined && { device }),
  };
}
