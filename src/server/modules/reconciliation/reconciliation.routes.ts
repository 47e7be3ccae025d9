// The reconciliation API: thin routes over the reconciliation service, registered from their declarations in src/shared.
import type { FastifyPluginAsync } from 'fastify';
import {
  RECON_BATCH_STATUS_LABELS,
  RECON_DETAIL_SORT_COLUMNS,
  initiateReconciliationEndpoint,
  reconciliationActionEndpoint,
  reconciliationDetailsEndpoint,
  reconciliationStatusEndpoint,
  refreshReconciliationEndpoint,
  type ReconBatchStatus,
  type ReconciliationTab,
} from '../../../shared/api/reconciliation';
import { route } from '../../lib/endpoint-route';
import { checkListQuery } from '../../lib/list-query';
import { ok, sendJsonPage } from '../../lib/reply';
import { paginationMeta } from '../../../shared/api/common';
import type { ReconciliationExports } from './reconciliation-export';
import type { ReconciliationService } from './reconciliation.service';

const TAB_STATUSES: Record<ReconciliationTab, ReconBatchStatus[]> = {
  status_mismatch: ['active_in_otc_only', 'active_in_s2s_only'],
  inventory_mismatch: ['new_tags_detected', 'inventory_mismatch_otc_over', 'accept_s2s_inventory'],
};

export const reconciliationRoutes: FastifyPluginAsync<{ reconciliation: ReconciliationService; exports: ReconciliationExports }> = async (app, { reconciliation, exports }) => {
  route(app, initiateReconciliationEndpoint, async ({ ctx, body }) => ok(await reconciliation.initiate(ctx, { marketCode: body.market_code, locationIds: body.inventory_location_ids })));

  route(app, reconciliationStatusEndpoint, async ({ ctx, query }) => ok(await reconciliation.status(ctx, query.reconId)));

  route(app, reconciliationDetailsEndpoint, async ({ ctx, body }, reply) => {
    const query = checkListQuery(body, { sortable: RECON_DETAIL_SORT_COLUMNS, filterable: RECON_DETAIL_SORT_COLUMNS });
    const filters = query.filters.flatMap((filter) => {
      if (filter.type === 'text') return [{ column: filter.column, values: [filter.value] }];
      if (filter.type === 'select') return [{ column: filter.column, values: filter.value }];
      return [];
    });
    const { rowsJson, rows, total, metaDetails } = await reconciliation.details(ctx, body.reconId, {
      tab: body.tab,
      search: query.search,
      filters,
      sort: query.sort,
      page: { page: query.page, pageSize: query.pageSize },
    });
    const pagination = paginationMeta(query.page, query.pageSize, total, rows);
    const reconStatuses = TAB_STATUSES[body.tab].map((value) => ({ value, label: RECON_BATCH_STATUS_LABELS[value] }));
    // The rows are already JSON (built by the database as reconBatchRow would build them, with their orders).
    return sendJsonPage(reply, rowsJson, pagination, { reconStatuses, metaDetails });
  });

  route(app, reconciliationActionEndpoint, async ({ ctx, params, body }) => {
    if (body.action === 'accept') return ok(await reconciliation.accept(ctx, params.reconId, { batchNumbers: body.batchId, reasonCode: body.reasonCode, comments: body.comments }));
    if (body.action === 'complete') return ok(await reconciliation.complete(ctx, params.reconId));
    return ok(await exports.export(ctx, params.reconId));
  });

  route(app, refreshReconciliationEndpoint, async ({ ctx, params }) => ok(await reconciliation.refresh(ctx, params.referenceId)));
};
