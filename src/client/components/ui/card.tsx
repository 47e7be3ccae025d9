// A white surface on the canvas, with an optional header (title, description, actions).
import { useId, type ReactNode } from 'react';

export type CardProps = {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /** Drop the body padding, for a table or list that runs to the card's edges. */
  flush?: boolean;
  className?: string;
};

export function Card({ title, description, actions, children, flush = false, className = '' }: CardProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} className={`rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}>
      {(title || actions) && (
        <header className="flex flex-col gap-3 border-b border-slate-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5">
          <div className="min-w-0">
            {title && (
              <h2 id={titleId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
            )}
            {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </header>
      )}
      <div className={flush ? '' : 'p-4 sm:p-5'}>{children}</div>
    </section>
  );
}
