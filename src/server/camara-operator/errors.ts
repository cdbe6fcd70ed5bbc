import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { UNAVAILABLE_RETRY_SECONDS } from '../store/records';

/** An error in CAMARA's form (Commonalities, ErrorInfo): the status, a code the API names, a message for people. */
export interface CamaraProblem {
  status: ContentfulStatusCode;
  code: string;
  message: string;
  retryAfterSeconds?: number;
}

/** Thrown by the checks of a request; the route answers it. */
export class CamaraFailure extends Error {
  constructor(readonly problem: CamaraProblem) {
    super(problem.message);
    this.name = 'CamaraFailure';
  }
}

export function fail(status: ContentfulStatusCode, code: string, message: string): never {
  throw new CamaraFailure({ status, code, message });
}

/* Commonalities, 3.1: "When no login has been performed or no authentication has been assigned, a non-descriptive
   generic error will always be returned": the same words for a missing, unknown, expired or revoked token. */
export const UNAUTHENTICATED: CamaraProblem = {
  status: 401,
  code: 'UNAUTHENTICATED',
  message:
    'Request not authenticated due to missing, invalid, or expired credentials. A new authentication is required.',
};

/* The database is away (PostgreSQL restarting): Commonalities' GENERIC_503_UNAVAILABLE, with when to try again. */
export const UNAVAILABLE: CamaraProblem = {
  status: 503,
  code: 'UNAVAILABLE',
  message: 'Service Unavailable.',
  retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
};

/* The x-correlator's pattern (CAMARA_common.yaml, XCorrelator). */
const CORRELATOR = /^[a-zA-Z0-9\-_:;./<>{}]{0,256}$/;

const BAD_CORRELATOR: CamaraProblem = {
  status: 400,
  code: 'INVALID_ARGUMENT',
  message: 'The x-correlator header must be at most 256 letters, digits or -_:;./<>{}.',
};

/** The request's x-correlator, the guard's check of what is asked: 400 when it breaks the pattern. */
export function correlatorCheck(
  c: Context,
): { ok: true; value: string | undefined } | { ok: false; problem: CamaraProblem } {
  const value = c.req.header('x-correlator');
  if (value === undefined || value === '') return { ok: true, value: undefined };
  return CORRELATOR.test(value) ? { ok: true, value } : { ok: false, problem: BAD_CORRELATOR };
}

/** The x-correlator to echo: the request's, when it is valid. */
export function echoedCorrelator(c: Context): string | undefined {
  const checked = correlatorCheck(c);
  return checked.ok ? checked.value : undefined;
}

/* Commonalities' words for a rate limit (CAMARA_common.yaml, GENERIC_429_TOO_MANY_REQUESTS): the guard's own
   speak of service keys, which a CAMARA consumer has none of. Retry-After still says when to come back. */
const RATE_LIMITED = { code: 'TOO_MANY_REQUESTS', message: 'Rate limit reached.' };

/** The guard's refusals in CAMARA's form: its rate limits are Commonalities' TOO_MANY_REQUESTS. */
export function camaraRefusal(c: Context, problem: CamaraProblem): Response {
  return problemResponse(
    c,
    problem.status === 429 ? { ...problem, ...RATE_LIMITED } : problem,
    echoedCorrelator(c),
  );
}

/** An answer in CAMARA's JSON, never cached, with the request's x-correlator echoed. */
export function camaraJson(
  c: Context,
  status: ContentfulStatusCode,
  body: object,
  correlator?: string,
): Response {
  return c.json(body, status, {
    'Cache-Control': 'no-store',
    ...(correlator !== undefined && { 'x-correlator': correlator }),
  });
}

export function problemResponse(c: Context, problem: CamaraProblem, correlator?: string): Response {
  const response = camaraJson(
    c,
    problem.status,
    { status: problem.status, code: problem.code, message: problem.message },
    correlator,
  );
  if (problem.retryAfterSeconds !== undefined)
    response.headers.set('Retry-After', String(problem.retryAfterSeconds));
  if (problem.status === 401) response.headers.set('WWW-Authenticate', 'Bearer');
  return response;
}
