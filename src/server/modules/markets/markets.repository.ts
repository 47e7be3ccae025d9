// SQL for markets and the counts behind the app stats.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ACTIVE_IMPORT_STATUSES,
  ACTIVE_RECONCILIATION_STATUSES,
  OPEN_PICKLIST_STATUSES,
  PENDING_ORDER_STATUSES,
  type ImportStatus,
} from '../../../shared/enums';
import { queryRows, type DbOrTx } from '../../db/client';
import { keptTotal } from '../../db/kept-counts';
import { markets, userMarketRoles } from '../../db/schema';
import { sqlList } from '../../lib/sql-helpers';

export type MarketRecord = typeof markets.$inferSelect;

/** The markets the user works in; one where they are deactivated is not theirs to switch to. */
export async function listMarketsOfUser(db: DbOrTx, userId: string): Promise<MarketRecord[]> {
  return db
    .select({ id: markets.id, code: markets.code, name: markets.name, seedToSaleSystem: markets.seedToSaleSystem, createdAt: markets.createdAt })
    .from(markets)
    .innerJoin(userMarketRoles, and(eq(userMarketRoles.marketId, markets.id), eq(userMarketRoles.userId, userId), eq(userMarketRoles.isActive, true)))
    .orderBy(asc(markets.name));
}

export type MarketCounts = {
  issueCount: number;
  pendingOrders: number;
  pendingPicklists: number;
  isSyncing: boolean;
  importStatus: ImportStatus;
  /** When inventory was last imported (committed), shown as 'Last import: {date}'. */
  lastImportAt: Date | null;
};

/** All the badge counts in one statement: this runs for every open app, every poll. Orders and picklists by status are the totals the writes keep. */
export async function countMarketStats(db: DbOrTx, marketId: number): Promise<MarketCounts> {
  const [row] = await queryRows<{
    issue_count: number;
    pending_orders: number;
    pending_picklists: number;
    active_recons: number;
    active_refreshes: number;
    import_status: string | null;
    last_import_at: string | null;
  }>(
    db,
    sql`
      select
        (select count(*)::int from inventory_issues where market_id = ${marketId} and not is_resolved) as issue_count,
        ${keptTotal('order_status_counts', marketId, PENDING_ORDER_STATUSES)}::int as pending_orders,
        ${keptTotal('picklist_status_counts', marketId, OPEN_PICKLIST_STATUSES)}::int as pending_picklists,
        (select count(*)::int from reconciliation_runs where market_id = ${marketId} and status in ${sqlList(ACTIVE_RECONCILIATION_STATUSES)}) as active_recons,
        (select count(*)::int from issue_refresh_runs where market_id = ${marketId} and status = 'IN-PROGRESS' and not is_deleted) as active_refreshes,
        (select status from imports where market_id = ${marketId} order by created_at desc, id desc limit 1) as import_status,
        (select max(updated_at) from imports where market_id = ${marketId} and status = 'COMMITTED') as last_import_at`,
  );
  const importStatus = (row?.import_status as ImportStatus | null) ?? 'IDLE';
  return {
    issueCount: row?.issue_count ?? 0,
    pendingOrders: row?.pending_orders ?? 0,
    pendingPicklists: row?.pending_picklists ?? 0,
    isSyncing: ACTIVE_IMPORT_STATUSES.includes(importStatus) || (row?.active_recons ?? 0) > 0 || (row?.active_refreshes ?? 0) > 0,
    importStatus,
    lastImportAt: row?.last_import_at ? new Date(row.last_import_at) : null,
  };
}

