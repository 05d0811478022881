import { QueryClient } from '@tanstack/react-query';
import { statusOf } from '../shared/api/ApiError';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Client errors (401, 403, 404…) will not change on retry.
      retry: (failureCount, error) => {
        const status = statusOf(error) ?? 0;
        return failureCount < 2 && (status === 0 || status >= 500);
      },
    },
    mutations: { retry: false },
  },
});
