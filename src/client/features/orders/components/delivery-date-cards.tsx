// The two delivery date cards of the preview. Requested Delivery Date: 'Not set' when empty, and a date
// field for those who may edit the order. Confirmed Delivery Date: '-' when empty, and a date field for
// those who may set it (allowedActions has set_confirmed_delivery_date). Both take today to a year ahead
// in the market's time zone, as the server does.
import { useState } from 'react';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import type { OrderDetail } from '../../../../shared/api/orders';
import { formatDate } from '../../../lib/format';
import { deliveryWindow } from '../../../../shared/market-time';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { errorMessage } from '../../../lib/handle-error';
import { useCurrentMarket } from '../../../lib/market-store';
import { useEditOrder } from '../api/edit-order';
import { useSetConfirmedDeliveryDate } from '../api/set-confirmed-delivery-date';
import type { ActionResult } from './order-actions';
import { SummaryCard } from './summary-card';

const REQUESTED_DATE_SAVED = 'Requested Delivery Date updated successfully.';
const PAST_DATE_MESSAGE = 'Past dates cannot be chosen.';
const TOO_FAR_MESSAGE = 'Choose a date at most one year ahead.';

type CardProps = { order: OrderDetail; onResult: (result: ActionResult) => void };

export function RequestedDeliveryDateCard({ order, onResult }: CardProps) {
  const edit = useEditOrder();
  return (
    <DeliveryDateCard
      label="Requested Delivery Date"
      empty="Not set"
      saved={order.requestedDeliveryDate}
      editable={order.allowedActions.includes('edit')}
      busy={edit.isPending}
      onSave={async (date) => {
        try {
          // An edit sends the order's whole list of lines: the same lines, with the new date.
          await edit.mutateAsync({
            orderId: order.orderId,
            version: order.version,
            items: order.items.map((item) => ({ batchId: item.batchId, noOfCases: item.noOfCase, unitSalePrice: item.unitSalePrice })),
            requestedDeliveryDate: date,
          });
          onResult({ tone: 'success', text: REQUESTED_DATE_SAVED });
          return true;
        } catch (error) {
          onResult({ tone: 'error', text: errorMessage(error, ORDER_MESSAGES.updateFailed) });
          return false;
        }
      }}
    />
  );
}

export function ConfirmedDeliveryDateCard({ order, onResult }: CardProps) {
  const setDate = useSetConfirmedDeliveryDate();
  return (
    <DeliveryDateCard
      label="Confirmed Delivery Date"
      empty="-"
      saved={order.confirmedDeliveryDate}
      editable={order.allowedActions.includes('set_confirmed_delivery_date')}
      busy={setDate.isPending}
      onSave={async (date) => {
        try {
          await setDate.mutateAsync({ orderId: order.orderId, date });
          onResult({ tone: 'success', text: ORDER_MESSAGES.confirmedDateSaved });
          return true;
        } catch {
          onResult({ tone: 'error', text: ORDER_MESSAGES.confirmedDateFailed });
          return false;
        }
      }}
    />
  );
}

function DeliveryDateCard({
  label,
  empty,
  saved,
  editable,
  busy,
  onSave,
}: {
  label: string;
  empty: string;
  saved: string | null;
  editable: boolean;
  busy: boolean;
  /** Resolves true when the date was stored; on false the field goes back to the stored date. */
  onSave: (date: string) => Promise<boolean>;
}) {
  const market = useCurrentMarket();
  const { min: today, max: latest } = deliveryWindow(market);
  const [value, setValue] = useState(saved ?? '');
  const changed = value !== '' && value !== (saved ?? '');
  const error = changed && value < today ? PAST_DATE_MESSAGE : changed && value > latest ? TOO_FAR_MESSAGE : undefined;

  const handleSave = async () => {
    if (!(await onSave(value))) setValue(saved ?? '');
  };

  return (
    <div className="col-span-2 sm:col-span-1">
      <SummaryCard label={label} value={saved ? formatDate(saved) : empty}>
        {editable && (
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <DateField label={`Set the ${label.toLowerCase()}`} hideLabel value={value} min={today} max={latest} onChange={setValue} error={error} className="min-w-0 flex-1 basis-40" />
            <Button variant="secondary" onClick={() => void handleSave()} disabled={!changed || Boolean(error)} loading={busy}>
              Save
            </Button>
          </div>
        )}
      </SummaryCard>
    </div>
  );
}
