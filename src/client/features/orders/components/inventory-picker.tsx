// The stock an order takes cases from (POST /order/inventory): a server-paged table with a cases field and
// an optional price on every row on desktop, cards with large steppers on phones. Typing cases puts the
// batch in the order; clearing them takes a new line out again.
import type { ColumnDef } from '@tanstack/react-table';
import { createContext, use, useId, useState } from 'react';
import type { OrderInventoryRow } from '../../../../shared/api/orders';
import { formatDate, formatItemSize, formatUsd } from '../../../lib/format';
import { DataTable } from '../../../components/ui/data-table/data-table';
import { PaginationFooter } from '../../../components/ui/data-table/pagination-footer';
import { SearchBox } from '../../../components/ui/data-table/search-box';
import { DEFAULT_TABLE_STATE, withPage, withPageSize, withSearch } from '../../../components/ui/data-table/table-state';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { Banner } from '../../../components/ui/banner';
import { EmptyState } from '../../../components/ui/empty-state';
import { DESKTOP_QUERY, useMediaQuery } from '../../../components/ui/use-media-query';
import { fetchOrderInventory, ORDER_INVENTORY_QUERY_KEY } from '../api/list-order-inventory';
import type { OrderLinesApi } from '../hooks/use-order-lines';
import { lineErrors, lineFromInventory, type OrderLine } from '../order-lines';
import { PriceInput, QuantityStepper } from './quantity-stepper';

const INVENTORY_TABLE_ID = 'order-inventory';
const PHONE_PAGE_SIZE = 25;

/** The line a row edits: the order's own line for the batch, else a new one made from the row. */
function lineOf(lines: OrderLinesApi, row: OrderInventoryRow): OrderLine {
  return lines.byBatch.get(row.batch_id) ?? lineFromInventory(row);
}

const LinesContext = createContext<OrderLinesApi | null>(null);

function useLines(): OrderLinesApi {
  const lines = use(LinesContext);
  if (!lines) throw new Error('Inventory cells render inside InventoryPicker');
  return lines;
}

const rowName = (row: OrderInventoryRow) => `${row.product_name}, batch ${row.batch_number}`;

// Cells read the lines from context: column definitions stay the same objects between renders, so a field
// keeps its focus while the rep types.
function CasesCell({ row }: { row: OrderInventoryRow }) {
  const lines = useLines();
  const line = lineOf(lines, row);
  const errorId = useId();
  const error = lines.byBatch.has(row.batch_id) ? lineErrors(line).cases : undefined;
  return (
    <span className="inline-flex items-center" title={error}>
      <QuantityStepper
        size="sm"
        showButtons={false}
        label={`Cases of ${rowName(row)}`}
        value={line.cases}
        max={line.maxCases}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        onChange={(cases) => lines.setCases(line, cases)}
      />
      {error && (
        <span id={errorId} className="sr-only">
          {error}
        </span>
      )}
    </span>
  );
}

function PriceCell({ row }: { row: OrderInventoryRow }) {
  const lines = useLines();
  const line = lineOf(lines, row);
  const errorId = useId();
  const inOrder = lines.byBatch.has(row.batch_id);
  const error = inOrder ? lineErrors(line).price : undefined;
  return (
    <span className="inline-flex items-center" title={error ?? (inOrder ? undefined : 'Enter cases first')}>
      <PriceInput
        size="sm"
        label={`Unit price of ${rowName(row)}`}
        value={line.price}
        placeholder={line.defaultPrice.toFixed(2)}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
        disabled={!inOrder}
        onChange={(price) => lines.setPrice(line, price)}
      />
      {error && (
        <span id={errorId} className="sr-only">
          {error}
        </span>
      )}
    </span>
  );
}

const muted = (text: string | null) => text ?? <span className="text-slate-500">-</span>;

const columns: ColumnDef<OrderInventoryRow, unknown>[] = [
  {
    id: 'product_name',
    accessorKey: 'product_name',
    meta: { label: 'Product', filter: 'text', alwaysVisible: true, card: 'title' },
    // The case size and expiry ride under the name, so that what a rep orders by fits beside the cart
    // without scrolling sideways; two tight lines keep the row at the table's fixed height.
    cell: ({ row }) => (
      <span className="-my-1.5 block w-64">
        <span className="block truncate leading-[1.125rem] font-medium text-slate-900" title={row.original.product_name}>
          {row.original.product_name}
        </span>
        <span className="block truncate text-xs leading-4 text-slate-600 tabular-nums">
          {`case of ${row.original.case_size} · exp ${formatDate(row.original.expiry_date, '-')}`}
        </span>
      </span>
    ),
  },
  {
    id: 'batch_number',
    accessorKey: 'batch_number',
    meta: { label: 'Batch #', filter: 'text', tabletHidden: true },
    cell: ({ row }) => <span className="tabular-nums">{row.original.batch_number}</span>,
  },
  { id: 'available_case_size', accessorKey: 'available_case_size', meta: { label: 'Available', align: 'right' } },
  { id: 'cases', meta: { label: 'Cases', alwaysVisible: true, sortable: false }, cell: ({ row }) => <CasesCell row={row.original} /> },
  { id: 'unit_price', meta: { label: 'Unit Price', alwaysVisible: true, sortable: false }, cell: ({ row }) => <PriceCell row={row.original} /> },
  // Shown under the product name or in the unit price's placeholder: one click away in Manage Columns.
  { id: 'default_price', accessorKey: 'default_price', meta: { label: 'Price', align: 'right', hiddenByDefault: true }, cell: ({ row }) => formatUsd(row.original.default_price) },
  { id: 'case_size', accessorKey: 'case_size', meta: { label: 'Case Size', align: 'right', sortable: false, hiddenByDefault: true } },
  {
    id: 'expiry_date',
    accessorKey: 'expiry_date',
    meta: { label: 'Expiry', filter: 'dateRange', hiddenByDefault: true },
    cell: ({ row }) => formatDate(row.original.expiry_date, '-'),
  },
  { id: 'category_name', accessorKey: 'category_name', meta: { label: 'Category', filter: 'text', hiddenByDefault: true } },
  { id: 'brand_name', accessorKey: 'brand_name', meta: { label: 'Brand', filter: 'text', hiddenByDefault: true }, cell: ({ row }) => muted(row.original.brand_name) },
  { id: 'strain_name', accessorKey: 'strain_name', meta: { label: 'Strain', filter: 'text', hiddenByDefault: true }, cell: ({ row }) => muted(row.original.strain_name) },
];

export function InventoryPicker({ lines }: { lines: OrderLinesApi }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  // Phones show cards, not a virtualised table: a shorter page keeps them quick to render and to scroll.
  const [state, setState] = useState<TableState>(() => ({ ...DEFAULT_TABLE_STATE, pageSize: isDesktop ? DEFAULT_TABLE_STATE.pageSize : PHONE_PAGE_SIZE }));
  const list = useTableQuery<OrderInventoryRow>({ queryKey: [ORDER_INVENTORY_QUERY_KEY], fetchPage: fetchOrderInventory, state, offline: { noun: 'batches' } });

  return (
    <LinesContext value={lines}>
      {list.error !== undefined && (
        <Banner tone="error" title="The inventory could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: list.retry }} className="mb-3" />
      )}
      {isDesktop ? (
        <DataTable<OrderInventoryRow>
          tableId={INVENTORY_TABLE_ID}
          caption="Inventory to order from"
          columns={columns}
          rows={list.rows}
          totalRecords={list.totalRecords}
          getRowId={(row) => String(row.batch_id)}
          getRowLabel={rowName}
          state={state}
          onStateChange={setState}
          isLoading={list.isLoading}
          isFetching={list.isFetching}
          staleError={list.staleError}
          offline={list.offline}
          onRetry={list.retry}
        />
      ) : (
        <div className="space-y-3">
          <SearchBox value={state.search ?? ''} onSearch={(value) => setState((current) => withSearch(current, value))} label="Search inventory" />
          {list.isLoading ? (
            <p role="status" className="py-8 text-center text-sm text-slate-600">
              Loading inventory...
            </p>
          ) : list.rows.length === 0 ? (
            <EmptyState title="There are no records to be displayed" className="rounded-xl border border-slate-200 bg-white" />
          ) : (
            <ul aria-label="Inventory to order from" className="space-y-3">
              {list.rows.map((row) => (
                <li key={row.batch_id}>
                  <InventoryCard row={row} />
                </li>
              ))}
            </ul>
          )}
          <PaginationFooter
            page={state.page}
            pageSize={state.pageSize}
            totalRecords={list.totalRecords}
            rowsOnPage={list.rows.length}
            onPageChange={(page) => setState((current) => withPage(current, page))}
            onPageSizeChange={(pageSize) => setState((current) => withPageSize(current, pageSize))}
          />
        </div>
      )}
    </LinesContext>
  );
}

function InventoryCard({ row }: { row: OrderInventoryRow }) {
  const lines = useLines();
  const line = lineOf(lines, row);
  const inOrder = lines.byBatch.has(row.batch_id);
  const errors = inOrder ? lineErrors(line) : {};
  const titleId = useId();
  const errorId = useId();
  const message = errors.cases ?? errors.price;
  return (
    <article aria-labelledby={titleId} className={`rounded-xl border bg-white p-4 shadow-sm ${inOrder ? 'border-brand-400 ring-1 ring-brand-300' : 'border-slate-200'}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words text-slate-900">
            {row.product_name}
          </h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Batch <span className="tabular-nums">{row.batch_number}</span> · {row.category_name}
            {row.brand_name ? ` · ${row.brand_name}` : ''}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${row.available_case_size > 0 ? 'bg-brand-50 text-brand-800 ring-brand-200' : 'bg-slate-100 text-slate-700 ring-slate-200'}`}
        >
          {row.available_case_size} available
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-x-3 gap-y-2 border-t border-slate-100 pt-3 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500">Case size</dt>
          <dd className="text-slate-900 tabular-nums">{row.case_size}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Price</dt>
          <dd className="text-slate-900 tabular-nums">{formatUsd(row.default_price)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Expiry</dt>
          <dd className="text-slate-900 tabular-nums">{formatDate(row.expiry_date, '-')}</dd>
        </div>
        {(row.strain_name || row.item_size !== null) && (
          <div className="col-span-3">
            <dt className="sr-only">Strain and size</dt>
            <dd className="text-slate-600">{[row.strain_name, row.item_size !== null ? formatItemSize(row.item_size, row.item_size_uom) : null].filter(Boolean).join(' · ')}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
        <QuantityStepper
          size="lg"
          label={`Cases of ${rowName(row)}`}
          value={line.cases}
          max={line.maxCases}
          invalid={Boolean(errors.cases)}
          describedBy={message ? errorId : undefined}
          onChange={(cases) => lines.setCases(line, cases)}
        />
        <PriceInput
          size="lg"
          label={`Unit price of ${rowName(row)}`}
          value={line.price}
          placeholder={line.defaultPrice.toFixed(2)}
          invalid={Boolean(errors.price)}
          describedBy={message ? errorId : undefined}
          disabled={!inOrder}
          onChange={(price) => lines.setPrice(line, price)}
        />
      </div>
      {message && (
        <p id={errorId} className="mt-2 flex items-start gap-1 text-sm font-medium text-red-700">
          {[errors.cases, errors.price].filter(Boolean).join(' · ')}
        </p>
      )}
    </article>
  );
}
