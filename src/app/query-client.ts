import { notifyManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/errors';
import { READ_ATTEMPTS } from '../queries/read-policy';

const RETRYABLE = new Set(['network', 'server', 'timeout']);
export const MAX_RETRIES = READ_ATTEMPTS - 1;

export function retryDelay(attempt: number): number {
  return Math.min(400 * 2 ** attempt, 3000);
}

/**
 * Retry only what may pass on its own: the network, a timeout, a 5xx (a 4xx or an unreadable answer won't),
 * and only while the read's deadline leaves time for another try.
 */
export function shouldRetry(failureCount: number, error: unknown, now = Date.now()): boolean {
  if (!isApiError(error) || !RETRYABLE.has(error.kind) || failureCount >= MAX_RETRIES) return false;
  return error.deadline === undefined || now + retryDelay(failureCount) < error.deadline;
}

export function createQueryClient(): QueryClient {
  // Observers hear of an answer in the task it came in (the default waits for a setTimeout, behind whatever
  // else is queued), so the frame that shows it is the next one.
  notifyManager.setScheduler(queueMicrotask);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        staleTime: 10_000,
        refetchOnWindowFocus: false,
        /* A read runs even when the browser says it is offline, and fails at once with words for it (the API
           client sends nothing then); TanStack's default would hold it "paused" with nothing on screen. It is
           read again when the connection comes back: said here, since with networkMode 'always' TanStack's
           default is not to (src/state/online.ts tells it when the connection comes back). */
        networkMode: 'always',
        refetchOnReconnect: true,
      },
    },
  });
}
