// Orders for the client tests: a Pending order in Minnesota whose lines are all in stock.
import type { OrderDetail, OrderInventoryRow, OrderItem } from '../../../shared/api/orders';
import { deliveryWindow } from '../../../shared/market-time';

export function testOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    orderItemId: 70,
    batchId: 7,
    batchNumber: 'MN-B-0007',
    productId: 3,
    productName: 'Blue Dream 3.5g',
    s2sProductName: 'BD 3.5',
    categoryId: 1,
    categoryName: 'Flower',
    subcategoryId: null,
    subcategoryName: null,
    strainId: null,
    strainName: null,
    lineage: null,
    strainType: null,
    brandId: null,
    brandName: null,
    packageSize: 3.5,
    packageSizeUom: 'g',
    caseSize: 12,
    noOfCase: 4,
    caseFulfilled: 0,
    shortCases: 0,
    unitBasePrice: 9.5,
    unitSalePrice: 9,
    subTotalPrice: 432,
    expiryDate: null,
    inventoryLocationName: 'Minneapolis Vault',
    metadataLabel: null,
    available_case_size: 4,
    ...overrides,
  };
}

export function testOrder(overrides: Partial<OrderDetail> = {}): OrderDetail {
  const items = overrides.items ?? [testOrderItem()];
  return {
    orderId: 5,
    referenceId: 'ORD-MN-000005',
    orderStatus: 'Pending',
    marketCode: 'MN',
    customerId: 40,
    customerName: 'GreenVault Duluth',
    customerGroup: 'INT',
    msoOwnerName: 'GreenVault Retail',
    salesPersonId: 2,
    salesPersonName: 'Sam Rivera',
    // Today in the market: always a date the order may keep.
    requestedDeliveryDate: deliveryWindow('MN').min,
    confirmedDeliveryDate: null,
    approvedDate: null,
    createdAt: '2030-01-02T15:00:00.000Z',
    updatedAt: '2030-01-02T15:00:00.000Z',
    createdByName: 'Jordan Lee',
    comment: null,
    note: null,
    totalBatches: items.length,
    totalCases: items.reduce((sum, item) => sum + item.noOfCase, 0),
    totalPrice: items.reduce((sum, item) => sum + item.subTotalPrice, 0),
    version: 3,
    allowedActions: ['edit', 'cancel', 'duplicate'],
    ...overrides,
    items,
  };
}

export function testInventoryRow(overrides: Partial<OrderInventoryRow> = {}): OrderInventoryRow {
  return {
    batch_id: 9001,
    batch_number: 'MN-B-9001',
    product_id: 30,
    product_name: 'Sour Diesel 1g',
    s2s_product_name: 'SD 1',
    category_name: 'Flower',
    subcategory_name: null,
    brand_name: 'Northern Lights Co.',
    strain_name: 'Sour Diesel',
    strain_type: 'Sativa',
    item_size: 1,
    item_size_uom: 'g',
    case_size: 24,
    available_case_size: 10,
    base_price: 5,
    vendor_price: null,
    default_price: 5,
    expiry_date: '2031-01-31',
    inventory_location_name: 'Minneapolis Vault',
    thc_value: null,
    thc_total_uom: null,
    cbd_value: null,
    cbd_total_uom: null,
    ...overrides,
  };
}
