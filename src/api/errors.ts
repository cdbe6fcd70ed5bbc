/** Every way a read can fail, as the UI needs to tell them apart. */
export type ApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'bad-request'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'malformed'
  /** No connection (the browser says so, or the last read could not reach the service): nothing was sent. */
  | 'offline'
  /** The browser refused to build the request (a key holds a character no header can carry): nothing was sent. */
  | 'unsendable'
  /** The service runs another build than this page: its answer is not read (src/api/build.ts). */
  | 'outdated';

/** One answer as it came over the wire, for the raw-response view. The URL has the keys masked. */
export interface RawResponse {
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** True when the body was cut at the size cap and is shown only in part. */
  truncated: boolean;
  durationMs: number;
  /** The headers that carry what the body's shape has no field for (Cell-*, Link, Age, Retry-After), as sent. */
  headers?: ReadonlyArray<readonly [string, string]>;
}

export interface ApiErrorInit {
  status?: number;
  /** For `malformed`: the field (or part) of the answer that could not be read. */
  field?: string;
  /** For `rate-limited`: seconds to wait, from Retry-After. */
  retryAfterSeconds?: number;
  /** The service's own explanation, from its error body when it sent one. Untrusted text. */
  detail?: string;
  /** The error body's `code` (e.g. `source-limit`), when it sent one. */
  code?: string;
  raw?: RawResponse;
  cause?: unknown;
  /** The deadline of the read this try belonged to (ms since the epoch): a retry after it cannot help. */
  deadline?: number;
}

/**
 * A failed read. `message` is a short technical description for logs and tests; it never holds a key.
 * The UI picks its own words from `kind`.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly detail: string | undefined;
  readonly code: string | undefined;
  readonly deadline: number | undefined;
  raw: RawResponse | undefined;

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = init.status;
    this.field = init.field;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.detail = init.detail;
    this.code = init.code;
    this.deadline = init.deadline;
    this.raw = init.raw;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Thrown by the codec: the answer cannot be read as the document describes it. */
export function malformed(field: string, problem: string): ApiError {
  return new ApiError('malformed', `${field}: ${problem}`, { field });
}

/** The error kind an HTTP status maps to, or undefined for a success. */
export function kindForStatus(status: number): ApiErrorKind | undefined {
  if (status >= 200 && status < 300) return undefined;
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status === 504 || status === 408) return 'timeout';
  if (status >= 400 && status < 500) return 'bad-request';
  return 'server';
}

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP date. Undefined when absent or
 * unreadable; capped at a day so a hostile value cannot freeze the app.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Math.min(Number(text), 86_400);
  if (text.length > 64) return undefined;
  const when = Date.parse(text);
  if (Number.isNaN(when)) return undefined;
  return Math.min(Math.max(0, Math.ceil((when - now) / 1000)), 86_400);
}
