import { Hono, type Context } from 'hono';
import { BUILD_HEADER, BUILD_ID } from '../api/build';
import { formatFromAccept, UnencodableError } from '../api/codec';
import type { Settings } from '../api/settings';
import { accessLog, errorLine } from './platform/http/access-log';
import { problem, problemAnswer, reply, type Problem } from './platform/http/api-answer';
import { createGuard } from './platform/guard/guard';
import { operatorKeys, storeKeys } from './platform/guard/key-check';
import { KEY_HEADERS } from '../api/keys';
import { keyParams } from './platform/guard/key-params';
import { createLimits, type Limits } from './platform/guard/limits';
import { createCellRead } from './cells/cell-read';
import { createCellsInView } from './cells/cells-in-view';
import { camaraDocumentLocation, camaraRoutes } from './location/camara-read';
import { createLocationRead } from './location/location-read';
import { readRoutes, serviceRoutes } from './cells/read-routes';
import { FreshCache, freshValue } from './platform/cache/fresh-cache';
import { clientAddress } from './platform/guard/client-address';
import { compression } from './platform/http/compression';
import { cors } from './platform/http/cors';
import { notFoundOrNotAllowed } from './platform/http/method-fallback';
import { withCounts } from './cells/counts/counts-read';
import { DEFAULTS } from './config';
import { DEMO_KEYS } from './admin/demo-data';
import { proxyRoutes } from './modes/proxy/proxy-routes';
import { createOperator } from './camara-operator/operator';
import { allowedHostsOnly, securityHeaderValues, securityHeaders } from './platform/http/security-headers';
import { createCellSources } from './cells/sources/cell-sources';
import { staticRoutes } from './platform/http/static-routes';
import { watchRoutes } from './location/watch-routes';
import { StoreUnavailable, UNAVAILABLE_RETRY_SECONDS } from './store/records';
import { andThen, type Maybe } from './platform/maybe';
import type { AppOptions } from './app-options';

/* The database is away (PostgreSQL restarting, its server down): the service itself is fine and will be again. */
const UNAVAILABLE: Problem = {
  status: 503,
  code: 'database-unavailable',
  message: 'The service cannot reach its database just now; try again shortly.',
  retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
};

/** The Cell read's sources; undefined in proxy mode when the operator alone answers (its bytes pass through). */
function cellSources(options: AppOptions, log: (line: string) => void) {
  const proxy = 'upstream' in options;
  const config = options.cells?.sources ?? {
    names: proxy ? (['operator'] as const) : (['store'] as const),
    timeoutMs: proxy ? options.upstream.timeoutMs : DEFAULTS.timeoutMs,
    cacheDays: 0,
  };
  if (proxy && config.names.length === 1 && config.names[0] === 'operator') return undefined;
  if (proxy && config.names[0] !== 'operator') {
    throw new Error('in proxy mode the operator is the first cell source: it checks the keys');
  }
  const { cells } = options;
  return createCellSources(config, {
    ...(options.store !== undefined && { store: options.store }),
    ...(proxy && { upstream: options.upstream }),
    ...(cells?.cache !== undefined && { cache: cells.cache }),
    ...(cells?.fetch !== undefined && { fetch: cells.fetch }),
    ...(cells?.now !== undefined && { now: cells.now }),
    ...(cells?.nameOf !== undefined && { nameOf: cells.nameOf }),
    log,
  });
}

/**
 * How long the app is told a read may take: each source asked over the network may take the whole timeout, one
 * after the other (the store answers at once).
 */
function readTimeoutMs(options: AppOptions): number {
  const each =
    options.cells?.sources.timeoutMs ??
    ('upstream' in options ? options.upstream.timeoutMs : (options.timeoutMs ?? DEFAULTS.timeoutMs));
  const names = options.cells?.sources.names ?? [];
  const overNetwork = names.filter((name) => name !== 'store').length;
  return each * Math.max(1, overNetwork);
}

/** What the app needs from the service to start: /api/settings, and the same in the page. */
function appSettings(options: AppOptions): () => Maybe<Settings> {
  const mode = 'upstream' in options ? 'proxy' : 'demo';
  const locationSource =
    'upstream' in options ? 'operator' : options.camaraLocation !== undefined ? 'camara' : 'store';
  const timeoutMs = readTimeoutMs(options);
  // Asked again only when the data has changed: the page waits for the database only after a change.
  const { store } = options;
  const demoKeys =
    'upstream' in options || store === undefined
      ? () => false
      : freshValue(
          () => store.dataVersion(),
          () => store.hasDemoKeys(),
        );
  const perSecond = options.rateLimit?.perSecond ?? 0;
  return () =>
    andThen(demoKeys(), (withDemoKeys) => ({
      mode,
      locationSource,
      tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
      tileAttribution: options.tileAttribution ?? DEFAULTS.tileAttribution,
      timeoutMs,
      ...(withDemoKeys && { demoKeys: { ...DEMO_KEYS } }),
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

/** /api: the positioning resources (demo data or the operator's), health and settings; JSON or XML errors. */
function apiRoutes(
  options: AppOptions,
  settings: () => Maybe<Settings>,
  log: (line: string) => void,
  limits: Limits,
): Hono {
  const api = new Hono();
  const mode = 'upstream' in options ? 'proxy' : 'demo';
  if (options.corsOrigins !== undefined && options.corsOrigins.length > 0) {
    api.use(
      cors({
        origins: options.corsOrigins,
        // POST and DELETE only where there are some: the CAMARA read asks the operator, and stops waiting.
        methods:
          'camaraLocation' in options && options.camaraLocation !== undefined
            ? ['GET', 'HEAD', 'POST', 'DELETE']
            : ['GET', 'HEAD'],
        // The keys may come in headers (guard/key-params.ts); a page elsewhere must be let send them.
        headers: ['Accept', KEY_HEADERS.serviceKey, KEY_HEADERS.userKey],
        exposed: EXPOSED,
        maxAgeSeconds: 600,
      }),
    );
  }
  serviceRoutes(api, mode, settings);
  const addressOf = (c: Context) => clientAddress(c, options.trustedProxies ?? 0);
  const cells = cellSources(options, log);
  if (!('upstream' in options)) {
    if (cells === undefined) throw new Error('demo mode needs its cell sources');
    const { store } = options;
    const fresh = new FreshCache(() => store.dataVersion());
    const guard = createGuard({
      limits,
      addressOf,
      credentials: keyParams,
      judge: storeKeys(store, limits, fresh),
    });
    readRoutes(api, guard, {
      location: options.camaraLocation === undefined ? createLocationRead(store) : camaraDocumentLocation,
      cell: createCellRead(cells, fresh),
      cellsInView: withCounts(store, createCellsInView(store, options.cellsInViewLookThrough)),
    });
    if (options.camaraLocation !== undefined) camaraRoutes(api, guard, options.camaraLocation);
    const watching = options.camaraLocation?.watches;
    if (watching !== undefined) watchRoutes(api, guard, watching.watches, watching.store);
  } else {
    const guard = createGuard({ limits, addressOf, credentials: keyParams, judge: operatorKeys(limits) });
    proxyRoutes(api, options.upstream, { guard, log, cells });
  }
  api.all('*', notFoundOrNotAllowed(api, '/api'));
  return api;
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
  const settings = appSettings(options);
  // One set of limits: a client address's requests count alike on every route, and several replicas on one
  // PostgreSQL share their buckets: one limit across them all.
  const limits = createLimits(options.rateLimit, options.sourceBudget, options.store?.buckets, options.hints);
  app.route('/api', apiRoutes(options, settings, log, limits));
  if (options.camaraOperator !== undefined && !('upstream' in options)) {
    const oidcHeaders = securityHeaderValues(headers, '/oidc/');
    const operator = createOperator({
      ...options.camaraOperator,
      limits,
      addressOf: (c) => clientAddress(c, options.trustedProxies ?? 0),
      headers: () => oidcHeaders,
      log,
    });
    app.all('/oidc/*', operator.oidc);
    app.route('/camara', operator.camara);
    if (operator.phone !== undefined) app.route('/phone', operator.phone);
  }
  app.all('/api', (c) => problem(c, { status: 404, code: 'not-found', message: 'No such API path.' }));
  staticRoutes(app, options.staticDir === undefined ? null : options.staticDir, {
    settings: pageSettings(settings),
    tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
  });
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
