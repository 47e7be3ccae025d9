// Asks before something that cannot be undone. Focus starts on the safe answer; while the action runs the
// dialog cannot be dismissed and the confirm button shows it is busy.
import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, for cancelling orders or discarding work. */
  destructive?: boolean;
  /** The confirmed action is running. */
  busy?: boolean;
  /** What the user may add to the answer (an optional reason), between the message and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, message, confirmLabel = 'Confirm', cancelLabel = 'Cancel', destructive = false, busy = false, children, onConfirm, onCancel }: ConfirmDialogProps) {
  const handleClose = () => {
    if (!busy) onCancel();
  };
  return (
    <Dialog
      open={open}
      onClose={handleClose}
      title={title}
      description={message}
      role="alertdialog"
      size="sm"
      phoneLayout="bottom"
      hideCloseButton
      footer={
        <>
          <Button variant="secondary" onClick={handleClose} disabled={busy} data-autofocus>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
