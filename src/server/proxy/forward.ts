import { fetchCapped, type OutboundFailure } from '../net/outbound';
import { excerpt } from '../net/safe-text';

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
export const DEFAULT_MAX_IN_FLIGHT = 64;

export type Forwarded =
  | { ok: true; status: number; contentType: string | null; retryAfter: string | null; body: Uint8Array }
  | {
      ok: false;
      status: 502 | 503 | 504;
      code: string;
      message: string;
      retryAfterSeconds?: number;
      /** What went wrong underneath, for the log only (never in an answer). */
      cause?: string;
    };

/* Only what the app reads is passed on. Anything else (a login page, an SVG, a script) would be served from the
   app's own origin, where the stored keys are. `+xml` types are not all XML data: image/svg+xml runs scripts. */
const PASSABLE = new Set(['application/xml', 'text/xml', 'application/json']);

/** The operator's content type when it is XML or JSON, rebuilt from its type and charset; null otherwise. */
export function passableType(contentType: string | null): string | null {
  if (contentType === null) return null;
  const [type = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (!PASSABLE.has(type)) return null;
  const charset = params.map((param) => /^charset="?([a-z0-9._-]{1,40})"?$/.exec(param)?.[1]).find(Boolean);
  return charset === undefined ? type : `${type}; charset=${charset}`;
}

/** A Retry-After worth passing on: seconds or an HTTP date, nothing else. */
export function passableRetryAfter(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return /^\d{1,9}$/.test(trimmed) ||
    /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)
    ? trimmed
    : null;
}

/** An answer that is not XML or JSON, told in our own words: its status kept when it is an error. */
export function refusedAnswer(result: { status: number; contentType: string | null; body: Uint8Array }): {
  status: number;
  code: string;
  message: string;
} {
  const type = result.contentType === null ? 'no content type' : excerpt(result.contentType, 60);
  const said = `The operator answered ${result.status} with ${type}, not XML or JSON`;
  if (result.status < 400) {
    return { status: 502, code: 'upstream-content-type', message: `${said}; it is not passed on.` };
  }
  const plain = /^text\/plain\s*(;|$)/i.test(result.contentType ?? '');
  const text = plain ? excerpt(new TextDecoder().decode(result.body)) : '';
  return {
    status: result.status,
    code: 'upstream-error',
    message: text === '' ? `${said}.` : `${said}: "${text}"`,
  };
}

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
