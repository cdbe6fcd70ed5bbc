import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { KeysProvider } from '../features/keys/keys-context';
import { I18nProvider } from '../i18n/i18n';
import { ErrorBoundary } from './error-boundary';
import { createQueryClient } from './query-client';

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <I18nProvider>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <KeysProvider>{children}</KeysProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </I18nProvider>
  );
}
