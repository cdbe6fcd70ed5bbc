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

/** True for the API's paths, whose answers are data and never a page. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

const COMMON = {
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
} as const;

/**
 * The security headers on every answer (API, pages, assets, errors, 404s): no framing, no sniffing, no opener, a
 * referrer only to our own origin, and a Content-Security-Policy: the app's own for pages and assets, and for the
 * API one that runs nothing, so that an answer opened as a page (an operator's, passed on by the proxy) can never
 * run script in the app's origin. Hono's other defaults are left off: HSTS belongs to whoever terminates TLS.
 */
export function securityHeaders(tileUrl: string): MiddlewareHandler {
  const page = secureHeaders({
    ...COMMON,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', tileSource(tileUrl)],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  });
  const api = secureHeaders({
    ...COMMON,
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
      sandbox: [],
    },
  });
  return (c, next) => (isApiPath(c.req.path) ? api(c, next) : page(c, next));
}
