// A large link tile on a hub page (/inventory, /menus), with an optional count badge.
import { Link } from '@tanstack/react-router';
import { capBadge } from '../../shared/labels';
import { Icon, type IconName } from './ui/icons';

export function HubTile({ to, title, description, icon, count, countLabel }: { to: string; title: string; description: string; icon: IconName; count?: number; countLabel?: string }) {
  return (
    <Link
      // Typed paths grow as screens land; hub tiles name them as plain paths.
      to={to as '/'}
      className="group relative flex min-h-32 flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon name={icon} className="size-6" />
      </span>
      <span className="mt-4 text-base font-semibold text-slate-900">{title}</span>
      {/* Clear of the chevron in the bottom-right corner. */}
      <span className="mt-1 pr-7 text-sm text-slate-600">{description}</span>
      {count !== undefined && count > 0 && (
        <span className="absolute top-4 right-4 min-w-6 rounded-full bg-red-600 px-2 py-0.5 text-center text-xs font-semibold text-white" aria-label={`${count} ${countLabel ?? ''}`.trim()}>
          {capBadge(count)}
        </span>
      )}
      <Icon name="chevron-right" className="absolute right-4 bottom-5 size-5 text-slate-300 transition group-hover:text-brand-600" />
    </Link>
  );
}
