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

/** An error's code and message, and its cause's (fetch's "fetch failed" hides the socket's error there). */
function causeOf(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as NodeJS.ErrnoException).code;
  return code === undefined ? inner.message : `${code}: ${inner.message}`;
}

class TooLarge extends Error {}

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

/** Text for a message: controls and runs of spaces folded, at most `max` characters. */
export function excerpt(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
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

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function tooLarge(maxBytes: number): Forwarded {
  return {
    ok: false,
    status: 502,
    code: 'upstream-too-large',
    message: `The operator's answer is larger than ${maxBytes} bytes.`,
  };
}

/**
 * One GET to the operator. Status, content type and body come back as they are; a redirect is not followed
 * (the operator's resources are read-only GETs, a redirect means a wrong base URL or a login page).
 */
export async function forward(
  upstream: Upstream,
  url: string,
  accept: string | undefined,
  /** The caller's request: when its client goes away, the operator's answer is no longer awaited. */
  callerSignal?: AbortSignal,
): Promise<Forwarded> {
  const doFetch = upstream.fetch ?? fetch;
  const maxBytes = upstream.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), upstream.timeoutMs);
  const timeout = (): Forwarded => ({
    ok: false,
    status: 504,
    code: 'upstream-timeout',
    message: `The operator did not answer within ${upstream.timeoutMs} ms.`,
  });
  try {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'GET',
        headers: accept === undefined ? {} : { Accept: accept },
        redirect: 'manual',
        signal:
          callerSignal === undefined ? controller.signal : AbortSignal.any([controller.signal, callerSignal]),
      });
    } catch (error) {
      if (controller.signal.aborted) return timeout();
      return {
        ok: false,
        status: 502,
        code: 'upstream-unreachable',
        message: 'The operator could not be reached.',
        cause: causeOf(error),
      };
    }
    if ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect') {
      await response.body?.cancel().catch(() => undefined);
      return {
        ok: false,
        status: 502,
        code: 'upstream-redirect',
        message: 'The operator answered with a redirect, which is not followed.',
      };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return tooLarge(maxBytes);
    }
    let body: Uint8Array;
    try {
      body = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof TooLarge) return tooLarge(maxBytes);
      if (controller.signal.aborted) return timeout();
      return {
        ok: false,
        status: 502,
        code: 'upstream-broken',
        message: 'The connection to the operator dropped during the answer.',
        cause: causeOf(error),
      };
    }
    return {
      ok: true,
      status: response.status,
      contentType: response.headers.get('content-type'),
      retryAfter: response.headers.get('retry-after'),
      body,
    };
  } finally {
    clearTimeout(timer);
  }
}
