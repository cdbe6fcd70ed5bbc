import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { checkCellId } from '../api/cell-id';
import { CONTENT_TYPES, encodeCell, encodeError, encodeLocation, formatFromAccept } from '../api/codec';
import type { Cell, Format } from '../api/types';
import { DEFAULTS } from './config';
import { DEMO_KEYS } from './demo-data';
import { forward, type Upstream } from './proxy';
import { LOCATION_XSD } from './schema';
import { compression } from './compress';
import { RateLimiter } from './rate-limit';
import { securityHeaders, securityHeaderValues } from './security-headers';
import type { CellRecord, Store } from './store';

export interface CommonOptions {
  tileUrl?: string;
  tileAttribution?: string;
  /** Folder of the built app; null serves no pages (API only). */
  staticDir?: string | null;
  /** One line per request and per unexpected error; never holds a key. */
  log?: (line: string) => void;
  /** Requests per second per service key on the two resources, with a burst; absent or 0: no limit. */
  rateLimit?: { perSecond: number; burst: number };
}

export type AppOptions = ({ store: Store } | { upstream: Upstream }) & CommonOptions;

/** Longest key we look up; anything longer cannot be one we issued. */
export const MAX_KEY_LENGTH = 256;

const GET_ONLY = 'GET, HEAD';

type Problem = {
  status: 400 | 401 | 403 | 404 | 405 | 429 | 500 | 502 | 504;
  code: string;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
};

/** An API answer as plain data: the Hono routes and main's fast path send the same status, headers and body. */
export interface ApiAnswer {
  status: Problem['status'] | 200;
  headers: Record<string, string>;
  body: string;
}

/** Every value given for each key parameter, as Hono's `c.req.queries(name)` reads them (none: []). */
export interface KeyParams {
  serviceKey: readonly string[];
  userKey: readonly string[];
}

export interface CellPath {
  mcc: string;
  mnc: string;
  cellid: string;
}

/** The two demo reads, free of Hono. */
export interface Reads {
  location(keys: KeyParams, accept: string | undefined): ApiAnswer;
  cell(path: CellPath, keys: KeyParams, accept: string | undefined): ApiAnswer;
}

/** An API answer with its length declared, so compression can pass over a small one without reading it. */
function apiAnswer(
  status: ApiAnswer['status'],
  format: Format,
  body: string,
  extra?: Record<string, string>,
): ApiAnswer {
  return {
    status,
    headers: {
      'Content-Type': CONTENT_TYPES[format],
      'Cache-Control': 'no-store',
      Vary: 'Accept',
      ...extra,
      'Content-Length': String(Buffer.byteLength(body)),
    },
    body,
  };
}

function problemAnswer(p: Problem, format: Format): ApiAnswer {
  return apiAnswer(p.status, format, encodeError(p.status, p.code, p.message, format, p.field), {
    ...(p.status === 405 && { Allow: GET_ONLY }),
    ...(p.retryAfterSeconds !== undefined && { 'Retry-After': String(p.retryAfterSeconds) }),
  });
}

function reply(c: Context, answer: ApiAnswer): Response {
  for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
  return c.body(answer.body, answer.status);
}

function problem(c: Context, p: Problem): Response {
  return reply(c, problemAnswer(p, formatFromAccept(c.req.header('accept'))));
}

function toCell(record: CellRecord, asked?: { mcc: string; mnc: string; cellid: string }): Cell {
  const lat = record.lat.toFixed(6);
  const lon = record.lon.toFixed(6);
  return {
    lat,
    lon,
    // The Cell read repeats the path's text (mnc "05" stays "05"); Location gives the stored numbers.
    mcc: asked?.mcc ?? String(record.mcc),
    mnc: asked?.mnc ?? String(record.mnc),
    lac: String(record.lac),
    cellid: asked?.cellid ?? String(record.cellid),
    name: record.name,
    position: { lat: Number(lat), lon: Number(lon) },
  };
}

/** Reads one key parameter: a Problem when it is given twice; '' when absent. */
function keyParam(values: readonly string[], name: 'serviceKey' | 'userKey'): string | Problem {
  if (values.length > 1) {
    return {
      status: 400,
      code: 'duplicate-parameter',
      message: `${name} is given more than once.`,
      field: name,
    };
  }
  return values[0] ?? '';
}

type KeyCheck = { ok: true; serviceKey: string; userKey: string } | { ok: false; problem: Problem };

function readKeys(params: KeyParams): KeyCheck {
  const serviceKey = keyParam(params.serviceKey, 'serviceKey');
  if (typeof serviceKey !== 'string') return { ok: false, problem: serviceKey };
  const userKey = keyParam(params.userKey, 'userKey');
  if (typeof userKey !== 'string') return { ok: false, problem: userKey };
  if (serviceKey === '' || userKey === '') {
    const missing = [serviceKey === '' && 'serviceKey', userKey === '' && 'userKey']
      .filter(Boolean)
      .join(' and ');
    return { ok: false, problem: { status: 401, code: 'missing-keys', message: `${missing} missing.` } };
  }
  return { ok: true, serviceKey, userKey };
}

type Limit = (serviceKey: string) => Problem | undefined;

function rateLimit(options: CommonOptions['rateLimit']): Limit {
  const limiter = new RateLimiter(options ?? { perSecond: 0, burst: 1 });
  return (serviceKey) => {
    const decision = limiter.take(serviceKey);
    if (decision.ok) return undefined;
    return {
      status: 429,
      code: 'rate-limited',
      message: `Too many requests for this service key; try again in ${decision.retryAfterSeconds} s.`,
      retryAfterSeconds: decision.retryAfterSeconds,
    };
  };
}

const UNAUTHORIZED: Problem = {
  status: 401,
  code: 'unauthorized',
  message: 'The serviceKey and userKey are unknown or not of the same developer.',
};

function checkPath(path: CellPath): { ok: true; asked: CellPath } | { ok: false; problem: Problem } {
  const check = checkCellId(path, { mode: 'path' });
  if (check.ok) return { ok: true, asked: check.value };
  const field =
    (['mcc', 'mnc', 'cellid'] as const).find((name) => check.errors[name] !== undefined) ?? 'cellid';
  return {
    ok: false,
    problem: {
      status: 400,
      code: 'bad-cell-id',
      message: check.errors[field] ?? `${field} is not valid.`,
      field,
    },
  };
}

function clip(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** The access log's line for one request. Only the path: the query string carries the keys. */
export function accessLine(method: string, path: string, status: number, started: number): string {
  return `${method} ${clip(path)} ${status} ${(performance.now() - started).toFixed(1)}ms`;
}

function accessLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log(accessLine(c.req.method, c.req.path, c.res.status, started));
  };
}

/** Logs an unexpected error and gives the 500 answer for it. */
export function internalError(
  log: (line: string) => void,
  method: string,
  path: string,
  error: unknown,
  accept: string | undefined,
): ApiAnswer {
  log(
    `error ${method} ${clip(path)}: ${clip(error instanceof Error ? (error.stack ?? error.message) : String(error), 2000)}`,
  );
  return problemAnswer(
    { status: 500, code: 'internal', message: 'Something went wrong in the service.' },
    formatFromAccept(accept),
  );
}

function createReads(store: Store, limit: Limit): Reads {
  return {
    location(params, accept) {
      const format = formatFromAccept(accept);
      const keys = readKeys(params);
      if (!keys.ok) return problemAnswer(keys.problem, format);
      if (keys.serviceKey.length > MAX_KEY_LENGTH || keys.userKey.length > MAX_KEY_LENGTH) {
        return problemAnswer(UNAUTHORIZED, format);
      }
      const limited = limit(keys.serviceKey);
      if (limited !== undefined) return problemAnswer(limited, format);
      const user = store.authenticate(keys.serviceKey, keys.userKey);
      if (user === undefined || user === 'mismatch') return problemAnswer(UNAUTHORIZED, format);
      if (!user.smsReplied) {
        return problemAnswer(
          {
            status: 403,
            code: 'sms-not-replied',
            message: 'Positioning is not allowed: the user has not replied to the authorization SMS.',
          },
          format,
        );
      }
      const location = store.getLocation(user);
      if (location === undefined) {
        return problemAnswer(
          { status: 404, code: 'no-position', message: "The phone's current cell is not known." },
          format,
        );
      }
      const body = encodeLocation(
        {
          msisdn: location.msisdn,
          ...(location.state !== null && { state: location.state }),
          cell: toCell(location.cell),
        },
        format,
      );
      return apiAnswer(200, format, body);
    },

    cell(cellPath, params, accept) {
      const format = formatFromAccept(accept);
      const path = checkPath(cellPath);
      if (!path.ok) return problemAnswer(path.problem, format);
      const keys = readKeys(params);
      if (!keys.ok) return problemAnswer(keys.problem, format);
      if (keys.serviceKey.length > MAX_KEY_LENGTH || keys.userKey.length > MAX_KEY_LENGTH) {
        return problemAnswer(UNAUTHORIZED, format);
      }
      const limited = limit(keys.serviceKey);
      if (limited !== undefined) return problemAnswer(limited, format);
      const user = store.authenticate(keys.serviceKey, keys.userKey);
      if (user === undefined || user === 'mismatch') return problemAnswer(UNAUTHORIZED, format);
      const { asked } = path;
      const record = store.getCell({
        mcc: Number(asked.mcc),
        mnc: Number(asked.mnc),
        cellid: Number(asked.cellid),
      });
      if (record === undefined) {
        return problemAnswer(
          { status: 404, code: 'unknown-cell', message: 'No cell is known with that mcc, mnc and cellid.' },
          format,
        );
      }
      return apiAnswer(200, format, encodeCell(toCell(record, asked), format));
    },
  };
}

function cellPathOf(c: Context): CellPath {
  return {
    mcc: c.req.param('mcc') ?? '',
    mnc: c.req.param('mnc') ?? '',
    cellid: c.req.param('cellid') ?? '',
  };
}

function keyParams(c: Context): KeyParams {
  return { serviceKey: c.req.queries('serviceKey') ?? [], userKey: c.req.queries('userKey') ?? [] };
}

function demoRoutes(app: Hono, reads: Reads): void {
  app.get('/api/location', (c) => reply(c, reads.location(keyParams(c), c.req.header('accept'))));
  app.get('/api/cell/:mcc/:mnc/:cellid', (c) =>
    reply(c, reads.cell(cellPathOf(c), keyParams(c), c.req.header('accept'))),
  );
  app.get('/api/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}

function schemaAnswer(c: Context, xsd: string | Uint8Array, contentType = CONTENT_TYPES.xml): Response {
  c.header('Content-Type', contentType);
  c.header('Cache-Control', 'public, max-age=3600');
  return c.body(typeof xsd === 'string' ? xsd : (xsd as Uint8Array<ArrayBuffer>), 200);
}

function passBack(c: Context, result: Awaited<ReturnType<typeof forward>>): Response {
  if (!result.ok) return problem(c, result);
  const headers = new Headers({ 'Cache-Control': 'no-store', Vary: 'Accept' });
  if (result.contentType !== null) headers.set('Content-Type', result.contentType);
  if (result.retryAfter !== null) headers.set('Retry-After', result.retryAfter);
  const nullBody = result.status === 204 || result.status === 205;
  return new Response(nullBody ? null : (result.body as Uint8Array<ArrayBuffer>), {
    status: result.status,
    headers,
  });
}

function proxyRoutes(app: Hono, upstream: Upstream, limit: Limit): void {
  /* Only the two documented parameters go on, and each at most once: the proxy is no channel for anything else.
     Missing keys are the operator's to judge. */
  const query = (c: Context): string | Problem => {
    const forwarded = new URLSearchParams();
    for (const name of ['serviceKey', 'userKey'] as const) {
      const value = keyParam(c.req.queries(name) ?? [], name);
      if (typeof value !== 'string') return value;
      if (value.length > MAX_KEY_LENGTH) return UNAUTHORIZED;
      if (c.req.queries(name) !== undefined) forwarded.set(name, value);
    }
    const limited = limit(forwarded.get('serviceKey') ?? '');
    if (limited !== undefined) return limited;
    const text = forwarded.toString();
    return text === '' ? '' : `?${text}`;
  };
  app.get('/api/location', async (c) => {
    const search = query(c);
    if (typeof search !== 'string') return problem(c, search);
    return passBack(
      c,
      await forward(
        upstream,
        `${upstream.baseUrl}/location${search}`,
        c.req.header('accept'),
        c.req.raw.signal,
      ),
    );
  });
  app.get('/api/cell/:mcc/:mnc/:cellid', async (c) => {
    const path = checkPath(cellPathOf(c));
    if (!path.ok) return problem(c, path.problem);
    const search = query(c);
    if (typeof search !== 'string') return problem(c, search);
    const { mcc, mnc, cellid } = path.asked;
    return passBack(
      c,
      await forward(
        upstream,
        `${upstream.baseUrl}/cell/${mcc}/${mnc}/${cellid}${search}`,
        c.req.header('accept'),
        c.req.raw.signal,
      ),
    );
  });
  app.get('/api/schema/Location', async (c) => {
    if (upstream.schemaUrl === undefined) return schemaAnswer(c, LOCATION_XSD);
    const result = await forward(upstream, `${upstream.schemaUrl}/Location`, 'application/xml');
    if (!result.ok) return problem(c, result);
    if (result.status !== 200) {
      return problem(c, {
        status: 502,
        code: 'upstream-schema',
        message: `The operator's schema answered ${result.status}.`,
      });
    }
    return schemaAnswer(c, result.body, result.contentType ?? CONTENT_TYPES.xml);
  });
}

function staticRoutes(app: Hono, staticDir: string | null): void {
  const notBuilt = (c: Context): Response => {
    c.header('Cache-Control', 'no-store');
    return c.text(
      'The app is not built yet: run `npm run build` (npm start does it for you), then reload.',
      503,
    );
  };
  if (staticDir === null) {
    app.get('*', (c) => c.text('Not found', 404));
    return;
  }
  const index = join(staticDir, 'index.html');
  const notFound = (c: Context): Response => c.text('Not found', 404, { 'Cache-Control': 'no-store' });
  // Made on first use: serveStatic complains at once about a root that does not exist yet.
  let files: MiddlewareHandler | undefined;
  const page = serveStatic({ path: index });
  app.get('*', async (c, next) => {
    // Checked on each request so that a build made while the service runs is picked up.
    if (!existsSync(index)) return notBuilt(c);
    // Set before serving: serveStatic builds its response before its onFound hook runs.
    c.header(
      'Cache-Control',
      c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    files ??= serveStatic({ root: staticDir });
    return files(c, next);
  });
  app.get('*', async (c, next) => {
    const last = c.req.path.split('/').pop() ?? '';
    // A missing file (an asset, a favicon) is a 404; every other path is one of the app's own routes.
    if (c.req.path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(last)) return notFound(c);
    c.header('Cache-Control', 'no-cache');
    return (await page(c, next)) ?? notFound(c);
  });
}

/** The app and what main's fast path needs to answer the two reads just as the app does. */
export interface Service {
  app: Hono;
  /** The demo reads; undefined in proxy mode. */
  reads: Reads | undefined;
  /** The security headers every answer carries. */
  securityHeaders: Readonly<Record<string, string>>;
  log: (line: string) => void;
}

/** The reference service: the positioning API (demo data or a proxy to the operator) and the built app. */
export function createApp(options: AppOptions): Hono {
  return createService(options).app;
}

export function createService(options: AppOptions): Service {
  const app = new Hono();
  const log = options.log ?? (() => undefined);
  const mode = 'store' in options ? 'demo' : 'proxy';

  const limit = rateLimit(options.rateLimit);
  const headers = securityHeaderValues(options.tileUrl ?? DEFAULTS.tileUrl);
  const reads = 'store' in options ? createReads(options.store, limit) : undefined;

  app.use('*', accessLog(log));
  app.use('*', securityHeaders(headers));
  app.use('*', compression());

  app.onError((error, c) =>
    reply(c, internalError(log, c.req.method, c.req.path, error, c.req.header('accept'))),
  );
  app.get('/api/health', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', mode });
  });

  app.get('/api/settings', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({
      mode,
      tileUrl: options.tileUrl ?? DEFAULTS.tileUrl,
      tileAttribution: options.tileAttribution ?? DEFAULTS.tileAttribution,
      ...('store' in options && options.store.hasDemoKeys() && { demoKeys: { ...DEMO_KEYS } }),
    });
  });

  if (reads !== undefined) demoRoutes(app, reads);
  else if ('upstream' in options) proxyRoutes(app, options.upstream, limit);

  for (const path of [
    '/api/location',
    '/api/cell/:mcc/:mnc/:cellid',
    '/api/schema/Location',
    '/api/health',
    '/api/settings',
  ]) {
    app.all(path, (c) =>
      problem(c, {
        status: 405,
        code: 'method-not-allowed',
        message: `${c.req.method} is not allowed here; use GET.`,
      }),
    );
  }
  app.all('/api', (c) => problem(c, { status: 404, code: 'not-found', message: 'No such API path.' }));
  app.all('/api/*', (c) => problem(c, { status: 404, code: 'not-found', message: 'No such API path.' }));

  staticRoutes(app, options.staticDir === undefined ? null : options.staticDir);

  app.notFound((c) => c.text('Not found', 404));
  return { app, reads, securityHeaders: headers, log };
}
