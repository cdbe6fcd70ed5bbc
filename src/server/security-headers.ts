import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The origin a CSP img-src needs for a Leaflet tile template. `{s}` (or any placeholder) in the host becomes a
 * wildcard for its leftmost labels: CSP allows `*.` only at the start of a host.
 */
export function tileSource(tileUrl: string): string {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (match === null) return "'none'";
  const scheme = (match[1] ?? 'https').toLowerCase();
  const authority = match[2] ?? '';
  if (!authority.includes('{')) return `${scheme}://${authority.toLowerCase()}`;
  const [host = '', port] = authority.split(/:(?=[^:]*$)/);
  const labels = host.split('.');
  const last = labels.findLastIndex((label) => label.includes('{'));
  const rest = labels.slice(last + 1);
  const portOk = port === undefined || /^\d+$/.test(port);
  // A placeholder in the last two labels would make the wildcard cover a whole top-level domain.
  if (rest.length < 2 || !portOk) return `${scheme}:`;
  return `${scheme}://*.${rest.join('.').toLowerCase()}${port === undefined ? '' : `:${port}`}`;
}

/**
 * The security headers on every answer (API, pages, assets, errors, 404s): the Content-Security-Policy the app
 * runs under, no framing, no sniffing, no opener, a referrer only to our own origin. Hono's other defaults are
 * left off: HSTS belongs to whoever terminates TLS in front of the service.
 */
export function securityHeaders(tileUrl: string): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', tileSource(tileUrl)],
      // The tile host too: the service worker fetches tiles itself (src/sw/tile-cache.ts), under this policy.
      connectSrc: ["'self'", tileSource(tileUrl)],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xContentTypeOptions: true,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    removePoweredBy: false,
  });
}
