import { FACT_HEADERS, readFacts } from './cell-facts';
import { decodeCells, MAX_CELLS_BODY_CHARS } from './cells-codec';
import { cellsQueryString } from './cells-in-view';
import { decodeCell, decodeErrorBody, decodeLocation, MAX_BODY_CHARS } from './codec';
import {
  ApiError,
  isApiError,
  kindForStatus,
  parseRetryAfter,
  type ApiErrorKind,
  type RawResponse,
} from './errors';
import { camaraReads } from './camara-client';
import { decodeSettings } from './settings';
import { watchReads } from './watch-client';
import { joinUrl, maskKeys, requestHeaders } from './request-address';
import type { CellHints, Keys } from './types';
import type { Answer, Client, ClientOptions, Exchange, Request, RequestOptions } from './client-types';

export type { Answer, Client, ClientOptions, Exchange, Request, RequestOptions } from './client-types';

export const DEFAULT_TIMEOUT_MS = 15_000;

/** The headers the raw view shows besides the body: what our service says beyond the document's shape. */
const SHOWN_HEADERS = [...Object.values(FACT_HEADERS), 'Retry-After'];

function shownHeaders(headers: Headers): Array<readonly [string, string]> {
  return SHOWN_HEADERS.flatMap((name) => {
    const value = headers.get(name);
    return value === null ? [] : [[name, value.slice(0, 1000)] as const];
  });
}

/** The body's length in bytes as sent, when the answer says it and is not compressed; else undefined. */
function plainLength(response: Response): number | undefined {
  const length = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding');
  if (length === null || (encoding !== null && encoding !== 'identity')) return undefined;
  const bytes = Number(length);
  return Number.isSafeInteger(bytes) && bytes >= 0 ? bytes : undefined;
}

async function readCapped(response: Response, maxBytes: number): Promise<Body> {
  if (response.body === null) return { body: '', truncated: false };
  // A body known to fit is read whole, in one step: a batch reads thousands of small answers, and the reader's
  // chunk by chunk took a microtask or more each (bench:batch's trace).
  const length = plainLength(response);
  if (length !== undefined && length <= maxBytes) return { body: await response.text(), truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let body = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      body += decoder.decode(value.subarray(0, value.byteLength - (bytes - maxBytes)), { stream: true });
      await reader.cancel().catch(() => undefined);
      return { body, truncated: true };
    }
    body += decoder.decode(value, { stream: true });
  }
  return { body: body + decoder.decode(), truncated: false };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

type Late = { deadline?: number };

/**
 * One try's time: the client's timeout, or less when the read's deadline comes first, joined with the caller's
 * AbortSignal. A try started after the deadline fails at once.
 */
function tryClock(timeoutMs: number, deadline: number | undefined, signal: AbortSignal | undefined) {
  const started = Date.now();
  const waitMs = deadline === undefined ? timeoutMs : Math.min(timeoutMs, deadline - started);
  const late: Late = { ...(deadline !== undefined && { deadline }) };
  if (waitMs <= 0) throw new ApiError('timeout', 'the time for this read is up', late);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new DOMException('Timed out', 'TimeoutError')), waitMs);
  return {
    started,
    late,
    signal: signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal,
    /** What a fetch or a read that threw stands for: the caller's abort as it is, else a timeout or `kind`. */
    fail(error: unknown, kind: 'network' | 'timeout', message: string): never {
      if (signal?.aborted) throw abortReason(signal);
      if (timeout.signal.aborted) {
        throw new ApiError('timeout', `no answer within ${Math.round(waitMs / 1000)} s`, {
          cause: error,
          ...late,
        });
      }
      throw new ApiError(kind, message, { cause: error, ...late });
    },
    stop: () => clearTimeout(timer),
  };
}

type Body = { body: string; truncated: boolean };

function rawResponse(url: string, response: Response, read: Body, started: number): RawResponse {
  const raw: RawResponse = {
    url,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: read.body,
    truncated: read.truncated,
    durationMs: Date.now() - started,
  };
  const headers = shownHeaders(response.headers);
  if (headers.length > 0) raw.headers = headers;
  return raw;
}

/** The error an HTTP error status stands for, with the service's own explanation when its body gives one. */
function statusError(
  kind: ApiErrorKind,
  response: Response,
  read: Body,
  raw: RawResponse,
  late: Late,
): ApiError {
  const details = read.truncated
    ? undefined
    : decodeErrorBody(read.body, response.headers.get('content-type'));
  return new ApiError(kind, `HTTP ${response.status}${details?.message ? `: ${details.message}` : ''}`, {
    status: response.status,
    raw,
    ...late,
    ...(details?.message !== undefined && { detail: details.message }),
    ...(details?.field !== undefined && { field: details.field }),
    ...(details?.code !== undefined && { code: details.code }),
    ...(kind === 'rate-limited' && {
      retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
    }),
  });
}

/** A successful answer decoded, or a `malformed` error naming what could not be read. */
function decodedAnswer<T>(
  decode: (body: string, contentType: string | null) => T,
  response: Response,
  read: Body,
  raw: RawResponse,
  maxBytes: number,
): Answer<T> {
  if (read.truncated) {
    throw new ApiError('malformed', `body: answer is larger than ${Math.round(maxBytes / 1024)} kB`, {
      status: response.status,
      field: 'body',
      raw,
    });
  }
  try {
    const data = decode(read.body, response.headers.get('content-type'));
    const facts = readFacts((name) => response.headers.get(name));
    return facts === undefined ? { data, raw } : { data, raw, facts };
  } catch (error) {
    if (error instanceof ApiError) {
      error.raw = raw;
      throw error;
    }
    throw new ApiError('malformed', 'body: answer could not be read', { field: 'body', raw, cause: error });
  }
}

/**
 * One configured client for both resources. Every read goes through `request()`: URL with the keys as query
 * parameters (or the keys in headers, `keysIn`), Accept, timeout and caller's AbortSignal, status → ApiError
 * kind, decoding by content type.
 * A caller's abort rejects with the signal's reason (not an ApiError), so a superseded read stays silent.
 */
export function createClient(options: ClientOptions): Client {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_CHARS;
  const keysIn = options.keysIn ?? 'query';

  const request: Request = async function request<T>(
    path: string,
    keys: Keys | null,
    decode: (body: string, contentType: string | null) => T,
    { signal, format = options.format ?? 'xml', deadline, hints }: RequestOptions & { hints?: CellHints },
    maxBytes = maxBodyBytes,
    { method = 'GET', errorAnswer }: Exchange<T> = {},
  ): Promise<Answer<T>> {
    const url = joinUrl(options.baseUrl, path, keysIn === 'query' ? keys : null, hints);
    const clock = tryClock(timeoutMs, deadline, signal);
    try {
      const headers = requestHeaders(format, keys, keysIn);
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, signal: clock.signal });
      } catch (error) {
        // A fetch of the caller's may refuse with its own reason (offline, another build): kept as it is.
        if (isApiError(error) && !clock.signal.aborted) throw error;
        return clock.fail(error, 'network', 'the service could not be reached');
      }
      let read: Body;
      try {
        read = await readCapped(response, maxBytes);
      } catch (error) {
        return clock.fail(error, 'network', 'the connection dropped while the answer was arriving');
      }
      const raw = rawResponse(maskKeys(url), response, read, clock.started);
      const kind = kindForStatus(response.status);
      const held = kind === undefined || read.truncated ? undefined : errorAnswer?.(read.body);
      if (held !== undefined) return { data: held, raw };
      if (kind !== undefined) throw statusError(kind, response, read, raw, clock.late);
      return decodedAnswer(decode, response, read, raw, maxBytes);
    } finally {
      clock.stop();
    }
  };

  return {
    getLocation: (keys, requestOptions = {}) => request('/location', keys, decodeLocation, requestOptions),
    getCell: (keys, id, requestOptions = {}) =>
      request(
        `/cell/${encodeURIComponent(id.mcc)}/${encodeURIComponent(id.mnc)}/${encodeURIComponent(id.cellid)}`,
        keys,
        decodeCell,
        requestOptions,
      ),
    getCellsInView: (keys, query, requestOptions = {}) =>
      request(
        `/cells?${cellsQueryString(query)}`,
        keys,
        decodeCells,
        requestOptions,
        Math.max(maxBodyBytes, MAX_CELLS_BODY_CHARS),
      ),
    getSettings: ({ signal } = {}) => request('/settings', null, decodeSettings, { signal, format: 'json' }),
    ...camaraReads(request),
    ...watchReads(request),
  };
}
