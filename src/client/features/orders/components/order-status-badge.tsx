// A status pill with one colour per order status; Action Required has the orange the edit screen uses
// for the lines that need action.
import type { OrderStatus } from '../../../../shared/enums';

const STATUS_COLOURS: Record<OrderStatus, string> = {
  Pending: 'bg-amber-50 text-amber-800 ring-amber-300',
  Revised: 'bg-sky-50 text-sky-800 ring-sky-300',
  Approved: 'bg-brand-50 text-brand-800 ring-brand-300',
  Rejected: 'bg-red-50 text-red-700 ring-red-300',
  Cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
  'Partially Picked': 'bg-indigo-50 text-indigo-800 ring-indigo-300',
  Picked: 'bg-violet-50 text-violet-800 ring-violet-300',
  Packaged: 'bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-300',
  Shipped: 'bg-cyan-50 text-cyan-800 ring-cyan-300',
  Delivered: 'bg-teal-50 text-teal-800 ring-teal-300',
  Completed: 'bg-emerald-100 text-emerald-900 ring-emerald-400',
  'Action Required': 'bg-orange-100 text-orange-900 ring-orange-400',
};

export function OrderStatusBadge({ status, className = '' }: { status: OrderStatus; className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_COLOURS[status]} ${className}`}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current opacity-70" />
      {status}
    </span>
  );
}
