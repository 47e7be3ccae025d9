// The cart's count badge ('20+' above 20) and the bar that keeps the cart in reach on narrow screens.
import type { ReactNode } from 'react';
import { formatUsd } from '../../../lib/format';
import { capCartBadge } from '../../../../shared/labels';
import { Icon } from '../../../components/ui/icons';
import { linesToFixText } from '../order-lines';

export function CartCount({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span
      className={`inline-flex min-w-6 items-center justify-center rounded-full bg-brand-700 px-1.5 py-0.5 text-xs leading-none font-semibold text-white tabular-nums ${className}`}
    >
      <span aria-hidden="true">{capCartBadge(count)}</span>
      <span className="sr-only">{`${count} ${count === 1 ? 'item' : 'items'}`}</span>
    </span>
  );
}

/** Sticks to the bottom of the screen while the page scrolls above it: a narrow screen's main actions. */
export function StickyBar({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      className="sticky bottom-0 z-20 -mx-3 mt-4 border-t border-slate-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur sm:-mx-6 sm:px-6"
    >
      <div className="mx-auto flex max-w-3xl items-center gap-3">{children}</div>
    </div>
  );
}

/**
 * The cart in reach on narrow screens: the count and total open it as a sheet; the main action beside.
 * `toFix`: lines with a problem, left out of the total, said beside it.
 */
export function CartBar({ count, total, toFix = 0, onOpen, action }: { count: number; total: number; toFix?: number; onOpen: () => void; action: ReactNode }) {
  return (
    <StickyBar label="Cart">
      <button
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        className="flex min-h-12 min-w-0 flex-1 items-center gap-3 rounded-lg px-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span className="relative grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-800">
          <Icon name="cart" className="size-5" />
          <CartCount count={count} className="absolute -top-1.5 -right-2" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-slate-900">View cart</span>
          <span className="block text-sm text-slate-600 tabular-nums">{formatUsd(total)}</span>
          {toFix > 0 && <span className="block text-xs font-medium text-red-700">{linesToFixText(toFix)}</span>}
        </span>
      </button>
      {action}
    </StickyBar>
  );
}
