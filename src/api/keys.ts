import type { Keys } from './types';

/**
 * A short, non-reversible tag for a pair of keys (FNV-1a, 32 bits), so query caches can tell key pairs apart
 * without ever holding the keys themselves.
 */
export function keyFingerprint(keys: Keys): string {
  let hash = 0x811c9dc5;
  const text = `${keys.serviceKey}\u0000${keys.userKey}`;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * The request headers that carry the keys when they are not in the query (docs/api-notes.md, "The keys in
 * headers"): a URL is written to browser consoles, proxy logs and histories, a header is not. The service reads
 * both forms; the document's query form stays for its clients.
 */
export const KEY_HEADERS = { serviceKey: 'X-Service-Key', userKey: 'X-User-Key' } as const;
