import type { MiddlewareHandler } from 'hono';

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

export function contentSecurityPolicy(tileUrl: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${tileSource(tileUrl)}`,
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every answer carries, computed once. */
export function securityHeaderValues(tileUrl: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(tileUrl),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The same headers on every answer: API, static files, errors, 404s. */
export function securityHeaders(values: Readonly<Record<string, string>>): MiddlewareHandler {
  const entries = Object.entries(values);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of entries) headers.set(name, value);
  };
}
