// SQL for markets and the counts behind the app stats.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  ACTIVE_IMPORT_STATUSES,
  ACTIVE_RECONCILIATION_STATUSES,
  OPEN_PICKLIST_STATUSES,
  PENDING_ORDER_STATUSES,
  type ImportStatus,
  type MarketCode,
} from '../../../shared/enums';
import type { DbOrTx } from '../../db/client';
import { imports, inventoryIssues, issueRefreshRuns, markets, orders, picklists, reconciliationRuns, userMarketRoles } from '../../db/schema';

export type MarketRecord = typeof markets.$inferSelect;

export async function findMarketByCode(db: DbOrTx, code: MarketCode): Promise<MarketRecord | undefined> {
  const [market] = await db.select().from(markets).where(eq(markets.code, code)).limit(1);
  return market;
}

export async function listMarketsOfUser(db: DbOrTx, userId: string): Promise<MarketRecord[]> {
  return db
    .select({ id: markets.id, code: markets.code, name: markets.name, seedToSaleSystem: markets.seedToSaleSystem, createdAt: markets.createdAt })
    .from(markets)
    .innerJoin(userMarketRoles, and(eq(userMarketRoles.marketId, markets.id), eq(userMarketRoles.userId, userId)))
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

export async function countMarketStats(db: DbOrTx, marketId: number): Promise<MarketCounts> {
  const [issues, pendingOrders, pendingPicklists, latestImport, lastCommitted, activeRecons, activeRefreshes] = await Promise.all([
    db
      .select({ total: count() })
      .from(inventoryIssues)
      .where(and(eq(inventoryIssues.marketId, marketId), eq(inventoryIssues.isResolved, false))),
    db
      .select({ total: count() })
      .from(orders)
      .where(and(eq(orders.marketId, marketId), inArray(orders.status, [...PENDING_ORDER_STATUSES]))),
    db
      .select({ total: count() })
      .from(picklists)
      .where(and(eq(picklists.marketId, marketId), inArray(picklists.status, [...OPEN_PICKLIST_STATUSES]))),
    db
      .select({ status: imports.status, updatedAt: imports.updatedAt })
      .from(imports)
      .where(eq(imports.marketId, marketId))
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(1),
    db
      .select({ updatedAt: imports.updatedAt })
      .from(imports)
      .where(and(eq(imports.marketId, marketId), eq(imports.status, 'COMMITTED')))
      .orderBy(desc(imports.updatedAt))
      .limit(1),
    db
      .select({ total: count() })
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.marketId, marketId), inArray(reconciliationRuns.status, [...ACTIVE_RECONCILIATION_STATUSES]))),
    db
      .select({ total: count() })
      .from(issueRefreshRuns)
      .where(and(eq(issueRefreshRuns.marketId, marketId), eq(issueRefreshRuns.status, 'IN-PROGRESS'), eq(issueRefreshRuns.isDeleted, false))),
  ]);
  const importStatus = (latestImport[0]?.status as ImportStatus | undefined) ?? 'IDLE';
  return {
    issueCount: issues[0]?.total ?? 0,
    pendingOrders: pendingOrders[0]?.total ?? 0,
    pendingPicklists: pendingPicklists[0]?.total ?? 0,
    isSyncing:
      ACTIVE_IMPORT_STATUSES.includes(importStatus) || (activeRecons[0]?.total ?? 0) > 0 || (activeRefreshes[0]?.total ?? 0) > 0,
    importStatus,
    lastImportAt: lastCommitted[0]?.updatedAt ?? null,
  };
}
