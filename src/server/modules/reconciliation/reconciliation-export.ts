// A reconciliation's export: both tabs as sheets of an xlsx workbook, stored with a short-lived link that is
// also recorded on the run (file name and path).
import ExcelJS from 'exceljs';
import { EXPORT_LINK_MINUTES, RECONCILIATION_TABS, RECONCILIATION_TAB_LABELS } from '../../../shared/api/reconciliation';
import { MARKET_TIME_ZONES } from '../../../shared/market-time';
import type { Db } from '../../db/client';
import type { ExportStorage } from '../../files/export-storage';
import { recordAudit } from '../../lib/audit';
import { fileTimestamp, neutraliseFormula } from '../../lib/spreadsheet/export-text';
import type { RequestContext } from '../../lib/request-context';
import { listRows, setRunFile } from './reconciliation.repository';
import { reconBatchRow, type ReconciliationService } from './reconciliation.service';

type Ctx = Pick<RequestContext, 'caller' | 'market' | 'requestId'>;

const COLUMNS = [
  { header: 'Batch ID', key: 'batch_id', width: 24 },
  { header: 'S2S Product Name', key: 's2s_product_name', width: 40 },
  { header: 'OTC Active Quantity', key: 'otc_active_quantity', width: 18 },
  { header: 'S2S Active Quantity', key: 's2s_active_quantity', width: 18 },
  { header: 'In Transit Quantity', key: 'in_transit_quantity', width: 18 },
  { header: 'Total Quantity', key: 'total_quantity', width: 14 },
  { header: 'Status', key: 'recon_batch_status_label', width: 30 },
  { header: 'OTC Orders', key: 'otc_order_ids', width: 30 },
  { header: 'Accepted', key: 'accepted', width: 10 },
  { header: 'Reason Code', key: 'reason_code', width: 12 },
  { header: 'Comments', key: 'comments', width: 40 },
] as const;

export function createReconciliationExports({ db, storage, reconciliation, now = () => new Date() }: { db: Db; storage: ExportStorage; reconciliation: ReconciliationService; now?: () => Date }) {
  return {
    async export(ctx: Ctx, referenceId: string) {
      const run = await reconciliation.runOf(ctx, referenceId);
      const workbook = new ExcelJS.Workbook();
      for (const tab of RECONCILIATION_TABS) {
        const sheet = workbook.addWorksheet(RECONCILIATION_TAB_LABELS[tab]);
        sheet.columns = COLUMNS.map((column) => ({ ...column }));
        const { rows } = await listRows(db, { runId: run.id, tab, filters: [], sort: [] });
        for (const row of rows.map(reconBatchRow)) {
          sheet.addRow({
            ...row,
            batch_id: neutraliseFormula(row.batch_id),
            s2s_product_name: row.s2s_product_name === null ? null : neutraliseFormula(row.s2s_product_name),
            otc_order_ids: row.otc_order_ids.join(', '),
            accepted: row.accepted ? 'Yes' : 'No',
            comments: row.comments === null ? null : neutraliseFormula(row.comments),
          });
        }
      }
      const content = Buffer.from(await workbook.xlsx.writeBuffer());
      const fileName = `${run.marketCode}_Reconciliation_${run.referenceId}_${fileTimestamp(now(), MARKET_TIME_ZONES[ctx.market.code])}.xlsx`;
      const stored = await storage.save({ market: ctx.market, kind: 'reconciliation', fileName, userId: ctx.caller.id, content, validMinutes: EXPORT_LINK_MINUTES });
      await setRunFile(db, run.id, { fileName, filePath: stored.downloadUrl });
      await recordAudit(db, ctx, { entityType: 'reconciliation', entityId: run.referenceId, action: 'export', after: { fileName } });
      return { recon_status: run.status, downloadUrl: stored.downloadUrl, presignedUrl: stored.downloadUrl, file_name: fileName };
    },
  };
}

export type ReconciliationExports = ReturnType<typeof createReconciliationExports>;
