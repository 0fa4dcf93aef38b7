import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { DialogProvider } from './providers/dialog';
import { type Editor, EditorsProvider } from './providers/editors';
import { LoadingProvider } from './providers/loading';
import { SaleSummaryProvider } from './providers/saleSummary';
import { SessionProvider } from './providers/session';
import { SnackbarProvider } from './providers/snackbar';
import { AppThemeProvider } from './providers/theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network blips and 5xx get one retry.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProviders({
  children,
  queryClient,
  editors,
}: {
  children: ReactNode;
  queryClient: QueryClient;
  editors?: Editor[];
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <AppThemeProvider>
          <SnackbarProvider>
            <DialogProvider>
              <LoadingProvider>
                <EditorsProvider initial={editors}>
                  <SaleSummaryProvider>{children}</SaleSummaryProvider>
                </EditorsProvider>
              </LoadingProvider>
            </DialogProvider>
          </SnackbarProvider>
        </AppThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
