// /orders: the market's orders, server-paged, with the bulk menu upload and the way into a new order.
import { Link, useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import type { OrderListRow } from '../../../../shared/api/orders';
import { ORDER_STATUSES, type Role } from '../../../../shared/enums';
import { formatDate, formatDateTime, formatUsd } from '../../../lib/format';
import { PeoplePickerDialog } from '../../../components/people-picker/people-picker-dialog';
import type { PeopleSelection } from '../../../components/people-picker/selection-rules';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DataTable, EMPTY_TABLE_TEXT } from '../../../components/ui/data-table/data-table';
import { normaliseFilters, normaliseSearch } from '../../../components/ui/data-table/table-state';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { useAppStats } from '../../../lib/app-stats';
import { fetchOrders, ORDERS_QUERY_KEY } from '../api/list-orders';
import { UploadMenuButton } from './upload/upload-menu-button';
import { UploadReview } from './upload/upload-review';
import { OrderStatusBadge } from './order-status-badge';

const ORDER_HISTORY_TABLE_ID = 'order-history';

const dateCell = (value: string | null) => (value ? formatDate(value) : <span className="text-slate-500">-</span>);

const columns: ColumnDef<OrderListRow, unknown>[] = [
  { id: 'customer_name', accessorKey: 'customer_name', meta: { label: 'Customer', filter: 'text', card: 'title', alwaysVisible: true } },
  { id: 'created_user_name', accessorKey: 'created_user_name', meta: { label: 'Created By', filter: 'text', tabletHidden: true }, cell: ({ row }) => row.original.created_user_name ?? '-' },
  { id: 'created_ts', accessorKey: 'created_ts', meta: { label: 'Order Placed', filter: 'dateRange' }, cell: ({ row }) => dateCell(row.original.created_ts) },
  {
    id: 'reference_id',
    accessorKey: 'reference_id',
    meta: { label: 'Order ID', filter: 'text', card: 'subtitle' },
    cell: ({ row }) => <span className="font-medium text-slate-900 tabular-nums">{row.original.reference_id}</span>,
  },
  {
    id: 'metadata_label',
    accessorKey: 'metadata_label',
    meta: { label: 'Status', card: 'badge', filter: { type: 'select', options: ORDER_STATUSES.map((status) => ({ value: status, label: status })) } },
    cell: ({ row }) => <OrderStatusBadge status={row.original.metadata_label} />,
  },
  {
    id: 'approved_date',
    accessorKey: 'approved_date',
    meta: { label: 'Approved On', filter: 'dateRange', hiddenByDefault: true },
    cell: ({ row }) => dateCell(row.original.approved_date),
  },
  {
    id: 'requested_delivery_date',
    accessorKey: 'requested_delivery_date',
    meta: { label: 'Requested Delivery Date', filter: 'dateRange', hiddenByDefault: true },
    cell: ({ row }) => dateCell(row.original.requested_delivery_date),
  },
  {
    id: 'confirmed_delivery_date',
    accessorKey: 'confirmed_delivery_date',
    meta: { label: 'Confirmed Delivery Date', filter: 'dateRange' },
    cell: ({ row }) => dateCell(row.original.confirmed_delivery_date),
  },
  { id: 'total_cases', accessorKey: 'total_cases', meta: { label: 'Total Cases', align: 'right', hiddenByDefault: true } },
  { id: 'total_price', accessorKey: 'total_price', meta: { label: 'Total Price', align: 'right', hiddenByDefault: true }, cell: ({ row }) => formatUsd(row.original.total_price) },
];

/** The Fulfilment Person plans deliveries: they see the confirmed date from the start (spec, section 6). */
function orderHistoryDefaultHidden(role: Role | undefined): string[] {
  return role === 'Fulfilment Person' ? [] : ['confirmed_delivery_date'];
}

/**
 * An empty list says why: the table's own text when the market has no orders yet, 'No orders found' when a
 * search or filter matched none of them.
 */
export function ordersEmptyText(state: TableState): string {
  return normaliseSearch(state.search) !== undefined || normaliseFilters(state.filters).length > 0 ? ORDER_MESSAGES.noOrdersFound : EMPTY_TABLE_TEXT;
}

export type CreatedOrder = { orderId: number; referenceId: string; actionRequired: boolean };

export function OrdersPage({
  state,
  onStateChange,
  role,
  canCreate,
  canEdit,
  created,
  onCreatedDismiss,
}: {
  state: TableState;
  onStateChange: (next: TableState) => void;
  role: Role | undefined;
  canCreate: boolean;
  canEdit: boolean;
  created: CreatedOrder | null;
  onCreatedDismiss: () => void;
}) {
  const navigate = useNavigate();
  const stats = useAppStats();
  const [choosing, setChoosing] = useState(false);
  const list = useTableQuery<OrderListRow>({ queryKey: [ORDERS_QUERY_KEY, 'history'], fetchPage: fetchOrders, state, offline: { noun: 'orders' } });

  const handleOpen = (row: OrderListRow) => {
    const orderId = String(row.order_id);
    if (row.metadata_label === 'Action Required' && canEdit) void navigate({ to: '/orders/edit/$orderId', params: { orderId } });
    else void navigate({ to: '/orders/preview/$orderId', params: { orderId } });
  };

  const handleCustomerChosen = ({ buyers }: PeopleSelection) => {
    const buyer = buyers[0];
    if (!buyer) return;
    setChoosing(false);
    void navigate({
      to: '/orders/create',
      search: {
        buyerId: buyer.id,
        buyerName: buyer.name,
        ...(buyer.salesPerson ? { salesPersonId: buyer.salesPerson.id, salesPersonName: buyer.salesPerson.name } : {}),
      },
    });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader
        title="Orders"
        subtitle={stats?.lastImportAt ? `Last import: ${formatDateTime(stats.lastImportAt)}` : 'Manage your orders'}
        className="sm:mb-2"
        actions={
          <>
            <UploadMenuButton />
            {canCreate && (
              <Button icon="plus" onClick={() => setChoosing(true)}>
                Create Order
              </Button>
            )}
          </>
        }
      />
      {created && (
        <Banner tone="success" onDismiss={onCreatedDismiss} title={<CreatedTitle created={created} />}>
          {created.actionRequired ? 'Some lines ask for more cases than are left: open the order to change or remove them.' : undefined}
        </Banner>
      )}
      <UploadReview />
      {list.error !== undefined && (
        <Banner tone="error" title="The orders could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: list.retry }} />
      )}
      <DataTable<OrderListRow>
        tableId={ORDER_HISTORY_TABLE_ID}
        caption="Orders"
        columns={columns}
        rows={list.rows}
        totalRecords={list.totalRecords}
        getRowId={(row) => String(row.order_id)}
        getRowLabel={(row) => `${row.reference_id} ${row.customer_name}`}
        state={state}
        onStateChange={onStateChange}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        staleError={list.staleError}
        offline={list.offline}
        onRetry={list.retry}
        onRowClick={handleOpen}
        defaultHidden={orderHistoryDefaultHidden(role)}
        emptyText={ordersEmptyText(state)}
      />
      <PeoplePickerDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        onConfirm={handleCustomerChosen}
        mode="buyers"
        title="Select Customer"
        description="Choose buyer to create order."
        confirmLabel="Create Order"
      />
    </div>
  );
}

function CreatedTitle({ created }: { created: CreatedOrder }) {
  return (
    <>
      <Link to="/orders/preview/$orderId" params={{ orderId: String(created.orderId) }} className="underline decoration-2 underline-offset-2 hover:text-emerald-950">
        {created.referenceId}
      </Link>{' '}
      has been created successfully.
    </>
  );
}
