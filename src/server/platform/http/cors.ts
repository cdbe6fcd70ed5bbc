import type { MiddlewareHandler } from 'hono';
import { PlainResponse } from './plain-response';

export interface CorsPolicy {
  /** The origins whose pages may read the answers, as a browser sends them (scheme, host, port). */
  origins: readonly string[];
  /** The methods a page may use beside the simple ones. */
  methods: readonly string[];
  /** The request headers a page may send beside the safelisted ones. */
  headers: readonly string[];
  /** The answer headers a page may read beside the safelisted ones. */
  exposed: readonly string[];
  /** How long a browser may keep a preflight's answer. */
  maxAgeSeconds: number;
}

/**
 * CORS as the Fetch standard has it, set on the answer the routes made (a PlainResponse stays one: no standard
 * Response is made on the way). An answer to a listed origin carries Access-Control-Allow-Origin with that origin
 * and the headers it may read; a preflight (OPTIONS with Access-Control-Request-Method) is answered here, 204, with
 * the methods, headers and max-age only for a listed origin: for another the browser finds no permission and sends
 * nothing. Every answer says it varies by Origin, so that a cache never hands one origin's answer to another.
 */
export function cors(policy: CorsPolicy): MiddlewareHandler {
  const origins = new Set(policy.origins);
  const exposed = policy.exposed.join(',');
  const preflight = {
    'Access-Control-Allow-Methods': policy.methods.join(','),
    'Access-Control-Allow-Headers': policy.headers.join(','),
    'Access-Control-Max-Age': String(policy.maxAgeSeconds),
  };
  return async (c, next) => {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && origins.has(origin) ? origin : undefined;
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      return new PlainResponse('', 204, {
        ...(allowed !== undefined && { 'Access-Control-Allow-Origin': allowed, ...preflight }),
        Vary: 'Origin',
      });
    }
    await next();
    const headers = c.res.headers;
    if (allowed !== undefined) {
      headers.set('Access-Control-Allow-Origin', allowed);
      if (exposed !== '') headers.set('Access-Control-Expose-Headers', exposed);
    }
    headers.append('Vary', 'Origin');
  };
}
