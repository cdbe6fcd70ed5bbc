import { fetchCapped, type OutboundFailure } from '../../platform/net/outbound';
import type { Forwarded } from './forwarded';

export type { Forwarded } from './forwarded';

/** Where proxy mode forwards to: the operator's {base_url} (may carry a path) and {schema_url}. */
export interface Upstream {
  baseUrl: string;
  timeoutMs: number;
  schemaUrl?: string | undefined;
  /** Largest operator answer passed on, in bytes; larger is a 502. */
  maxBodyBytes?: number;
  /** Requests to the operator in flight at once; more are answered 503 at once. */
  maxInFlight?: number;
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const FAILED: Record<OutboundFailure, { status: 502 | 504; code: string; message: string }> = {
  timeout: { status: 504, code: 'upstream-timeout', message: 'The operator did not answer within {ms} ms.' },
  unreachable: { status: 502, code: 'upstream-unreachable', message: 'The operator could not be reached.' },
  redirect: {
    status: 502,
    code: 'upstream-redirect',
    message: 'The operator answered with a redirect, which is not followed.',
  },
  'too-large': {
    status: 502,
    code: 'upstream-too-large',
    message: "The operator's answer is larger than {bytes} bytes.",
  },
  broken: {
    status: 502,
    code: 'upstream-broken',
    message: 'The connection to the operator dropped during the answer.',
  },
  abandoned: {
    status: 502,
    code: 'caller-gone',
    message: 'The caller went away before the operator answered.',
  },
};

/**
 * One GET to the operator (net/outbound.ts). Status, content type and body come back as they are; a redirect is
 * not followed (the operator's resources are read-only GETs, a redirect means a wrong base URL or a login page).
 */
export async function forward(
  upstream: Upstream,
  url: string,
  accept: string | undefined,
  /** The caller's request: when its client goes away, the operator's answer is no longer awaited. */
  callerSignal?: AbortSignal,
  /** The caller's keys, which the URL carries: never in a failure's words. */
  secrets: readonly string[] = [],
): Promise<Forwarded> {
  const maxBytes = upstream.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const answer = await fetchCapped({
    url,
    headers: accept === undefined ? {} : { Accept: accept },
    timeoutMs: upstream.timeoutMs,
    signal: callerSignal,
    maxBytes,
    secrets,
    fetch: upstream.fetch,
  });
  if (answer.ok) {
    return {
      ok: true,
      status: answer.status,
      contentType: answer.headers.get('content-type'),
      retryAfter: answer.headers.get('retry-after'),
      body: answer.body,
    };
  }
  const { status, code, message } = FAILED[answer.failure];
  return {
    ok: false,
    status,
    code,
    message: message.replace('{ms}', String(upstream.timeoutMs)).replace('{bytes}', String(maxBytes)),
    ...((answer.failure === 'unreachable' || answer.failure === 'broken') && { cause: answer.detail }),
  };
}

/** Requests to the operator in flight at once unless Upstream.maxInFlight says otherwise. */
const DEFAULT_MAX_IN_FLIGHT = 64;

/** Who asks the operator, as proxy mode's key check found out: the keys forwarded, and how its verdict is charged. */
export interface OperatorCaller {
  /** The query forwarded (the two documented keys), '' when none. */
  search: string;
  /** The key values given, never in a failure's words. */
  secrets: readonly string[];
  /** The operator answered with `status`: charged as the guard's key check says (platform/guard/key-check.ts). */
  answered(status: number): void;
  /** The caller's Accept, passed on. */
  accept: string | undefined;
}

/**
 * Proxy mode's one line to the operator, made once when the mode is composed: every request to it (the two
 * resources, the Cell read's operator source, the schema) goes through one cap of requests in flight.
 */
export interface OperatorLink {
  readonly upstream: Upstream;
  /** One GET through the cap; a 503 to try again in 1 s when the cap is reached. */
  get(
    url: string,
    accept: string | undefined,
    signal?: AbortSignal,
    secrets?: readonly string[],
  ): Promise<Forwarded>;
  /** One read of `path` with the caller's keys; what the operator answered is charged as the guard said. */
  read(path: string, caller: OperatorCaller, signal: AbortSignal): Promise<Forwarded>;
}

export function createOperatorLink(upstream: Upstream): OperatorLink {
  const max = upstream.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  let inFlight = 0;
  const get: OperatorLink['get'] = async (url, accept, signal, secrets) => {
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
      return await forward(upstream, url, accept, signal, secrets);
    } finally {
      inFlight--;
    }
  };
  return {
    upstream,
    get,
    async read(path, caller, signal) {
      const url = `${upstream.baseUrl}${path}${caller.search}`;
      const result = await get(url, caller.accept, signal, caller.secrets);
      if (result.ok) caller.answered(result.status);
      return result;
    },
  };
}
