// Asks before leaving a screen with work on it: in-app navigation (to another path; the screen's own search
// changes are not leaving) and closing or reloading the tab.
import { useBlocker } from '@tanstack/react-router';
import { useRef } from 'react';

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
