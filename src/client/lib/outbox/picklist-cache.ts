// Picklists as the phone keeps them: the query keys, the fetchers, and the picks a picker entered laid
// over the server's copy. The server's version is never changed here: edits waiting in the outbox were
// made on it, and it is what they are sent with (If-Match).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ListQuery } from '../../../shared/api/common';
import { itemCountsAsPicked } from '../../../shared/api/picklist-protocol';
import { picklistDetailEndpoint, picklistRegisterEndpoint, type PicklistDetail, type PicklistEditBody, type PicklistRow } from '../../../shared/api/picklists';
import { PICK_ITEM_STATUS_LABELS, type MarketCode, type PicklistStatus } from '../../../shared/enums';
import { percentComplete } from '../../../shared/labels';
import { callApi, type CallOptions } from '../api-client';
import { outboxDb, type OutboxDatabase, type OutboxEntry } from './outbox-db';

export const PICKLISTS_QUERY_KEY = 'picklists';
/** The register's own key; useTableQuery adds the market and the list query. */
export const PICKLIST_REGISTER_KEY = [PICKLISTS_QUERY_KEY, 'register'] as const;
export const picklistDetailKey = (market: MarketCode, picklistId: number) => [PICKLISTS_QUERY_KEY, 'detail', market, picklistId] as const;

/** A picklist edit's outbox resource, for per-picklist markers and rebasing. */
export const picklistResource = (picklistId: number) => `picklist:${picklistId}`;

export function picklistIdOf(resource: string): number | null {
  const match = /^picklist:(\d+)$/.exec(resource);
  return match ? Number(match[1]) : null;
}

/** How fresh an opened picklist must be before it is fetched again (someone else may be picking it). */
const PICKLIST_DETAIL_STALE_MS = 30_000;

export type PicklistPage = { data: PicklistRow[]; pagination: { totalRecords: number } };
export type PickLine = PicklistEditBody['items'][number];
/** What a 412 answer carries, kept on the conflicting outbox entry. */
export type PicklistConflictState = { picklist: PicklistDetail; conflictingItems: number[] };

export function fetchPicklistRegister(query: ListQuery, options: CallOptions = {}): Promise<PicklistPage> {
  return callApi(picklistRegisterEndpoint, { body: query, ...options });
}

async function fetchPicklistDetail(picklistId: number, market: MarketCode, signal?: AbortSignal): Promise<PicklistDetail> {
  return (await callApi(picklistDetailEndpoint, { params: { id: picklistId }, signal, market })).data;
}

const STATUS_CODE = (label: PicklistStatus) => label.toUpperCase().replace(/ /g, '_');

/** The picklist as it is once these picks are applied: what the server will answer, bar the version. */
export function applyPicks(detail: PicklistDetail, lines: readonly PickLine[]): PicklistDetail {
  if (lines.length === 0) return detail;
  const byItem = new Map(lines.map((line) => [line.picklist_item_id, line]));
  const reasons = new Map(detail.reasons.map((reason) => [reason.order_metadata_id, reason]));
  const items = detail.items.map((item) => {
    const line = byItem.get(item.picklist_item_id);
    if (!line) return item;
    const short = line.no_of_cases < item.no_of_case_ordered;
    const status = short ? 'partial' : 'complete';
    const reason = short && line.reason_id != null ? reasons.get(line.reason_id) : undefined;
    return {
      ...item,
      no_of_case_picked: line.no_of_cases,
      pick_status: status,
      pick_status_code: status,
      pick_status_label: PICK_ITEM_STATUS_LABELS[status],
      reason_id: reason?.order_metadata_id ?? null,
      reason_code: reason?.metadata_code ?? null,
      reason_label: reason?.metadata_label ?? null,
    } satisfies PicklistDetail['items'][number];
  });
  // Picked once every item is done with; the percentage counts only items with cases picked, as the server's does.
  const done = items.filter((item) => item.pick_status !== null).length;
  const label: PicklistStatus = done === items.length ? 'Picked' : 'In Progress';
  return {
    ...detail,
    items,
    picked_cases: items.reduce((sum, item) => sum + (item.no_of_case_picked ?? 0), 0),
    percentage_completion: percentComplete(items.filter(itemCountsAsPicked).length, items.length),
    pick_status_label: label,
    pick_status: STATUS_CODE(label),
  };
}

function linesOf(entry: OutboxEntry): PickLine[] {
  const body = entry.body as Partial<PicklistEditBody> | null;
  return Array.isArray(body?.items) ? body.items : [];
}

/** The server's picklist with the picks still waiting in the outbox laid over it, oldest first. */
export function withPendingEdits(detail: PicklistDetail, entries: readonly OutboxEntry[]): PicklistDetail {
  const resource = picklistResource(detail.picklist_id);
  return entries
    .filter((entry) => entry.resource === resource && entry.status === 'pending')
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .reduce((current, entry) => applyPicks(current, linesOf(entry)), detail);
}

export function pickLinesOf(entry: OutboxEntry): PickLine[] {
  return linesOf(entry);
}

function pendingEditsOf(userId: string, picklistId: number, db: OutboxDatabase = outboxDb): Promise<OutboxEntry[]> {
  const resource = picklistResource(picklistId);
  return db.entries
    .where({ resource })
    .filter((entry) => entry.userId === userId && entry.status === 'pending')
    .sortBy('seq');
}

/**
 * One picklist, read through the outbox: the server's copy with this user's waiting picks over it. A
 * copy never goes back to an older version (a fetch that started before an edit was applied ends after it).
 */
export function picklistDetailQueryOptions(picklistId: number, market: MarketCode, userId: string) {
  return queryOptions({
    queryKey: picklistDetailKey(market, picklistId),
    queryFn: async ({ signal, client, queryKey }): Promise<PicklistDetail> => {
      const server = await fetchPicklistDetail(picklistId, market, signal);
      const pending = await pendingEditsOf(userId, picklistId).catch(() => []);
      const cached = client.getQueryData<PicklistDetail>(queryKey);
      if (cached && cached.version > server.version) return cached;
      return withPendingEdits(server, pending);
    },
    staleTime: PICKLIST_DETAIL_STALE_MS,
  });
}

/** Puts the server's copy (with this user's waiting picks over it) in the cache, unless the cache is newer. */
export async function storeServerPicklist(
  queryClient: QueryClient,
  market: MarketCode,
  userId: string,
  server: PicklistDetail,
  options: { db?: OutboxDatabase; excludeEntryId?: string } = {},
): Promise<void> {
  const pending = await pendingEditsOf(userId, server.picklist_id, options.db).catch(() => []);
  const shown = withPendingEdits(
    server,
    pending.filter((entry) => entry.id !== options.excludeEntryId),
  );
  const key = picklistDetailKey(market, server.picklist_id);
  const cached = queryClient.getQueryData<PicklistDetail>(key);
  if (cached && cached.version > server.version) return;
  queryClient.setQueryData(key, shown);
  updateRegisterRows(queryClient, market, shown);
}

/** Shows picks at once: in the open picklist and in every cached register page that lists it. */
export function showPicksNow(queryClient: QueryClient, market: MarketCode, picklistId: number, lines: readonly PickLine[]): PicklistDetail | undefined {
  const next = queryClient.setQueryData<PicklistDetail>(picklistDetailKey(market, picklistId), (current) => current && applyPicks(current, lines));
  if (next) updateRegisterRows(queryClient, market, next);
  return next;
}

/**
 * Register rows follow the picklist (status, progress), so the list agrees with the detail offline. Each page
 * keeps when it was fetched: a pick entered here is not news from the server, and the offline register says
 * how old its rows are (and prefers the newest copy of a row) by that time.
 */
function updateRegisterRows(queryClient: QueryClient, market: MarketCode, detail: PicklistDetail): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...PICKLIST_REGISTER_KEY, market] })) {
    const page = query.state.data as PicklistPage | undefined;
    if (!page?.data.some((row) => row.picklist_id === detail.picklist_id)) continue;
    const next: PicklistPage = {
      ...page,
      data: page.data.map((row) =>
        row.picklist_id === detail.picklist_id
          ? {
              ...row,
              picked_cases: detail.picked_cases,
              percentage_completion: detail.percentage_completion,
              pick_status: detail.pick_status,
              pick_status_label: detail.pick_status_label,
              version: Math.max(row.version, detail.version),
              updated_ts: detail.updated_ts,
            }
          : row,
      ),
    };
    queryClient.setQueryData(query.queryKey, next, { updatedAt: query.state.dataUpdatedAt });
  }
}
