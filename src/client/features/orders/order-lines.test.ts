import { describe, expect, it } from 'vitest';
import type { OrderInventoryRow } from '../../../shared/api/orders';
import { testOrderItem } from './order-fixtures';
import {
  deliveryDateError,
  editOrderPayload,
  hasLineErrors,
  isUnresolvedShortLine,
  lineErrors,
  lineFromInventory,
  lineFromItem,
  linesChanged,
  lineSubtotal,
  linesToFix,
  linesToFixText,
  orderErrors,
  orderTotal,
  totalCases,
  toLineInputs,
  type OrderLine,
} from './order-lines';

const row: OrderInventoryRow = {
  batch_id: 7,
  batch_number: 'MN-B-0007',
  product_id: 3,
  product_name: 'Blue Dream 3.5g',
  s2s_product_name: 'BD 3.5',
  category_name: 'Flower',
  subcategory_name: null,
  brand_name: 'Northern Lights Co.',
  strain_name: 'Blue Dream',
  strain_type: 'Hybrid',
  item_size: 3.5,
  item_size_uom: 'g',
  case_size: 12,
  available_case_size: 5,
  base_price: 9.5,
  vendor_price: 8.75,
  default_price: 8.75,
  expiry_date: '2030-01-31',
  inventory_location_name: 'Minneapolis Vault',
  thc_value: null,
  thc_total_uom: null,
  cbd_value: null,
  cbd_total_uom: null,
};


const withCases = (line: OrderLine, cases: number | null, price = line.price): OrderLine => ({ ...line, cases, price });
const window = { min: '2030-01-10', max: '2031-01-10' };

describe('a cart line', () => {
  it('needs more than zero cases and no more than are available', () => {
    const line = lineFromInventory(row);
    expect(lineErrors(withCases(line, null)).cases).toBe('Quantity must be greater than 0');
    expect(lineErrors(withCases(line, 0)).cases).toBe('Quantity must be greater than 0');
    expect(lineErrors(withCases(line, 6)).cases).toBe('Max available quantity is 5');
    expect(lineErrors(withCases(line, 5))).toEqual({});
  });

  it('sells at the listed price when the price is empty, and refuses a price of zero or less', () => {
    const line = withCases(lineFromInventory(row), 2);
    expect(lineSubtotal(line)).toBe(2 * 12 * 8.75);
    expect(lineErrors(withCases(line, 2, '0')).price).toBe('Price cannot be zero or negative');
    expect(lineErrors(withCases(line, 2, '-1')).price).toBe('Price cannot be zero or negative');
    // A price that rounds to no cents would be saved as $0.00.
    expect(lineErrors(withCases(line, 2, '0.004')).price).toBe('Price cannot be zero or negative');
    expect(lineErrors(withCases(line, 2, '0.01')).price).toBeUndefined();
    expect(lineErrors(withCases(line, 2, '0.01'))).toEqual({});
    expect(lineSubtotal(withCases(line, 3, '10.10'))).toBe(363.6);
  });

  it('sends the typed price rounded to the cent, and no price when it is empty', () => {
    const line = withCases(lineFromInventory(row), 2);
    expect(toLineInputs([line, { ...withCases(line, 1, '4.499'), batchId: 8 }])).toEqual([
      { batchId: 7, noOfCases: 2 },
      { batchId: 8, noOfCases: 1, unitSalePrice: 4.5 },
    ]);
  });

  it('totals the lines in dollars to the cent', () => {
    const a = withCases(lineFromInventory(row), 1, '0.10');
    const b = { ...withCases(lineFromInventory(row), 1, '0.20'), batchId: 9 };
    expect(orderTotal([a, b])).toBe(3.6);
  });

  it('leaves lines with a problem out of the total and the cases, and counts them', () => {
    const valid = withCases(lineFromInventory(row), 2, '1.00');
    const tooMany = { ...withCases(lineFromInventory(row), 999, '1.00'), batchId: 9 };
    expect(orderTotal([valid, tooMany])).toBe(24);
    expect(totalCases([valid, tooMany])).toBe(2);
    expect(linesToFix([valid, tooMany])).toBe(1);
    expect(linesToFixText(1)).toBe('1 line needs fixing');
    expect(linesToFixText(3)).toBe('3 lines need fixing');
  });
});

describe('an order being created', () => {
  it('names what is missing in the spec’s words', () => {
    expect(orderErrors({ buyerId: null, lines: [], deliveryDate: '', window })).toEqual(['Missing buyer', 'No items in order', 'Requested delivery date is required']);
    const line = withCases(lineFromInventory(row), 1);
    expect(orderErrors({ buyerId: 4, lines: [line], deliveryDate: '2030-02-01', window })).toEqual([]);
  });

  it('keeps the requested delivery date between today and a year ahead', () => {
    expect(deliveryDateError('2030-01-09', window)).toBe('Choose a date between 01/10/2030 and 01/10/2031');
    expect(deliveryDateError('2031-01-11', window)).toBeDefined();
    expect(deliveryDateError('2030-01-10', window)).toBeUndefined();
    expect(deliveryDateError('2031-01-10', window)).toBeUndefined();
  });
});

describe('an order being edited', () => {
  it('holds a short line until it is changed within what is available', () => {
    const short = lineFromItem(testOrderItem({ noOfCase: 6, shortCases: 2, available_case_size: 4, metadataLabel: 'Action Required' }));
    expect(isUnresolvedShortLine(short)).toBe(true);
    expect(hasLineErrors(short)).toBe(true);
    expect(lineErrors(withCases(short, 5)).cases).toBe('Max available quantity is 4');
    expect(isUnresolvedShortLine(withCases(short, 4))).toBe(false);
    expect(lineErrors(withCases(short, 4))).toEqual({});
  });

  it('asks for removal when the batch has nothing left', () => {
    const gone = lineFromItem(testOrderItem({ noOfCase: 3, shortCases: 3, available_case_size: 0, metadataLabel: 'Action Required' }));
    expect(lineErrors(gone).cases).toBe('Please remove the batch completely as no cases are available');
    expect(lineErrors(withCases(gone, 1)).cases).toBe('Please remove the batch completely as no cases are available');
  });

  it('needs a positive price on an existing line: clearing it is not a way back to the default', () => {
    const line = lineFromItem(testOrderItem());
    expect(line.price).toBe('9.00');
    expect(lineErrors({ ...line, price: '' }).price).toBe('Price cannot be zero or negative');
  });

  it('sees no change until a line is added, removed or altered', () => {
    const a = lineFromItem(testOrderItem());
    const b = lineFromItem(testOrderItem({ orderItemId: 71, batchId: 8 }));
    expect(linesChanged([a, b], 2)).toBe(false);
    expect(linesChanged([a, { ...b, price: '9' }], 2)).toBe(false);
    expect(linesChanged([a, { ...b, price: '9.5' }], 2)).toBe(true);
    expect(linesChanged([a, withCases(b, 5)], 2)).toBe(true);
    expect(linesChanged([a], 2)).toBe(true);
    expect(linesChanged([a, withCases(lineFromInventory({ ...row, batch_id: 99 }), 1)], 2)).toBe(true);
  });

  it('builds the update from every line, with what else changed', () => {
    const kept = lineFromItem(testOrderItem());
    const added = withCases(lineFromInventory({ ...row, batch_id: 8 }), 2, '7.255');
    expect(editOrderPayload([kept, added], { orderId: 5, version: 3, customerId: 40, salesPersonId: null })).toEqual({
      input: {
        orderId: 5,
        version: 3,
        customerId: 40,
        salesPersonId: null,
        items: [
          { batchId: 7, noOfCases: 4, unitSalePrice: 9 },
          { batchId: 8, noOfCases: 2, unitSalePrice: 7.26 },
        ],
      },
    });
  });

  it('cannot build an update of more lines than an order holds, or of a line without whole cases or a numeric price', () => {
    const base = { orderId: 5, version: 3 };
    const lines = Array.from({ length: 201 }, (_, index) => lineFromItem(testOrderItem({ orderItemId: index + 1, batchId: index + 1 })));
    expect(editOrderPayload(lines.slice(0, 200), base)).toHaveProperty('input');
    expect(editOrderPayload(lines, base)).toEqual({ problem: 'An order holds at most 200 lines.' });
    const line = lineFromItem(testOrderItem());
    expect(editOrderPayload([withCases(line, null)], base)).toEqual({ problem: 'Blue Dream 3.5g, batch MN-B-0007: Quantity must be greater than 0' });
    expect(editOrderPayload([withCases(line, 1.5)], base)).toEqual({ problem: 'Blue Dream 3.5g, batch MN-B-0007: Quantity must be greater than 0' });
    expect(editOrderPayload([withCases(line, 2, 'abc')], base)).toEqual({ problem: 'Blue Dream 3.5g, batch MN-B-0007: Price cannot be zero or negative' });
    expect(editOrderPayload([], base)).toEqual({ problem: 'No items in order' });
  });
});
