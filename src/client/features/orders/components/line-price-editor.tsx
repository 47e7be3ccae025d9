// A line's unit price on the preview, for those who may edit the order: the price field and a Save button
// that appears once the price differs from the stored one. Enter saves; Escape puts the stored price back.
import { useId, useState } from 'react';
import { ORDER_LINE_MESSAGES, ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import type { OrderItem } from '../../../../shared/api/orders';
import { Button } from '../../../components/ui/button';
import { useSetLinePrice } from '../api/set-line-price';
import { formatPriceInput } from '../order-lines';
import type { ActionResult } from './order-actions';
import { PriceInput } from './quantity-stepper';

export function LinePriceEditor({ orderId, item, onResult, size = 'sm' }: { orderId: number; item: OrderItem; onResult: (result: ActionResult) => void; size?: 'sm' | 'lg' }) {
  const stored = formatPriceInput(item.unitSalePrice);
  const [value, setValue] = useState(stored);
  const setPrice = useSetLinePrice();
  const errorId = useId();
  const price = Number(value);
  const invalid = value.trim() === '' || !Number.isFinite(price) || price < 0.01;
  const changed = !invalid && formatPriceInput(price) !== stored;

  const handleSave = async () => {
    if (!changed) return;
    try {
      await setPrice.mutateAsync({ orderId, batchId: item.batchId, unitSalePrice: Math.round(price * 100) / 100 });
      onResult({ tone: 'success', text: ORDER_MESSAGES.priceSaved });
    } catch {
      setValue(stored);
      onResult({ tone: 'error', text: ORDER_MESSAGES.priceFailed });
    }
  };

  return (
    <div className="inline-flex flex-col items-end gap-1">
      <form
        className="inline-flex items-center gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSave();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setValue(stored);
        }}
      >
        <PriceInput
          value={value}
          onChange={setValue}
          label={`Unit price: ${item.productName}, batch ${item.batchNumber}`}
          placeholder={stored}
          invalid={invalid}
          describedBy={invalid ? errorId : undefined}
          size={size}
          disabled={setPrice.isPending}
        />
        {changed && (
          <Button type="submit" variant="secondary" size="sm" loading={setPrice.isPending}>
            Save
          </Button>
        )}
      </form>
      {invalid && (
        <p id={errorId} className="text-xs text-red-700">
          {ORDER_LINE_MESSAGES.priceNotPositive}
        </p>
      )}
    </div>
  );
}
