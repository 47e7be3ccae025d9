// GET /menu/settings: the market's four levels of menu ordering, every category filled in.
import { queryOptions } from '@tanstack/react-query';
import { menuSettingsEndpoint } from '../../../../shared/api/menus';
import type { MarketCode } from '../../../../shared/enums';
import { callApi } from '../../../lib/api-client';

export const MENU_SETTINGS_QUERY_KEY = 'menu-settings';

export function menuSettingsQueryOptions(market: MarketCode) {
  return queryOptions({
    queryKey: [MENU_SETTINGS_QUERY_KEY, market],
    queryFn: async ({ signal }) => (await callApi(menuSettingsEndpoint, { query: { market_code: market }, market, signal })).data,
  });
}
