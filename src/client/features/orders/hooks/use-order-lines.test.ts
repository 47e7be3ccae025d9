import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import type { OrderLine } from '../order-lines';
import { useOrderLines } from './use-order-lines';

const line = (batchId: number, existing = false): OrderLine => ({
  batchId,
  batchNumber: `B-${batchId}`,
  productName: `Product ${batchId}`,
  categoryName: 'Flower',
  brandName: null,
  caseSize: 10,
  maxCases: 5,
  defaultPrice: 2,
  cases: existing ? 3 : null,
  price: existing ? '2.00' : '',
  expiryDate: null,
  ...(existing ? { existing: { orderItemId: batchId * 10, cases: 3, price: 2, shortCases: 0 } } : {}),
});

it('adds a batch when cases are typed, updates it in place, and drops a new line when its cases are cleared', () => {
  const { result } = renderHook(() => useOrderLines());
  act(() => result.current.setCases(line(1), 2));
  act(() => result.current.setCases(line(2), 1));
  act(() => result.current.setCases(line(1), 4));
  expect(result.current.lines.map((l) => [l.batchId, l.cases])).toEqual([
    [1, 4],
    [2, 1],
  ]);
  act(() => result.current.setPrice(line(2), '3.25'));
  expect(result.current.byBatch.get(2)?.price).toBe('3.25');
  act(() => result.current.setCases(line(1), null));
  expect(result.current.lines.map((l) => l.batchId)).toEqual([2]);
});

it('keeps a line the order already had when its field is cleared: removing it is a deliberate act', () => {
  const { result } = renderHook(() => useOrderLines([line(1, true), line(2, true)]));
  act(() => result.current.setCases(line(1, true), null));
  expect(result.current.byBatch.get(1)?.cases).toBeNull();
  act(() => result.current.remove(1));
  expect(result.current.lines.map((l) => l.batchId)).toEqual([2]);
});
