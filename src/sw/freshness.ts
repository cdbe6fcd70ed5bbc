/** The header in which the service worker notes when it stored a tile: a CORS answer hides the server's Date. */
export const STORED_AT_HEADER = 'Cellpos-Stored-At';

/**
 * Until when a tile answer may be used without asking its server again (ms since the epoch), as its own
 * caching headers say (RFC 9111): `max-age` counted from when it was stored, else `Expires`. 0 when it may not
 * be kept at all: `no-store`, `no-cache`, `private` is fine for a browser's own cache; no lifetime given means
 * none (we do not guess one).
 */
export function freshUntil(headers: Headers, storedAt: number): number {
  const control = (headers.get('Cache-Control') ?? '').toLowerCase();
  if (/(?:^|,)\s*(?:no-store|no-cache)\b/.test(control)) return 0;
  const maxAge = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?\s*(?:,|$)/.exec(control)?.[1];
  if (maxAge !== undefined) return storedAt + Number(maxAge) * 1000;
  const expires = Date.parse(headers.get('Expires') ?? '');
  return Number.isNaN(expires) ? 0 : expires;
}

/** Whether a tile answer may go into the cache: a whole image that its server lets us keep a while. */
export function storable(response: Response, now: number): boolean {
  return response.status === 200 && response.type !== 'opaque' && freshUntil(response.headers, now) > now;
}

/**
 * Whether a stale tile from the cache may stand in when its server cannot be reached: RFC 9111 lets a
 * disconnected cache do so unless the server said `must-revalidate` (or `proxy-revalidate`, which a private
 * cache may ignore but costs nothing to honour).
 */
export function usableWhenOffline(cached: Response): boolean {
  const control = (cached.headers.get('Cache-Control') ?? '').toLowerCase();
  return !/(?:^|,)\s*(?:must|proxy)-revalidate\b/.test(control);
}

/** Whether a tile from the cache may be used as it is. */
export function fresh(cached: Response, now: number): boolean {
  const storedAt = Number(cached.headers.get(STORED_AT_HEADER));
  return Number.isFinite(storedAt) && storedAt > 0 && freshUntil(cached.headers, storedAt) > now;
}
