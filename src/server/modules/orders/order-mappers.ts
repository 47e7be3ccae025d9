// How orders read outside the database: an item of the detail with what it could hold now, and the
// before and after of an order in the audit log.
import type { OrderItem } from '../../../shared/api/orders';
import type { OrderRecord, OrderItemRow } from './order-reads.repository';
import { fromCents, isOrderable, type PlannedLine, type StockPlan } from './order-stock';

export const iso = (value: Date | string) => new Date(value).toISOString();

/** The warehouses of an order's lines, as the list shows them. */
export function locationNamesOf(lines: readonly PlannedLine[]): string | null {
  const names = [...new Set(lines.map((line) => line.locationName))].sort();
  return names.length > 0 ? names.join(', ') : null;
}

export function auditView(order: Pick<OrderRecord, 'status' | 'customerId' | 'salesPersonId' | 'requestedDeliveryDate' | 'confirmedDeliveryDate' | 'totalCases' | 'totalPrice'>, lines?: readonly { batchId: number; noOfCases: number; shortCases: number; unitSalePrice: number }[]) {
  return {
    status: order.status,
    customerId: order.customerId,
    salesPersonId: order.salesPersonId,
    requestedDeliveryDate: order.requestedDeliveryDate,
    confirmedDeliveryDate: order.confirmedDeliveryDate,
    totalCases: order.totalCases,
    totalPrice: order.totalPrice,
    ...(lines ? { items: lines.map(({ batchId, noOfCases, shortCases, unitSalePrice }) => ({ batchId, noOfCases, shortCases, unitSalePrice })) } : {}),
  };
}

export const plannedAuditLines = (plan: StockPlan) =>
  plan.lines.map((line) => ({ batchId: line.batchId, noOfCases: line.noOfCases, shortCases: line.shortCases, unitSalePrice: fromCents(line.unitSaleCents) }));

export function toOrderItem(row: OrderItemRow, holding: boolean, today: string): OrderItem {
  const own = holding ? (row.noOfCase - row.shortCases) * row.caseSize : 0;
  const orderable = isOrderable({ status: row.batchStatus, labStatus: row.labStatus, expiryDate: row.expiryDate }, today);
  const free = orderable ? Math.max(0, row.activeUnits - row.reservedUnits) : 0;
  return {
    orderItemId: row.orderItemId,
    batchId: row.batchId,
    batchNumber: row.batchNumber,
    productId: row.productId,
    productName: row.productName,
    s2sProductName: row.s2sProductName,
    categoryId: row.categoryId,
    categoryName: row.categoryName,
    subcategoryId: row.subcategoryId,
    subcategoryName: row.subcategoryName,
    strainId: row.strainId,
    strainName: row.strainName,
    lineage: row.lineage,
    strainType: row.strainType,
    brandId: row.brandId,
    brandName: row.brandName,
    packageSize: row.packageSize,
    packageSizeUom: row.packageSizeUom,
    caseSize: row.caseSize,
    noOfCase: row.noOfCase,
    caseFulfilled: row.caseFulfilled,
    shortCases: row.shortCases,
    unitBasePrice: row.unitBasePrice,
    unitSalePrice: row.unitSalePrice,
    subTotalPrice: fromCents(row.noOfCase * row.caseSize * Math.round(row.unitSalePrice * 100)),
    expiryDate: row.expiryDate,
    inventoryLocationName: row.inventoryLocationName,
    metadataLabel: row.shortCases > 0 ? 'Action Required' : null,
    available_case_size: Math.floor((own + free) / row.caseSize),
  };
}
