// /orders/preview/{orderId}: the order at a glance (customer, status, dates, totals), its notes, its
// items with the buyer and sales person, and the actions its status and the user's role allow.
import { Link, Navigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import type { OrderDetail } from '../../../../shared/api/orders';
import { formatDate, formatUsd } from '../../../lib/format';
import { STATUSES_WITHOUT_APPROVED_DATE } from '../../../../shared/order-status';
import type { PersonSelection } from '../../../components/people-picker/selection-rules';
import { Banner } from '../../../components/ui/banner';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icons';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { DESKTOP_QUERY, useMediaQuery } from '../../../components/ui/use-media-query';
import { errorMessage } from '../../../lib/handle-error';
import { useEditOrder } from '../api/edit-order';
import { useOrder } from '../api/get-order';
import { StickyBar } from './cart-summary';
import { ConfirmedDeliveryDateCard, RequestedDeliveryDateCard } from './delivery-date-cards';
import { LinePriceEditor } from './line-price-editor';
import { CustomerSelector } from './customer-selector';
import { ActionButtons, PhoneActionBar, useOrderActions, type ActionResult } from './order-actions';
import { OrderItemsTable } from './order-items-table';
import { isNotFound, OrderLoadError, OrderNotFound } from './order-not-found';
import { OrderNotes } from './order-notes';
import { OrderStatusBadge } from './order-status-badge';
import { SummaryCard } from './summary-card';

export function OrderPreviewPage({ orderId, canEdit }: { orderId: number; canEdit: boolean }) {
  const order = useOrder(orderId);
  if (order.isPending) return <LoadingMessage messages="Loading order details..." fill />;
  if (order.isError) return isNotFound(order.error) ? <OrderNotFound /> : <OrderLoadError error={order.error} onRetry={() => void order.refetch()} />;
  // Lines short of stock are fixed on the edit screen; those who cannot edit see the order as it is.
  if (order.data.orderStatus === 'Action Required' && canEdit) return <Navigate to="/orders/edit/$orderId" params={{ orderId: String(orderId) }} replace />;
  return <OrderPreview order={order.data} />;
}

/** The date beside the status: the approval once there is one to show, else when the order was placed. */
function statusDate(order: OrderDetail): { label: 'Approved Date' | 'Created Date'; value: string } {
  const showApproved = order.approvedDate !== null && !STATUSES_WITHOUT_APPROVED_DATE.includes(order.orderStatus);
  return showApproved ? { label: 'Approved Date', value: order.approvedDate! } : { label: 'Created Date', value: order.createdAt };
}

function OrderPreview({ order }: { order: OrderDetail }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const [banner, setBanner] = useState<(ActionResult & { key: number }) | null>(null);
  const showResult = (result: ActionResult) => setBanner({ ...result, key: Date.now() });
  const { actions, dialog, busy } = useOrderActions(order, showResult);
  const edit = useEditOrder();
  const date = statusDate(order);

  const handleCustomerChange = async ({ buyer, salesPerson }: { buyer: PersonSelection; salesPerson: PersonSelection | null }) => {
    try {
      await edit.mutateAsync({
        orderId: order.orderId,
        version: order.version,
        items: order.items.map((item) => ({ batchId: item.batchId, noOfCases: item.noOfCase, unitSalePrice: item.unitSalePrice })),
        customerId: buyer.id,
        salesPersonId: salesPerson?.id ?? null,
      });
      showResult({ tone: 'success', text: `${order.referenceId} is now for ${buyer.name}.` });
    } catch (error) {
      showResult({ tone: 'error', text: errorMessage(error, ORDER_MESSAGES.updateFailed) });
    }
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={
          <>
            Order Preview: <span className="tabular-nums">{order.referenceId}</span>
          </>
        }
        subtitle={`${order.customerName}${order.createdByName ? ` · placed by ${order.createdByName}` : ''}`}
        back={
          <Link to="/orders" className={buttonClasses('ghost', 'md', '-ml-4')}>
            <Icon name="chevron-left" className="size-4" />
            Back to Orders
          </Link>
        }
        actions={isDesktop && actions.length > 0 ? <ActionButtons actions={actions} disabled={busy} /> : undefined}
      />
      {banner && <Banner key={banner.key} tone={banner.tone} title={banner.text} onDismiss={() => setBanner(null)} className="mb-4" />}

      {/* Phones: one column, items before notes. Desktop: the summary beside the notes, the items across both. */}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:[grid-template-areas:'summary_notes'_'items_items'] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0 space-y-4 lg:[grid-area:summary]">
          <div className="grid grid-cols-2 gap-3 2xl:grid-cols-4">
            <div className="col-span-2 sm:col-span-1">
              <SummaryCard label="Customer" value={order.customerName} detail={order.msoOwnerName ?? undefined} />
            </div>
            <div className="col-span-2 sm:col-span-1">
              <SummaryCard
                label="Status"
                value={<OrderStatusBadge status={order.orderStatus} className="text-sm" />}
                detail={`${date.label === 'Approved Date' ? 'Approved' : 'Created'} ${formatDate(date.value)}`}
              />
            </div>
            <RequestedDeliveryDateCard key={`requested-${order.version}`} order={order} onResult={showResult} />
            <ConfirmedDeliveryDateCard key={`confirmed-${order.version}`} order={order} onResult={showResult} />
          </div>
          <TotalsStrip order={order} />
        </div>

        <div className="min-w-0 lg:[grid-area:items]">
          <Card title="Order Items" flush>
            <div className="border-b border-slate-100 px-4 py-3 sm:px-5">
              <CustomerSelector
                buyer={{ id: order.customerId, name: order.customerName }}
                salesPerson={order.salesPersonId === null ? null : { id: order.salesPersonId, name: order.salesPersonName ?? '' }}
                onChange={order.allowedActions.includes('edit') ? handleCustomerChange : undefined}
                busy={edit.isPending}
              />
            </div>
            <OrderItemsTable
              items={order.items}
              priceCell={
                order.allowedActions.includes('edit')
                  ? (item, touch) => <LinePriceEditor key={`${item.orderItemId}-${order.version}`} orderId={order.orderId} item={item} onResult={showResult} size={touch ? 'lg' : 'sm'} />
                  : undefined
              }
            />
          </Card>
        </div>

        <div className="min-w-0 lg:[grid-area:notes]">
          <OrderNotes orderId={order.orderId} status={order.orderStatus} />
        </div>
      </div>

      {!isDesktop && actions.length > 0 && (
        <StickyBar label="Order actions">
          <PhoneActionBar actions={actions} disabled={busy} />
        </StickyBar>
      )}
      {dialog}
    </div>
  );
}

function TotalsStrip({ order }: { order: OrderDetail }) {
  const date = statusDate(order);
  const facts: { label: string; value: string }[] = [
    { label: 'Total Batch', value: String(order.totalBatches) },
    { label: 'Total Cases', value: String(order.totalCases) },
    ...(order.orderStatus === 'Cancelled' ? [] : [{ label: date.label, value: formatDate(date.value) }]),
    { label: 'Subtotal', value: formatUsd(order.totalPrice) },
  ];
  return (
    <section aria-label="Order totals">
      <dl
        className={`grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 shadow-sm ${facts.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`}
      >
        {facts.map((fact, index) => (
          <div key={fact.label} className={`bg-white px-4 py-3 ${facts.length % 2 === 1 && index === facts.length - 1 ? 'col-span-2 sm:col-span-1' : ''}`}>
            <dt className="text-xs font-medium text-slate-500">{fact.label}</dt>
            <dd className="mt-0.5 text-lg font-semibold text-slate-900 tabular-nums">{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
