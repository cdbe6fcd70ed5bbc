import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { formatFromAccept } from '../../api/codec';
import { clip } from '../http/access-log';
import { problem, reply, schemaAnswer, type Problem } from '../http/api-answer';
import { MAX_KEY_LENGTH, UNAUTHORIZED, type Limits } from '../guard/key-check';
import { LOCATION_XSD } from '../reads/location-xsd';
import {
  DEFAULT_MAX_IN_FLIGHT,
  excerpt,
  forward,
  passableRetryAfter,
  passableType,
  refusedAnswer,
  type Forwarded,
  type Upstream,
} from './forward';
import { keyParam } from '../guard/key-params';
import { cellPathOf, checkPath } from '../reads/cell-path';
import { answerCell, cellQueryOf, checkCellQuery, questionOf } from '../sources/cell-answer';
import type { CellSources } from '../sources/cell-sources';

/* Only the two documented parameters go on, and each at most once: the proxy is no channel for anything else.
   Missing keys are the operator's to judge; a service key over its limit is not forwarded. */
function forwardedQuery(
  c: Context,
  limits: Limits,
  address: string,
): { search: string; serviceKey: string } | Problem {
  const forwarded = new URLSearchParams();
  for (const name of ['serviceKey', 'userKey'] as const) {
    const given = c.req.queries(name);
    const value = keyParam(given ?? [], name);
    if (typeof value !== 'string') return value;
    if (value.length > MAX_KEY_LENGTH) {
      limits.failed(address);
      return UNAUTHORIZED;
    }
    if (given !== undefined) forwarded.set(name, value);
  }
  const serviceKey = forwarded.get('serviceKey') ?? '';
  const full = limits.keyHasRoom(serviceKey);
  if (full !== undefined) return full;
  const text = forwarded.toString();
  return { search: text === '' ? '' : `?${text}`, serviceKey };
}

/** Logs an answer the proxy made up instead of the operator's, and why: the operator's side sees only a status. */
type Report = (status: number, code: string, detail: string) => void;

function passBack(c: Context, result: Forwarded, report: Report): Response {
  if (!result.ok) {
    report(result.status, result.code, result.cause ?? result.message);
    return problem(c, result);
  }
  const nullBody = result.status === 204 || result.status === 205;
  const type = passableType(result.contentType);
  const retryAfter = passableRetryAfter(result.retryAfter);
  if (type === null && !nullBody) {
    const refused = refusedAnswer(result);
    report(refused.status, refused.code, refused.message);
    const res = problem(c, { ...refused, status: refused.status as ContentfulStatusCode });
    if (retryAfter !== null) res.headers.set('Retry-After', retryAfter);
    return res;
  }
  const headers = new Headers({ 'Cache-Control': 'no-store', Vary: 'Accept' });
  if (type !== null) headers.set('Content-Type', type);
  if (retryAfter !== null) headers.set('Retry-After', retryAfter);
  return new Response(nullBody ? null : (result.body as Uint8Array<ArrayBuffer>), {
    status: result.status,
    headers,
  });
}

/** The two resources forwarded to the operator (checked first), and its schema when it has one. */
type Schema = { ok: true; body: Uint8Array; type: string } | { ok: false; problem: Problem };

const SCHEMA_KEPT_MS = 3_600_000;
const SCHEMA_FAILURE_KEPT_MS = 30_000;

async function loadSchema(upstream: Upstream, gate: Gate, report: Report): Promise<Schema> {
  const schema = await askSchema(upstream, gate);
  if (!schema.ok) report(schema.problem.status, schema.problem.code, schema.cause ?? schema.problem.message);
  return schema;
}

async function askSchema(upstream: Upstream, gate: Gate): Promise<Schema & { cause?: string }> {
  const result = await gate(() => forward(upstream, `${upstream.schemaUrl}/Location`, 'application/xml'));
  if (!result.ok)
    return { ok: false, problem: result, ...(result.cause !== undefined && { cause: result.cause }) };
  if (result.status !== 200) {
    const message = `The operator's schema answered ${result.status}.`;
    return { ok: false, problem: { status: 502, code: 'upstream-schema', message } };
  }
  const type = passableType(result.contentType);
  if (type === null || type === 'application/json') {
    const came = excerpt(result.contentType ?? 'no content type', 60);
    const message = `The operator's schema came as ${came}, not XML.`;
    return { ok: false, problem: { status: 502, code: 'upstream-content-type', message } };
  }
  return { ok: true, body: result.body, type };
}

/** The operator's schema, asked for once an hour (a failure is kept 30 s); callers at the same time share one ask. */
function cachedSchema(load: () => Promise<Schema>, now = Date.now): () => Promise<Schema> {
  let entry: { until: number; schema: Promise<Schema> } | undefined;
  return () => {
    if (entry === undefined || entry.until <= now()) {
      const fresh = { until: Infinity, schema: load() };
      entry = fresh;
      void fresh.schema.then((schema) => {
        fresh.until = now() + (schema.ok ? SCHEMA_KEPT_MS : SCHEMA_FAILURE_KEPT_MS);
      });
    }
    return entry.schema;
  };
}

/** Runs a request to the operator when fewer than the cap are in flight; a 503 to try again in 1 s otherwise. */
type Gate = (ask: () => Promise<Forwarded>) => Promise<Forwarded>;

function createGate(max: number): Gate {
  let inFlight = 0;
  return async (ask) => {
    if (inFlight >= max) {
      return {
        ok: false,
        status: 503,
        code: 'upstream-busy',
        message: `${max} requests to the operator are in flight already; try again in 1 s.`,
        retryAfterSeconds: 1,
      };
    }
    inFlight++;
    try {
      return await ask();
    } finally {
      inFlight--;
    }
  };
}

export interface ProxyOptions {
  limits: Limits;
  addressOf: (c: Context) => string;
  log: (line: string) => void;
  /** The Cell read's sources when there are more than the operator: it is asked first, then the others. */
  cells?: CellSources | undefined;
}

/** The two resources forwarded to the operator (checked first), and its schema when it has one. The operator
 *  judges the keys: its 401 is charged to the client's address, any other answer to the service key. */
export function proxyRoutes(
  api: Hono,
  upstream: Upstream,
  { limits, addressOf, log, cells }: ProxyOptions,
): void {
  const gate = createGate(upstream.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT);
  // The operator's URL without the query (the keys are there), and an error's words without the keys either: an
  // error from fetch may quote the URL it was given.
  const reporter =
    (url: string, keys: readonly string[] = []): Report =>
    (status, code, detail) => {
      let said = detail.replace(/\?\S*/g, '?…');
      for (const key of keys.flatMap((k) => [k, encodeURIComponent(k)]).filter((k) => k.length > 0)) {
        said = said.split(key).join('•••');
      }
      log(`proxy GET ${clip(url)}: ${status} ${code} (${clip(said, 500)})`);
    };
  /** One read of the operator with the caller's keys, through the gate, charged as its answer says. */
  const asker = (c: Context, address: string, query: { search: string; serviceKey: string }) => {
    const accept = c.req.header('accept');
    return async (path: string, signal: AbortSignal): Promise<Forwarded> => {
      const url = `${upstream.baseUrl}${path}${query.search}`;
      const result = await gate(() => forward(upstream, url, accept, signal));
      if (result.ok && result.status === 401) limits.failed(address);
      else if (result.ok) limits.accepted(query.serviceKey);
      return result;
    };
  };
  const keysOf = (c: Context) => [c.req.query('serviceKey') ?? '', c.req.query('userKey') ?? ''];
  const resource = async (c: Context, path: string, address: string): Promise<Response> => {
    const query = forwardedQuery(c, limits, address);
    if (!('search' in query)) return problem(c, query);
    const report = reporter(`${upstream.baseUrl}${path}`, keysOf(c));
    return passBack(c, await asker(c, address, query)(path, c.req.raw.signal), report);
  };
  // With sources after the operator: the operator's answer decoded (its 404 asks the next source), or passed back.
  const fromSources = async (
    c: Context,
    sources: CellSources,
    asked: Parameters<typeof questionOf>[0],
    extra: Parameters<typeof questionOf>[1],
    address: string,
  ): Promise<Response> => {
    const query = forwardedQuery(c, limits, address);
    if (!('search' in query)) return problem(c, query);
    const question = questionOf(asked, extra, { ask: asker(c, address, query) });
    const format = formatFromAccept(c.req.header('accept'));
    const outcome = await answerCell(sources.lookup, question, format, c.req.raw.signal, sources.creditOf);
    if ('answer' in outcome) return reply(c, outcome.answer);
    const { mcc, mnc, cellid } = asked;
    return passBack(
      c,
      outcome.forwarded,
      reporter(`${upstream.baseUrl}/cell/${mcc}/${mnc}/${cellid}`, keysOf(c)),
    );
  };
  // Every request to the two resources is first charged to its address.
  const admitted = (c: Context, then: (address: string) => Response | Promise<Response>) => {
    const address = addressOf(c);
    const refused = limits.admit(address);
    return refused === undefined ? then(address) : problem(c, refused);
  };
  api.get('/location', (c) => admitted(c, (address) => resource(c, '/location', address)));
  api.get('/cell/:mcc/:mnc/:cellid', (c) =>
    admitted(c, (address) => {
      const path = checkPath(cellPathOf(c));
      if (!path.ok) return problem(c, path.problem);
      const extra = checkCellQuery(cellQueryOf(c));
      if (!extra.ok) return problem(c, extra.problem);
      if (cells !== undefined) return fromSources(c, cells, path.asked, extra, address);
      const { mcc, mnc, cellid } = path.asked;
      return resource(c, `/cell/${mcc}/${mnc}/${cellid}`, address);
    }),
  );
  const schema = cachedSchema(() => loadSchema(upstream, gate, reporter(`${upstream.schemaUrl}/Location`)));
  api.get('/schema/Location', async (c) => {
    if (upstream.schemaUrl === undefined) return schemaAnswer(c, LOCATION_XSD);
    const answer = await schema();
    return answer.ok ? schemaAnswer(c, answer.body, answer.type) : problem(c, answer.problem);
  });
}
