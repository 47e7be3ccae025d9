import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { STALE_DATA_TEXT } from './data-table';
import { DESKTOP_ROW_HEIGHT } from './desktop-table';
import { fakeLayout, makeOrders, setViewport, stubBrowserApis, TableHarness, type Order } from './test-support';
import type { TableState } from './types';

let restoreLayout: () => void;

beforeEach(() => {
  stubBrowserApis();
  setViewport('desktop');
  restoreLayout = fakeLayout();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  restoreLayout();
  vi.useRealTimers();
});

const lastState = (spy: ReturnType<typeof vi.fn>): TableState => spy.mock.lastCall?.[0] as TableState;
const headerNames = () => within(screen.getByRole('table', { hidden: true })).getAllByRole('columnheader', { hidden: true }).map((header) => header.textContent?.trim());

describe('DataTable search and filters', () => {
  // Typing is simulated with change events: user-event waits on timers, which fake timers stop.
  const typeInto = (input: HTMLElement, text: string) => {
    for (let length = 1; length <= text.length; length += 1) {
      fireEvent.change(input, { target: { value: text.slice(0, length) } });
      act(() => vi.advanceTimersByTime(100));
    }
  };

  it('searches 500 ms after the last keystroke and goes back to page 1', () => {
    vi.useFakeTimers();
    const onStateChange = vi.fn();
    render(<TableHarness initialState={{ page: 3 }} totalRecords={1_000} onStateChange={onStateChange} />);

    typeInto(screen.getByPlaceholderText('Search...'), 'acme');
    act(() => vi.advanceTimersByTime(350));
    expect(onStateChange).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(50));
    expect(onStateChange).toHaveBeenCalledTimes(1);
    expect(lastState(onStateChange)).toMatchObject({ search: 'acme', page: 1 });
  });

  it('searches at once on Enter', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness onStateChange={onStateChange} />);

    await user.type(screen.getByPlaceholderText('Search...'), 'acme{Enter}');
    expect(lastState(onStateChange)).toMatchObject({ search: 'acme' });
  });

  it('leaves a blank search out of the state', () => {
    vi.useFakeTimers();
    const onStateChange = vi.fn();
    render(<TableHarness initialState={{ search: 'acme', page: 2 }} totalRecords={1_000} onStateChange={onStateChange} />);

    fireEvent.change(screen.getByPlaceholderText('Search...'), { target: { value: '   ' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onStateChange).toHaveBeenCalledTimes(1);
    expect(lastState(onStateChange)).not.toHaveProperty('search');
    expect(lastState(onStateChange).page).toBe(1);
  });

  it('sends a date range as yyyy-MM-dd and removes it when both dates are cleared', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness initialState={{ page: 4 }} totalRecords={1_000} onStateChange={onStateChange} />);
    await user.click(screen.getByRole('button', { name: 'Filter Order Placed' }));

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2024-03-01' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2024-03-31' } });
    act(() => vi.advanceTimersByTime(500));
    expect(onStateChange).toHaveBeenCalledTimes(1);
    expect(lastState(onStateChange)).toMatchObject({ page: 1, filters: [{ column: 'created', type: 'dateRange', value: { from: '2024-03-01', to: '2024-03-31' } }] });

    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '' } });
    act(() => vi.advanceTimersByTime(500));
    expect(lastState(onStateChange).filters).toEqual([{ column: 'created', type: 'dateRange', value: { to: '2024-03-31' } }]);

    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '' } });
    act(() => vi.advanceTimersByTime(500));
    expect(lastState(onStateChange).filters).toEqual([]);
  });

  it('keeps a text filter typed just before its popover closes', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness onStateChange={onStateChange} />);
    await user.click(screen.getByRole('button', { name: 'Filter Customer' }));
    await user.type(screen.getByRole('searchbox', { name: 'Customer' }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(lastState(onStateChange).filters).toEqual([{ column: 'customer', type: 'text', value: 'acme' }]);
    expect(screen.getByRole('button', { name: 'Filter Customer (filtered)' })).toBeTruthy();
  });

  it('shows a filter in force as a chip that removes it', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness initialState={{ filters: [{ column: 'status', type: 'select', value: ['Pending'] }] }} onStateChange={onStateChange} />);

    await user.click(screen.getByRole('button', { name: 'Remove filter Status: Pending' }));
    expect(lastState(onStateChange).filters).toEqual([]);
  });
});

describe('DataTable sorting', () => {
  it('sorts by one column on click and adds a second with shift+click', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness initialState={{ page: 2 }} totalRecords={1_000} onStateChange={onStateChange} />);

    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    expect(lastState(onStateChange)).toMatchObject({ page: 1, sort: [{ column: 'customer', order: 'asc' }] });

    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await user.keyboard('{/Shift}');
    expect(lastState(onStateChange).sort).toEqual([
      { column: 'customer', order: 'asc' },
      { column: 'status', order: 'asc' },
    ]);
    expect(screen.getByRole('columnheader', { name: /^Customer/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('button', { name: /^Status/ }).textContent).toContain('2');

    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    expect(lastState(onStateChange).sort).toEqual([{ column: 'customer', order: 'desc' }]);
    await user.click(screen.getByRole('button', { name: /^Customer/ }));
    expect(lastState(onStateChange).sort).toEqual([]);
  });

  it('does not offer sorting on a column without an accessor', () => {
    render(<TableHarness />);
    expect(screen.queryByRole('button', { name: /^Notes/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Notes' })).toBeTruthy();
  });
});

describe('DataTable Manage Columns', () => {
  it('opens on Ctrl+K and keeps the browser from taking the shortcut', async () => {
    render(<TableHarness />);
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Manage Columns' })).toBeTruthy();
  });

  it('hides a column, refuses to hide an always-visible one, and remembers the choice', async () => {
    const user = userEvent.setup();
    render(<TableHarness />);
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Manage Columns' });

    const customer = within(dialog).getByRole('checkbox', { name: /Customer/ }) as HTMLInputElement;
    expect(customer.disabled).toBe(true);
    expect(customer.checked).toBe(true);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Order Placed' }));
    expect(headerNames()).not.toContain('Order Placed');
    expect(JSON.parse(localStorage.getItem('columnVisibility')!)['orders-test']).toMatchObject({ created: false, customer: true });
  });

  it('reorders with the arrow buttons, persists under columnOrder and resets to default', async () => {
    const user = userEvent.setup();
    render(<TableHarness />);
    await user.click(screen.getByRole('button', { name: 'Manage Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Columns' });

    await user.click(within(dialog).getByRole('button', { name: 'Move Status up' }));
    expect(headerNames().slice(0, 2)).toEqual(['Status', 'Customer']);
    expect(JSON.parse(localStorage.getItem('columnOrder')!)['orders-test']).toEqual(['status', 'customer', 'created', 'total', 'notes']);

    await user.click(within(dialog).getByRole('button', { name: 'Reset to Default' }));
    expect(headerNames().slice(0, 2)).toEqual(['Customer', 'Status']);
    expect(JSON.parse(localStorage.getItem('columnOrder')!)).not.toHaveProperty('orders-test');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage Columns' })).toBeNull());
  });

  it('reorders by drag and drop, and a new visit uses the saved order', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<TableHarness />);
    await user.click(screen.getByRole('button', { name: 'Manage Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Columns' });
    const item = (label: string) => within(dialog).getByRole('checkbox', { name: label }).closest('li')!;

    const data = new Map<string, string>();
    const dataTransfer = { setData: (type: string, value: string) => data.set(type, value), getData: (type: string) => data.get(type) ?? '', effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(item('Notes'), { dataTransfer });
    fireEvent.dragOver(item('Status'), { dataTransfer });
    fireEvent.drop(item('Status'), { dataTransfer });
    expect(headerNames().slice(0, 3)).toEqual(['Customer', 'Notes', 'Status']);

    unmount();
    render(<TableHarness />);
    expect(headerNames().slice(0, 3)).toEqual(['Customer', 'Notes', 'Status']);
  });

  it('shows columns hidden by default only once ticked', async () => {
    const user = userEvent.setup();
    render(<TableHarness />);
    expect(headerNames()).not.toContain('Total Price');
    await user.click(screen.getByRole('button', { name: 'Manage Columns' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('checkbox', { name: 'Total Price' }));
    expect(headerNames()).toContain('Total Price');
  });
});

describe('DataTable rows', () => {
  it('counts selected rows and hands them to the bulk actions', async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    render(
      <TableHarness
        enableSelection
        bulkActions={(selected: Order[]) => (
          <Button size="sm" onClick={() => onRefresh(selected.map((row) => row.id))}>
            Refresh
          </Button>
        )}
      />,
    );
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 1' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' }).textContent).toContain('1 row selected');
    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 3' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(bar.textContent).toContain('2 rows selected');

    await user.click(within(bar).getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledWith(['SO-1', 'SO-3']);

    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('region', { name: 'Bulk actions' }).textContent).toContain('3 rows selected');
    await user.click(within(screen.getByRole('region', { name: 'Bulk actions' })).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).toBeNull();
  });

  it('offers selection only on the rows allowed', () => {
    render(<TableHarness enableSelection={(row) => row.status === 'Pending'} />);
    expect(screen.getByRole('checkbox', { name: 'Select Customer 1' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select Customer 2' })).toBeNull();
  });

  it('opens a row on click or Enter, but not from its checkbox or actions menu', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    const onCancel = vi.fn();
    render(<TableHarness enableSelection onRowClick={onRowClick} rowActions={(row) => [{ label: 'Cancel order', destructive: true, onSelect: () => onCancel(row.id) }]} />);

    await user.click(screen.getByRole('checkbox', { name: 'Select Customer 2' }));
    await user.click(screen.getAllByRole('button', { name: 'Row actions' })[1]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel order' }));
    expect(onCancel).toHaveBeenCalledWith('SO-2');
    expect(onRowClick).not.toHaveBeenCalled();

    await user.click(screen.getByRole('cell', { name: 'Customer 2' }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect((onRowClick.mock.lastCall?.[0] as Order).id).toBe('SO-2');

    const firstRow = screen.getByRole('cell', { name: 'Customer 1' }).closest('tr')!;
    firstRow.focus();
    await user.keyboard('{Enter}');
    expect((onRowClick.mock.lastCall?.[0] as Order).id).toBe('SO-1');
  });

  it('keeps cached rows with a warning banner whose Retry refetches', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<TableHarness staleError={new Error('offline')} onRetry={onRetry} />);

    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain(STALE_DATA_TEXT);
    expect(screen.getByRole('cell', { name: 'Customer 1' })).toBeTruthy();
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows skeleton rows on first load and the empty text when there is nothing', () => {
    const { rerender } = render(<TableHarness rows={[]} isLoading />);
    expect(screen.getByRole('status').textContent).toContain('Loading Orders');
    expect(screen.queryByText('There are no records to be displayed')).toBeNull();

    rerender(<TableHarness rows={[]} />);
    expect(screen.getByText('There are no records to be displayed')).toBeTruthy();
  });

  it('shows no count while the first page is on its way: no "Showing 0 of 0", no "Page 1 of 1", no next page', () => {
    const { rerender } = render(<TableHarness rows={[]} totalRecords={0} isLoading />);
    const footer = screen.getByRole('navigation', { name: 'Pagination' });
    expect(footer.textContent).not.toMatch(/Showing 0 of 0|of 1/);
    expect(footer.textContent).toContain('Counting…');
    expect(within(footer).getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);

    rerender(<TableHarness rows={makeOrders(100)} totalRecords={1_234} />);
    expect(footer.textContent).toContain('Showing 1–100 of 1,234');
    expect(footer.textContent).toContain('Page 1 of 13');
  });

  it('shows a progress bar while refetching with the rows still there', () => {
    render(<TableHarness isFetching />);
    expect(screen.getByRole('progressbar', { name: 'Refreshing rows' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Customer 1' })).toBeTruthy();
  });
});

describe('DataTable pagination', () => {
  it('shows the range and moves between pages', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness rows={makeOrders(100)} totalRecords={1_234} onStateChange={onStateChange} />);

    expect(screen.getByText('Showing 1–100 of 1,234')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(lastState(onStateChange).page).toBe(2);
    expect(screen.getByText('Showing 101–200 of 1,234')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(lastState(onStateChange).page).toBe(13);
  });

  it('goes back to page 1 when the page size changes', async () => {
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    render(<TableHarness initialState={{ page: 5 }} rows={makeOrders(100)} totalRecords={1_234} onStateChange={onStateChange} />);

    await user.click(screen.getByRole('button', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    expect(lastState(onStateChange)).toMatchObject({ page: 1, pageSize: 25 });
  });
});

describe('DataTable virtualisation', () => {
  it('renders 10,000 rows with fewer than 100 row elements and scrolls to later ones', () => {
    const rows = makeOrders(10_000);
    render(<TableHarness rows={rows} totalRecords={10_000} />);
    const table = screen.getByRole('table');
    const rendered = () => table.querySelectorAll('tbody tr[data-row-index]');

    expect(rendered().length).toBeGreaterThan(5);
    expect(rendered().length).toBeLessThan(100);
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    expect(rendered()[0]!.getAttribute('aria-rowindex')).toBe('2');

    const scroller = table.parentElement!;
    act(() => {
      scroller.scrollTop = DESKTOP_ROW_HEIGHT * 5_000;
      fireEvent.scroll(scroller);
    });
    expect(screen.getByRole('cell', { name: 'Customer 5001' })).toBeTruthy();
    expect(rendered().length).toBeLessThan(100);
  });
});

describe('DataTable on phones', () => {
  it('shows rows as cards and sorts from the Sort & filter sheet', async () => {
    setViewport('phone');
    const user = userEvent.setup();
    const onStateChange = vi.fn();
    const onRowClick = vi.fn();
    render(<TableHarness onStateChange={onStateChange} onRowClick={onRowClick} />);

    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByText('Order Placed')).toBeTruthy();
    await user.click(within(cards[1]!).getByText('Customer 2'));
    expect((onRowClick.mock.lastCall?.[0] as Order).id).toBe('SO-2');

    await user.click(screen.getByRole('button', { name: 'Sort & filter' }));
    const sheet = await screen.findByRole('dialog', { name: 'Sort & filter' });
    await user.click(within(sheet).getByRole('button', { name: /^Order Placed/ }));
    expect(lastState(onStateChange).sort).toEqual([{ column: 'created', order: 'asc' }]);
  });
});
