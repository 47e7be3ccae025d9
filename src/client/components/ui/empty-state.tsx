// What a list or page shows when there is nothing in it.
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icons';

export function EmptyState({ title, description, icon = 'box', action, className = '' }: { title: string; description?: ReactNode; icon?: IconName; action?: ReactNode; className?: string }) {
  return (
    <div className={`flex flex-col items-center justify-center gap-3 px-6 py-12 text-center ${className}`}>
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon name={icon} className="size-6" />
      </span>
      <div className="max-w-sm space-y-1">
        <p className="text-base font-semibold text-slate-900">{title}</p>
        {description && <p className="text-sm text-slate-600">{description}</p>}
      </div>
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
