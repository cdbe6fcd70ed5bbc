import type { Context } from 'hono';

/**
 * The address a request came from, for the per-address rate limits. The socket's, unless the service sits behind
 * `trustedProxies` reverse proxies (TRUSTED_PROXIES): each of them appends to X-Forwarded-For the address it was
 * reached from, so the client is that many entries from the end. Entries before those are whatever the client
 * sent, and are never believed: by default the header is ignored, so a client cannot choose its own address.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const socket = env?.incoming?.socket?.remoteAddress ?? 'unknown';
  if (trustedProxies === 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return forwarded[forwarded.length - trustedProxies] ?? socket;
}
