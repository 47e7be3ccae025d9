// Follows a CSS media query, e.g. useMediaQuery('(min-width: 768px)') for the desktop layout.
import { useCallback, useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: below 768px the phone layouts apply. */
export const DESKTOP_QUERY = '(min-width: 768px)';
/** Wider than a tablet held upright or sideways (820-1180 px): room for every default column of a list. */
export const WIDE_QUERY = '(min-width: 1180px)';
/** A finger rather than a mouse: the same test as Tailwind's pointer-coarse variant. */
export const TOUCH_QUERY = '(pointer: coarse)';

export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
