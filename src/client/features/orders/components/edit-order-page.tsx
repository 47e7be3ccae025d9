// /orders/edit/{orderId}: changes an order's lines (cases, prices, removal, additions from inventory), its
// buyer and its requested date. Lines short of stock must be changed or removed before the order saves;
// removing the last line cancels the order, after asking.
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState } from 'react';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import type { OrderDetail } from '../../../../shared/api/orders';
import { formatDate, formatUsd } from '../../../lib/format';
import { deliveryWindow } from '../../../../shared/market-time';
import { LeaveConfirmDialog, useLeaveGuard } from '../../../components/leave-guard';
import type { PersonSelection } from '../../../components/people-picker/selection-rules';
import { Banner } from '../../../components/ui/banner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon } from '../../../components/ui/icons';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { PageHeader } from '../../../components/ui/page-header';
import { showToast } from '../../../components/ui/toast';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { handleError } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useChangeOrderStatus } from '../api/change-order-status';
import { useEditOrder } from '../api/edit-order';
import { useOrder } from '../api/get-order';
import { useOrderLines } from '../hooks/use-order-lines';
import { deliveryDateError, editOrderPayload, hasLineErrors, isUnresolvedShortLine, lineFromItem, linesChanged, linesToFix, linesToFixText, orderTotal } from '../order-lines';
import { StickyBar } from './cart-summary';
import { SIDE_CART_QUERY } from './create-order-page';
import { InventoryPicker } from './inventory-picker';
import { OrderCustomerCard } from './order-customer-card';
import { isNotFound, OrderLoadError, OrderNotFound } from './order-not-found';
import { OrderLinesPanel, OrderProblems, OrderTotals } from './order-lines-panel';
import { OrderStatusBadge } from './order-status-badge';

const DISCARD_CHANGES_QUESTION = 'Are you sure you want to exit and discard unsaved changes?';
const CANCEL_ORDER_ON_EMPTY_QUESTION = 'Are you sure you want to exit and Cancel this order?';
const SHORT_LINES_MESSAGE = 'Change or remove every line marked Action Required before saving.';
const FIX_LINES_MESSAGE = 'Some lines need fixing: see the messages beside them.';
const STILL_SHORT_MESSAGE = 'Saved, but some lines are still short of stock: change or remove them.';

export function EditOrderPage({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (order.isPending) return <LoadingMessage messages="Loading order details..." fill />;
  if (order.isError) return isNotFound(order.error) ? <OrderNotFound /> : <OrderLoadError error={order.error} onRetry={() => void order.refetch()} />;
  if (!order.data.allowedActions.includes('edit')) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title="Edit Order" subtitle={order.data.referenceId} />
        <Banner tone="info" title={ORDER_MESSAGES.notEditable} autoDismissMs={0} dismissible={false}>
          {`This order is ${order.data.orderStatus}. `}
          <Link to="/orders/preview/$orderId" params={{ orderId: String(orderId) }} className="font-semibold underline">
            View the order
          </Link>
        </Banner>
      </div>
    );
  }
  // A new version (after a save elsewhere) starts the form again from what the server has.
  return <EditOrderForm key={order.data.version} order={order.data} />;
}

function EditOrderForm({ order }: { order: OrderDetail }) {
  const navigate = useNavigate();
  const market = useCurrentMarket();
  const dateWindow = useMemo(() => deliveryWindow(market), [market]);
  const lines = useOrderLines(order.items.map(lineFromItem));
  const edit = useEditOrder();
  const changeStatus = useChangeOrderStatus();
  const [deliveryDate, setDeliveryDate] = useState(order.requestedDeliveryDate ?? '');
  const [customer, setCustomer] = useState<{ buyer: PersonSelection; salesPerson: PersonSelection | null }>({
    buyer: { id: order.customerId, name: order.customerName },
    salesPerson: order.salesPersonId === null ? null : { id: order.salesPersonId, name: order.salesPersonName ?? '' },
  });
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<{ key: number; text: string } | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const sideCart = useMediaQuery(SIDE_CART_QUERY);
  const problemsRef = useRef<HTMLDivElement>(null);
  const problemsId = useId();

  const dateChanged = deliveryDate !== (order.requestedDeliveryDate ?? '');
  const customerChanged = customer.buyer.id !== order.customerId || (customer.salesPerson?.id ?? null) !== order.salesPersonId;
  const changed = linesChanged(lines.lines, order.items.length) || dateChanged || customerChanged;
  const guard = useLeaveGuard(changed);

  const shortLines = lines.lines.filter(isUnresolvedShortLine);
  const badLines = lines.lines.some(hasLineErrors);
  const dateError = dateChanged ? deliveryDateError(deliveryDate, dateWindow) : undefined;
  const problems = attempted
    ? [...(shortLines.length > 0 ? [SHORT_LINES_MESSAGE] : []), ...(badLines && shortLines.length === 0 ? [FIX_LINES_MESSAGE] : []), ...(dateError ? [dateError] : [])]
    : [];
  const blocked = shortLines.length > 0;

  const handleRemove = (batchId: number) => {
    if (lines.lines.length === 1) setConfirmEmpty(true);
    else lines.remove(batchId);
  };

  const handleSave = async () => {
    setNotice(null);
    if (!changed) {
      setNotice({ key: Date.now(), text: ORDER_MESSAGES.noChanges });
      return;
    }
    setAttempted(true);
    if (blocked || badLines || dateError) {
      problemsRef.current?.focus();
      return;
    }
    const payload = editOrderPayload(lines.lines, {
      orderId: order.orderId,
      version: order.version,
      ...(dateChanged && deliveryDate ? { requestedDeliveryDate: deliveryDate } : {}),
      ...(customerChanged ? { customerId: customer.buyer.id, salesPersonId: customer.salesPerson?.id ?? null } : {}),
    });
    if ('problem' in payload) {
      showToast({ tone: 'error', title: ORDER_MESSAGES.updatePayloadFailed, description: payload.problem });
      return;
    }
    try {
      const saved = await edit.mutateAsync(payload.input);
      if (saved.orderStatus === 'Action Required') {
        // Stock moved while editing: the form reloads (a new version) with the lines that are still short.
        showToast({ tone: 'warning', title: STILL_SHORT_MESSAGE });
        return;
      }
      guard.release();
      showToast({ tone: 'success', title: `${order.referenceId} has been updated successfully.` });
      await navigate({ to: '/orders/preview/$orderId', params: { orderId: String(order.orderId) } });
    } catch (error) {
      handleError(error, ORDER_MESSAGES.updateFailed);
    }
  };

  const handleCancelOrder = async () => {
    try {
      await changeStatus.mutateAsync({ orderId: order.orderId, status: 'cancelled' });
      guard.release();
      setConfirmEmpty(false);
      showToast({ tone: 'success', title: `${order.referenceId} has been cancelled.` });
      await navigate({ to: '/orders' });
    } catch (error) {
      setConfirmEmpty(false);
      handleError(error, ORDER_MESSAGES.cancelFailed);
    }
  };

  const saveButton = (
    <Button onClick={() => void handleSave()} disabled={blocked} loading={edit.isPending} aria-describedby={problemsId} className="shrink-0">
      Save Changes
    </Button>
  );
  const linesPanel = (
    <OrderLinesPanel
      lines={lines.lines}
      onCases={lines.setCases}
      onPrice={lines.setPrice}
      onRemove={(line) => handleRemove(line.batchId)}
      emptyText="This order has no lines."
      touch={!sideCart}
    />
  );
  const footer = (
    <div className="space-y-3">
      <OrderTotals lines={lines.lines} />
      <div ref={problemsRef} tabIndex={-1} className="space-y-2 outline-none">
        <OrderProblems id={problemsId} problems={problems} />
        {blocked && !attempted && (
          <p className="flex items-start gap-1.5 text-sm text-orange-900">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0" />
            {SHORT_LINES_MESSAGE}
          </p>
        )}
      </div>
      {notice && <Banner key={notice.key} tone="warning" title={notice.text} onDismiss={() => setNotice(null)} />}
    </div>
  );

  return (
    <div className="mx-auto max-w-[100rem]">
      <PageHeader
        title="Edit Order"
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-medium text-slate-800 tabular-nums">{order.referenceId}</span>
            <OrderStatusBadge status={order.orderStatus} />
            <span>Placed {formatDate(order.createdAt)}</span>
          </span>
        }
        back={
          <Link to="/orders/preview/$orderId" params={{ orderId: String(order.orderId) }} className={buttonClasses('ghost', 'md', '-ml-4')}>
            <Icon name="chevron-left" className="size-4" />
            Back to Order
          </Link>
        }
      />
      {shortLines.length > 0 && (
        <Banner tone="warning" autoDismissMs={0} dismissible={false} title="Action Required" className="mb-4">
          {`${shortLines.length === 1 ? 'One line asks' : `${shortLines.length} lines ask`} for more cases than are available. Change the cases or remove the line to save the order.`}
        </Banner>
      )}
      {!sideCart && (
        <Card title="Order lines" className="mb-4">
          <div className="-mt-3">{linesPanel}</div>
          <div className="mt-3 border-t border-slate-100 pt-3">{footer}</div>
        </Card>
      )}
      <OrderCustomerCard
        buyer={customer.buyer}
        salesPerson={customer.salesPerson}
        onCustomerChange={setCustomer}
        deliveryDate={deliveryDate}
        onDeliveryDateChange={setDeliveryDate}
        dateWindow={dateWindow}
        dateError={dateError}
      />

      <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <section aria-labelledby="inventory-heading" className="min-w-0 space-y-3">
          <div>
            <h2 id="inventory-heading" className="text-base font-semibold text-slate-900">
              Add from inventory
            </h2>
            <p className="text-sm text-slate-600">Enter cases on a batch to add it to the order.</p>
          </div>
          <InventoryPicker lines={lines} />
        </section>
        {sideCart && (
          <aside
            aria-labelledby="lines-heading"
            className="sticky top-[calc(var(--ribbon-height)+4.5rem)] flex max-h-[calc(100dvh-var(--ribbon-height)-6rem)] flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <header className="border-b border-slate-100 px-4 py-3">
              <h2 id="lines-heading" className="text-base font-semibold text-slate-900">
                Order lines
              </h2>
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto px-4">{linesPanel}</div>
            <div className="space-y-3 border-t border-slate-100 px-4 py-3">
              {footer}
              <div className="[&>button]:w-full">{saveButton}</div>
            </div>
          </aside>
        )}
      </div>

      {!sideCart && (
        <>
          <StickyBar label="Save order">
            <p className="min-w-0 flex-1 text-sm text-slate-600">
              <span className="block font-semibold text-slate-900 tabular-nums">{formatUsd(orderTotal(lines.lines))}</span>
              {`${lines.lines.length} ${lines.lines.length === 1 ? 'line' : 'lines'}`}
              {linesToFix(lines.lines) > 0 && <span className="block text-xs font-medium text-red-700">{linesToFixText(linesToFix(lines.lines))}</span>}
            </p>
            {saveButton}
          </StickyBar>
        </>
      )}
      <LeaveConfirmDialog blocker={guard.blocker} question={DISCARD_CHANGES_QUESTION} />
      <ConfirmDialog
        open={confirmEmpty}
        title={CANCEL_ORDER_ON_EMPTY_QUESTION}
        message="Removing the last line cancels the order and releases its stock."
        confirmLabel="Yes"
        cancelLabel="No"
        destructive
        busy={changeStatus.isPending}
        onConfirm={() => void handleCancelOrder()}
        onCancel={() => setConfirmEmpty(false)}
      />
    </div>
  );
}
