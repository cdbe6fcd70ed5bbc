import { hkdfSync, type KeyObject } from 'node:crypto';
import { CompactEncrypt, compactDecrypt } from 'jose';

/** The row a sealed token belongs to: the user, the scope it was issued for, and the number it was issued for. */
export interface TokenRow {
  userId: number;
  scope: string;
  msisdn: string;
}

/** Seals operator tokens before they are stored, and opens them again. */
export interface TokenSeal {
  seal(token: string, row: TokenRow): Promise<string>;
  /** undefined when the text was not sealed with this key for this row (another key or row, a damaged row). */
  open(sealed: string, row: TokenRow): Promise<string | undefined>;
}

/* The row, in the JWE's protected header: authenticated with the token (the header is the cipher's associated
   data), so a sealed token copied into another user's or scope's row does not open there. */
const rowHeader = (row: TokenRow) => ({
  'cellpos.user': row.userId,
  'cellpos.scope': row.scope,
  'cellpos.msisdn': row.msisdn,
});

/**
 * Tokens are kept in the database as JWE (dir, A256GCM) under a key derived (HKDF-SHA256) from the client's own
 * private key: every replica holds that key, and a copy of the database alone does not hold a usable token.
 * A new client key makes the old tokens unreadable, which costs each user one new consent; so does a token sealed
 * before its row was bound to it.
 */
export function tokenSeal(privateKey: KeyObject): TokenSeal {
  const secret = privateKey.export({ format: 'der', type: 'pkcs8' });
  const key = new Uint8Array(hkdfSync('sha256', secret, 'cellpos', 'camara consumer token seal', 32));
  const encoder = new TextEncoder();
  return {
    seal: (token, row) =>
      new CompactEncrypt(encoder.encode(token))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', ...rowHeader(row) })
        .encrypt(key),
    async open(sealed, row) {
      try {
        const { plaintext, protectedHeader } = await compactDecrypt(sealed, key, {
          keyManagementAlgorithms: ['dir'],
          contentEncryptionAlgorithms: ['A256GCM'],
        });
        const header: Record<string, unknown> = protectedHeader;
        const bound = Object.entries(rowHeader(row)).every(([name, value]) => header[name] === value);
        return bound ? new TextDecoder().decode(plaintext) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
