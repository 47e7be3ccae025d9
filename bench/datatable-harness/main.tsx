// The DataTable with 10,000 rows, for the scrolling benchmark (bench/client.bench.ts). Not part of the app.
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import './harness.css';
import { DataTable } from '../../src/client/components/ui/data-table/data-table';
import type { TableState } from '../../src/client/components/ui/data-table/types';

type Row = { id: string; customer: string; createdBy: string; placed: string; reference: string; status: string; cases: number; total: string };

const STATUSES = ['Pending', 'Approved', 'Picked', 'Shipped', 'Completed'];
const rows: Row[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: String(i),
  customer: `Dispensary ${i % 397} — ${['North', 'South', 'East', 'West'][i % 4]}`,
  createdBy: ['Jordan Lee', 'Sam Rivera', 'Alex Morgan'][i % 3]!,
  placed: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  reference: `ORD-MN-${String(i + 1).padStart(6, '0')}`,
  status: STATUSES[i % STATUSES.length]!,
  cases: (i * 7) % 90,
  total: `$${((i * 137.31) % 25_000).toFixed(2)}`,
}));

const columns: ColumnDef<Row, unknown>[] = [
  { id: 'customer', accessorKey: 'customer', meta: { label: 'Customer', card: 'title' } },
  { id: 'reference', accessorKey: 'reference', meta: { label: 'Order ID', card: 'subtitle' } },
  { id: 'status', accessorKey: 'status', meta: { label: 'Status', card: 'badge' } },
  { id: 'createdBy', accessorKey: 'createdBy', meta: { label: 'Created By' } },
  { id: 'placed', accessorKey: 'placed', meta: { label: 'Order Placed' } },
  { id: 'cases', accessorKey: 'cases', meta: { label: 'Total Cases', align: 'right' } },
  { id: 'total', accessorKey: 'total', meta: { label: 'Total Price', align: 'right' } },
];

function Harness() {
  const [state, setState] = useState<TableState>({ page: 1, pageSize: 100, sort: [], filters: [] });
  return (
    <main className="p-4">
      <DataTable<Row>
        tableId="bench-10k"
        caption="Ten thousand orders"
        columns={columns}
        rows={rows}
        totalRecords={rows.length}
        getRowId={(row) => row.id}
        state={state}
        onStateChange={setState}
        enableSelection
      />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<Harness />);
