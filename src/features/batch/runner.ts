import type { Answer, RequestOptions } from '../../api/client';
import { isApiError, type ApiErrorKind } from '../../api/errors';
import { DEFAULT_SETTINGS } from '../../api/settings';
import type { Cell, CellHints, CellId, Format, Keys } from '../../api/types';
import { readDeadline, retryDelay, shouldRetry } from '../../queries/read-policy';

/** The one method of the app's client a batch uses; tests hand in a fake. */
export interface BatchClient {
  getCell(keys: Keys, id: CellId, options?: RequestOptions & { hints?: CellHints }): Promise<Answer<Cell>>;
}

export type BatchOutcome =
  { ok: true; cell: Cell } | { ok: false; kind: ApiErrorKind | 'unknown'; status?: number | undefined };

/** A browser opens at most six connections to one host over HTTP/1.1: six keep them all busy, more only queue. */
export const DEFAULT_CONCURRENCY = 6;
export const MAX_CONCURRENCY = 16;
/** Without a Retry-After, a 429 waits this long; a hostile one is not waited on longer than the cap. */
export const DEFAULT_RETRY_AFTER_S = 5;
export const MAX_RETRY_AFTER_S = 300;
/** A cell refused this many times in a row by 429 ends as rate-limited. */
export const MAX_RATE_LIMITED = 10;

export interface RunOptions {
  client: BatchClient;
  keys: Keys;
  format: Format;
  ids: readonly CellId[];
  /** Each cell's LAC and radio, by the same index as `ids`, when its line gave them. */
  hints?: ReadonlyArray<CellHints | undefined>;
  concurrency?: number;
  /** The service's own timeout: each cell's read, retries included, ends by it and the read policy's margin. */
  serviceTimeoutMs?: number;
  signal: AbortSignal;
  onOutcome(index: number, outcome: BatchOutcome): void;
  /** A cell is tried again: after a 429 (all workers wait `waitMs`) or after a transient failure. */
  onRetry?(reason: 'rate-limited' | 'transient', waitMs: number): void;
  /** Injectable for tests. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function clampConcurrency(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_CONCURRENCY;
  return Math.min(MAX_CONCURRENCY, Math.max(1, Math.round(value)));
}

/**
 * Looks up every cell with at most `concurrency` reads in flight. A 429 pauses every worker for its
 * Retry-After, then the same cell is tried again; network failures, timeouts and 5xx are tried again as every
 * read is (src/queries/read-policy.ts); any other failure is final. Aborting the signal aborts the reads in flight and
 * resolves once the workers have stopped; outcomes already reported stay.
 */
export async function runBatch(options: RunOptions): Promise<void> {
  const { client, keys, format, ids, hints, signal, onOutcome, onRetry } = options;
  const serviceTimeoutMs = options.serviceTimeoutMs ?? DEFAULT_SETTINGS.timeoutMs;
  const sleep = options.sleep ?? abortableSleep;
  const workers = Math.min(clampConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY), ids.length);
  let next = 0;
  let pausedUntil = 0;

  const lookUp = async (id: CellId, cellHints: CellHints | undefined): Promise<BatchOutcome> => {
    let failures = 0;
    let limited = 0;
    let deadline: number | undefined;
    for (;;) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait, signal);
      deadline ??= readDeadline(serviceTimeoutMs);
      try {
        const answer = await client.getCell(keys, id, {
          signal,
          format,
          deadline,
          ...(cellHints && { hints: cellHints }),
        });
        return { ok: true, cell: answer.data };
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (!isApiError(error)) return { ok: false, kind: 'unknown' };
        // A cell source's daily limit lasts hours: waiting it out would stall the batch, so the cell ends here.
        const longLimit = (error.retryAfterSeconds ?? 0) > MAX_RETRY_AFTER_S && error.code === 'source-limit';
        if (error.kind === 'rate-limited' && limited < MAX_RATE_LIMITED && !longLimit) {
          limited += 1;
          const seconds = Math.min(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_S, MAX_RETRY_AFTER_S);
          pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
          onRetry?.('rate-limited', seconds * 1000);
          // The service asked for the pause: the read after it has a deadline of its own.
          deadline = undefined;
          continue;
        }
        if (shouldRetry(failures, error)) {
          const backoff = retryDelay(failures);
          failures += 1;
          onRetry?.('transient', backoff);
          await sleep(backoff, signal);
          continue;
        }
        return { ok: false, kind: error.kind, status: error.status };
      }
    }
  };

  const worker = async (): Promise<void> => {
    while (!signal.aborted) {
      const index = next++;
      const id = ids[index];
      if (id === undefined) return;
      let outcome: BatchOutcome;
      try {
        outcome = await lookUp(id, hints?.[index]);
      } catch (error) {
        if (signal.aborted) return;
        throw error;
      }
      onOutcome(index, outcome);
    }
  };

  await Promise.all(Array.from({ length: workers }, worker));
}
