/// <reference lib="webworker" />
import { CacheExpiration } from 'workbox-expiration';
import { fresh, STORED_AT_HEADER, storable, usableWhenOffline } from './freshness';

export const TILE_CACHE = 'cellpos-tiles';

/* Bounded: at most this many tiles (OpenStreetMap's are 10–40 kB: some 25 MB), each dropped a week after it
   was last used, and the whole cache dropped first when the browser runs short of space. */
export const TILE_LIMITS = { maxEntries: 1000, maxAgeSeconds: 7 * 24 * 3600 };

const expiration = new CacheExpiration(TILE_CACHE, { ...TILE_LIMITS, matchOptions: { ignoreVary: true } });

/* Tile servers that sent no CORS headers: their tiles are fetched as the page asked (an opaque answer, whose
   headers cannot be read and whose size the browser counts as megabytes) and never stored. */
const withoutCors = new Set<string>();

/** Stores a tile; when the browser's storage is full, the tile cache goes first, whole, rather than the app. */
export async function keep(cache: Cache, url: string, response: Response, now: number): Promise<void> {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, String(now));
  const copy = new Response(await response.blob(), { status: response.status, headers });
  try {
    await cache.put(url, copy);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'QuotaExceededError')) throw error;
    await caches.delete(TILE_CACHE);
    await expiration.delete();
    return;
  }
  await expiration.updateTimestamp(url);
  await expiration.expireEntries();
}

/**
 * A map tile: from the cache while its server's caching headers say it is fresh, else from the server (kept
 * when those headers allow), else, when there is no connection, the copy in the cache however old (RFC 9111
 * lets a disconnected cache serve a stale answer, unless the server said must-revalidate), else the failure,
 * which leaves the world outline.
 */
export async function tile(request: Request, event: ExtendableEvent): Promise<Response> {
  const url = request.url;
  const cache = await caches.open(TILE_CACHE);
  const cached = await cache.match(url);
  if (cached !== undefined && fresh(cached, Date.now())) {
    event.waitUntil(expiration.updateTimestamp(url));
    return cached;
  }
  const origin = new URL(url).origin;
  try {
    if (withoutCors.has(origin)) return await fetch(request);
    let response: Response;
    try {
      response = await fetch(url, { mode: 'cors', credentials: 'omit' });
    } catch {
      // Either no connection, or no CORS: the tile as the page asked for it tells which.
      const opaque = await fetch(request);
      withoutCors.add(origin);
      return opaque;
    }
    const now = Date.now();
    if (storable(response, now)) event.waitUntil(keep(cache, url, response.clone(), now));
    return response;
  } catch (error) {
    if (cached !== undefined && usableWhenOffline(cached)) return cached;
    throw error;
  }
}
