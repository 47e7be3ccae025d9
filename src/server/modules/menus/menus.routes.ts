// The menus API: thin routes over the menus service, registered from their declarations in src/shared.
import type { FastifyPluginAsync } from 'fastify';
import { paginationMeta, type ParsedListQuery } from '../../../shared/api/common';
import { MENU_FILTER_COLUMNS, MENU_MESSAGES, MENU_SORT_COLUMNS, menuExportEndpoint, menuListingEndpoint, menuSettingsEndpoint, saveMenuSettingsEndpoint } from '../../../shared/api/menus';
import { route } from '../../lib/endpoint-route';
import { checkListQuery } from '../../lib/list-query';
import { ok, sendJsonPage } from '../../lib/reply';
import { menuFilters, type MenusService } from './menus.service';

const allowed = { sortable: MENU_SORT_COLUMNS, filterable: MENU_FILTER_COLUMNS, dateColumns: ['expired_date'] } as const;

export const menusRoutes: FastifyPluginAsync<{ menus: MenusService }> = async (app, { menus }) => {
  route(app, menuListingEndpoint, async ({ ctx, body }, reply) => {
    const query = checkListQuery(body, allowed);
    const { rowsJson, rows, total, lastImportTime } = await menus.list(ctx, body.menuType, query);
    return sendJsonPage(reply, rowsJson, paginationMeta(query.page, query.pageSize, total, rows), { metaDetails: { lastImportTime } });
  });

  route(app, menuExportEndpoint, async ({ ctx, body }) => {
    // The screen's search and filters, checked as the listing checks them.
    const listQuery = { pagination: { page: 1, pageSize: 1 }, search: body.search, columnFilter: body.columnFilter } as ParsedListQuery;
    const checked = checkListQuery(listQuery, allowed);
    return ok(await menus.export(ctx, body, menuFilters(checked.filters), checked.search));
  });

  route(app, menuSettingsEndpoint, async ({ ctx }) => ok(await menus.settings(ctx)));

  route(app, saveMenuSettingsEndpoint, async ({ ctx, body }) => ok(await menus.saveSettings(ctx, body), MENU_MESSAGES.settingsSaved));
};

