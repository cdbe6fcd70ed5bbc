import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';
import type { JsonObject } from './camara-store';
import { StoreError } from './records';
import type { SealKey } from './seal-key';

/** A private key as stored: its id, and the key itself as JWE (dir, A256GCM) with the id in the protected header. */
export interface SealedJwk {
  kid: string;
  sealed: string;
}

/** Seals the OpenID provider's private signing keys for the store and opens them again. */
export interface JwkSeal {
  seal(jwk: JsonObject): Promise<SealedJwk>;
  /** A stored key as the provider uses it; one stored in the clear (by an older version) is given as it is. */
  open(stored: JsonObject): Promise<JsonObject>;
}

/** True for a key as an older version stored it: the JWK itself, its private part in the clear. */
export function isClearJwk(stored: JsonObject): boolean {
  return typeof stored.sealed !== 'string';
}

export function jwkSeal(key: SealKey): JwkSeal {
  const derive = (make: boolean): Uint8Array => {
    const secret = key.secret(make);
    if (secret === undefined) {
      throw new StoreError(
        `the OpenID provider's signing keys are sealed, and there is no key to open them: set STORE_SEAL_KEY, or put back ${key.where}`,
      );
    }
    return new Uint8Array(hkdfSync('sha256', secret, 'cellpos', 'store seal: OpenID signing keys', 32));
  };
  return {
    async seal(jwk) {
      const kid = String(jwk.kid);
      const sealed = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(jwk)))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid })
        .encrypt(derive(true));
      return { kid, sealed };
    },
    async open(stored) {
      if (isClearJwk(stored)) return stored;
      try {
        const { plaintext, protectedHeader } = await compactDecrypt(String(stored.sealed), derive(false), {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        const jwk = JSON.parse(new TextDecoder().decode(plaintext)) as JsonObject;
        // The id is in the authenticated header: a sealed key copied into another key's row does not open.
        if (protectedHeader.kid !== stored.kid || jwk.kid !== stored.kid) throw new Error('kid');
        return jwk;
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw new StoreError(
          `the OpenID provider's signing key ${String(stored.kid)} does not open with ${key.where}: give the service the key it was sealed with`,
        );
      }
    },
  };
}
