import { Hono, type Context } from 'hono';
import { BUILD_HEADER, BUILD_ID } from '../api/build';
import { formatFromAccept, UnencodableError } from '../api/codec';
import type { Settings } from '../api/settings';
import { accessLog, errorLine } from './platform/http/access-log';
import { problem, problemAnswer, reply, type Problem } from './platform/http/api-answer';
import { KEY_HEADERS } from '../api/keys';
import { createLimits } from './platform/guard/limits';
import { clientAddress } from './platform/guard/client-address';
import { compression } from './platform/http/compression';
import { cors } from './platform/http/cors';
import { notFoundOrNotAllowed } from './platform/http/method-fallback';
import { DEFAULTS } from './config';
import { allowedHostsOnly, securityHeaders } from './platform/http/security-headers';
import { staticRoutes } from './platform/http/static-routes';
import { StoreUnavailable, UNAVAILABLE_RETRY_SECONDS } from './store/records';
import { andThen, type Maybe } from './platform/maybe';
import type { AppOptions } from './app-options';
import { startMode } from './modes/choose';
import type { Mode, ModeDeps } from './modes/mode';

/* The database is away (PostgreSQL restarting, its server down): the service itself is fine and will be again. */
const UNAVAILABLE: Problem = {
  status: 503,
  code: 'database-unavailable',
  message: 'The service cannot reach its database just now; try again shortly.',
  retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
};

/** What the app needs from the service to start: /api/settings, and the same in the page. */
function appSettings(options: AppOptions, mode: Mode): () => Maybe<Settings> {
  const perSecond = options.rateLimit?.perSecond ?? 0;
  return () =>
    andThen(mode.demoKeys(), (demoKeys) => ({
      mode: mode.name,
      locationSource: mode.locationSource,
      ...(mode.watches === true && { watches: true }),
      tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
      tileAttribution: options.tileAttribution ?? DEFAULTS.tileAttribution,
      timeoutMs: mode.timeoutMs,
      ...(demoKeys !== undefined && { demoKeys }),
      ...(perSecond > 0 && { rateLimit: perSecond }),
      build: BUILD_ID,
    }));
}

/** The settings for the page; none while the database is away, so the app's shell is served all the same. */
function pageSettings(settings: () => Maybe<Settings>): () => Maybe<Settings | undefined> {
  const away = (error: unknown): undefined => {
    if (error instanceof StoreUnavailable) return undefined;
    throw error;
  };
  return () => {
    try {
      const now = settings();
      return now instanceof Promise ? now.catch(away) : now;
    } catch (error) {
      return away(error);
    }
  };
}

/* Headers a page on another origin may read: the wait after a 429, and the build the app compares with its own. */
const EXPOSED = ['Retry-After', BUILD_HEADER];

/** /api: the positioning resources (the mode's), health and settings; JSON or XML errors. */
function apiRoutes(options: AppOptions, mode: Mode, settings: () => Maybe<Settings>, deps: ModeDeps): Hono {
  const api = new Hono();
  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) {
    api.use(
      cors({
        origins: options.corsOrigins,
        methods: [...mode.corsMethods],
        // The keys may come in headers (guard/key-params.ts); a page elsewhere must be let send them.
        headers: ['Accept', KEY_HEADERS.serviceKey, KEY_HEADERS.userKey],
        exposed: EXPOSED,
        maxAgeSeconds: 600,
      }),
    );
  }
  serviceRoutes(api, mode.name, settings);
  mode.mountApi(api, deps);
  api.all('*', notFoundOrNotAllowed(api, '/api'));
  return api;
}

/** The service's own: whether it is up and in which mode, and what the app needs to start (also in the page). */
function serviceRoutes(api: Hono, mode: Settings['mode'], settings: () => Maybe<Settings>): void {
  api.get('/health', (c) => c.json({ status: 'ok', mode }, 200, { 'Cache-Control': 'no-store' }));
  api.get('/settings', (c) =>
    andThen(settings(), (now) => c.json(now, 200, { 'Cache-Control': 'no-store' })),
  );
}

/**
 * The reference service: the positioning API (demo data or a proxy to the operator) and the built app, in one
 * pipeline: every answer passes the access log, the security headers and (under /api) compression.
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const log = options.log ?? (() => undefined);
  const headers = securityHeaders({
    tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
    behindTls: options.behindTls,
    // Every API answer says which build answered: the app compares it with its own.
    apiFields: { [BUILD_HEADER]: BUILD_ID },
  });
  app.use(accessLog(log));
  app.use(headers);
  // Any host when none are set: no middleware to pass through then.
  if (options.allowedHosts !== undefined) app.use(allowedHostsOnly(options.allowedHosts));
  app.use('/api/*', compression());
  app.onError((error, c) => {
    const format = formatFromAccept(c.req.header('accept'));
    if (error instanceof StoreUnavailable) {
      log(
        `${c.req.method} ${c.req.path}: ${error.message} (${String((error.cause as Error | undefined)?.message)})`,
      );
      return reply(c, problemAnswer(UNAVAILABLE, format));
    }
    log(errorLine(c.req.method, c.req.path, error));
    // A stored value no answer may carry (written past the store's checks, e.g. by hand in SQLite): say which field,
    // so the service's operator knows what to correct; the value itself is never echoed.
    const internal: Problem =
      error instanceof UnencodableError
        ? {
            status: 500,
            code: 'unencodable',
            field: error.field,
            message: `The service holds a value it cannot send: ${error.message}. The service's operator must correct the stored data.`,
          }
        : { status: 500, code: 'internal', message: 'Something went wrong in the service.' };
    return reply(c, problemAnswer(internal, format));
  });
  // The mode, chosen once from the options: app.ts composes it without asking which it is.
  const mode = startMode(options);
  const settings = appSettings(options, mode);
  // One set of limits: a client address's requests count alike on every route, and several replicas on one
  // PostgreSQL share their buckets: one limit across them all.
  const limits = createLimits(options.rateLimit, options.sourceBudget, options.store?.buckets, options.hints);
  const addressOf = (c: Context) => clientAddress(c, options.trustedProxies ?? 0);
  const deps: ModeDeps = { limits, addressOf, log, headers };
  app.route('/api', apiRoutes(options, mode, settings, deps));
  mode.mountBeside(app, deps);
  app.all('/api', (c) => problem(c, { status: 404, code: 'not-found', message: 'No such API path.' }));
  staticRoutes(app, options.staticDir === undefined ? null : options.staticDir, {
    settings: pageSettings(settings),
    tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
  });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
