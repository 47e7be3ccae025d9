// Shown while rows are ticked: how many, the screen's bulk actions, and a way to clear the selection.
import type { ReactNode } from 'react';
import { Button } from '../button';
import { selectedText } from './use-row-selection';

export function BulkActionsBar({ count, children, onClear, className = '' }: { count: number; children?: ReactNode; onClear: () => void; className?: string }) {
  return (
    <div role="region" aria-label="Bulk actions" className={`flex items-center gap-x-3 gap-y-2 rounded-xl border border-brand-200 bg-brand-50 px-3 py-2 shadow-sm ${className}`}>
      <p className="text-sm font-semibold text-brand-900 tabular-nums">{selectedText(count)}</p>
      {children && <div className="flex min-w-0 flex-wrap items-center gap-2">{children}</div>}
      <Button variant="ghost" size="sm" icon="x" onClick={onClear} aria-label="Clear selection" className="ml-auto min-w-11">
        <span className="hidden sm:inline">Clear selection</span>
      </Button>
    </div>
  );
}
