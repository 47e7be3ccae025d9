// The footer of a server-paged table: rows per page, 'Showing 1–100 of 1,234', and page buttons.
import { PAGE_SIZES } from '../../../../shared/api/protocol';
import { Button } from '../button';
import { Select } from '../select';
import type { PageSize } from './types';

const count = new Intl.NumberFormat('en-US');

function rangeText(page: number, pageSize: number, totalRecords: number, rowsOnPage: number): string {
  if (totalRecords === 0 || rowsOnPage === 0) return `Showing 0 of ${count.format(totalRecords)}`;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${count.format(first)}–${count.format(first + rowsOnPage - 1)} of ${count.format(totalRecords)}`;
}

type Props = {
  page: number;
  pageSize: PageSize;
  totalRecords: number;
  rowsOnPage: number;
  /** The first page is still on its way: no count is shown that was not counted (issue 15, item 8). */
  counting?: boolean;
  /** Offline with nothing saved for this view: no count is known, and none is made up. */
  uncounted?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
};

const sizeOptions = PAGE_SIZES.map((size) => ({ value: size, label: String(size) }));

export function PaginationFooter({ page, pageSize, totalRecords, rowsOnPage, counting = false, uncounted = false, onPageChange, onPageSizeChange }: Props) {
  const lastPage = Math.max(1, Math.ceil(totalRecords / pageSize));
  const atStart = page <= 1;
  const atEnd = counting || uncounted || page >= lastPage;
  const known = !counting && !uncounted;
  return (
    <nav aria-label="Pagination" className="flex flex-col gap-3 px-1 py-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between md:border-t md:border-slate-200 md:px-4">
      <p aria-live="polite" className="whitespace-nowrap tabular-nums">
        {counting ? 'Counting…' : uncounted ? 'Not counted: offline' : rangeText(page, pageSize, totalRecords, rowsOnPage)}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:justify-end">
        <Select label="Rows per page" inline value={pageSize} options={sizeOptions} onChange={onPageSizeChange} buttonClassName="w-20" />
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" icon="chevrons-left" aria-label="First page" disabled={atStart} onClick={() => onPageChange(1)} />
          <Button variant="ghost" size="icon" icon="chevron-left" aria-label="Previous page" disabled={atStart} onClick={() => onPageChange(page - 1)} />
          <span className="px-2 whitespace-nowrap tabular-nums">
            {known ? `Page ${count.format(page)} of ${count.format(lastPage)}` : `Page ${count.format(page)}`}
          </span>
          <Button variant="ghost" size="icon" icon="chevron-right" aria-label="Next page" disabled={atEnd} onClick={() => onPageChange(page + 1)} />
          <Button variant="ghost" size="icon" icon="chevrons-right" aria-label="Last page" disabled={atEnd} onClick={() => onPageChange(lastPage)} />
        </div>
      </div>
    </nav>
  );
}
