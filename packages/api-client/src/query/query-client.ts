import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** The one query cache of the app (the package is a shared singleton). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});
