// Menus: the listing a Sales Manager shapes into a buyer's menu, the market's menu settings that order it, and
// the export that turns it into one workbook per dispensary chain through a background job.
import { MENU_MESSAGES, type MenuExportBody, type MenuSettings, type MenuSortColumn, type SaveMenuSettingsBody } from '../../../shared/api/menus';
import type { ErrorDetail } from '../../../shared/api/protocol';
import type { MenuType } from '../../../shared/enums';
import { marketDate } from '../../../shared/market-time';
import type { Db } from '../../db/client';
import type { ExportStorage } from '../../files/export-storage';
import type { JobQueue } from '../../jobs/job-queue';
import { recordAudit } from '../../lib/audit';
import { AppError, badRequest, invalidField } from '../../lib/errors';
import type { CheckedListQuery } from '../../lib/list-query';
import type { RequestContext } from '../../lib/request-context';
import { lastCommitTime } from '../inventory-issues/issues.repository';
import { MENU_EXPORT_JOB_KIND, type MenuExportPayload } from './menu-export';
import { countMenuRows, countMenuSearch, totalIsKeptSearch, type MenuListingFilter, type MenuListingQuery, type MenuNumberColumn, type MenuTextColumn } from './menu-listing.repository';
import { writeRanks } from './menu-ranks.repository';
import { listMenuPage } from './menu-ranking';
import { createMenuTotals } from './menu-totals';
import { changeProblems, effectiveSettings, listingOrder, mergeSettings } from './menu-settings-rules';
import { jobState, lockMarketSettings, marketTaxonomy, msoOwnersOf, salesPersonName, storedSettings, writeSettings } from './menus.repository';

type Ctx = Pick<RequestContext, 'caller' | 'market' | 'requestId'>;

export type MenusServiceDeps = {
  db: Db;
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  storage: Pick<ExportStorage, 'filesOfJob'>;
  /** 0: every total counted (the tests); otherwise totals are kept as menu-totals explains. */
  countCacheMs: number;
  /** How long an export request waits for its job. */
  exportWaitMs?: number;
  /** How often it looks. */
  exportPollMs?: number;
};

const NUMBER_COLUMNS = new Set<MenuSortColumn>(['item_size', 'base_price', 'case_size', 'available_case_size', 'standard_case_size', 'total_available_quantity']);
const PLAIN_NUMBER = /^\d{1,9}(\.\d{1,3})?$/;
const DEFAULT_EXPORT_WAIT_MS = 60_000;
const EXPORT_TIMEOUT_MESSAGE = 'The menu export is taking longer than expected. Please try again in a minute.';

type ListFilters = CheckedListQuery<MenuSortColumn, MenuSortColumn>['filters'];

/** The checked list query's filters typed for the SQL: numbers for number columns, a date range for the expiry. */
export function menuFilters(filters: ListFilters, field = 'columnFilter'): MenuListingFilter[] {
  return filters.map((filter, index): MenuListingFilter => {
    const at = `${field}[${index}]`;
    if (filter.column === 'expired_date') {
      if (filter.type !== 'dateRange') throw invalidField(`${at}.type`, 'expired_date takes a dateRange filter (from and to, yyyy-MM-dd)');
      return { column: 'expired_date', kind: 'dates', from: filter.value.from, to: filter.value.to };
    }
    if (filter.type === 'dateRange') throw invalidField(`${at}.type`, `${filter.column} takes a text or select filter; dateRange is for expired_date`);
    const values = filter.type === 'text' ? [filter.value.trim()] : filter.value.map((value) => value.trim());
    if (NUMBER_COLUMNS.has(filter.column)) {
      const notNumber = values.find((value) => !PLAIN_NUMBER.test(value));
      if (notNumber !== undefined) throw invalidField(`${at}.value`, `${filter.column} matches a number exactly, such as 12 or 3.5 (got '${notNumber}')`);
      return { column: filter.column as MenuNumberColumn, kind: 'numbers', values: values.map(Number) };
    }
    const column = filter.column as MenuTextColumn;
    return filter.type === 'text' ? { column, kind: 'contains', value: filter.value.trim() } : { column, kind: 'oneOf', values: filter.value };
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createMenusService({ db, jobs, storage, countCacheMs, exportWaitMs = DEFAULT_EXPORT_WAIT_MS, exportPollMs = 100 }: MenusServiceDeps) {
  const totals = createMenuTotals(countCacheMs > 0);

  return {
    async list(ctx: Ctx, menuType: MenuType, query: CheckedListQuery<MenuSortColumn, MenuSortColumn>) {
      const listQuery: MenuListingQuery = {
        marketId: ctx.market.id,
        today: marketDate(ctx.market.code),
        menuType,
        search: query.search,
        filters: menuFilters(query.filters),
        sort: query.sort,
        page: { page: query.page, pageSize: query.pageSize },
      };
      // A search's total, with nothing else, is summed from the kept batch counts; a search with filters reads all its
      // matches to order them, so it counts them in the same statement; other totals are kept (menu-totals.ts).
      const keptSearch = totalIsKeptSearch(listQuery) ? listQuery.search! : null;
      const withTotal = Boolean(listQuery.search) && keptSearch === null;
      const [page, lastImport, searchTotal] = await Promise.all([
        listMenuPage(db, listQuery, { withTotal }),
        lastCommitTime(db, ctx.market.id),
        keptSearch === null ? null : countMenuSearch(db, { ...listQuery, search: keptSearch }),
      ]);
      // The total is free on a short last page; otherwise it is counted, and kept per search and filters.
      const key = JSON.stringify([listQuery.today, listQuery.search ?? '', listQuery.filters]);
      let total: number;
      const short = (page.rows > 0 && page.rows < query.pageSize) || (page.rows === 0 && query.page === 1);
      if (page.total !== null) {
        total = page.total;
      } else if (short) {
        // The page's own rows, rather than a kept search total read beside it, which a write in between could move.
        total = (query.page - 1) * query.pageSize + page.rows;
        if (searchTotal === null) totals.set(ctx.market.id, key, total);
      } else if (searchTotal !== null) {
        total = searchTotal;
      } else {
        total = await totals.get(ctx.market.id, key, () => countMenuRows(db, listQuery));
      }
      return { rowsJson: page.json, rows: page.rows, total, lastImportTime: lastImport?.toISOString() ?? null };
    },

    async settings(ctx: Ctx): Promise<MenuSettings> {
      const [taxonomy, stored] = await Promise.all([marketTaxonomy(db, ctx.market.id), storedSettings(db, ctx.market.id)]);
      return { marketCode: ctx.market.code, settings: effectiveSettings(taxonomy, stored) };
    },

    /**
     * Under the market's settings lock: the current settings read, the change checked against the market's
     * categories, brands and subcategories (any unknown id refuses the whole change), merged, renumbered and saved.
     */
    async saveSettings(ctx: Ctx, body: Pick<SaveMenuSettingsBody, 'settings'>): Promise<MenuSettings> {
      return db.transaction(async (tx) => {
        await lockMarketSettings(tx, ctx.market.id);
        const taxonomy = await marketTaxonomy(tx, ctx.market.id);
        const problems: ErrorDetail[] = changeProblems(taxonomy, body.settings);
        if (problems.length > 0) {
          const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
          throw badRequest(`${problems[0]!.field}: ${problems[0]!.message}${more}`, problems);
        }
        const before = effectiveSettings(taxonomy, await storedSettings(tx, ctx.market.id));
        const merged = mergeSettings(before, body.settings);
        await writeSettings(tx, ctx.market.id, ctx.caller.id, merged);
        // Ranked with the settings, in their transaction: every instance's next listing reads the new order.
        await writeRanks(tx, ctx.market.id, listingOrder(await storedSettings(tx, ctx.market.id)));
        const after = effectiveSettings(taxonomy, merged);
        const changedIds = new Set(body.settings.map((change) => change.categoryId));
        await recordAudit(tx, ctx, {
          entityType: 'menu_settings',
          entityId: ctx.market.code,
          action: 'update',
          before: before.filter((category) => changedIds.has(category.categoryId)),
          after: after.filter((category) => changedIds.has(category.categoryId)),
        });
        return { marketCode: ctx.market.code, settings: after };
      });
    },

    /**
     * Checks the request against the market (every MSO id one of its owners; a sales person given by id one of
     * its sales persons), runs the export as a job and waits for it, bounded: the links in msoDetails order.
     */
    async export(ctx: Ctx, body: MenuExportBody, filters: MenuListingFilter[], search: string | undefined) {
      const msoIds = body.msoDetails.map((mso) => mso.id);
      const owners = await msoOwnersOf(db, ctx.market.id, msoIds);
      const unknown = body.msoDetails.flatMap((mso, index) => (owners.has(mso.id) ? [] : [{ field: `msoDetails[${index}].id`, message: `${mso.id} is not a dispensary chain (MSO) of ${ctx.market.code}` }]));
      if (unknown.length > 0) throw badRequest(`${unknown[0]!.field}: ${unknown[0]!.message}`, unknown);
      let salesPerson = body.salesPersonIdORName?.trim() || null;
      if (salesPerson && /^\d+$/.test(salesPerson)) {
        const name = Number(salesPerson) <= 2_147_483_647 ? await salesPersonName(db, ctx.market.id, Number(salesPerson)) : null;
        if (!name) throw invalidField('salesPersonIdORName', `${salesPerson} is not a sales person of ${ctx.market.code}`);
        salesPerson = name;
      }
      const now = new Date();
      const payload: MenuExportPayload = {
        market: { id: ctx.market.id, code: ctx.market.code, name: ctx.market.name },
        userId: ctx.caller.id,
        requestId: ctx.requestId,
        menuType: body.menuType,
        columns: body.selectedColumns.map((column) => ({ index: column.index, field: column.field, label: column.label })),
        salesPerson,
        // The workbook carries the market's own name of the chain; the screen's name is only a label.
        msos: body.msoDetails.map((mso) => ({ id: mso.id, name: owners.get(mso.id)! })),
        excludedBatchIds: body.menuType === 'external' ? (body.excludedBatches ?? []) : [],
        search,
        filters,
        exportedAt: now.toISOString(),
        today: marketDate(ctx.market.code, now),
      };
      const jobId = await db.transaction((tx) => jobs.enqueue(tx, MENU_EXPORT_JOB_KIND, payload, { marketId: ctx.market.id }));
      jobs.wake();

      const deadline = Date.now() + exportWaitMs;
      for (;;) {
        const state = await jobState(db, jobId);
        if (state?.status === 'done') break;
        if (state?.status === 'failed') throw new AppError(500, 'INTERNAL_ERROR', MENU_MESSAGES.exportFailed);
        if (Date.now() >= deadline) throw new AppError(503, 'SERVICE_UNAVAILABLE', EXPORT_TIMEOUT_MESSAGE);
        await sleep(exportPollMs);
      }
      const files = await storage.filesOfJob(jobId);
      return { exports: files.map((file, index) => ({ presignedUrl: file.downloadUrl, msoName: payload.msos[index]!.name, fileName: file.fileName })) };
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;
