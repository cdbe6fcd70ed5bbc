import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { formatFromAccept } from '../../../api/codec';
import { clip } from '../../platform/http/access-log';
import { problem, reply, schemaAnswer, type Problem } from '../../platform/http/api-answer';
import type { Guard, Guarded } from '../../platform/guard/guard';
import type { OperatorKeys } from '../../platform/guard/key-check';
import { excerpt, redact } from '../../platform/net/safe-text';
import { LOCATION_XSD } from '../../location/location-xsd';
import { passableRetryAfter, passableType, refusedAnswer } from './pass-back';
import type { Forwarded } from '../../cells/sources/forwarded';
import type { OperatorLink } from '../../cells/sources/operator-link';
import { cellRequest, type CellRequest } from '../../cells/cell-request';
import { answerCell, questionOf } from '../../cells/cell-answer';
import type { CellSources } from '../../cells/sources/cell-sources';

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

async function loadSchema(link: OperatorLink, report: Report): Promise<Schema> {
  const schema = await askSchema(link);
  if (!schema.ok) report(schema.problem.status, schema.problem.code, schema.cause ?? schema.problem.message);
  return schema;
}

async function askSchema(link: OperatorLink): Promise<Schema & { cause?: string }> {
  const result = await link.get(`${link.upstream.schemaUrl}/Location`, 'application/xml');
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

export interface ProxyOptions {
  /** The guard in proxy mode: the operator judges the keys (guard/key-check.ts, operatorKeys). */
  guard: Guard<OperatorKeys>;
  log: (line: string) => void;
  /** The Cell read's sources when there are more than the operator: it is asked first, then the others. */
  cells?: CellSources | undefined;
}

/**
 * The two resources forwarded to the operator behind the guard, and its schema when it has one; `link` is the one
 * line to the operator (its cap of requests in flight), which the Cell read's operator source shares.
 */
export function proxyRoutes(api: Hono, link: OperatorLink, { guard, log, cells }: ProxyOptions): void {
  const { upstream } = link;
  // The operator's URL without the query (the keys are there), and words without the keys either: an error from
  // fetch may quote the URL it was given, and an operator's error text may quote the keys.
  const reporter =
    (url: string, keys: readonly string[] = []): Report =>
    (status, code, detail) => {
      const said = redact(detail.replace(/\?\S*/g, '?…'), keys);
      log(`proxy GET ${clip(url)}: ${status} ${code} (${clip(said, 500)})`);
    };
  /** The caller as the operator is asked for it: its keys (charged as the guard said) and its Accept. */
  const callerOf = (c: Context, keys: OperatorKeys) => ({ ...keys, accept: c.req.header('accept') });
  const resource = async (c: Context, path: string, keys: OperatorKeys): Promise<Response> => {
    const report = reporter(`${upstream.baseUrl}${path}`, keys.secrets);
    return passBack(c, await link.read(path, callerOf(c, keys), c.req.raw.signal), report);
  };
  // With sources after the operator: the operator source asks it through the link (its 404 asks the next source);
  // an answer of its own that is not the cell comes back as it came and is passed back.
  const fromSources = async (
    c: Context<Guarded<OperatorKeys, CellRequest>>,
    sources: CellSources,
  ): Promise<Response> => {
    const request = c.get('asked');
    const keys = c.get('who');
    const serviceKey = c.get('serviceKey');
    const question = questionOf(request.asked, request, {
      caller: callerOf(c, keys),
      ...(serviceKey !== undefined && { serviceKey }),
    });
    const format = formatFromAccept(c.req.header('accept'));
    const outcome = await answerCell(sources.lookup, question, format, c.req.raw.signal, sources.creditOf);
    if ('answer' in outcome) return reply(c, outcome.answer);
    const { mcc, mnc, cellid } = request.asked;
    return passBack(
      c,
      outcome.forwarded,
      reporter(`${upstream.baseUrl}/cell/${mcc}/${mnc}/${cellid}`, keys.secrets),
    );
  };
  api.get('/location', guard(), (c) => resource(c, '/location', c.var.who));
  api.get('/cell/:mcc/:mnc/:cellid', guard(cellRequest), (c) => {
    if (cells !== undefined) return fromSources(c, cells);
    const { mcc, mnc, cellid } = c.var.asked.asked;
    return resource(c, `/cell/${mcc}/${mnc}/${cellid}`, c.var.who);
  });
  const schema = cachedSchema(() => loadSchema(link, reporter(`${upstream.schemaUrl}/Location`)));
  api.get('/schema/Location', async (c) => {
    if (upstream.schemaUrl === undefined) return schemaAnswer(c, LOCATION_XSD);
    const answer = await schema();
    return answer.ok ? schemaAnswer(c, answer.body, answer.type) : problem(c, answer.problem);
  });
}
