import type { Context, Hono } from 'hono';
import { CONTENT_TYPES, formatFromAccept } from '../api/codec';
import { problem, reply, schemaAnswer, type Problem } from './api-answer';
import { MAX_KEY_LENGTH, UNAUTHORIZED, type Limit } from './authorize';
import { LOCATION_XSD } from './location-xsd';
import { forward, type Forwarded, type Upstream } from './proxy';
import { cellPathOf, checkPath, keyParam } from './request-values';
import { answerCell, cellQueryOf, checkCellQuery, questionOf } from './sources/cell-answer';
import type { CellSources } from './sources/cell-sources';

/* Only the two documented parameters go on, and each at most once: the proxy is no channel for anything else.
   Missing keys are the operator's to judge. */
export function forwardedQuery(c: Context, limit: Limit): string | Problem {
  const forwarded = new URLSearchParams();
  for (const name of ['serviceKey', 'userKey'] as const) {
    const given = c.req.queries(name);
    const value = keyParam(given ?? [], name);
    if (typeof value !== 'string') return value;
    if (value.length > MAX_KEY_LENGTH) return UNAUTHORIZED;
    if (given !== undefined) forwarded.set(name, value);
  }
  const limited = limit(forwarded.get('serviceKey') ?? '');
  if (limited !== undefined) return limited;
  const text = forwarded.toString();
  return text === '' ? '' : `?${text}`;
}

export function passBack(c: Context, result: Forwarded): Response {
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

/**
 * The two resources forwarded to the operator (checked first), and its schema when it has one. With `cells` (more
 * sources than the operator), the Cell read asks the operator first, then the others when it does not know the cell.
 */
export function proxyRoutes(api: Hono, upstream: Upstream, limit: Limit, cells?: CellSources): void {
  const resource = async (c: Context, path: string): Promise<Response> => {
    const search = forwardedQuery(c, limit);
    if (typeof search !== 'string') return problem(c, search);
    const url = `${upstream.baseUrl}${path}${search}`;
    return passBack(c, await forward(upstream, url, c.req.header('accept'), c.req.raw.signal));
  };
  api.get('/location', (c) => resource(c, '/location'));
  api.get('/cell/:mcc/:mnc/:cellid', async (c) => {
    const path = checkPath(cellPathOf(c));
    if (!path.ok) return problem(c, path.problem);
    const extra = checkCellQuery(cellQueryOf(c));
    if (!extra.ok) return problem(c, extra.problem);
    const { mcc, mnc, cellid } = path.asked;
    if (cells === undefined) return resource(c, `/cell/${mcc}/${mnc}/${cellid}`);
    const search = forwardedQuery(c, limit);
    if (typeof search !== 'string') return problem(c, search);
    const accept = c.req.header('accept');
    const question = questionOf(path.asked, extra, { query: search, accept });
    const format = formatFromAccept(accept);
    const outcome = await answerCell(cells.lookup, question, format, c.req.raw.signal, cells.creditOf);
    return 'answer' in outcome ? reply(c, outcome.answer) : passBack(c, outcome.forwarded);
  });
  api.get('/schema/Location', async (c) => {
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
