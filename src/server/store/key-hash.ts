import { createHash } from 'node:crypto';

/** SHA-256 of a key, the form in which keys are looked up and compared. */
export function keyHash(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** What is kept of a key to tell it apart in a listing: its first four characters, none of a short one. */
export function keyPrefix(key: string): string {
  return key.length > 6 ? key.slice(0, 4) : '';
}

/** A kept prefix as a listing shows it. */
export function shownKey(prefix: string): string {
  return prefix === '' ? '•••' : `${prefix}…`;
}
