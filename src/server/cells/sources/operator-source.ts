import { decodeCell, detectFormat } from '../../../api/codec';
import { fetchCapped, type OutboundFailure } from '../../platform/net/outbound';
import type { CellSource } from './cell-source';
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

/**
 * The operator's own Cell read, decoded with the codec so the next sources can be asked: a 404 in the API's
 * formats means the keys were accepted and the operator does not know the cell. Anything else (its keys check, its
 * rate limit, its failures) is passed back as it came, and no further source is asked: the keys are unverified.
 */
export function operatorSource(): CellSource {
  return {
    name: 'operator',
    live: false,
    async ask(question, signal) {
      const operator = question.operator;
      if (operator === undefined) throw new Error("the operator source is asked without the caller's keys");
      const { mcc, mnc, cellid } = question.asked;
      const forwarded = await operator.ask(`/cell/${mcc}/${mnc}/${cellid}`, signal);
      if (!forwarded.ok) return { kind: 'final', forwarded };
      const text = new TextDecoder().decode(forwarded.body);
      const format = detectFormat(forwarded.contentType, text);
      if (forwarded.status === 404 && (format === 'xml' || format === 'json')) return { kind: 'not-found' };
      if (forwarded.status !== 200) return { kind: 'final', forwarded };
      try {
        const cell = decodeCell(text, forwarded.contentType);
        return {
          kind: 'found',
          cell: { lat: cell.position.lat, lon: cell.position.lon, lac: Number(cell.lac), name: cell.name },
        };
      } catch (error) {
        const unreadable: Forwarded = {
          ok: false,
          status: 502,
          code: 'upstream-unreadable',
          message: `The operator's answer could not be read (${(error as Error).message}).`,
        };
        return { kind: 'final', forwarded: unreadable };
      }
    },
  };
}
