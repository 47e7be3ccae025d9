// The buttons of the order preview, exactly as the server's allowedActions give them: the next status
// step, Edit, Duplicate, Reject and Cancel. Duplicate, Reject (with an optional reason for the order's
// history) and Cancel ask first. On phones they sit in a bottom bar, the first two as buttons and the rest
// in a menu.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ORDER_MESSAGES } from '../../../../shared/api/order-protocol';
import type { OrderDetail } from '../../../../shared/api/orders';
import type { OrderAction, StatusChangeValue } from '../../../../shared/order-status';
import { STATUS_AFTER } from '../../../../shared/order-status';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Icon, type IconName } from '../../../components/ui/icons';
import { fieldControl, fieldHint, fieldLabel, focusRing } from '../../../components/ui/styles';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/handle-error';
import { useChangeOrderStatus } from '../api/change-order-status';
import { useDuplicateOrder } from '../api/duplicate-order';

const CANCEL_ORDER_QUESTION = 'Are you sure you want to cancel this order?';
/** The order's status comment has the note's limit (the contract's NOTE_MAX_LENGTH, kept out of this bundle). */
const REASON_LIMIT = 500;
const STATUS_CHANGE_FAILED = 'Failed to update the order status. Please try again.';

type ActionSpec = { label: string; icon?: IconName; variant: ButtonVariant; status?: StatusChangeValue; className?: string };

/** In the order a user reads them: the next step first, the way out last. */
const ACTION_SPECS: [OrderAction, ActionSpec][] = [
  ['approve', { label: 'Approve', icon: 'check', variant: 'primary', status: 'approved' }],
  ['mark_packaged', { label: 'Mark Packaged', icon: 'box', variant: 'primary', status: 'packaged' }],
  ['mark_shipped', { label: 'Mark Shipped', icon: 'import', variant: 'primary', status: 'shipped' }],
  ['mark_delivered', { label: 'Mark Delivered', icon: 'home', variant: 'primary', status: 'delivered' }],
  ['complete', { label: 'Complete', icon: 'check', variant: 'primary', status: 'completed' }],
  ['edit', { label: 'Edit', variant: 'secondary' }],
  ['duplicate', { label: 'Duplicate', variant: 'secondary' }],
  ['reject', { label: 'Reject', variant: 'secondary', status: 'rejected' }],
  ['cancel', { label: 'Cancel', icon: 'x', variant: 'secondary', status: 'cancelled', className: 'text-red-700! hover:bg-red-50!' }],
];

export type ActionResult = { tone: 'success' | 'error'; text: string };

export function useOrderActions(order: OrderDetail, onResult: (result: ActionResult) => void) {
  const navigate = useNavigate();
  const changeStatus = useChangeOrderStatus();
  const duplicate = useDuplicateOrder();
  const [confirming, setConfirming] = useState<'cancel' | 'reject' | 'duplicate' | null>(null);
  const [rejectReason, setRejectReason] = useState('');
  const [running, setRunning] = useState<OrderAction | null>(null);
  const reasonId = useId();

  const applyStatus = async (action: OrderAction, status: StatusChangeValue, comment?: string) => {
    setRunning(action);
    try {
      await changeStatus.mutateAsync({ orderId: order.orderId, status, comment: comment?.trim() || undefined });
      onResult({ tone: 'success', text: `${order.referenceId} is now ${STATUS_AFTER[status]}.` });
    } catch (error) {
      onResult({ tone: 'error', text: errorMessage(error, status === 'cancelled' ? ORDER_MESSAGES.cancelFailed : STATUS_CHANGE_FAILED) });
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  };

  const handleDuplicate = async () => {
    setRunning('duplicate');
    try {
      const copy = await duplicate.mutateAsync({ orderId: order.orderId, customerId: order.customerId, salesPersonId: order.salesPersonId });
      showToast({ tone: 'success', title: `${copy.referenceId} has been created successfully.` });
      await navigate({ to: '/orders/preview/$orderId', params: { orderId: String(copy.orderId) } });
    } catch (error) {
      onResult({ tone: 'error', text: duplicateFailure(error) });
    } finally {
      setRunning(null);
      setConfirming(null);
    }
  };

  const run = (action: OrderAction, spec: ActionSpec) => {
    if (action === 'edit') void navigate({ to: '/orders/edit/$orderId', params: { orderId: String(order.orderId) } });
    else if (action === 'duplicate' || action === 'cancel') setConfirming(action);
    else if (action === 'reject') {
      setRejectReason('');
      setConfirming('reject');
    } else if (spec.status) void applyStatus(action, spec.status);
  };

  const actions = ACTION_SPECS.filter(([action]) => order.allowedActions.includes(action)).map(([action, spec]) => ({
    action,
    ...spec,
    busy: running === action,
    onSelect: () => run(action, spec),
  }));

  const dismiss = () => setConfirming(null);
  const dialog = (
    <>
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={CANCEL_ORDER_QUESTION}
        message={`${order.referenceId} for ${order.customerName} will be cancelled and its stock released. This cannot be undone.`}
        confirmLabel="Yes"
        cancelLabel="No"
        destructive
        busy={running === 'cancel'}
        onConfirm={() => void applyStatus('cancel', 'cancelled')}
        onCancel={dismiss}
      />
      <ConfirmDialog
        open={confirming === 'reject'}
        title={`Reject ${order.referenceId}?`}
        message={`${order.customerName}'s order is rejected and its stock released. This cannot be undone.`}
        confirmLabel="Reject"
        cancelLabel="Keep order"
        destructive
        busy={running === 'reject'}
        onConfirm={() => void applyStatus('reject', 'rejected', rejectReason)}
        onCancel={dismiss}
      >
        <label htmlFor={reasonId} className={fieldLabel}>
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          value={rejectReason}
          rows={3}
          maxLength={REASON_LIMIT}
          onChange={(event) => setRejectReason(event.target.value.slice(0, REASON_LIMIT))}
          className={`${fieldControl} mt-1 min-h-20 resize-y py-2`}
        />
        <p className={`${fieldHint} mt-1`}>Kept in the order's history.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'duplicate'}
        title={`Duplicate ${order.referenceId}?`}
        message={`A new Pending order for ${order.customerName} is created with the same items, as far as stock allows, and opened.`}
        confirmLabel="Duplicate"
        cancelLabel="Cancel"
        busy={running === 'duplicate'}
        onConfirm={() => void handleDuplicate()}
        onCancel={dismiss}
      />
    </>
  );
  return { actions, dialog, busy: running !== null };
}

/**
 * Why a duplicate failed, as the spec says it: the order gone from the market the user works in (404: the
 * order or its market is missing) cannot be copied at all, so the user is told to create it by hand; any
 * other failure is the plain message, or what the server said the user can act on.
 */
function duplicateFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return ORDER_MESSAGES.duplicateFailedCreateManually;
  return errorMessage(error, ORDER_MESSAGES.duplicateFailed);
}

export type OrderActionItem = ReturnType<typeof useOrderActions>['actions'][number];

export function ActionButtons({ actions, disabled }: { actions: OrderActionItem[]; disabled: boolean }) {
  return (
    <>
      {actions.map((item) => (
        <Button key={item.action} variant={item.variant} icon={item.icon} loading={item.busy} disabled={disabled && !item.busy} onClick={item.onSelect} className={item.className}>
          {item.label}
        </Button>
      ))}
    </>
  );
}

/** Phones: the first two actions as buttons, the rest behind 'More'. */
export function PhoneActionBar({ actions, disabled }: { actions: OrderActionItem[]; disabled: boolean }) {
  const shown = actions.slice(0, actions.length > 3 ? 2 : 3);
  const rest = actions.slice(shown.length);
  return (
    <>
      {shown.map((item) => (
        <Button
          key={item.action}
          variant={item.variant}
          loading={item.busy}
          disabled={disabled && !item.busy}
          onClick={item.onSelect}
          className={`min-w-0 flex-1 ${item.className ?? ''}`}
        >
          {item.label}
        </Button>
      ))}
      {rest.length > 0 && (
        <Menu>
          <MenuButton
            disabled={disabled}
            className={`flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-50 ${focusRing}`}
          >
            More
            <Icon name="chevron-up" className="size-4" />
          </MenuButton>
          <MenuItems anchor={{ to: 'top end', gap: 8 }} className="z-40 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
            {rest.map((item) => (
              <MenuItem key={item.action}>
                <button
                  type="button"
                  onClick={item.onSelect}
                  className={`flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left text-sm ${item.action === 'cancel' ? 'text-red-700 data-focus:bg-red-50' : 'text-slate-800 data-focus:bg-slate-100'}`}
                >
                  {item.label}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      )}
    </>
  );
}
