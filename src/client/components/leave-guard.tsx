// Asks before leaving a screen with work on it: in-app navigation (to another path; the screen's own search
// changes are not leaving) and closing or reloading the tab.
import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';
import { ConfirmDialog } from './ui/confirm-dialog';

export function useLeaveGuard(hasWork: boolean) {
  // Set once the work is saved, so the navigation that follows a save is not questioned.
  const released = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => hasWork && !released.current && current.pathname !== next.pathname,
    enableBeforeUnload: () => hasWork && !released.current,
    withResolver: true,
  });
  return {
    blocker,
    release: () => {
      released.current = true;
    },
  };
}

/** The question a guarded screen asks when the user leaves it with work on it. */
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
