// Small status and count pills. Counts cap at 99+ (spec section 9).
import type { ReactNode } from 'react';
import { capBadge } from '../../../shared/labels';

export type BadgeTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  info: 'bg-sky-50 text-sky-800 ring-sky-200',
};

const solidTones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-600 text-white',
  brand: 'bg-brand-700 text-white',
  success: 'bg-emerald-600 text-white',
  warning: 'bg-amber-500 text-amber-950',
  danger: 'bg-red-600 text-white',
  info: 'bg-sky-600 text-white',
};

type BadgeProps = { tone?: BadgeTone; className?: string } & (
  | { children: ReactNode; count?: never; label?: never }
  | {
      /** Shown capped ('99+'); the solid pill of sidebars and tabs. */
      count: number;
      /** What is counted, for screen readers: 'inventory issues' reads '120 inventory issues'. */
      label?: string;
      children?: never;
    }
);

export function Badge(props: BadgeProps) {
  const { tone = 'neutral', className = '' } = props;
  if (props.count !== undefined) {
    return (
      <span className={`inline-flex min-w-5 items-center justify-center rounded-full px-1.5 py-0.5 text-xs leading-none font-semibold tabular-nums ${solidTones[tone]} ${className}`}>
        <span aria-hidden={props.label ? true : undefined}>{capBadge(props.count)}</span>
        {props.label && <span className="sr-only">{`${props.count} ${props.label}`}</span>}
      </span>
    );
  }
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tones[tone]} ${className}`}>
      {props.children}
    </span>
  );
}
