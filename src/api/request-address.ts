import { KEY_HEADERS } from './keys';
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

/** The request's headers: Accept, and the keys when they go in headers. */
export function requestHeaders(
  format: Format,
  keys: Keys | null,
  keysIn: 'query' | 'headers',
): Record<string, string> {
  const headers: Record<string, string> = { Accept: ACCEPT[format] };
  if (keys !== null && keysIn === 'headers') {
    headers[KEY_HEADERS.serviceKey] = keys.serviceKey;
    headers[KEY_HEADERS.userKey] = keys.userKey;
  }
  return headers;
}
