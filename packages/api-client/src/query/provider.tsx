import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';
import { listenForRefreshes } from './sw-refresh';

// the service worker's word that a cached answer on screen was refreshed with a different one
listenForRefreshes();

/** The data layer's providers; the shell and a remote running standalone both use it. */
export function ApiProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
