import { parseRetryAfter } from '../../api/errors';
import { fetchCapped, textOf } from '../platform/net/outbound';

/** One request to the operator: its OpenID endpoints or its Device Location API. */
export interface OperatorRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The operator's answer as text (headers by lower-case name), or why there is none. */
export type OperatorReply =
  | {
      ok: true;
      status: number;
      /** The media type alone, lower case. */
      contentType: string;
      headers: Record<string, string>;
      retryAfterSeconds: number | undefined;
      text: string;
    }
  | { ok: false; failure: 'timeout' | 'unreachable' | 'too-large' | 'redirect'; detail: string };

/** How the consumer reaches the operator; tests hand in the stand-in's. */
export type OperatorHttp = (request: OperatorRequest) => Promise<OperatorReply>;

/** An operator's answer is a few hundred bytes; a discovery document a few kilobytes. */
export const MAX_OPERATOR_BYTES = 64 * 1024;

/**
 * The operator reached through the service's one way out (net/outbound.ts) within `timeoutMs` per request, never
 * following a redirect (an API or a token endpoint does not redirect; a login page does, and the client's
 * assertion must not follow it elsewhere).
 */
export function fetchOperator(timeoutMs: number, doFetch: typeof fetch = fetch): OperatorHttp {
  return async (request) => {
    const answer = await fetchCapped({
      url: request.url,
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      timeoutMs,
      maxBytes: MAX_OPERATOR_BYTES,
      fetch: doFetch,
    });
    if (!answer.ok) {
      // A connection dropped mid-answer is as good as none; no caller's signal is given, so none is abandoned.
      const failure =
        answer.failure === 'broken' || answer.failure === 'abandoned' ? 'unreachable' : answer.failure;
      return { ok: false, failure, detail: answer.detail };
    }
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    return {
      ok: true,
      status: answer.status,
      contentType: (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
      headers,
      retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
      text: textOf(answer),
    };
  };
}

/**
 * A short, single-line excerpt of an operator's answer for the log: at most 120 characters, with anything that may
 * be a credential (a JWT, a token's value) masked.
 */
export function redactedExcerpt(text: string): string {
  const line = text
    .replace(/eyJ[\w-]*\.[\w-]*\.?[\w-]*/g, '•••')
    .replace(/("(?:access_token|refresh_token|id_token|auth_req_id)"\s*:\s*)"[^"]*"/g, '$1"•••"')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 120 ? `${line.slice(0, 117)}...` : line;
}
