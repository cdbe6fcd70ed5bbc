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

export const KEY_FIELDS = ['serviceKey', 'userKey'] as const satisfies ReadonlyArray<keyof Keys>;

/** A character a key cannot hold, as a person is told of it. */
export interface KeyCharacter {
  /** The character itself (a whole emoji, not half of it). */
  char: string;
  /** Its code point, as `U+200B`. */
  code: string;
  /** Whether it shows nothing on screen (a zero-width space, a control, a space other than the plain one). */
  invisible: boolean;
}

/* Whitespace and invisible format characters (zero-width space, joiners, byte-order mark, soft hyphen), which a
   copy from a mail or a web page brings along at either end. */
const EDGES = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;

/** A key as given, without the whitespace and invisible characters at either end. */
export function trimKey(value: string): string {
  return value.replace(EDGES, '');
}

/**
 * The first character of `key` that no key has, if any. Keys are printable ASCII, as services issue them (ours:
 * letters, digits, "-" and "_"); a browser cannot send a character beyond Latin-1 in a header at all.
 */
export function keyProblem(key: string): KeyCharacter | undefined {
  for (const char of key) {
    const point = char.codePointAt(0) ?? 0;
    if (point >= 0x20 && point <= 0x7e) continue;
    return {
      char,
      code: `U+${point.toString(16).toUpperCase().padStart(4, '0')}`,
      invisible: /^[\p{Cc}\p{Cf}\p{Z}]$/u.test(char),
    };
  }
  return undefined;
}
