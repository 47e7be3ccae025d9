// The top of every screen: the page's one h1, a subtitle, and its actions (stacked under the title on phones).
import type { ReactNode } from 'react';

export function PageHeader({ title, subtitle, actions, back, className = '' }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; back?: ReactNode; className?: string }) {
  return (
    <header className={`mb-4 flex flex-col gap-3 sm:mb-6 md:flex-row md:items-end md:justify-between ${className}`}>
      <div className="min-w-0">
        {back && <div className="mb-2">{back}</div>}
        <h1 className="text-xl font-semibold tracking-tight text-balance text-slate-900 sm:text-2xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2 md:shrink-0 md:justify-end [&>*]:grow md:[&>*]:grow-0">{actions}</div>}
    </header>
  );
}
