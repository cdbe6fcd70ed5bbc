import type { Format } from '../../api/types';
import type { ApiAnswer } from '../platform/http/api-answer';
import { answerCell, questionOf } from './cell-answer';
import type { CellSources } from './sources/cell-sources';
import type { FreshCache } from '../platform/cache/fresh-cache';
import type { CellRequest } from './cell-request';

/**
 * The Cell read for a request the guard let through, answered by the configured sources; a kept answer at once.
 * `signal` gives the request's abort signal, made only when a source is asked (making one costs more than
 * answering a kept cell). `serviceKey`: whose budget at the live sources pays for their requests (the guard's
 * verdict); the budget itself the sources were given when the mode was composed.
 */
export type CellRead = (
  request: CellRequest,
  format: Format,
  signal: () => AbortSignal,
  serviceKey?: string,
) => ApiAnswer | Promise<ApiAnswer>;

/**
 * Most cells whose answers are kept between changes to the database: about 430 bytes each, so 50,000 take some
 * 22 MB. Fewer thrashed under a map's users asking thousands of cells at random (bench:service asks 20,000): with
 * 10,000 kept, every other request missed and read SQLite, encoded XML and made an abort signal again.
 */
export const KEPT = 50_000;

/**
 * The store's own Cell answers are kept (in bytes, headers and all) until the database changes: the guard makes
 * `fresh` current before it lets a request through, so nothing stale is ever sent. Only the store's answers are kept
 * so: with the store asked first they depend on the path alone (the store is keyed by mcc/mnc/cellid), and its "not
 * found" is final only when it is the one source.
 */
/* The store never aborts its read: the store alone is handed this one signal instead of the request's own, whose
   making cost each cell not kept as much as its XML. */
const NEVER_ABORTED = new AbortController().signal;

export function createCellRead(sources: CellSources, fresh: FreshCache): CellRead {
  const kept = fresh.map<string, ApiAnswer>(KEPT);
  const storeFirst = sources.names[0] === 'store';
  const storeOnly = storeFirst && sources.names.length === 1;

  async function fromSources(
    key: string,
    request: CellRequest,
    format: Format,
    signal: () => AbortSignal,
    serviceKey: string | undefined,
  ) {
    // The guard has just made `fresh` current: the version it saw is the one the answer is read at or after.
    const version = fresh.checked();
    const outcome = await answerCell(
      sources.lookup,
      questionOf(request.asked, request, { ...(serviceKey !== undefined && { serviceKey }) }),
      format,
      storeOnly ? NEVER_ABORTED : signal(),
      sources.creditOf,
    );
    // Only the operator source gives a pass-through answer, and it is asked in proxy mode alone.
    if (!('answer' in outcome)) throw new Error('only proxy mode passes an operator’s answer through');
    const { answer } = outcome;
    const fromStore = answer.status === 200 && answer.headers['Cell-Source'] === 'store';
    // A check by another request while the sources were asked saw a change that may have come too late for what
    // they read: not kept then. A change no check has seen yet is harmless: the next check, which comes before any
    // request reads the kept answers, forgets them all (so no read of the -shm file here).
    if ((storeOnly || (storeFirst && fromStore)) && fresh.checked() === version) kept.set(key, answer);
    return answer;
  }

  return (request, format, signal, serviceKey) => {
    const { mcc, mnc, cellid } = request.asked;
    const key = `${format} ${mcc}/${mnc}/${cellid}`;
    return kept.get(key) ?? fromSources(key, request, format, signal, serviceKey);
  };
}
