// The '⋮' menu of one row.
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Icon } from '../icons';
import { focusRing } from '../styles';
import type { RowAction } from './types';

export function RowActionsMenu({ actions }: { actions: readonly RowAction[] }) {
  if (actions.length === 0) return null;
  return (
    <Menu>
      <MenuButton aria-label="Row actions" className={`flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 data-open:bg-slate-100 md:pointer-fine:size-8 ${focusRing}`}>
        <Icon name="dots" className="size-5" />
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 4 }} className="z-40 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        {actions.map((action) => (
          <MenuItem key={action.label} disabled={action.disabled}>
            <button
              type="button"
              onClick={action.onSelect}
              className={`flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left text-sm data-disabled:cursor-not-allowed data-disabled:opacity-50 md:pointer-fine:min-h-9 ${action.destructive ? 'text-red-700 data-focus:bg-red-50' : 'text-slate-800 data-focus:bg-slate-100'}`}
            >
              {action.icon && <Icon name={action.icon} className="size-4 shrink-0" />}
              {action.label}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
