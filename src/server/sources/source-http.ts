import { parseRetryAfter } from '../../api/errors';
import type { SourceFailure } from './cell-source';
import { USER_AGENT } from '../net/user-agent';

/** How live sources are reached: each request within `timeoutMs`; `fetch` is injectable for tests. */
export interface SourceHttp {
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** A source's answer as text, or why there is none. */
export type HttpAnswer =
  | { ok: true; status: number; contentType: string; retryAfterSeconds: number | undefined; text: string }
  | { ok: false; failure: Extract<SourceFailure, 'timeout' | 'unavailable' | 'unreadable'>; detail: string };

/** Largest answer read from a source; a cell's answer is a few hundred bytes. */
export const MAX_SOURCE_BYTES = 64 * 1024;

/** Thrown when the caller went away: nothing is answered, nothing is cached. */
export class Abandoned extends Error {}

async function readCapped(response: Response): Promise<string | undefined> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > MAX_SOURCE_BYTES) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * One request to a live source, with the service's User-Agent, within the timeout, never following a redirect
 * (a source's API does not redirect; a login or moved page does). A caller that went away throws Abandoned.
 */
export async function askSource(
  http: SourceHttp,
  url: string,
  init: { method: 'GET' | 'POST'; body?: string },
  signal: AbortSignal,
): Promise<HttpAnswer> {
  if (signal.aborted) throw new Abandoned();
  const doFetch = http.fetch ?? fetch;
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(), http.timeoutMs);
  const timedOut = (): HttpAnswer => ({
    ok: false,
    failure: 'timeout',
    detail: `no answer within ${http.timeoutMs} ms`,
  });
  try {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: init.method,
        headers: {
          'User-Agent': USER_AGENT,
          Accept: 'application/json',
          ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
        },
        ...(init.body !== undefined && { body: init.body }),
        redirect: 'manual',
        signal: AbortSignal.any([timer.signal, signal]),
      });
    } catch (error) {
      if (signal.aborted) throw new Abandoned();
      if (timer.signal.aborted) return timedOut();
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      return {
        ok: false,
        failure: 'unavailable',
        detail: `unreachable (${String(cause ?? 'network error')})`,
      };
    }
    if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      await response.body?.cancel().catch(() => undefined);
      return {
        ok: false,
        failure: 'unavailable',
        detail: `answered with a redirect (HTTP ${response.status})`,
      };
    }
    let text: string | undefined;
    try {
      text = await readCapped(response);
    } catch {
      if (signal.aborted) throw new Abandoned();
      if (timer.signal.aborted) return timedOut();
      return { ok: false, failure: 'unavailable', detail: 'the connection dropped during the answer' };
    }
    if (text === undefined) {
      return { ok: false, failure: 'unreadable', detail: `answer larger than ${MAX_SOURCE_BYTES} bytes` };
    }
    return {
      ok: true,
      status: response.status,
      contentType: (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      text,
    };
  } finally {
    clearTimeout(timeout);
  }
}

/** The answer as a JSON object, or undefined when it is not one (an HTML page, a truncated body, plain text). */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON number, or a string holding a plain decimal (sources differ), as a finite number. */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*[+-]?(\d{1,15}(\.\d{1,20})?|\.\d{1,20})\s*$/.test(value)) {
    return Number(value);
  }
  return undefined;
}

/** A short, single-line excerpt of an answer for the log (never more than 120 characters). */
export function excerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}

/** Whether an answer is an HTML page (an error page of a proxy or load balancer). */
export function isHtml(answer: { contentType: string; text: string }): boolean {
  return answer.contentType === 'text/html' || /^\s*<(!doctype html|html)/i.test(answer.text);
}
