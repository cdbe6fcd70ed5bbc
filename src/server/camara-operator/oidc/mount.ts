import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type Provider from 'oidc-provider';

export interface MountOptions {
  /** Where the provider is served on this listener, e.g. /oidc. */
  prefix: string;
  /** The issuer; its origin and path are what the provider's URLs are built from. */
  issuer: () => string;
  /** The service's security headers for these answers (set before the provider writes its own). */
  headers: () => Promise<Headers>;
}

/** OAuth's answer when the database is away (RFC 6749's temporarily_unavailable), sent with status 503. */
export const OAUTH_UNAVAILABLE = {
  error: 'temporarily_unavailable',
  error_description: 'The service cannot reach its database just now; try again shortly.',
} as const;

type NodeEnv = { incoming?: IncomingMessage & { originalUrl?: string }; outgoing?: ServerResponse };

/* Resolves when the response is written, or when the connection went away first. */
function written(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    if (res.writableFinished || res.destroyed) return resolve();
    res.once('finish', resolve);
    res.once('close', resolve);
  });
}

/**
 * Serves oidc-provider (a Koa app) from the service's own listener: a Hono handler for `${prefix}/*` that hands
 * the raw Node request and response (@hono/node-server's c.env.incoming and .outgoing) to provider.callback()
 * and, once it has answered, gives Hono @hono/node-server's response marked as already sent (the access log reads
 * the status from the Node response). The service's security headers are set on the Node response first. The request's URL is
 * made relative to the prefix, with the issuer's path as the mount path, and X-Forwarded-Host and -Proto are set
 * from the issuer (the provider trusts them): the endpoints in discovery, and the audiences client assertions
 * are checked against, are the issuer's public URLs whatever Host the request came with.
 */
export function mountProvider(provider: () => Promise<Provider>, options: MountOptions) {
  let callback: Promise<RequestListener> | undefined;
  return async (c: Context): Promise<Response> => {
    const issuer = new URL(options.issuer());
    const issuerPath = issuer.pathname.replace(/\/$/, '');
    const { incoming, outgoing } = (c.env ?? {}) as NodeEnv;
    if (incoming === undefined || outgoing === undefined) {
      throw new Error('the OpenID provider is served through @hono/node-server only');
    }
    callback ??= provider().then((made) => made.callback() as RequestListener);
    const [listener, headers] = await Promise.all([callback, options.headers()]);
    for (const [name, value] of headers) outgoing.setHeader(name, value);
    const url = incoming.url ?? '/';
    const rest = url.slice(options.prefix.length);
    const relative = rest.startsWith('/') ? rest : `/${rest}`;
    incoming.originalUrl = `${issuerPath}${relative}`;
    incoming.url = relative;
    incoming.headers['x-forwarded-host'] = issuer.host;
    incoming.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
    try {
      const done = written(outgoing);
      listener(incoming, outgoing);
      await done;
    } finally {
      incoming.url = url;
    }
    return RESPONSE_ALREADY_SENT;
  };
}
