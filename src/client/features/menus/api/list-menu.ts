// POST /menu/listing: one page of the market's sellable batches as an internal or external menu shows them,
// with the market's last import time.
import type { ListQuery } from '../../../../shared/api/common';
import { menuListingEndpoint, type MenuListingRow } from '../../../../shared/api/menus';
import type { MenuType } from '../../../../shared/enums';
import { callApi, type CallOptions } from '../../../lib/api-client';

export const MENU_QUERY_KEY = 'menu-listing';

export type MenuPage = { data: MenuListingRow[]; pagination: { totalRecords: number }; metaDetails: { lastImportTime: string | null } };

export function fetchMenuListing(menuType: MenuType, query: ListQuery, options: CallOptions = {}): Promise<MenuPage> {
  return callApi(menuListingEndpoint, { body: { ...query, menuType }, ...options });
}
