import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CONTENT_TYPES, encodeError, formatFromAccept } from '../../../api/codec';
import type { Format } from '../../../api/types';
import { PlainResponse } from './plain-response';

export interface Problem {
  /** Ours are 400–405, 429, 500 and 502–504; an operator's error status is passed on as it came. */
  status: ContentfulStatusCode;
  code: string;
  message: string;
  field?: string;
  retryAfterSeconds?: number;
  /** The methods a 405 names in its Allow header. */
  allow?: string;
}

/** An API answer as plain data, so the answer functions need no Hono and their tests no server. */
export interface ApiAnswer {
  status: Problem['status'] | 200;
  headers: Record<string, string>;
  body: string;
  /** Kept with an answer sent many times as it is (a kept counts answer): its body compressed, per encoding, filled
   *  by the compression middleware the first time each is asked for. */
  encoded?: Map<string, Uint8Array<ArrayBuffer>>;
}

/** An API answer with its length declared, so compression can pass over a small one without reading it. */
export function apiAnswer(
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

export function problemAnswer(p: Problem, format: Format): ApiAnswer {
  return apiAnswer(p.status, format, encodeError(p.status, p.code, p.message, format, p.field), {
    ...(p.allow !== undefined && { Allow: p.allow }),
    ...(p.retryAfterSeconds !== undefined && { 'Retry-After': String(p.retryAfterSeconds) }),
  });
}

/**
 * The answer as the service sends it: plain headers the middleware adds to and the listener writes as they are
 * (http/plain-response.ts). Headers set with `c.header()` before the handler are not in it: no middleware of the
 * API sets any that way; they set theirs on `c.res` once the handler has answered.
 */
export function reply(_c: Context, answer: ApiAnswer): Response {
  return new PlainResponse(answer.body, answer.status, answer.headers, answer.encoded);
}

/** The answer now when it is there (SQLite, a kept answer), else when it comes. */
export const replyWhenReady = (
  c: Context,
  answer: ApiAnswer | Promise<ApiAnswer>,
): Response | Promise<Response> =>
  answer instanceof Promise ? answer.then((ready) => reply(c, ready)) : reply(c, answer);

export function problem(c: Context, p: Problem): Response {
  return reply(c, problemAnswer(p, formatFromAccept(c.req.header('accept'))));
}

/** The XSD, ours or the operator's, cached for an hour. */
export function schemaAnswer(
  c: Context,
  xsd: string | Uint8Array,
  contentType = CONTENT_TYPES.xml,
): Response {
  return c.body(typeof xsd === 'string' ? xsd : (xsd as Uint8Array<ArrayBuffer>), 200, {
    'Content-Type': contentType,
    'Cache-Control': 'public, max-age=3600',
  });
}
