import { ApiError } from './errors';
import { KEY_FIELDS, KEY_HEADERS, keyProblem } from './keys';
import type { CellHints, Format, Keys } from './types';

/* Where a read goes and what it says about itself: its URL (the keys in the query, as the document has them,
   or none) and its headers (Accept, and the keys when they go in headers). */

const ACCEPT: Record<Format, string> = { xml: 'application/xml', json: 'application/json' };

/** The URL as shown to people: keys replaced, so it can sit in the raw-response view. */
export function maskKeys(url: string): string {
  return url.replace(/([?&](?:serviceKey|userKey)=)[^&#]*/g, '$1•••');
}

export function joinUrl(baseUrl: string, path: string, keys: Keys | null, hints: CellHints = {}): string {
  const base = `${baseUrl.replace(/\/+$/, '')}${path}`;
  const query = new URLSearchParams(
    keys === null ? {} : { serviceKey: keys.serviceKey, userKey: keys.userKey },
  );
  if (hints.lac !== undefined && hints.lac !== '') query.set('lac', hints.lac);
  if (hints.radio !== undefined) query.set('radio', hints.radio);
  const text = query.toString();
  return text === '' ? base : `${base}${base.includes('?') ? '&' : '?'}${text}`;
}

/**
 * The request's headers: Accept, and the keys when they go in headers. Built before the fetch, so that a value the
 * browser cannot send (a key with a character beyond Latin-1, such as a zero-width space) is refused here as
 * `unsendable`, and never taken for a network failure.
 */
export function requestHeaders(format: Format, keys: Keys | null, keysIn: 'query' | 'headers'): Headers {
  const given: Record<string, string> = { Accept: ACCEPT[format] };
  if (keys !== null && keysIn === 'headers') {
    given[KEY_HEADERS.serviceKey] = keys.serviceKey;
    given[KEY_HEADERS.userKey] = keys.userKey;
  }
  try {
    return new Headers(given);
  } catch (error) {
    const field = keys === null ? undefined : KEY_FIELDS.find((name) => keyProblem(keys[name]) !== undefined);
    throw new ApiError('unsendable', `${field ?? 'a header'}: holds a character no request can carry`, {
      cause: error,
      ...(field !== undefined && { field }),
    });
  }
}
