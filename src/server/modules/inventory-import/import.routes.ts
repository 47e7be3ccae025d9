// The inventory import API: thin routes over the import service, registered from their declarations in src/shared.
import type { FastifyPluginAsync } from 'fastify';
import {
  batchTagsEndpoint,
  IMPORT_DETAIL_SORT_COLUMNS,
  IMPORT_HISTORY_SORT_COLUMNS,
  IMPORT_MESSAGES,
  importActionEndpoint,
  importDetailsEndpoint,
  importHistoryEndpoint,
  importStatusEndpoint,
  initiateImportEndpoint,
  queryLocationsEndpoint,
  refreshImportEndpoint,
} from '../../../shared/api/inventory-import';
import { paginationMeta } from '../../../shared/api/common';
import { importReasonLabel } from '../../../shared/reason-codes';
import { route } from '../../lib/endpoint-route';
import { checkListQuery } from '../../lib/list-query';
import { ok, okPage, sendJsonPage } from '../../lib/reply';
import type { StoredImportRow } from './import.repository';
import type { ImportService } from './import.service';

const CHANGES = ['new_batch', 'new_tag', 'quantity_changed'] as const;
type Terpene = { terpeneName: string; percentage: number };
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Rounded to 2 decimals as written (half away from zero), as PostgreSQL rounds the numeric the payload stores:
 * 1.005 is 1.01 (Math.round(1.005 * 100) / 100 gives 1, the float being 1.00499...).
 */
function roundTo2(value: number): number {
  const text = String(Math.abs(value));
  const rounded = text.includes('e') ? Math.round(Math.abs(value) * 100) / 100 : Number(`${Math.round(Number(`${text}e2`))}e-2`);
  return value < 0 ? -rounded : rounded;
}

/**
 * A stored detail row in the spec's names; lab values and tags come from the row's payload. The details list has
 * the database build the same JSON (import_row_detail_json of migration 0013, kept on each row by a trigger);
 * import-detail-json.test.ts holds the two equal. A change to either takes a migration that replaces that function
 * and writes every row's JSON again.
 */
export function detailRow(row: StoredImportRow) {
  const payload = row.payload;
  const tags = Array.isArray(payload.tags) ? (payload.tags as { tagNumber: string }[]) : [];
  const terpenes = Array.isArray(payload.terpenes) ? (payload.terpenes as Terpene[]) : [];
  const change = CHANGES.find((kind) => kind === payload.change) ?? null;
  return {
    id: row.id,
    product_name: row.productName,
    s2s_product_name: row.s2sProductName,
    batch_id: row.batchNumber,
    total_quantity: row.totalQuantity ?? numberOrNull(payload.reportedQuantity),
    s2s_location_name: row.locationName,
    category_name: row.categoryName,
    reason_code: row.reasonCode,
    metadata_label: row.reasonCode ? importReasonLabel(row.reasonCode) : null,
    created_ts: new Date(row.createdAt).toISOString(),
    top_terpenes: [...terpenes]
      .filter((terpene) => Number.isFinite(terpene.percentage))
      .sort((a, b) => b.percentage - a.percentage)
      .slice(0, 3)
      .map((terpene) => ({ terpeneName: terpene.terpeneName, percentage: roundTo2(terpene.percentage) })),
    thc_value: numberOrNull(payload.thcValue),
    thc_total_uom: textOrNull(payload.thcUom),
    cbd_value: numberOrNull(payload.cbdValue),
    cbd_total_uom: textOrNull(payload.cbdUom),
    case_size: row.caseSize,
    standard_case_sizes: Array.isArray(payload.standardCaseSizes) ? (payload.standardCaseSizes as number[]) : [],
    held_back: row.tab === 'case_size_errors' && payload.heldBack === true,
    change,
    previous_quantity: numberOrNull(payload.previousQuantity),
    tag_number: tags.length === 1 ? (tags[0]?.tagNumber ?? null) : null,
    tag_count: tags.length,
  };
}

export const importRoutes: FastifyPluginAsync<{ imports: ImportService }> = async (app, { imports }) => {
  route(app, queryLocationsEndpoint, async ({ ctx, body }) => ok(await imports.locations(ctx, body.market)));

  route(app, importStatusEndpoint, async ({ ctx }) => ok(await imports.latest(ctx)));

  route(app, initiateImportEndpoint, async ({ ctx, body }) =>
    ok(await imports.initiate(ctx, { marketCode: body.market_code, locationIds: body.inventory_location_ids }), IMPORT_MESSAGES.started),
  );

  route(app, importActionEndpoint, async ({ ctx, params, body }) => {
    const result = await imports.act(ctx, params.importId, body.action);
    return ok(result, body.action === 'commit' ? `${result.reference_id} committed` : `${result.reference_id} discarded`);
  });

  route(app, importHistoryEndpoint, async ({ ctx, body }) => {
    const query = checkListQuery(body, { sortable: IMPORT_HISTORY_SORT_COLUMNS, filterable: [] });
    const { rows, total } = await imports.history(ctx, { status: query.status, search: query.search, sort: query.sort, page: query.page, pageSize: query.pageSize });
    return okPage({ rows, totalRecords: total, page: query.page, pageSize: query.pageSize });
  });

  route(app, importDetailsEndpoint, async ({ ctx, params, body }, reply) => {
    const query = checkListQuery(body, { sortable: IMPORT_DETAIL_SORT_COLUMNS, filterable: IMPORT_DETAIL_SORT_COLUMNS });
    const filters = query.filters.flatMap((filter) => (filter.type === 'text' ? [{ column: filter.column, value: filter.value }] : []));
    const { meta, rowsJson, rows, total } = await imports.details(ctx, params.importId, {
      tab: body.tab,
      search: query.search,
      filters,
      sort: query.sort,
      page: query.page,
      pageSize: query.pageSize,
    });
    // The rows are already JSON (built by the database as detailRow would build them).
    return sendJsonPage(reply, rowsJson, paginationMeta(query.page, query.pageSize, total, rows), { metaDetails: meta });
  });

  route(app, refreshImportEndpoint, async ({ ctx, params }) => {
    const result = await imports.refresh(ctx, params.importId);
    return ok(result, result.fixed > 0 ? `${result.fixed} case-size errors are fixed` : 'No case-size errors were fixed');
  });

  route(app, batchTagsEndpoint, async ({ ctx, params, query }) => ok(await imports.tags(ctx, params.batchId, { importId: query?.importId, issueTab: query?.issueTab })));
};
