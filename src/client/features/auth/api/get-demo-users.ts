import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoUsersEndpoint } from '../../../../shared/api/auth';
import { callApi } from '../../../lib/api-client';

const demoUsersQueryOptions = queryOptions({
  queryKey: ['auth', 'demo-users'],
  queryFn: async ({ signal }) => (await callApi(demoUsersEndpoint, { signal })).data,
  // Always asked again when the login page shows (users come and go); the cached list is for offline.
  staleTime: 0,
});

export function useDemoUsers(enabled: boolean) {
  return useQuery({ ...demoUsersQueryOptions, enabled });
}
