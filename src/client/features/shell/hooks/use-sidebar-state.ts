// The sidebar's collapsed state, remembered in a cookie for 7 days and toggled with Ctrl or Cmd + B.
import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '../../../lib/cookies';

const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_DAYS = 7;
const TABLET_QUERY = '(max-width: 1179.98px)';

export function useSidebarState(): { collapsed: boolean; toggle: () => void } {
  // Unless the user chose, it starts as icons on a tablet's width (the desktop sidebar shows from 768 px),
  // where the open sidebar would take a third of the screen from the lists.
  const [collapsed, setCollapsed] = useState(() => {
    const saved = readCookie(SIDEBAR_COOKIE);
    return saved ? saved === 'collapsed' : window.matchMedia(TABLET_QUERY).matches;
  });
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      writeCookie(SIDEBAR_COOKIE, previous ? 'expanded' : 'collapsed', SIDEBAR_COOKIE_DAYS);
      return !previous;
    });
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'b') {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
  return { collapsed, toggle };
}
