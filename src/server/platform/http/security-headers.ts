import { Hono, type MiddlewareHandler } from 'hono';
import { problem } from './api-answer';
import { CheckedFields } from './plain-headers';

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

/* The document's API, the CAMARA operator's Device Location API and its OpenID provider. */
const DATA_ROOTS = ['/api', '/camara', '/oidc'];

/** True for the APIs' paths, whose answers are data and never a page. */
export function isApiPath(path: string): boolean {
  return DATA_ROOTS.some((root) => path === root || path.startsWith(`${root}/`));
}

/* On every answer. The app asks for this device's position; nothing may ask for anything else, nor a frame for that. */
const COMMON: Record<string, string> = {
  'Permissions-Policy': 'geolocation=(self), camera=(), microphone=(), payment=(), usb=()',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/* A data answer opened as a page runs nothing and loads nothing. */
const API_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox";

/** The app's own policy: its files, and the tiles from the tile host. */
function pagePolicy(tileUrl: string): string {
  const tiles = tileSource(tileUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${tiles}`,
    // The tile host too: the service worker fetches tiles itself (src/sw/tile-cache.ts), under this policy.
    `connect-src 'self' ${tiles}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The security headers on every answer (API, pages, assets, errors, 404s): no framing, no sniffing, no opener, a
 * referrer only to our own origin, and a Content-Security-Policy: the app's own for pages and assets, and for the
 * API one that runs nothing, so that an answer opened as a page (an operator's, passed on by the proxy) can never
 * run script in the app's origin. HSTS only when a setting says the service is reached over https (BEHIND_TLS).
 * They are set over whatever the answer had, and checked once here rather than on each answer. `apiFields` are
 * more fixed fields for the answers under /api (the build the app compares with its own): set here with the
 * others, they cost no middleware of their own.
 */
export function securityHeaders({
  tileUrl,
  behindTls = false,
  apiFields = {},
}: {
  tileUrl: string;
  /** Reached over https through a proxy that ends TLS: HSTS for a year. */
  behindTls?: boolean | undefined;
  apiFields?: Record<string, string>;
}): MiddlewareHandler {
  const common = { ...COMMON, ...(behindTls && { 'Strict-Transport-Security': 'max-age=31536000' }) };
  const data = new CheckedFields({ ...common, 'Content-Security-Policy': API_POLICY });
  const api = new CheckedFields({ ...common, 'Content-Security-Policy': API_POLICY, ...apiFields });
  const page = new CheckedFields({ ...common, 'Content-Security-Policy': pagePolicy(tileUrl) });
  const fieldsFor = (path: string): CheckedFields => {
    if (path === '/api' || path.startsWith('/api/')) return api;
    return isApiPath(path) ? data : page;
  };
  return async (c, next) => {
    await next();
    fieldsFor(c.req.path).setOn(c.res.headers);
  };
}

/* A Host header as browsers send it: a name (punycode) or an address, and a port. */
const HOST_HEADER = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::\d{1,5})?$/;

/**
 * ALLOWED_HOSTS: a page on another site whose DNS name was rebound to this service's address sends its own name
 * as Host; answering only the names we are known by keeps such a page from reading a loopback-bound service.
 */
export function allowedHostsOnly(allowed: readonly string[]): MiddlewareHandler {
  const hosts = new Set(allowed);
  return async (c, next) => {
    const host = HOST_HEADER.exec(c.req.header('host') ?? '')?.[1]?.toLowerCase();
    if (host !== undefined && hosts.has(host)) return next();
    const message = 'This service does not answer to that host name.';
    return isApiPath(c.req.path)
      ? problem(c, { status: 421, code: 'host-not-allowed', message })
      : c.text(message, 421, { 'Cache-Control': 'no-store' });
  };
}

/** The headers `securityHeaders` gives an answer at `path`, for answers written past Hono (the OpenID provider's). */
export async function securityHeaderValues(middleware: MiddlewareHandler, path: string): Promise<Headers> {
  const probe = new Hono().use(middleware).all('*', (c) => c.body(null, 204));
  return (await probe.request(path)).headers;
}
