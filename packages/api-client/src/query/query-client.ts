import { QueryClient, onlineManager } from '@tanstack/react-query';
// through the package name, not a relative path: federation must hand this module the one shared
// instance of the session code, not a second copy bundled beside it
import { ApiError, onSessionEnd } from '@imprest/api-client';
// stateless, so a relative import is safe here
import { isOnline } from '../offline/online';

// TanStack Query assumes a connection until an 'offline' event says otherwise, and a page opened
// offline never gets one: its queries retried, failed and each screen showed its own 'could not be
// reached' box under the shell's offline notice. Starting from the browser's word, they pause
// instead (the shell says what is saved) and resume on the 'online' event.
onlineManager.setOnline(isOnline());

/** The one query cache of the app (the package is a shared singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
      // offline, a query still asks once: the service worker may answer from its cache; only
      // then does it pause (the shell says 'nothing saved yet') until the connection returns
      networkMode: 'offlineFirst',
    },
    // a write offline fails at once with 'could not be reached' instead of waiting unseen: the
    // forms that may queue do so themselves, and actions that move money are never queued
    mutations: { networkMode: 'always' },
  },
});

// logout clears every cached answer
onSessionEnd(() => queryClient.clear());

/**
 * Starts a read a page will make, before the page has rendered (its code has just arrived): the
 * page's own query then finds it under way or answered, under the same key. A read the page would
 * not make (`enabled: false`) is left alone.
 */
export function prefetchRead(options: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown>; enabled?: boolean }): void {
  if (options.enabled === false) return;
  void queryClient.prefetchQuery({ queryKey: options.queryKey, queryFn: options.queryFn });
}
