// How the stand-in CAMARA operator checks a client's private_key_jwt assertion (OIDC Core 9, RFC 7523, CAMARA ICM
// "Client Authentication"): signed by the registered key, iss = sub = client id, aud the endpoint's URL (or the
// issuer), exp at most 300 s ahead and at most 300 s after iat, a jti never seen before.
import { jwtVerify, type JWTPayload, type KeyObject } from 'jose';

export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const MAX_LIFETIME_SECONDS = 300;

/** An assertion as the operator saw it, for tests to check its claims. */
export interface SeenAssertion {
  endpoint: string;
  header: { alg?: string; kid?: string; typ?: string };
  claims: JWTPayload;
}

export type ClientCheck = { ok: true; clientId: string } | { ok: false; description: string };

export interface ClientRegistry {
  clientId: string;
  publicKey: KeyObject;
  /** Unix milliseconds, the operator's clock. */
  now: () => number;
  issuer: string;
  /** jti values seen, with when they may be forgotten (Unix seconds). */
  seenJti: Map<string, number>;
  assertions: SeenAssertion[];
}

/** Checks the client authentication of a request to `endpoint` (the full URL it was sent to). */
export async function checkClient(
  registry: ClientRegistry,
  form: URLSearchParams,
  endpoint: string,
): Promise<ClientCheck> {
  if (form.get('client_assertion_type') !== ASSERTION_TYPE) {
    return { ok: false, description: 'private_key_jwt is the only client authentication' };
  }
  const assertion = form.get('client_assertion') ?? '';
  const clientId = form.get('client_id');
  if (clientId !== null && clientId !== registry.clientId)
    return { ok: false, description: 'unknown client' };
  const nowSeconds = Math.floor(registry.now() / 1000);
  let verified;
  try {
    verified = await jwtVerify(assertion, registry.publicKey, {
      issuer: registry.clientId,
      subject: registry.clientId,
      audience: [endpoint, registry.issuer],
      algorithms: ['ES256', 'RS256', 'PS256'],
      currentDate: new Date(registry.now()),
      clockTolerance: 5,
      requiredClaims: ['exp', 'jti'],
    });
  } catch (error) {
    return { ok: false, description: `client assertion refused: ${(error as Error).message}` };
  }
  const { payload, protectedHeader } = verified;
  registry.assertions.push({ endpoint, header: protectedHeader, claims: payload });
  const exp = payload.exp ?? 0;
  if (exp - nowSeconds > MAX_LIFETIME_SECONDS) return { ok: false, description: 'exp more than 300 s ahead' };
  if (
    payload.iat !== undefined &&
    (payload.iat > nowSeconds + 5 || exp - payload.iat > MAX_LIFETIME_SECONDS)
  ) {
    return { ok: false, description: 'iat in the future, or exp more than 300 s after iat' };
  }
  const jti = payload.jti ?? '';
  for (const [seen, forgetAt] of registry.seenJti) if (forgetAt < nowSeconds) registry.seenJti.delete(seen);
  if (registry.seenJti.has(jti)) return { ok: false, description: 'client assertion used before (jti)' };
  registry.seenJti.set(jti, exp + 5);
  return { ok: true, clientId: registry.clientId };
}
