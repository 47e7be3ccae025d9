// The lines of the order on screen (the cart on create, the order's lines on edit): cases, price, subtotal
// and removal per line, what is wrong with each, and the totals. Lines short of stock (edit) carry the
// Action Required colour until they are changed or removed.
import { useId, type ReactNode } from 'react';
import { formatDate, formatUsd } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { lineErrors, lineSubtotal, linesToFix, linesToFixText, orderTotal, totalCases, type OrderLine } from '../order-lines';
import { PriceInput, QuantityStepper } from './quantity-stepper';

export type OrderLinesPanelProps = {
  lines: readonly OrderLine[];
  onCases: (line: OrderLine, cases: number | null) => void;
  onPrice: (line: OrderLine, price: string) => void;
  onRemove: (line: OrderLine) => void;
  emptyText: string;
  /** Large steppers for thumbs (the phone sheet). */
  touch?: boolean;
};

export function OrderLinesPanel({ lines, onCases, onPrice, onRemove, emptyText, touch = false }: OrderLinesPanelProps) {
  if (lines.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <span className="grid size-11 place-items-center rounded-full bg-slate-100 text-slate-500">
          <Icon name="cart" className="size-5" />
        </span>
        <p className="text-sm text-slate-600">{emptyText}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {lines.map((line) => (
        <LineRow key={line.batchId} line={line} onCases={onCases} onPrice={onPrice} onRemove={onRemove} touch={touch} />
      ))}
    </ul>
  );
}

function LineRow({
  line,
  onCases,
  onPrice,
  onRemove,
  touch,
}: {
  line: OrderLine;
  onCases: OrderLinesPanelProps['onCases'];
  onPrice: OrderLinesPanelProps['onPrice'];
  onRemove: OrderLinesPanelProps['onRemove'];
  touch: boolean;
}) {
  const errors = lineErrors(line);
  const errorId = useId();
  const short = line.existing !== undefined && line.existing.shortCases > 0;
  const name = `${line.productName}, batch ${line.batchNumber}`;
  const message = [errors.cases, errors.price].filter(Boolean).join(' · ');
  return (
    <li
      aria-label={name}
      className={`space-y-3 py-3 ${short ? 'relative -mx-3 rounded-lg border-l-4 border-orange-500 bg-orange-50 px-3 sm:-mx-4 sm:px-4' : ''}`}
      data-action-required={short || undefined}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words text-slate-900">{line.productName}</p>
          <p className="text-xs text-slate-600">
            Batch <span className="tabular-nums">{line.batchNumber}</span> · {line.categoryName} · case of {line.caseSize}
            {line.expiryDate ? ` · exp ${formatDate(line.expiryDate)}` : ''}
          </p>
          {short && (
            <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900 ring-1 ring-orange-300 ring-inset">
              <Icon name="alert" className="size-3.5" /> Action Required · {line.maxCases} available
            </p>
          )}
        </div>
        <Button variant="ghost" size="icon" icon="x" aria-label={`Remove ${name}`} onClick={() => onRemove(line)} className="-mt-1 -mr-2" />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <QuantityStepper
          size={touch ? 'lg' : 'md'}
          label={`Cases of ${name}`}
          value={line.cases}
          max={line.maxCases}
          invalid={Boolean(errors.cases)}
          describedBy={message ? errorId : undefined}
          onChange={(cases) => onCases(line, cases)}
        />
        <PriceInput
          size={touch ? 'lg' : 'md'}
          label={`Unit price of ${name}`}
          value={line.price}
          placeholder={line.defaultPrice.toFixed(2)}
          invalid={Boolean(errors.price)}
          describedBy={message ? errorId : undefined}
          onChange={(price) => onPrice(line, price)}
        />
      </div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-600 tabular-nums">
          {line.cases ?? 0} × {line.caseSize} units
        </span>
        <span className="font-semibold text-slate-900 tabular-nums">{formatUsd(lineSubtotal(line))}</span>
      </div>
      {message && (
        <p id={errorId} className="flex items-start gap-1 text-sm font-medium text-red-700">
          <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </p>
      )}
    </li>
  );
}

/** Items, cases and the total of the valid lines, how many lines are left out, and what follows (the main button, the problems). */
export function OrderTotals({ lines, children }: { lines: readonly OrderLine[]; children?: ReactNode }) {
  const toFix = linesToFix(lines);
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs font-medium text-slate-500">Items</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{lines.length}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-slate-500">Cases</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{totalCases(lines)}</dd>
        </div>
        <div className="text-right">
          <dt className="text-xs font-medium text-slate-500">Total</dt>
          <dd className="text-base font-semibold text-slate-900 tabular-nums">{formatUsd(orderTotal(lines))}</dd>
        </div>
      </dl>
      {toFix > 0 && <LinesToFixNote count={toFix} />}
      {children}
    </div>
  );
}

/** Lines with a problem are not in the cases and total above: says how many, so the figure is not taken as the order's. */
function LinesToFixNote({ count, className = '' }: { count: number; className?: string }) {
  return (
    <p className={`flex items-center gap-1 text-sm font-medium text-red-700 ${className}`}>
      <Icon name="warning" className="size-4 shrink-0" />
      <span>{`${linesToFixText(count)} · not in the total`}</span>
    </p>
  );
}

/** The order-level problems after a save was tried, read out as they appear. */
export function OrderProblems({ problems, id }: { problems: readonly string[]; id?: string }) {
  return (
    <div id={id} role="alert" aria-live="assertive">
      {problems.length > 0 && (
        <ul className="space-y-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
          {problems.map((problem) => (
            <li key={problem} className="flex items-start gap-1.5">
              <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
              <span>{problem}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
