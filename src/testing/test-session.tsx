import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Client } from '../api/client';
import { ApiError } from '../api/errors';
import { DEFAULT_SETTINGS, type Settings } from '../api/settings';
import { createSession, SessionProvider } from '../state/session';
import { NO_RAW } from './stand-ins';

/**
 * For tests: a session over a stand-in client (reads fail as unreachable unless a test says otherwise), a fresh
 * query client without retries, and the providers to render inside.
 */
export function testSession(client: Partial<Client> = {}, settings: Partial<Settings> = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const unreachable = () => Promise.reject(new ApiError('network', 'no service in this test'));
  const session = createSession({
    client: {
      getLocation: unreachable,
      getCell: unreachable,
      getCellsInView: unreachable,
      askCamara: unreachable,
      getCamara: unreachable,
      cancelCamara: unreachable,
      getWatches: unreachable,
      startWatch: unreachable,
      stopWatch: unreachable,
      getSettings: () => Promise.resolve({ data: { ...DEFAULT_SETTINGS, ...settings }, raw: NO_RAW }),
      ...client,
    },
    queryClient,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionProvider session={session}>{children}</SessionProvider>
    </QueryClientProvider>
  );
  return { session, queryClient, wrapper };
}
