import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Problem } from '../api-answer';
import type { Limits } from '../authorize';
import type { CamaraStore } from '../store/camara-store';
import type { TokenGrant } from './bearer';
import {
  camaraJson,
  CamaraFailure,
  correlatorOf,
  fail,
  problemResponse,
  UNAUTHENTICATED,
  type CamaraProblem,
} from './errors';
import { retrieveLocation } from './retrieve';
import { verifyLocation } from './verify';

export const RETRIEVE_PATH = '/location-retrieval/v0.5/retrieve';
export const VERIFY_PATH = '/location-verification/v3/verify';

/** A request body larger than this is refused unread; the largest valid one is a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024;

export interface CamaraRoutesOptions {
  store: CamaraStore;
  /** The bearer token's grant, or undefined when it is missing, unknown, expired or not for this API. */
  readToken: (authorization: string | undefined) => Promise<TokenGrant | undefined>;
  /** The service's limits: per client address, per failed token, and per API consumer (in place of a key). */
  limits: Limits;
  addressOf: (c: Context) => string;
  log: (line: string) => void;
  now?: () => number;
}

type Env = { Variables: { grant: TokenGrant; correlator: string | undefined } };

const tooMany = (problem: Problem): CamaraProblem => ({
  status: 429,
  code: 'TOO_MANY_REQUESTS',
  message: problem.message,
  ...(problem.retryAfterSeconds !== undefined && { retryAfterSeconds: problem.retryAfterSeconds }),
});

/* The guard of the Device Location routes: the x-correlator's form, the address's limits, a bearer token in
   place of the document's keys (a failed one charged to the address), then the consumer's own limit. */
function guard(options: CamaraRoutesOptions): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.set('correlator', correlatorOf(c));
    const address = options.addressOf(c);
    const admitted = options.limits.admit(address);
    if (admitted !== undefined) throw new CamaraFailure(tooMany(admitted));
    const grant = await options.readToken(c.req.header('authorization'));
    if (grant === undefined) {
      options.limits.failed(address);
      throw new CamaraFailure(UNAUTHENTICATED);
    }
    const limited = options.limits.accepted(`camara-client:${grant.clientId}`);
    if (limited !== undefined) throw new CamaraFailure(tooMany(limited));
    c.set('grant', grant);
    await next();
  };
}

async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.');
  const text = await c.req.text();
  if (text.trim() === '') fail(400, 'INVALID_ARGUMENT', 'The request body is missing: send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(400, 'INVALID_ARGUMENT', 'The request body is not valid JSON.');
  }
}

type Operation = (store: CamaraStore, grant: TokenGrant, json: unknown, now: number) => Promise<object>;

/**
 * CAMARA Device Location as this operator serves it: location-retrieval v0.5 and location-verification v3, JSON in
 * and out, every error in the specs' {status, code, message} with the request's x-correlator echoed.
 */
export function camaraRoutes(options: CamaraRoutesOptions): Hono<Env> {
  const app = new Hono<Env>();
  const now = options.now ?? (() => Date.now());
  app.onError((error, c) => {
    const correlator = c.get('correlator');
    if (error instanceof CamaraFailure) return problemResponse(c, error.problem, correlator);
    options.log(`camara: error in ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return problemResponse(
      c,
      { status: 500, code: 'INTERNAL', message: 'Unknown server error. Typically a server bug.' },
      correlator,
    );
  });
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () =>
      fail(400, 'INVALID_ARGUMENT', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  });
  const serve = (operation: Operation) => async (c: Context<Env>) => {
    const answer = await operation(options.store, c.get('grant'), await jsonBody(c), now());
    return camaraJson(c, 200, answer, c.get('correlator'));
  };
  app.post(RETRIEVE_PATH, guard(options), limit, serve(retrieveLocation));
  app.post(VERIFY_PATH, guard(options), limit, serve(verifyLocation));
  app.all(RETRIEVE_PATH, (c) => methodNotAllowed(c));
  app.all(VERIFY_PATH, (c) => methodNotAllowed(c));
  app.all('*', (c) =>
    problemResponse(c, { status: 404, code: 'NOT_FOUND', message: 'The specified resource is not found.' }),
  );
  return app;
}

function methodNotAllowed(c: Context): Response {
  const response = problemResponse(c, {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    message: 'The requested method is not allowed/supported on the target resource; use POST.',
  });
  response.headers.set('Allow', 'POST');
  return response;
}
