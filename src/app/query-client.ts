import { notifyManager, QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from '../queries/read-policy';

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
