// One fact of the order preview's summary: a small label over a large value.
import { useId, type ReactNode } from 'react';

export function SummaryCard({ label, value, detail, children }: { label: string; value: ReactNode; detail?: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="h-full min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
        {label}
      </h2>
      <div className="mt-1 text-base font-semibold break-words text-slate-900">{value}</div>
      {detail && <div className="mt-0.5 text-sm text-slate-600">{detail}</div>}
      {children}
    </section>
  );
}
