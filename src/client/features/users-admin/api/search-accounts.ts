// GET /users/accounts: accounts of the whole system by name or email, to add one to the current market.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { searchAccountsEndpoint } from '../../../../shared/api/users';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';
import { USERS_QUERY_KEY } from './list-users';

export function accountsQueryOptions(market: MarketCode, search: string) {
  return queryOptions({
    queryKey: [USERS_QUERY_KEY, 'accounts', market, search],
    queryFn: async ({ signal }) => (await callApi(searchAccountsEndpoint, { query: { search }, market, signal })).data,
    placeholderData: keepPreviousData,
    // Whether an account is already in the market changes with every add: never cached for long.
    staleTime: 0,
    meta: { persist: false },
  });
}
