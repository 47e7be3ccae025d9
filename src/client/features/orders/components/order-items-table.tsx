// The order's lines on the preview: a table on desktop, cards on phones.
import type { ReactNode } from 'react';
import type { OrderItem } from '../../../../shared/api/orders';
import { formatDate, formatUsd } from '../../../lib/format';
import { DESKTOP_QUERY, useMediaQuery, WIDE_QUERY } from '../../../components/ui/use-media-query';

/** `folded`: on a tablet (768 to 1180 px) the column rides under the product name instead, so that every column fits. */
const HEADERS: { label: string; right?: boolean; folded?: boolean }[] = [
  { label: 'Product' },
  { label: 'Batch #' },
  { label: 'Category', folded: true },
  { label: 'Brand', folded: true },
  { label: 'Case Size', right: true, folded: true },
  { label: 'Cases', right: true },
  { label: 'Picked', right: true },
  { label: 'Unit Price', right: true },
  { label: 'Subtotal', right: true },
  { label: 'Expiry', folded: true },
];

/** `priceCell`, where given, replaces the shown unit price (the preview's price editor). */
export function OrderItemsTable({ items, priceCell }: { items: readonly OrderItem[]; priceCell?: (item: OrderItem, touch: boolean) => ReactNode }) {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const fold = !useMediaQuery(WIDE_QUERY);
  if (items.length === 0) return <p className="px-4 py-8 text-center text-sm text-slate-600">This order has no items.</p>;
  if (!isDesktop) {
    return (
      <ul aria-label="Order items" className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.orderItemId} className="space-y-2 px-4 py-3">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold break-words text-slate-900">{item.productName}</p>
                <p className="text-xs text-slate-600">
                  Batch <span className="tabular-nums">{item.batchNumber}</span> · {item.categoryName}
                  {item.brandName ? ` · ${item.brandName}` : ''}
                  {item.expiryDate ? ` · exp ${formatDate(item.expiryDate)}` : ''}
                </p>
              </div>
              <p className="shrink-0 text-sm font-semibold text-slate-900 tabular-nums">{formatUsd(item.subTotalPrice)}</p>
            </div>
            <dl className="grid grid-cols-4 gap-2 text-sm">
              <Field label="Cases" value={item.noOfCase} />
              <Field label="Picked" value={item.caseFulfilled} />
              <Field label="Case size" value={item.caseSize} />
              {!priceCell && <Field label="Unit price" value={formatUsd(item.unitSalePrice)} />}
            </dl>
            {priceCell && (
              <div className="flex items-center justify-between gap-3">
                <span className="text-xs font-medium text-slate-500">Unit price</span>
                {priceCell(item, true)}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    // Focusable so that keyboard users can scroll it sideways when the columns do not fit.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Order items">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Order items</caption>
        <thead>
          <tr>
            {HEADERS.filter((header) => !(fold && header.folded)).map((header) => (
              <th
                key={header.label}
                scope="col"
                className={`border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold whitespace-nowrap text-slate-700 ${header.right ? 'text-right' : 'text-left'}`}
              >
                {header.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.orderItemId} className="hover:bg-slate-50">
              <th scope="row" className={`border-b border-slate-100 px-3 py-2.5 text-left font-medium text-slate-900 ${fold ? 'min-w-40' : 'min-w-52'}`}>
                {item.productName}
                {fold && (
                  <span className="block text-xs font-normal text-slate-600">
                    {[`case of ${item.caseSize}`, item.categoryName, item.brandName, item.expiryDate ? `exp ${formatDate(item.expiryDate)}` : null].filter(Boolean).join(' · ')}
                  </span>
                )}
              </th>
              <Cell>{item.batchNumber}</Cell>
              {!fold && <Cell>{item.categoryName}</Cell>}
              {!fold && <Cell wrap>{item.brandName ?? '-'}</Cell>}
              {!fold && <Cell right>{item.caseSize}</Cell>}
              <Cell right>{item.noOfCase}</Cell>
              <Cell right>{item.caseFulfilled}</Cell>
              <Cell right>{priceCell ? priceCell(item, false) : formatUsd(item.unitSalePrice)}</Cell>
              <Cell right strong>
                {formatUsd(item.subTotalPrice)}
              </Cell>
              {!fold && <Cell>{formatDate(item.expiryDate, '-')}</Cell>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `wrap` lets a long text (a brand) take a second line, so that the product name need not take a third. */
function Cell({ children, right = false, strong = false, wrap = false }: { children: ReactNode; right?: boolean; strong?: boolean; wrap?: boolean }) {
  return (
    <td
      className={`border-b border-slate-100 px-3 py-2.5 ${wrap ? '' : 'whitespace-nowrap'} ${right ? 'text-right tabular-nums' : ''} ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}
    >
      {children}
    </td>
  );
}

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}
