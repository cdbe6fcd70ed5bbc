import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { BUILD_HEADER, BUILD_ID } from '../api/build';
import { formatFromAccept } from '../api/codec';
import type { Settings } from '../api/settings';
import { accessLog, errorLine } from './access-log';
import { problem, problemAnswer, reply } from './api-answer';
import { createLimit } from './authorize';
import { compression } from './compress';
import { DEFAULTS } from './config';
import { DEMO_KEYS } from './demo-data';
import { createReads, demoRoutes } from './demo-reads';
import type { Upstream } from './proxy';
import { proxyRoutes } from './proxy-routes';
import { securityHeaders } from './security-headers';
import { staticRoutes } from './static-routes';
import type { ServiceReads } from './store/service-reads';

export interface CommonOptions {
  tileUrl?: string;
  tileAttribution?: string;
  /** Folder of the built app; null serves no pages (API only). */
  staticDir?: string | null;
  /** One line per request and per unexpected error; never holds a key. */
  log?: (line: string) => void;
  /** Requests per second per service key on the two resources, with a burst; absent or 0: no limit. */
  rateLimit?: { perSecond: number; burst: number };
  /** Origins whose pages may read /api (the app on another host, e.g. a CDN); none by default. */
  corsOrigins?: readonly string[];
}

export type AppOptions = ({ store: ServiceReads } | { upstream: Upstream }) & CommonOptions;

/** What the app needs from the service to start: /api/settings, and the same in the page. */
function appSettings(options: AppOptions): () => Settings {
  const mode = 'store' in options ? 'demo' : 'proxy';
  return () => ({
    mode,
    tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
    tileAttribution: options.tileAttribution ?? DEFAULTS.tileAttribution,
    ...('store' in options && options.store.hasDemoKeys() && { demoKeys: { ...DEMO_KEYS } }),
    build: BUILD_ID,
  });
}

/* Headers a page on another origin may read: the wait after a 429, and the build the app compares with its own. */
const EXPOSED = ['Retry-After', BUILD_HEADER];

/** /api: the positioning resources (demo data or the operator's), health and settings; JSON or XML errors. */
function apiRoutes(options: AppOptions, settings: () => Settings): Hono {
  const api = new Hono();
  const mode = 'store' in options ? 'demo' : 'proxy';
  api.use(async (c, next) => {
    await next();
    c.header(BUILD_HEADER, BUILD_ID);
  });
  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) {
    api.use(
      cors({
        origin: [...options.corsOrigins],
        allowMethods: ['GET', 'HEAD'],
        exposeHeaders: EXPOSED,
        maxAge: 600,
      }),
    );
  }
  api.use(
    methodNotAllowed({
      app: api,
      onMethodNotAllowed: (c, methods) =>
        problem(c, {
          status: 405,
          code: 'method-not-allowed',
          message: `${c.req.method} is not allowed here; use GET.`,
          allow: methods.join(', '),
        }),
    }),
  );
  api.get('/health', (c) => c.json({ status: 'ok', mode }, 200, { 'Cache-Control': 'no-store' }));
  api.get('/settings', (c) => c.json(settings(), 200, { 'Cache-Control': 'no-store' }));
  const limit = createLimit(options.rateLimit);
  if ('store' in options) {
    demoRoutes(api, createReads(options.store, limit));
  } else {
    proxyRoutes(api, options.upstream, limit);
  }
  api.all('*', (c) => problem(c, { status: 404, code: 'not-found', message: 'No such API path.' }));
  return api;
}

/**
 * The reference service: the positioning API (demo data or a proxy to the operator) and the built app, in one
 * pipeline: every answer passes the access log, the security headers and (under /api) compression.
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const log = options.log ?? (() => undefined);
  app.use(accessLog(log));
  app.use(securityHeaders(options.tileUrl ?? DEFAULTS.tileUrl));
  app.use('/api/*', compression());
  app.onError((error, c) => {
    log(errorLine(c.req.method, c.req.path, error));
    const internal = {
      status: 500,
      code: 'internal',
      message: 'Something went wrong in the service.',
    } as const;
    return reply(c, problemAnswer(internal, formatFromAccept(c.req.header('accept'))));
  });
  const settings = appSettings(options);
  app.route('/api', apiRoutes(options, settings));
  app.all('/api', (c) => problem(c, { status: 404, code: 'not-found', message: 'No such API path.' }));
  staticRoutes(app, options.staticDir === undefined ? null : options.staticDir, {
    settings,
    tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
  });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
