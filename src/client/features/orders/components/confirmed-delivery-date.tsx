// The Confirmed Delivery Date card: the date, and for those who may set it (allowedActions has
// set_confirmed_delivery_date) a date field from today on with a Save button.
import { useState } from 'react';
import type { OrderDetail } from '../../../../shared/api/orders';
import { formatDate } from '../../../../shared/format';
import { deliveryWindow } from '../../../../shared/market-time';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { useCurrentMarket } from '../../../lib/market-store';
import { useSetConfirmedDeliveryDate } from '../api/set-confirmed-delivery-date';
import type { ActionResult } from './order-actions';
import { SummaryCard } from './summary-card';

export const CONFIRMED_DATE_SAVED = 'Confirmed Delivery Date updated successfully.';
export const CONFIRMED_DATE_FAILED = 'Failed to update Confirmed Delivery Date. Please try again.';
const PAST_DATE_MESSAGE = 'Past dates cannot be chosen.';
const TOO_FAR_MESSAGE = 'Choose a date at most one year ahead.';

export function ConfirmedDeliveryDateCard({ order, onResult }: { order: OrderDetail; onResult: (result: ActionResult) => void }) {
  const market = useCurrentMarket();
  const { min: today, max: latest } = deliveryWindow(market);
  const editable = order.allowedActions.includes('set_confirmed_delivery_date');
  const saved = order.confirmedDeliveryDate ?? '';
  const [value, setValue] = useState(saved);
  const setDate = useSetConfirmedDeliveryDate();
  const changed = value !== '' && value !== saved;
  const error = changed && value < today ? PAST_DATE_MESSAGE : changed && value > latest ? TOO_FAR_MESSAGE : undefined;
  const canSave = value !== '' && value !== saved && !error;

  const handleSave = async () => {
    try {
      await setDate.mutateAsync({ orderId: order.orderId, date: value });
      onResult({ tone: 'success', text: CONFIRMED_DATE_SAVED });
    } catch {
      setValue(saved);
      onResult({ tone: 'error', text: CONFIRMED_DATE_FAILED });
    }
  };

  return (
    <div className="col-span-2 sm:col-span-1">
      <SummaryCard label="Confirmed Delivery Date" value={saved ? formatDate(saved) : '-'}>
        {editable && (
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <DateField label="Set the confirmed delivery date" hideLabel value={value} min={today} max={latest} onChange={setValue} error={error} className="min-w-0 flex-1 basis-40" />
            <Button variant="secondary" onClick={() => void handleSave()} disabled={!canSave} loading={setDate.isPending}>
              Save
            </Button>
          </div>
        )}
      </SummaryCard>
    </div>
  );
}
