import { parseRetryAfter } from '../../../api/errors';
import type { SourceFailure } from './cell-source';
import { fetchCapped, textOf, type OutboundFailure } from '../../platform/net/outbound';

/** How live sources are reached: each request within `timeoutMs`; `fetch` is injectable for tests. */
export interface SourceHttp {
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** A source's answer as text, or why there is none. */
type HttpFailure = Extract<SourceFailure, 'timeout' | 'unavailable' | 'unreadable'>;

export type HttpAnswer =
  | { ok: true; status: number; contentType: string; retryAfterSeconds: number | undefined; text: string }
  | { ok: false; failure: HttpFailure; detail: string };

/** Largest answer read from a source; a cell's answer is a few hundred bytes. */
export const MAX_SOURCE_BYTES = 64 * 1024;

/** Thrown when the caller went away: nothing is answered, nothing is cached. */
export class Abandoned extends Error {}

const FAILURES: Record<Exclude<OutboundFailure, 'abandoned'>, HttpFailure> = {
  timeout: 'timeout',
  unreachable: 'unavailable',
  redirect: 'unavailable',
  broken: 'unavailable',
  'too-large': 'unreadable',
};

/**
 * One request to a live source through the one way out (net/outbound.ts): the service's User-Agent, the timeout,
 * at most MAX_SOURCE_BYTES, never following a redirect (a source's API does not redirect; a login or moved page
 * does). A caller that went away throws Abandoned.
 */
export async function askSource(
  http: SourceHttp,
  url: string,
  init: { method: 'GET' | 'POST'; body?: string },
  signal: AbortSignal,
): Promise<HttpAnswer> {
  const answer = await fetchCapped({
    url,
    method: init.method,
    headers: {
      Accept: 'application/json',
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(init.body !== undefined && { body: init.body }),
    timeoutMs: http.timeoutMs,
    signal,
    maxBytes: MAX_SOURCE_BYTES,
    fetch: http.fetch,
  });
  if (!answer.ok) {
    if (answer.failure === 'abandoned') throw new Abandoned();
    const detail =
      answer.failure === 'unreachable'
        ? `unreachable (${answer.detail})`
        : answer.failure === 'broken'
          ? `the connection dropped during the answer (${answer.detail})`
          : answer.detail;
    return { ok: false, failure: FAILURES[answer.failure], detail };
  }
  return {
    ok: true,
    status: answer.status,
    contentType: (answer.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
    retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
    text: textOf(answer),
  };
}

/** A JSON number, or a string holding a plain decimal (sources differ), as a finite number. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[+-]?(\d{1,15}(\.\d{1,20})?|\.\d{1,20})\s*$/.test(value)) {
    return Number(value);
  }
  return undefined;
}

/** An optional field: undefined when absent (missing, null or empty text), its number, or 'bad' for anything else. */
export function optionalNumber(value: unknown): number | undefined | 'bad' {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    return undefined;
  return numberOf(value) ?? 'bad';
}

/** Whether an answer is an HTML page (an error page of a proxy or load balancer). */
export function isHtml(answer: { contentType: string; text: string }): boolean {
  return answer.contentType === 'text/html' || /^\s*<(!doctype html|html)/i.test(answer.text);
}
