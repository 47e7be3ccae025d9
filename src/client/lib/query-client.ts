// One QueryClient for the app. Data is kept long enough to be persisted and read offline; a 4xx is
// not retried (it will not get better), a network error is.
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { LIST_CACHE_MS } from './config';
import { PERSIST_MAX_AGE_MS } from './query-persistence';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIST_CACHE_MS,
        gcTime: PERSIST_MAX_AGE_MS,
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  });
}
