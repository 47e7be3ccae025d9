// Standard case sizes: the list of a market's products with their five slots, and the save that changes them
// without taking away a size that stock or open orders use (case-size-slots.ts decides which slots apply).
import pMap from 'p-map';
import type { CaseSizeSlot, CaseSizeSortColumn, ManageCaseSizesAnswer } from '../../../shared/api/case-sizes';
import { CASE_SIZE_MESSAGES } from '../../../shared/api/case-sizes';
import type { ErrorDetail } from '../../../shared/api/protocol';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { badRequest, invalidField } from '../../lib/errors';
import type { CheckedListQuery } from '../../lib/list-query';
import type { RequestContext } from '../../lib/request-context';
import type { ImportService } from '../inventory-import/import.service';
import { createCountCache } from '../orders/count-cache';
import type { MarketChanges } from '../../lib/market-changes';
import { duplicateProblems, resolveSlotChanges, type RefusedSlot, type SlotChange } from './case-size-slots';
import {
  activeProductsWithSlots,
  countCaseSizeProducts,
  listCaseSizesJson,
  lockProductSlots,
  sizeUses,
  writeSlots,
  type CaseSizeListFilter,
  type CaseSizeListQuery,
} from './case-sizes.repository';

type Ctx = Pick<RequestContext, 'caller' | 'market' | 'requestId' | 'log'>;

export type CaseSizesServiceDeps = {
  db: Db;
  imports: Pick<ImportService, 'recheckCaseSizes'>;
  /** How long a list's total is kept per market and filter (a total a second or two old pages the same). */
  countCacheMs: number;
  /** Told of each save that wrote: the market's cached totals, here and on other instances, are redone. */
  changes: Pick<MarketChanges, 'announce' | 'onChange'>;
};

type SaveRequest = { products: { productId: number; caseSizes: { caseIndex: number; value: number | null }[] }[] };

const SLOT_COLUMNS: Partial<Record<CaseSizeSortColumn, CaseSizeSlot>> = { case_sizes_1: 1, case_sizes_2: 2, case_sizes_3: 3, case_sizes_4: 4, case_sizes_5: 5 };
const WHOLE_NUMBER = /^\d{1,9}$/;
/** Product transactions of one save at once: a few connections of the pool, leaving the rest to other requests. */
const SAVE_CONCURRENCY = 4;

/** A slot column matches a number of units exactly; the name columns match within names, or one of a list. */
function listFilters(filters: CheckedListQuery<CaseSizeSortColumn, CaseSizeSortColumn>['filters']): CaseSizeListFilter[] {
  return filters.map((filter) => {
    if (filter.type === 'dateRange') throw invalidField('columnFilter', `${filter.column} takes a text or select filter, not a date range`);
    const slot = SLOT_COLUMNS[filter.column];
    const values = filter.type === 'text' ? [filter.value.trim()] : filter.value.map((value) => value.trim());
    if (slot !== undefined) {
      const notNumber = values.find((value) => !WHOLE_NUMBER.test(value));
      if (notNumber !== undefined) throw invalidField('columnFilter', `${filter.column} matches a whole number of units exactly, such as 12 (got '${notNumber}')`);
      return { column: slot, kind: 'size', values: values.map(Number) };
    }
    const column = filter.column as Exclude<CaseSizeSortColumn, `case_sizes_${CaseSizeSlot}`>;
    return filter.type === 'text' ? { column, kind: 'contains', value: filter.value } : { column, kind: 'oneOf', values: filter.value };
  });
}

/** The 400's message: the first problem with its field, and how many more there are. */
function refusal(details: ErrorDetail[]) {
  const [first] = details;
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return badRequest(`${first!.field}: ${first!.message}${more}`, details);
}

type ProductOutcome = { productId: number; productName: string; applied: SlotChange[]; refused: RefusedSlot[]; written: boolean };

export function createCaseSizesService({ db, imports, countCacheMs, changes }: CaseSizesServiceDeps) {
  const counts = createCountCache(countCacheMs);
  changes.onChange((marketId) => counts.invalidate(marketId));

  /**
   * One product in its own transaction: its row locked, its slots and what uses its sizes read under the lock,
   * the allowed slots written, and the change audited with the slots before and after.
   */
  async function saveProduct(ctx: Ctx, productName: string, productId: number, changes: SlotChange[]): Promise<ProductOutcome> {
    return db.transaction(async (tx) => {
      const locked = await lockProductSlots(tx, ctx.market.id, productId);
      if (!locked) {
        const reason = `${productName} is no longer an active product of ${ctx.market.code}`;
        return { productId, productName, applied: [], refused: changes.map((change) => ({ ...change, currentValue: null, reason })), written: false };
      }
      const leaving = changes.flatMap((change) => {
        const current = locked.slots[change.caseIndex];
        return current !== null && current !== change.value ? [current] : [];
      });
      const uses = await sizeUses(tx, ctx.market.id, productId, [...new Set(leaving)]);
      const outcome = resolveSlotChanges({ productName: locked.name, current: locked.slots, changes, uses });
      if (outcome.changed) {
        await writeSlots(
          tx,
          productId,
          outcome.applied.filter((change) => change.value !== locked.slots[change.caseIndex]),
        );
        await recordAudit(tx, ctx, { entityType: 'product', entityId: productId, action: 'update_case_sizes', before: { caseSizes: locked.slots }, after: { caseSizes: outcome.after } });
      }
      return { productId, productName: locked.name, applied: outcome.applied, refused: outcome.refused, written: outcome.changed };
    });
  }

  return {
    async list(ctx: Ctx, query: CheckedListQuery<CaseSizeSortColumn, CaseSizeSortColumn>) {
      const listQuery: CaseSizeListQuery = {
        marketId: ctx.market.id,
        search: query.search,
        filters: listFilters(query.filters),
        sort: query.sort,
        page: query.page,
        pageSize: query.pageSize,
      };
      // A search of the names reads every product anyway, so it counts them as it goes; otherwise the page is read
      // alone and its total is free on the last page, or kept a moment per filter (the count reads every product).
      const readsNames = Boolean(listQuery.search) || listQuery.filters.some((filter) => filter.column === 's2sItemName');
      const page = await listCaseSizesJson(db, listQuery, readsNames);
      if (page.total !== null) return { rowsJson: page.json, rows: page.rows, total: page.total };
      const key = JSON.stringify(listQuery.filters);
      if ((page.rows > 0 && page.rows < query.pageSize) || (page.rows === 0 && query.page === 1)) {
        const total = (query.page - 1) * query.pageSize + page.rows;
        counts.set(ctx.market.id, key, total);
        return { rowsJson: page.json, rows: page.rows, total };
      }
      return { rowsJson: page.json, rows: page.rows, total: await counts.get(ctx.market.id, key, () => countCaseSizeProducts(db, listQuery)) };
    },

    /**
     * Checks the whole request first (every product the market's, no size twice in a product once changed) and
     * refuses all of it on any problem; then saves product by product, and re-checks the open import's case sizes.
     */
    async save(ctx: Ctx, request: SaveRequest): Promise<{ answer: ManageCaseSizesAnswer; message: string }> {
      const products = request.products.map((product) => ({ productId: product.productId, changes: product.caseSizes as SlotChange[] }));
      const known = await activeProductsWithSlots(
        db,
        ctx.market.id,
        products.map((product) => product.productId),
      );
      const problems: ErrorDetail[] = products.flatMap(({ productId, changes }, index) => {
        const found = known.get(productId);
        if (!found) return [{ field: `products[${index}].productId`, message: `${productId} is not a product of ${ctx.market.code}` }];
        return duplicateProblems(found.name, found.slots, changes).map((problem) => ({ field: `products[${index}].caseSizes[${problem.index}].value`, message: problem.message }));
      });
      if (problems.length > 0) throw refusal(problems);

      // Products are independent (each locks only its own row), so a few are saved at once: each commit waits for
      // the disk, and commits in flight together share a flush.
      const outcomes = await pMap(products, ({ productId, changes }) => saveProduct(ctx, known.get(productId)!.name, productId, changes), { concurrency: SAVE_CONCURRENCY });

      const written = outcomes.filter((outcome) => outcome.written).map((outcome) => outcome.productId);
      // A filter on a slot's size counts other products now.
      if (written.length > 0) changes.announce(ctx.market.id);
      let importRecheck: ManageCaseSizesAnswer['importRecheck'] = null;
      if (written.length > 0) {
        try {
          importRecheck = await imports.recheckCaseSizes(ctx, written);
        } catch (error) {
          // The sizes are saved whatever happens here: the answer says so, and the import can still be refreshed by hand.
          ctx.log.error({ err: error }, 'Re-checking the open import after a case-size save failed');
        }
      }
      const successful = outcomes.filter((outcome) => outcome.applied.length > 0);
      const failed = outcomes.filter((outcome) => outcome.refused.length > 0);
      const answer: ManageCaseSizesAnswer = {
        summary: { totalProducts: products.length, successfulUpdates: successful.length, failedUpdates: failed.length, updatedProductIds: written },
        successfulUpdates: successful.map((outcome) => ({ productId: outcome.productId, caseSizes: outcome.applied })),
        failedUpdates: failed.map((outcome) => ({ productId: outcome.productId, productName: outcome.productName, caseSizes: outcome.refused })),
        importRecheck,
      };
      const message = failed.length === 0 ? CASE_SIZE_MESSAGES.saved : successful.length === 0 ? CASE_SIZE_MESSAGES.allFailed : CASE_SIZE_MESSAGES.partial;
      return { answer, message };
    },
  };
}

export type CaseSizesService = ReturnType<typeof createCaseSizesService>;
