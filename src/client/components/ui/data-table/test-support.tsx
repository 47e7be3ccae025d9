// Fixtures for the DataTable tests: a screen-like harness that keeps the table state, a phone/desktop
// switch for matchMedia, and the layout jsdom lacks so the virtualiser has a viewport to fill.
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { vi } from 'vitest';
import { Badge } from '../badge';
import { DataTable, type DataTableProps } from './data-table';
import { DEFAULT_TABLE_STATE } from './table-state';
import type { TableState } from './types';

export type Order = { id: string; customer: string; status: string; created: string; total: number };

const column = createColumnHelper<Order>();

const orderColumns = [
  column.accessor('customer', { meta: { label: 'Customer', filter: 'text', card: 'title', alwaysVisible: true } }),
  column.accessor('status', {
    meta: { label: 'Status', card: 'badge', filter: { type: 'select', options: [{ value: 'Pending', label: 'Pending' }, { value: 'Approved', label: 'Approved' }] } },
    cell: (info) => <Badge>{info.getValue()}</Badge>,
  }),
  column.accessor('created', { meta: { label: 'Order Placed', filter: 'dateRange' } }),
  column.accessor('total', { meta: { label: 'Total Price', align: 'right', hiddenByDefault: true } }),
  column.display({ id: 'notes', meta: { label: 'Notes' }, cell: () => 'No notes' }),
];

export function makeOrders(count: number): Order[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `SO-${index + 1}`,
    customer: `Customer ${index + 1}`,
    status: index % 2 === 0 ? 'Pending' : 'Approved',
    created: '2024-03-01',
    total: 100 + index,
  }));
}

type HarnessProps = Partial<Omit<DataTableProps<Order>, 'state' | 'onStateChange'>> & { initialState?: Partial<TableState>; onStateChange?: (state: TableState) => void };

/** Holds the state like a screen would, and reports every change. */
export function TableHarness({ initialState, onStateChange, ...props }: HarnessProps) {
  const [state, setState] = useState<TableState>({ ...DEFAULT_TABLE_STATE, ...initialState });
  const rows = props.rows ?? makeOrders(3);
  return (
    <DataTable<Order>
      tableId="orders-test"
      caption="Orders"
      columns={orderColumns}
      totalRecords={rows.length}
      getRowId={(row) => row.id}
      {...props}
      rows={rows}
      state={state}
      onStateChange={(next) => {
        setState(next);
        onStateChange?.(next);
      }}
    />
  );
}

const VIEWPORT_WIDTHS = { phone: 390, tablet: 820, desktop: 1440 } as const;

/** matchMedia that answers width queries (min-width: N px) as a phone, a tablet or a desktop would. */
export function setViewport(kind: keyof typeof VIEWPORT_WIDTHS): void {
  const width = VIEWPORT_WIDTHS[kind];
  window.matchMedia = vi.fn((query: string) => ({
    matches: Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity) <= width,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** What Headless UI needs and jsdom lacks: ResizeObserver (anchored menus) and getAnimations (transitions). */
export function stubBrowserApis(): void {
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // Headless UI installs a stand-in that warns on every call; this one is quiet.
  Element.prototype.getAnimations = () => [];
}

/** jsdom lays nothing out; give every element a 600px viewport as @tanstack/react-virtual's tests do. */
export function fakeLayout(): () => void {
  const client = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const width = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1024 });
  return () => {
    for (const [name, original] of [['clientHeight', client], ['clientWidth', width]] as const) {
      if (original) Object.defineProperty(HTMLElement.prototype, name, original);
      else Reflect.deleteProperty(HTMLElement.prototype, name);
    }
  };
}
