import { redact } from './safe-text';
import { USER_AGENT } from './user-agent';

/** One request the service makes to another: an operator, a cell source, a download. */
export interface OutboundRequest {
  url: string;
  /** GET unless given. */
  method?: string;
  /** Sent as given; the service's User-Agent unless one is given here. */
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer> | URLSearchParams;
  /** The deadline: the whole exchange (for `openStream`, until the headers) within so many ms, else 'timeout'. */
  timeoutMs: number;
  /** The caller's own signal (its client went away): 'abandoned', and the request is cut off. */
  signal?: AbortSignal | undefined;
  /** Values that never appear in a failure's detail (keys in the URL, a token), as given or percent-encoded. */
  secrets?: readonly string[];
  /** 'refuse' (the default): a 3xx is a failure. An API does not redirect; a login or a moved page does. */
  redirect?: 'refuse' | 'follow';
  /** Injectable for tests; the global fetch otherwise. */
  fetch?: typeof fetch | undefined;
}

export type OutboundFailure = 'abandoned' | 'timeout' | 'unreachable' | 'redirect' | 'too-large' | 'broken';

/** Why there is no answer, in words for the log: already free of the request's secrets. */
export interface Failed {
  ok: false;
  failure: OutboundFailure;
  detail: string;
}

export interface Answered {
  ok: true;
  status: number;
  headers: Headers;
  body: Uint8Array;
}

export type Outbound = Answered | Failed;

/** An answer's body as text (UTF-8). */
export function textOf(answer: Answered): string {
  return new TextDecoder().decode(answer.body);
}

/** An error's code and message, and its cause's (fetch's "fetch failed" hides the socket's error there). */
function causeOf(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (!(inner instanceof Error)) return String(inner);
  const code = (inner as NodeJS.ErrnoException).code;
  return code === undefined ? inner.message : `${code}: ${inner.message}`;
}

class TooLarge extends Error {}

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

/** A request under way: its deadline's signal, and what a failure at any point of it was. */
interface Exchange {
  signal: AbortSignal;
  failed(failure: OutboundFailure, detail: string): Failed;
  /** A thrown error, told by what stopped it: the caller, the deadline, or the network (`failure`). */
  thrown(error: unknown, failure: 'unreachable' | 'broken'): Failed;
  end(): void;
}

function begin(request: OutboundRequest): Exchange {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), request.timeoutMs);
  const caller = request.signal;
  const failed = (failure: OutboundFailure, detail: string): Failed => ({
    ok: false,
    failure,
    detail: redact(detail, request.secrets ?? []),
  });
  return {
    signal: caller === undefined ? deadline.signal : AbortSignal.any([deadline.signal, caller]),
    failed,
    thrown(error, failure) {
      if (caller?.aborted === true) return failed('abandoned', 'the caller went away');
      if (deadline.signal.aborted) return failed('timeout', `no answer within ${request.timeoutMs} ms`);
      return failed(failure, causeOf(error));
    },
    end: () => clearTimeout(timer),
  };
}

/* A tagged result, never `instanceof Response`: @hono/node-server puts its own Response class in the global scope,
   and fetch's answers are not instances of it. */
async function send(
  request: OutboundRequest,
  exchange: Exchange,
): Promise<{ ok: true; response: Response } | Failed> {
  if (request.signal?.aborted === true) return exchange.failed('abandoned', 'the caller went away');
  const refuse = (request.redirect ?? 'refuse') === 'refuse';
  let response: Response;
  try {
    response = await (request.fetch ?? fetch)(request.url, {
      method: request.method ?? 'GET',
      headers: { 'User-Agent': USER_AGENT, ...request.headers },
      ...(request.body !== undefined && { body: request.body }),
      redirect: refuse ? 'manual' : 'follow',
      signal: exchange.signal,
    });
  } catch (error) {
    return exchange.thrown(error, 'unreachable');
  }
  if (refuse && ((response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect')) {
    await response.body?.cancel().catch(() => undefined);
    return exchange.failed('redirect', `answered with a redirect (HTTP ${response.status})`);
  }
  return { ok: true, response };
}

/**
 * One request and its whole answer, read within the deadline and at most `maxBytes` long (a larger declared
 * Content-Length is refused unread). Every failure comes back as a value, never thrown.
 */
export async function fetchCapped(request: OutboundRequest & { maxBytes: number }): Promise<Outbound> {
  const exchange = begin(request);
  try {
    const sent = await send(request, exchange);
    if (!sent.ok) return sent;
    const { response } = sent;
    const tooLarge = () => exchange.failed('too-large', `answer larger than ${request.maxBytes} bytes`);
    if (Number(response.headers.get('content-length') ?? NaN) > request.maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      return tooLarge();
    }
    try {
      const body = await readCapped(response, request.maxBytes);
      return { ok: true, status: response.status, headers: response.headers, body };
    } catch (error) {
      return error instanceof TooLarge ? tooLarge() : exchange.thrown(error, 'broken');
    }
  } finally {
    exchange.end();
  }
}

/**
 * One request whose answer is the caller's to stream (a download): the deadline holds until the headers come; the
 * caller's signal cuts the body off later.
 */
export async function openStream(
  request: OutboundRequest,
): Promise<{ ok: true; response: Response } | Failed> {
  const exchange = begin(request);
  try {
    return await send(request, exchange);
  } finally {
    exchange.end();
  }
}
