// The customer block of the create and edit screens: the buyer and sales person with the picker to change
// them, and the requested delivery date with the window it must fall in.
import { formatDate } from '../../../lib/format';
import type { PersonSelection } from '../../../components/people-picker/selection-rules';
import { Card } from '../../../components/ui/card';
import { DateField } from '../../../components/ui/date-field';
import { CustomerSelector, type CustomerSelectorProps } from './customer-selector';

export function OrderCustomerCard({
  buyer,
  salesPerson,
  onCustomerChange,
  customerError,
  deliveryDate,
  onDeliveryDateChange,
  dateWindow,
  dateError,
  dateRequired = false,
}: {
  buyer: PersonSelection | null;
  salesPerson: PersonSelection | null;
  onCustomerChange: NonNullable<CustomerSelectorProps['onChange']>;
  customerError?: string;
  /** yyyy-MM-dd, or '' while not chosen. */
  deliveryDate: string;
  onDeliveryDateChange: (date: string) => void;
  /** The first and last days that may be chosen (yyyy-MM-dd). */
  dateWindow: { min: string; max: string };
  dateError?: string;
  dateRequired?: boolean;
}) {
  return (
    <Card>
      <CustomerSelector buyer={buyer} salesPerson={salesPerson} onChange={onCustomerChange} error={customerError}>
        <DateField
          label="Requested delivery date"
          required={dateRequired}
          value={deliveryDate}
          min={dateWindow.min}
          max={dateWindow.max}
          onChange={onDeliveryDateChange}
          hint={`${formatDate(dateWindow.min)} to ${formatDate(dateWindow.max)}`}
          error={dateError}
          className="lg:w-60"
        />
      </CustomerSelector>
    </Card>
  );
}
