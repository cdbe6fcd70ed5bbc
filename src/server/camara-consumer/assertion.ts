import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { ClientKey, SigningAlg } from './key';

/**
 * Seconds a client assertion lives. CAMARA allows at most 300 (ICM, Client Authentication); a short life keeps a
 * leaked assertion nearly useless, and a minute still covers a clock that is some seconds off.
 */
export const ASSERTION_LIFETIME_SECONDS = 60;

/** The form parameters that authenticate the client with private_key_jwt (RFC 7523 section 2.2). */
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * A private_key_jwt client assertion for one request: `iss` and `sub` the client id, `aud` the full URL of the
 * endpoint it is sent to (ICM RECOMMENDS this: the assertion is good at that endpoint only), a fresh `jti` (an
 * operator refuses one it has seen), `iat` now and `exp` a minute later.
 */
export function clientAssertion(
  key: ClientKey,
  alg: SigningAlg,
  clientId: string,
  endpoint: string,
  nowSeconds: number,
): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(endpoint)
    .setJti(randomUUID())
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ASSERTION_LIFETIME_SECONDS)
    .sign(key.privateKey);
}

/** The form fields that carry the assertion, with the client id beside it (RFC 6749 2.3, RFC 7521 4.2). */
export async function clientAuthentication(
  key: ClientKey,
  alg: SigningAlg,
  clientId: string,
  endpoint: string,
  nowSeconds: number,
): Promise<Record<string, string>> {
  return {
    client_id: clientId,
    client_assertion_type: ASSERTION_TYPE,
    client_assertion: await clientAssertion(key, alg, clientId, endpoint, nowSeconds),
  };
}
