// The orders vocabulary the client needs at run time, without zod (the order screens would otherwise load
// the schemas): the spec's messages (orders spec, sections 5 and 8), the rule for an order id in a path,
// and the most lines an order holds. The schemas in orders.ts and the server use the same constants.
import { isRowIdText } from './protocol';

/** Create and edit take at most this many lines. */
export const MAX_ORDER_LINES = 200;

const DUPLICATE_FAILED = "We couldn't duplicate the selected order due to a system error.";

export const ORDER_MESSAGES = {
  idInvalid: 'Order ID is invalid.',
  idRequired: 'Order ID is required',
  notFound: 'Order not found',
  notFoundText: 'The requested order could not be found.',
  noOrdersFound: 'No orders found',
  loadFailed: 'Failed to load order details',
  createFailed: 'Failed to create order',
  noChanges: 'No changes detected in the order',
  updatePayloadFailed: 'Failed to create update payload',
  updateFailed: 'Failed to update order',
  notEditable: 'Order update is only available in edit mode',
  confirmedDateSaved: 'Confirmed Delivery Date updated successfully.',
  confirmedDateFailed: 'Failed to update Confirmed Delivery Date. Please try again.',
  cancelFailed: 'Failed to cancel the order. Please try again.',
  priceSaved: 'Price updated successfully',
  priceFailed: 'Error updating price',
  duplicateFailed: DUPLICATE_FAILED,
  /** When the order, or the market it was in, is no longer there to copy from. */
  duplicateFailedCreateManually: `${DUPLICATE_FAILED} Please create manually.`,
  missingBuyer: 'Missing buyer',
  noItems: 'No items in order',
  missingDeliveryDate: 'Requested delivery date is required',
  deliveryDateOutOfWindow: (min: string, max: string) => `Choose a date between ${min} and ${max}`,
  tooManyLines: `An order holds at most ${MAX_ORDER_LINES} lines.`,
} as const;

export const ORDER_LINE_MESSAGES = {
  quantityNotPositive: 'Quantity must be greater than 0',
  quantityAboveAvailable: (max: number) => `Max available quantity is ${max}`,
  priceNotPositive: 'Price cannot be zero or negative',
  noCasesAvailable: 'Please remove the batch completely as no cases are available',
  shortLine: (short: number) => `${short} ${short === 1 ? 'case is' : 'cases are'} no longer available: change or remove this line`,
} as const;

/**
 * What is wrong with an order id as it stands in a path (/orders/preview/{id}, /api/order/{id}/details), or
 * null when it can name an order: blank is 'Order ID is required'; anything but a positive whole number that
 * a database integer holds is 'Order ID is invalid.'.
 */
export function orderIdProblem(text: string | undefined): string | null {
  if (text === undefined || text.trim() === '') return ORDER_MESSAGES.idRequired;
  return isRowIdText(text) ? null : ORDER_MESSAGES.idInvalid;
}
