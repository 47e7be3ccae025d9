// The inventory issues API: thin routes over the issues service, registered from their declarations in src/shared.
import type { FastifyPluginAsync } from 'fastify';
import {
  ISSUE_FILTER_COLUMNS,
  ISSUE_SORT_COLUMNS,
  issueRefreshStatusEndpoint,
  listInventoryIssuesEndpoint,
  refreshInventoryIssuesEndpoint,
  type InventoryIssueRow,
} from '../../../shared/api/inventory-issues';
import { importReasonLabel } from '../../../shared/reason-codes';
import { route } from '../../lib/endpoint-route';
import { checkListQuery } from '../../lib/list-query';
import { ok, okPage } from '../../lib/reply';
import { detailRow } from '../inventory-import/import.routes';
import type { IssueListRow } from './issues.repository';
import type { IssuesService } from './issues.service';

/** An issue as its import's detail row shows it; an issue with no import row still shows batch, product, reason and when. */
function issueRow(issue: IssueListRow): InventoryIssueRow {
  const own = { id: issue.id, reason_code: issue.reasonCode, metadata_label: importReasonLabel(issue.reasonCode), created_ts: new Date(issue.createdAt).toISOString(), import_reference_id: issue.importReferenceId };
  if (issue.row) return { ...detailRow(issue.row), ...own };
  return {
    ...own,
    product_name: issue.productName,
    s2s_product_name: null,
    batch_id: issue.batchNumber,
    total_quantity: null,
    s2s_location_name: null,
    category_name: null,
    top_terpenes: [],
    thc_value: null,
    thc_total_uom: null,
    cbd_value: null,
    cbd_total_uom: null,
    case_size: null,
    standard_case_sizes: [],
    held_back: false,
    change: null,
    previous_quantity: null,
    tag_number: null,
    tag_count: 0,
  };
}

export const issuesRoutes: FastifyPluginAsync<{ issues: IssuesService }> = async (app, { issues }) => {
  route(app, listInventoryIssuesEndpoint, async ({ ctx, body }) => {
    const query = checkListQuery(body, { sortable: ISSUE_SORT_COLUMNS, filterable: ISSUE_FILTER_COLUMNS });
    const filters = query.filters.flatMap((filter) => (filter.type === 'text' ? [{ column: filter.column, value: filter.value }] : []));
    const { rows, total, totalTabCounts, lastImportTime } = await issues.list(ctx, { tab: body.tab, search: query.search, filters, sort: query.sort, page: query.page, pageSize: query.pageSize });
    return {
      ...okPage({ rows: rows.map(issueRow), totalRecords: total, page: query.page, pageSize: query.pageSize }),
      totalTabCounts: { item_issues: totalTabCounts.item_issues, lab_warning: totalTabCounts.lab_data_warnings },
      metaDetails: { lastImportTime },
    };
  });

  route(app, refreshInventoryIssuesEndpoint, async ({ ctx, body }) => ok(await issues.refresh(ctx, body)));

  route(app, issueRefreshStatusEndpoint, async ({ ctx }) => ok(await issues.status(ctx)));
};
