import type { CamaraStore, Subscriber } from '../store/camara-store';
import type { TokenGrant } from './bearer';
import { fail, UNAUTHENTICATED, CamaraFailure } from './errors';
import type { DeviceIds } from './request-body';

export interface Identified {
  subscriber: Subscriber;
  /** Echoed as the answer's `device` (DeviceResponse) when the request named one: the identifier used. */
  device?: { phoneNumber: string };
}

/**
 * The subscriber a request is about, by the rules of Commonalities' "Identifying the device from the access token":
 * a three-legged token names them, and a `device` besides is UNNECESSARY_IDENTIFIER (whether or not it is the same
 * phone: the answer must not tell); a two-legged token needs a `device`, of which this operator resolves phone
 * numbers only. A two-legged token reads only a subscriber who consented (through CIBA, before) to its consumer, for
 * its purpose, to the endpoint's `scope`: a number that is not a subscriber's, or of a subscriber without that
 * consent, is IDENTIFIER_NOT_FOUND alike, so a client without consent learns nothing it could not learn of any
 * other number.
 */
export async function identify(
  store: CamaraStore,
  grant: TokenGrant,
  device: DeviceIds | undefined,
  scope: string,
): Promise<Identified> {
  if (grant.msisdn !== undefined) {
    if (device !== undefined)
      fail(422, 'UNNECESSARY_IDENTIFIER', 'The device is already identified by the access token.');
    const subscriber = await store.subscriber(grant.msisdn);
    // The subscriber's registration was removed after the token was issued: the token stands for no one.
    if (subscriber === undefined) throw new CamaraFailure(UNAUTHENTICATED);
    return { subscriber };
  }
  if (device === undefined) {
    fail(
      422,
      'MISSING_IDENTIFIER',
      'The device cannot be identified: a two-legged token needs device.phoneNumber.',
    );
  }
  const phoneNumber = device.phoneNumber;
  if (phoneNumber === undefined) {
    fail(
      422,
      'UNSUPPORTED_IDENTIFIER',
      `The identifier provided is not supported (${device.others.join(', ')}); use device.phoneNumber.`,
    );
  }
  const msisdn = phoneNumber.slice(1);
  const { clientId, purpose } = grant;
  const consented = await store.hasConsent({ msisdn, clientId, purpose, scopes: [scope] });
  const subscriber = consented ? await store.subscriber(msisdn) : undefined;
  if (subscriber === undefined) fail(404, 'IDENTIFIER_NOT_FOUND', 'Device identifier not found.');
  return { subscriber, device: { phoneNumber } };
}
