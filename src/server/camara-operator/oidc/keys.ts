import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { CamaraStore, JsonObject } from '../../store/camara-store';

/* ID tokens are signed with RS256 unless a client asks for another algorithm; ES256 is there for those that do. */
const ALGORITHMS = ['RS256', 'ES256'] as const;

async function newKey(alg: (typeof ALGORITHMS)[number]): Promise<JsonObject> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk: JWK = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg, use: 'sig' };
}

/**
 * The provider's signing keys, shared through the store by every replica and by the admin command line: the first
 * process to need them makes them, the others read what it stored.
 */
export async function signingKeys(store: CamaraStore): Promise<JsonObject[]> {
  const stored = await store.signingKeys();
  if (stored.length > 0) return stored;
  return store.addSigningKeysIfNone(await Promise.all(ALGORITHMS.map(newKey)));
}
