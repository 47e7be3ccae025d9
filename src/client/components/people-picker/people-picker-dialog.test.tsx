import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../shared/api/orders';
import { customersEndpoint, msoOwnersEndpoint } from '../../../shared/api/orders';
import type { Endpoint } from '../../../shared/api/endpoint';
import { callApi } from '../../lib/api-client';
import { PeoplePickerDialog, type PeoplePickerDialogProps } from './people-picker-dialog';

vi.mock('../../lib/api-client', () => ({ callApi: vi.fn() }));

const customer = (id: number, name: string, salesPersonId: number | null): Customer => ({
  customer_id: id,
  customer_name: name,
  customer_group: 'INT',
  mso_owner_id: null,
  mso_owner_name: 'GreenVault Retail',
  sales_person_id: salesPersonId,
  sales_person_name: salesPersonId === null ? null : `Person ${salesPersonId}`,
});
const CUSTOMERS = [customer(1, 'GreenVault Duluth', 10), customer(2, 'Prairie Leaf North', 11), customer(3, 'Harbor Light East', 10)];

beforeEach(() => {
  vi.mocked(callApi).mockReset();
  vi.mocked(callApi).mockImplementation((async (endpoint: Endpoint, input: { query?: { salesPersonId?: string } }) => {
    if (endpoint.path === '/customer/mso')
      return {
        data: [
          { mso_owner_id: 5, mso_owner_name: 'GreenVault Retail' },
          { mso_owner_id: 6, mso_owner_name: 'Prairie Leaf' },
        ],
      };
    if (endpoint.path === '/sales-person')
      return {
        data: [
          { sales_person_id: 10, sales_person_name: 'Person 10' },
          { sales_person_id: 11, sales_person_name: 'Person 11' },
        ],
      };
    const ids = input.query?.salesPersonId?.split(',').map(Number);
    return { data: ids ? CUSTOMERS.filter((c) => ids.includes(c.sales_person_id ?? -1)) : CUSTOMERS };
  }) as never);
});

function renderPicker(props: Partial<PeoplePickerDialogProps>) {
  const onConfirm = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<PeoplePickerDialog open onClose={() => {}} onConfirm={onConfirm} mode="buyers" title="Select Customer" confirmLabel="Create Order" {...props} />, { wrapper });
  return { onConfirm, user: userEvent.setup() };
}

describe('the people picker', () => {
  it('buyers only, single select: confirm waits for one buyer and returns the buyer with their sales person', async () => {
    const { onConfirm, user } = renderPicker({ mode: 'buyers', description: 'Choose buyer to create order.' });
    const dialog = await screen.findByRole('dialog', { name: 'Select Customer' });
    const confirm = within(dialog).getByRole('button', { name: 'Create Order' });
    expect(confirm).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Choose a buyer.')).toBeTruthy();

    await user.click(await within(dialog).findByRole('radio', { name: /GreenVault Duluth/ }));
    await user.click(within(dialog).getByRole('radio', { name: /Prairie Leaf North/ }));
    expect(within(dialog).getByRole('radio', { name: /GreenVault Duluth/ })).toHaveProperty('checked', false);
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ salesPersons: [], buyers: [{ id: 2, name: 'Prairie Leaf North', salesPerson: { id: 11, name: 'Person 11' } }] });
  });

  it('searches the list and says how many match', async () => {
    const { user } = renderPicker({ mode: 'buyers', multiple: true });
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('checkbox', { name: /Harbor Light East/ });
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search buyers' }), 'harbor');
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dialog).getByText('1 of 3 buyers match')).toBeTruthy();
  });

  it('both: sales persons narrow the buyers, and confirm needs one of each', async () => {
    const { onConfirm, user } = renderPicker({ mode: 'both', title: 'Choose people', confirmLabel: 'Confirm' });
    const dialog = await screen.findByRole('dialog', { name: 'Choose people' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Person 10' }));
    expect(confirm).toHaveProperty('disabled', true);
    expect(vi.mocked(callApi)).toHaveBeenCalledWith(customersEndpoint, expect.objectContaining({ query: { salesPersonId: '10', group: undefined }, market: 'MN' }));
    const buyers = within(dialog).getByRole('group', { name: /Buyer/ });
    await vi.waitFor(() => expect(within(buyers).queryByRole('radio', { name: /Prairie Leaf North/ })).toBeNull());
    await user.click(within(buyers).getByRole('radio', { name: /Harbor Light East/ }));
    expect(confirm).toHaveProperty('disabled', false);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({
      salesPersons: [{ id: 10, name: 'Person 10' }],
      buyers: [{ id: 3, name: 'Harbor Light East', salesPerson: { id: 10, name: 'Person 10' } }],
    });
  });

  it('sales persons only, multiple: any number from one', async () => {
    const { onConfirm, user } = renderPicker({ mode: 'salesPersons', multiple: true, confirmLabel: 'Apply' });
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Apply' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Person 10' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Person 11' }));
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({
      buyers: [],
      salesPersons: [
        { id: 10, name: 'Person 10' },
        { id: 11, name: 'Person 11' },
      ],
    });
  });

  it('offers dispensary chains (MSO owners) as the buyers, keeping them when sales persons are chosen', async () => {
    const { onConfirm, user } = renderPicker({ mode: 'both', multiple: true, buyerKind: 'msoOwners', group: 'EXT', title: 'Select Dispensary Chain', confirmLabel: 'Confirm' });
    const dialog = await screen.findByRole('dialog', { name: 'Select Dispensary Chain' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Prairie Leaf' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Person 11' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Prairie Leaf' })).toHaveProperty('checked', true);
    expect(vi.mocked(callApi)).toHaveBeenCalledWith(msoOwnersEndpoint, expect.objectContaining({ query: { salesPersonId: '11', group: 'EXT' }, market: 'MN' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith({ buyers: [{ id: 6, name: 'Prairie Leaf', salesPerson: null }], salesPersons: [{ id: 11, name: 'Person 11' }] });
  });
});
