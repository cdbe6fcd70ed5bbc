import { isApiError, type RawResponse } from '../api/errors';

/** Tries a read makes at most: the first and two retries (network errors, timeouts and 5xx only). */
export const READ_ATTEMPTS = 3;
/** A read, retries included, ends this long after the service's own timeout (so a person hears within it). */
export const READ_MARGIN_MS = 2000;

interface Cycle {
  deadline: number;
  raw: RawResponse | undefined;
}

/* TanStack Query gives a fetch and its retries one AbortSignal: the first try of a read starts its deadline,
   the retries find it here. */
const cycles = new WeakMap<AbortSignal, Cycle>();

/**
 * Runs one try of a read against the whole read's deadline: the service's timeout plus READ_MARGIN_MS from the
 * first try. A try cut short by the deadline keeps the last answer an earlier try had (a 504, say), so the raw
 * view shows what did come.
 */
export async function withinDeadline<T>(
  signal: AbortSignal,
  serviceTimeoutMs: number,
  read: (deadline: number) => Promise<T>,
  now: () => number = Date.now,
): Promise<T> {
  let cycle = cycles.get(signal);
  if (cycle === undefined) {
    cycle = { deadline: now() + serviceTimeoutMs + READ_MARGIN_MS, raw: undefined };
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
