import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for the app. Failed reads are not retried: the request wrapper has already told the
 * user, and a retry would only repeat the toast.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});
