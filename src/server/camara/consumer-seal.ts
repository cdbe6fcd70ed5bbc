import { hkdfSync, type KeyObject } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/** Seals operator tokens before they are stored, and opens them again. */
export interface TokenSeal {
  seal(token: string): Promise<string>;
  /** undefined when the text was not sealed with this key (another key, a damaged row). */
  open(sealed: string): Promise<string | undefined>;
}

/**
 * Tokens are kept in the database as JWE (dir, A256GCM) under a key derived (HKDF-SHA256) from the client's own
 * private key: every replica holds that key, and a copy of the database alone does not hold a usable token.
 * A new client key makes the old tokens unreadable, which costs each user one new consent.
 */
export function tokenSeal(privateKey: KeyObject): TokenSeal {
  const secret = privateKey.export({ format: 'der', type: 'pkcs8' });
  const key = new Uint8Array(hkdfSync('sha256', secret, 'cellpos', 'camara consumer token seal', 32));
  const encoder = new TextEncoder();
  return {
    seal: (token) =>
      new CompactEncrypt(encoder.encode(token))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .encrypt(key),
    async open(sealed) {
      try {
        const { plaintext } = await compactDecrypt(sealed, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        return new TextDecoder().decode(plaintext);
      } catch {
        return undefined;
      }
    },
  };
}
