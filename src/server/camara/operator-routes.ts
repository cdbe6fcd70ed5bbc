import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Guard, Guarded } from '../guard/guard';
import type { CamaraStore } from '../store/camara-store';
import { StoreUnavailable } from '../store/records';
import type { TokenGrant } from './operator-bearer';
import {
  camaraJson,
  CamaraFailure,
  correlatorCheck,
  echoedCorrelator,
  fail,
  problemResponse,
  UNAVAILABLE,
} from './operator-errors';
import { retrieveLocation } from './operator-retrieve';
import { verifyLocation } from './operator-verify';

export const RETRIEVE_PATH = '/location-retrieval/v0.5/retrieve';
export const VERIFY_PATH = '/location-verification/v3/verify';

/** A request body larger than this is refused unread; the largest valid one is a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024;

export interface CamaraRoutesOptions {
  store: CamaraStore;
  /** The one guard, in the bearer-token mode: who asks is a token's grant, what is asked the x-correlator. */
  guard: Guard<TokenGrant>;
  log: (line: string) => void;
  now?: () => number;
  /** More routes under /camara (geofencing), added before the catch-all 404. */
  mount?: (app: Hono<CamaraEnv>, guard: Guard<TokenGrant>) => void;
}

export type CamaraEnv = Guarded<TokenGrant, string | undefined>;
type Env = CamaraEnv;

export async function jsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be application/json.');
  }
  const text = await c.req.text();
  if (text.trim() === '') fail(400, 'INVALID_ARGUMENT', 'The request body is missing: send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(400, 'INVALID_ARGUMENT', 'The request body is not valid JSON.');
  }
}

const causeOf = (error: Error): string => String((error.cause as Error | undefined)?.message);

type Operation = (store: CamaraStore, grant: TokenGrant, json: unknown, now: number) => Promise<object>;

function methodNotAllowed(c: Context): Response {
  const response = problemResponse(c, {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    message: 'The requested method is not allowed/supported on the target resource; use POST.',
  });
  response.headers.set('Allow', 'POST');
  return response;
}

/**
 * CAMARA Device Location as this operator serves it: location-retrieval v0.5 and location-verification v3, JSON in
 * and out, every error in the specs' {status, code, message} with the request's x-correlator echoed. The guard
 * admits, checks the x-correlator and the bearer token; the routes only answer.
 */
export function camaraRoutes(options: CamaraRoutesOptions): Hono<Env> {
  const app = new Hono<Env>();
  const now = options.now ?? (() => Date.now());
  app.onError((error, c) => {
    if (error instanceof CamaraFailure) return problemResponse(c, error.problem, echoedCorrelator(c));
    if (error instanceof StoreUnavailable) {
      options.log(`camara: ${c.req.method} ${c.req.path}: ${error.message} (${causeOf(error)})`);
      return problemResponse(c, UNAVAILABLE, echoedCorrelator(c));
    }
    options.log(`camara: error in ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    const internal = {
      status: 500 as const,
      code: 'INTERNAL',
      message: 'Unknown server error. Typically a server bug.',
    };
    return problemResponse(c, internal, echoedCorrelator(c));
  });
  const limit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () =>
      fail(400, 'INVALID_ARGUMENT', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
  });
  const serve = (operation: Operation) => async (c: Context<Env>) => {
    const answer = await operation(options.store, c.var.who, await jsonBody(c), now());
    return camaraJson(c, 200, answer, c.var.asked);
  };
  app.post(RETRIEVE_PATH, options.guard(correlatorCheck), limit, serve(retrieveLocation));
  app.post(VERIFY_PATH, options.guard(correlatorCheck), limit, serve(verifyLocation));
  app.all(RETRIEVE_PATH, methodNotAllowed);
  app.all(VERIFY_PATH, methodNotAllowed);
  options.mount?.(app, options.guard);
  app.all('*', (c) =>
    problemResponse(c, { status: 404, code: 'NOT_FOUND', message: 'The specified resource is not found.' }),
  );
  return app;
}
