import { parseRetryAfter } from '../../api/errors';
import { USER_AGENT } from '../net/user-agent';

/** One request to the operator: its OpenID endpoints or its Device Location API. */
export interface OperatorRequest {
  method: 'GET' | 'POST';
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
    if (bytes > MAX_OPERATOR_BYTES) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
}

/**
 * The operator reached with `fetch` within `timeoutMs` per request, never following a redirect (an API or a token
 * endpoint does not redirect; a login page does, and the client's assertion must not follow it elsewhere).
 */
export function fetchOperator(timeoutMs: number, doFetch: typeof fetch = fetch): OperatorHttp {
  return async (request) => {
    const timer = AbortSignal.timeout(timeoutMs);
    const timedOut: OperatorReply = {
      ok: false,
      failure: 'timeout',
      detail: `no answer within ${timeoutMs} ms`,
    };
    let response: Response;
    try {
      response = await doFetch(request.url, {
        method: request.method,
        headers: { 'User-Agent': USER_AGENT, ...request.headers },
        ...(request.body !== undefined && { body: request.body }),
        redirect: 'manual',
        signal: timer,
      });
    } catch (error) {
      if (timer.aborted) return timedOut;
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      return { ok: false, failure: 'unreachable', detail: String(cause ?? 'network error') };
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined);
      return { ok: false, failure: 'redirect', detail: `HTTP ${response.status}` };
    }
    let text: string | undefined;
    try {
      text = await readCapped(response);
    } catch {
      if (timer.aborted) return timedOut;
      return { ok: false, failure: 'unreachable', detail: 'the connection dropped during the answer' };
    }
    if (text === undefined) {
      return { ok: false, failure: 'too-large', detail: `answer larger than ${MAX_OPERATOR_BYTES} bytes` };
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
    return {
      ok: true,
      status: response.status,
      contentType: (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
      headers,
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
      text,
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
