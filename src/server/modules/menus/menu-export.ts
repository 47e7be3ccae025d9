// The menu export as a background job: the listing (in menu settings order, with the screen's search and
// filters, less the external menu's deselected rows) written as one workbook per MSO and stored behind signed
// links. The job is idempotent: another attempt first forgets the files of the one before.
import { EXPORT_LINK_MINUTES, type ExportableMenuField, type MenuListingRow, type SelectedMenuColumn } from '../../../shared/api/menus';
import type { MarketCode, MenuType } from '../../../shared/enums';
import { MARKET_TIME_ZONES } from '../../../shared/market-time';
import type { Db } from '../../db/client';
import type { ExportStorage } from '../../files/export-storage';
import type { JobDefinition } from '../../jobs/job-queue';
import { recordAudit } from '../../lib/audit';
import { type MenuListingFilter } from './menu-listing.repository';
import { listMenuPage } from './menu-ranking';
import { menuFileName, writeMenuWorkbook } from './menu-workbook';
import { customerNamesOf } from './menus.repository';

export const MENU_EXPORT_JOB_KIND = 'menu-export';

/** Everything the job needs, checked by the service: ids of the market, names resolved, filters typed. */
export type MenuExportPayload = {
  market: { id: number; code: MarketCode; name: string };
  userId: string;
  requestId: string;
  menuType: MenuType;
  columns: SelectedMenuColumn[];
  salesPerson: string | null;
  msos: { id: number; name: string }[];
  excludedBatchIds: number[];
  search?: string;
  filters: MenuListingFilter[];
  /** When the user asked (ISO): the title's and the file names' time. */
  exportedAt: string;
  /** The market's today (yyyy-MM-dd) when the user asked, so that a retry lists the same batches. */
  today: string;
};

export function createMenuExportJob({ db, storage }: { db: Db; storage: ExportStorage }): JobDefinition<MenuExportPayload> {
  return {
    maxAttempts: 2,
    async run({ id: jobId, payload }) {
      await storage.discardFilesOfJob(jobId);
      const { json } = await listMenuPage(db, {
        marketId: payload.market.id,
        today: payload.today,
        menuType: payload.menuType,
        search: payload.search,
        filters: payload.filters,
        sort: [],
        excludedBatchIds: payload.menuType === 'external' ? payload.excludedBatchIds : [],
        page: null,
      });
      const rows = JSON.parse(json) as MenuListingRow[];
      const dispensaries = payload.menuType === 'internal' ? await customerNamesOf(db, payload.market.id, payload.msos.map((mso) => mso.id), 'INT') : new Map<number, string[]>();
      const exportedAt = new Date(payload.exportedAt);
      const timeZone = MARKET_TIME_ZONES[payload.market.code];
      // One workbook at a time: each is written, stored and let go before the next, which bounds the memory.
      for (const mso of payload.msos) {
        const content = await writeMenuWorkbook({
          marketName: payload.market.name,
          marketCode: payload.market.code,
          msoName: mso.name,
          salesPerson: payload.salesPerson,
          exportedAt,
          timeZone,
          menuType: payload.menuType,
          columns: payload.columns,
          rows,
          dispensaries: dispensaries.get(mso.id) ?? [],
        });
        const fileName = menuFileName(payload.market.code, mso.name, payload.menuType, exportedAt, timeZone);
        await storage.save({ market: payload.market, kind: `menu-${payload.menuType}`, fileName, userId: payload.userId, content, validMinutes: EXPORT_LINK_MINUTES, jobId });
      }
      await recordAudit(db, { requestId: payload.requestId, caller: { id: payload.userId }, market: payload.market }, {
        entityType: 'menu_export',
        entityId: jobId,
        action: 'export',
        after: { menuType: payload.menuType, msoIds: payload.msos.map((mso) => mso.id), rows: rows.length, columns: payload.columns.map((column) => column.field satisfies ExportableMenuField) },
      });
    },
  };
}
