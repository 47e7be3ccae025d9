// A control's local draft that is committed 500 ms after the last change (spec section 9), at once on
// flush (Enter), and on unmount so a filter typed just before its popover closes is not lost, unless the
// unmount is the user leaving the page (a row clicked mid-typing): committing then would pull them back.
// A new value from outside (a reset, the browser's back button) replaces the draft.
import { useEffect, useEffectEvent, useRef, useState } from 'react';

const FILTER_DEBOUNCE_MS = 500;

export function useDebouncedDraft<T>(value: T, onCommit: (value: T) => void, sameAs: (a: T, b: T) => boolean, delayMs = FILTER_DEBOUNCE_MS) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!sameAs(value, seen)) {
    setSeen(value);
    if (!sameAs(value, draft)) setDraft(value);
  }

  const pending = useRef<{ value: T; path: string } | null>(null);
  const commit = useEffectEvent((next: T) => {
    pending.current = null;
    onCommit(next);
  });

  useEffect(() => {
    if (sameAs(draft, value)) {
      pending.current = null;
      return;
    }
    pending.current = { value: draft, path: window.location.pathname };
    const timer = window.setTimeout(() => commit(draft), delayMs);
    return () => window.clearTimeout(timer);
    // sameAs is a pure comparison chosen once by the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, value, delayMs]);

  useEffect(
    () => () => {
      if (pending.current && pending.current.path === window.location.pathname) commit(pending.current.value);
    },
    [],
  );

  const flush = () => {
    if (sameAs(draft, value)) return;
    pending.current = null;
    onCommit(draft);
  };

  return { draft, setDraft, flush };
}
