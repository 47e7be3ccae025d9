// The question a guarded screen asks when the user leaves it with work on it.
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { useLeaveGuard } from '../hooks/use-leave-guard';

export function LeaveConfirmDialog({ blocker, question }: { blocker: ReturnType<typeof useLeaveGuard>['blocker']; question: string }) {
  return (
    <ConfirmDialog
      open={blocker.status === 'blocked'}
      title={question}
      message="What you entered on this screen will be lost."
      confirmLabel="Yes"
      cancelLabel="No"
      destructive
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
