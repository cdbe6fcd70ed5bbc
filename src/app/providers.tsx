import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nProvider } from '../i18n/i18n';
import { createSession, SessionProvider, type Session } from '../state/session';
import { apiClient } from './api-client';
import { ErrorBoundary } from './error-boundary';
import { createQueryClient } from './query-client';

export interface ProvidersProps {
  children: ReactNode;
  /** Tests hand in their own: a fresh query client, a session over a stand-in client. */
  queryClient?: QueryClient;
  session?: (queryClient: QueryClient) => Session;
}

export function Providers({ children, queryClient: given, session: makeSession }: ProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [session] = useState(() =>
    makeSession ? makeSession(queryClient) : createSession({ client: apiClient, queryClient }),
  );
  return (
    <I18nProvider>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SessionProvider session={session}>{children}</SessionProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
