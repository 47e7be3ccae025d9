// Row click and Enter open a row; clicks on the controls inside it (checkbox, link, button, menu) and
// text selections do not.
import type { KeyboardEvent, MouseEvent } from 'react';

const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="menu"], [role="menuitem"], [role="checkbox"], [role="listbox"], [role="option"], [data-row-click-ignore]';

function isOwnClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  // React bubbles events out of portals (menus, dialogs opened from the row) through the row.
  if (!event.currentTarget.contains(target)) return false;
  const interactive = target.closest(INTERACTIVE);
  if (interactive && interactive !== event.currentTarget && event.currentTarget.contains(interactive)) return false;
  const selection = window.getSelection();
  return !(selection && !selection.isCollapsed && selection.anchorNode && event.currentTarget.contains(selection.anchorNode));
}

export function rowOpenHandlers<Row>(row: Row, onRowClick: ((row: Row) => void) | undefined) {
  if (!onRowClick) return {};
  return {
    tabIndex: 0,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (isOwnClick(event)) onRowClick(row);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Enter' && event.target === event.currentTarget) {
        event.preventDefault();
        onRowClick(row);
      }
    },
  };
}
