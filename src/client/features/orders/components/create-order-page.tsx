// /orders/create: a new order for the buyer chosen on the list (changeable here), built from the
// market's inventory into a cart, then posted. Leaving with lines in the cart asks first.
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useRef, useState } from 'react';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import { deliveryWindow } from '../../../../shared/market-time';
import { LeaveConfirmDialog, useLeaveGuard } from '../../../components/leave-guard';
import type { PersonSelection } from '../../../components/people-picker/selection-rules';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { handleError } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useCreateOrder } from '../api/create-order';
import { useOrderLines } from '../hooks/use-order-lines';
import { deliveryDateError, hasLineErrors, linesToFix, orderErrors, orderTotal, toLineInputs } from '../order-lines';
import { CartBar, CartCount } from './cart-summary';
import { InventoryPicker } from './inventory-picker';
import { OrderCustomerCard } from './order-customer-card';
import { OrderLinesPanel, OrderProblems, OrderTotals } from './order-lines-panel';

/** From this width the cart sits beside the inventory; below it, in a sheet opened from a bottom bar. */
export const SIDE_CART_QUERY = '(min-width: 1280px)';
const DISCARD_ORDER_QUESTION = 'Are you sure you want to exit and discard this order?';
const FIX_LINES_MESSAGE = 'Some lines need fixing: see the messages in the cart.';

export function CreateOrderPage({
  buyer,
  salesPerson,
  onCustomerChange,
}: {
  buyer: PersonSelection | null;
  salesPerson: PersonSelection | null;
  onCustomerChange: (selection: { buyer: PersonSelection; salesPerson: PersonSelection | null }) => void;
}) {
  const navigate = useNavigate();
  const market = useCurrentMarket();
  const dateWindow = useMemo(() => deliveryWindow(market), [market]);
  const lines = useOrderLines();
  const create = useCreateOrder();
  const [deliveryDate, setDeliveryDate] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [cartOpen, setCartOpen] = useState(false);
  const sideCart = useMediaQuery(SIDE_CART_QUERY);
  const problemsRef = useRef<HTMLDivElement>(null);
  const problemsId = useId();
  const guard = useLeaveGuard(lines.lines.length > 0);

  const problems = orderErrors({ buyerId: buyer?.id ?? null, lines: lines.lines, deliveryDate, window: dateWindow });
  const badLines = lines.lines.some(hasLineErrors);
  const shownProblems = attempted ? [...problems, ...(badLines ? [FIX_LINES_MESSAGE] : [])] : [];
  const dateError = attempted ? deliveryDateError(deliveryDate, dateWindow) : undefined;

  const handleSubmit = async () => {
    setAttempted(true);
    if (problems.length > 0 || badLines) {
      if (!sideCart && badLines) setCartOpen(true);
      else problemsRef.current?.focus();
      return;
    }
    try {
      const order = await create.mutateAsync({
        market,
        body: {
          customerId: buyer!.id,
          ...(salesPerson ? { salesPersonId: salesPerson.id } : {}),
          requestedDeliveryDate: deliveryDate,
          items: toLineInputs(lines.lines),
        },
      });
      guard.release();
      setCartOpen(false);
      await navigate({
        to: '/orders',
        search: { created: order.referenceId, createdId: order.orderId, ...(order.orderStatus === 'Action Required' ? { actionRequired: true } : {}) },
      });
    } catch (error) {
      handleError(error, ORDER_MESSAGES.createFailed);
    }
  };

  const createButton = (
    <Button onClick={() => void handleSubmit()} loading={create.isPending} aria-describedby={shownProblems.length > 0 ? problemsId : undefined} className="shrink-0">
      Create Order
    </Button>
  );
  const cartLines = (touch: boolean) => (
    <OrderLinesPanel
      lines={lines.lines}
      onCases={lines.setCases}
      onPrice={lines.setPrice}
      onRemove={(line) => lines.remove(line.batchId)}
      emptyText="Your cart is empty. Enter cases in the inventory to add them."
      touch={touch}
    />
  );

  return (
    <div className="mx-auto max-w-[100rem]">
      <PageHeader
        title="Create New Order"
        subtitle={buyer ? `Order for ${buyer.name}` : 'Choose the buyer, the delivery date and the cases to order.'}
        back={
          <Link to="/orders" className={buttonClasses('ghost', 'md', '-ml-4')}>
            <Icon name="chevron-left" className="size-4" />
            Back to Orders
          </Link>
        }
      />
      <OrderCustomerCard
        buyer={buyer}
        salesPerson={salesPerson}
        onCustomerChange={onCustomerChange}
        customerError={attempted && !buyer ? ORDER_MESSAGES.missingBuyer : undefined}
        deliveryDate={deliveryDate}
        onDeliveryDateChange={setDeliveryDate}
        dateWindow={dateWindow}
        dateError={dateError}
        dateRequired
      />
      {/* Narrow screens: what the order misses shows under the customer block it is mostly about, where focus
          brings the user, not below the inventory behind the cart bar. */}
      {!sideCart && (
        <div ref={problemsRef} tabIndex={-1} className={`scroll-mt-24 outline-none ${shownProblems.length > 0 && !cartOpen ? 'mt-4' : ''}`}>
          <OrderProblems id={problemsId} problems={cartOpen ? [] : shownProblems} />
        </div>
      )}

      <div className="mt-4 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
        <section aria-labelledby="inventory-heading" className="min-w-0 space-y-3">
          <div>
            <h2 id="inventory-heading" className="text-base font-semibold text-slate-900">
              Inventory
            </h2>
            <p className="text-sm text-slate-600">Enter the cases to order. Leave the unit price empty to sell at the listed price.</p>
          </div>
          <InventoryPicker lines={lines} />
        </section>

        {sideCart && (
          <aside
            aria-labelledby="cart-heading"
            className="sticky top-[calc(var(--ribbon-height)+4.5rem)] flex max-h-[calc(100dvh-var(--ribbon-height)-6rem)] flex-col rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <header className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
              <Icon name="cart" className="size-5 text-brand-700" />
              <h2 id="cart-heading" className="text-base font-semibold text-slate-900">
                Cart
              </h2>
              <CartCount count={lines.lines.length} />
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto px-4">{cartLines(false)}</div>
            <div className="space-y-3 border-t border-slate-100 px-4 py-3">
              <OrderTotals lines={lines.lines} />
              <div ref={problemsRef} tabIndex={-1} className="outline-none">
                <OrderProblems id={problemsId} problems={shownProblems} />
              </div>
              <div className="[&>button]:w-full">{createButton}</div>
            </div>
          </aside>
        )}
      </div>

      {!sideCart && (
        <>
          <CartBar count={lines.lines.length} total={orderTotal(lines.lines)} toFix={linesToFix(lines.lines)} onOpen={() => setCartOpen(true)} action={createButton} />
          <Dialog
            open={cartOpen}
            onClose={() => setCartOpen(false)}
            title={
              <span className="flex items-center gap-2">
                Cart <CartCount count={lines.lines.length} />
              </span>
            }
            footer={
              <div className="space-y-3">
                <OrderTotals lines={lines.lines} />
                <OrderProblems problems={shownProblems} />
                <Button onClick={() => void handleSubmit()} loading={create.isPending} className="w-full">
                  Create Order
                </Button>
              </div>
            }
          >
            <DateField
              label="Requested delivery date"
              required
              value={deliveryDate}
              min={dateWindow.min}
              max={dateWindow.max}
              onChange={setDeliveryDate}
              error={dateError}
              className="border-b border-slate-100 pb-4"
            />
            {cartLines(true)}
          </Dialog>
        </>
      )}
      <LeaveConfirmDialog blocker={guard.blocker} question={DISCARD_ORDER_QUESTION} />
    </div>
  );
}
