import { hkdfSync } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';
import { StoreError } from '../../store/records';
import type { SealKey } from '../../store/seal-key';

/** Seals a subscription's sink token for the store (JWE, dir + A256GCM) and opens it again. */
export interface SinkSeal {
  seal(subscriptionId: string, token: string): Promise<string>;
  open(subscriptionId: string, sealed: string): Promise<string>;
}

/**
 * Under a key derived from the store's seal key (STORE_SEAL_KEY, or the key file beside the database), as the
 * OpenID provider's signing keys are (store/sealed-jwk.ts), for another use. The subscription's id is in the
 * authenticated header: a sealed token copied into another subscription's row does not open.
 */
export function sinkSeal(key: SealKey): SinkSeal {
  const derive = (make: boolean): Uint8Array => {
    const secret = key.secret(make);
    if (secret === undefined) {
      throw new StoreError(
        `the geofencing sinks' tokens are sealed, and there is no key to open them: set STORE_SEAL_KEY, or put back ${key.where}`,
      );
    }
    return new Uint8Array(hkdfSync('sha256', secret, 'cellpos', 'store seal: geofencing sink tokens', 32));
  };
  return {
    async seal(subscriptionId, token) {
      return new CompactEncrypt(new TextEncoder().encode(token))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: subscriptionId })
        .encrypt(derive(true));
    },
    async open(subscriptionId, sealed) {
      try {
        const { plaintext, protectedHeader } = await compactDecrypt(sealed, derive(false), {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        if (protectedHeader.kid !== subscriptionId) throw new Error('kid');
        return new TextDecoder().decode(plaintext);
      } catch (error) {
        if (error instanceof StoreError) throw error;
        throw new StoreError(
          `the sink token of geofencing subscription ${subscriptionId} does not open with ${key.where}`,
        );
      }
    },
  };
}
