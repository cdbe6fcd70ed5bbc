import { isApiError, type ApiErrorKind, type RawResponse } from '../api/errors';

/*
 * The one retry policy of every read, the panels' (through TanStack Query) and the batch's. Only what may pass on
 * its own is tried again: the network, a timeout, a 5xx (a 4xx or an unreadable answer fails the same way twice).
 * Two retries, 400 and 800 ms on: both fit in READ_MARGIN_MS, so even a try cut off at the service's timeout leaves
 * time for one more, and no retry starts that the read's one deadline would cut short.
 */

/** The error kinds a read is tried again after. */
export const RETRYABLE: ReadonlySet<ApiErrorKind> = new Set(['network', 'timeout', 'server']);
/** Tries a read makes at most: the first and two retries. */
export const READ_ATTEMPTS = 3;
export const MAX_RETRIES = READ_ATTEMPTS - 1;
/** A read's message, retries included, is on screen at most this long after the service's own timeout. */
export const READ_MARGIN_MS = 2000;
/** The tries end this long before that, the time a failure takes to be painted (a busy phone, a slow frame). */
export const SHOW_MS = 250;

/** How long to wait before the next try, given how many tries have failed before this one (0 for the first). */
export function retryDelay(failureCount: number): number {
  return 400 * 2 ** failureCount;
}

/** Whether a read tries again after `error`, its failureCount-th failure before this one (TanStack's count). */
export function shouldRetry(failureCount: number, error: unknown, now = Date.now()): boolean {
  if (!isApiError(error) || !RETRYABLE.has(error.kind) || failureCount >= MAX_RETRIES) return false;
  return error.deadline === undefined || now + retryDelay(failureCount) < error.deadline;
}

/** When the tries of a read started now must have ended: its message is then shown by the service's timeout and
 *  READ_MARGIN_MS. */
export function readDeadline(serviceTimeoutMs: number, now = Date.now()): number {
  return now + serviceTimeoutMs + READ_MARGIN_MS - SHOW_MS;
}

interface Cycle {
  deadline: number;
  raw: RawResponse | undefined;
}

/* TanStack Query gives a fetch and its retries one AbortSignal: the first try of a read starts its deadline,
   the retries find it here. */
const cycles = new WeakMap<AbortSignal, Cycle>();

/**
 * Runs one try of a read against the whole read's deadline (readDeadline, from the first try). A try cut short by
 * the deadline keeps the last answer an earlier try had (a 504, say), so the raw view shows what did come.
 */
export async function withinDeadline<T>(
  signal: AbortSignal,
  serviceTimeoutMs: number,
  read: (deadline: number) => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  let cycle = cycles.get(signal);
  if (cycle === undefined) {
    cycle = { deadline: readDeadline(serviceTimeoutMs, now()), raw: undefined };
    cycles.set(signal, cycle);
  }
  try {
    return await read(cycle.deadline);
  } catch (error) {
    if (isApiError(error)) {
      if (error.raw !== undefined) cycle.raw = error.raw;
      else if (error.kind === 'timeout') error.raw = cycle.raw;
    }
    throw error;
  }
}
