// /admin/users: a Market Admin's list of who works in the market, where roles are given, changed or
// removed and accounts activated or deactivated, each after a confirmation.
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import type { UserRow } from '../../../../shared/api/users';
import type { Role } from '../../../../shared/enums';
import { formatDateTime } from '../../../../shared/format';
import { initials } from '../../../../shared/labels';
import { Badge } from '../../../components/ui/badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { showToast } from '../../../components/ui/toast';
import { handleError } from '../../../lib/handle-error';
import { useChangeUser, type UserChange } from '../api/change-user';
import { fetchUsers, USERS_QUERY_KEY } from '../api/list-users';
import { ChangeRoleDialog } from './change-role-dialog';

export type UsersTab = 'market' | 'all';

/** A narrow card wraps an address after the @ or before a dot of the domain, not mid-word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const [first, ...rest] = email.slice(at + 1).split('.');
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {first}
      {rest.map((part, index) => (
        <span key={index}>
          <wbr />.{part}
        </span>
      ))}
    </>
  );
}

const columns: ColumnDef<UserRow, unknown>[] = [
  {
    id: 'name',
    accessorKey: 'name',
    meta: { label: 'Name', filter: 'text', alwaysVisible: true, card: 'title' },
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        <span className="hidden size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 md:grid" aria-hidden="true">
          {initials(row.original.name)}
        </span>
        <span className="font-medium text-slate-900">{row.original.name}</span>
      </span>
    ),
  },
  {
    id: 'email',
    accessorKey: 'email',
    meta: { label: 'Email', filter: 'text', card: 'subtitle' },
    cell: ({ row }) => <EmailAddress email={row.original.email} />,
  },
  {
    id: 'role',
    accessorKey: 'role',
    meta: { label: 'Role here', filter: 'text', card: 'badge' },
    cell: ({ row }) => (row.original.role ? <Badge tone="brand">{row.original.role}</Badge> : <span className="text-slate-500">No role</span>),
  },
  {
    id: 'markets',
    accessorFn: (row) => row.markets.map((m) => m.code).join(', '),
    meta: { label: 'Markets', sortable: false },
    cell: ({ row }) =>
      row.original.markets.length === 0 ? (
        <span className="text-slate-500">None</span>
      ) : (
        <span className="flex flex-wrap gap-1">
          {row.original.markets.map((m) => (
            <span key={m.code} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700" title={m.role}>
              {m.code} · {m.role}
            </span>
          ))}
        </span>
      ),
  },
  {
    id: 'isActive',
    accessorKey: 'isActive',
    meta: { label: 'Status', filter: { type: 'select', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }] }, card: 'badge' },
    cell: ({ row }) => (row.original.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>),
  },
  { id: 'createdAt', accessorKey: 'createdAt', meta: { label: 'Added', hiddenByDefault: true }, cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

type Pending = { user: UserRow; change: UserChange; title: string; message: string; confirmLabel: string; destructive: boolean };

function successMessage(change: UserChange, user: UserRow, marketName: string): string {
  switch (change.kind) {
    case 'set-role':
      return `${user.name} is now ${change.role} in ${marketName}.`;
    case 'remove-role':
      return `${user.name} no longer has a role in ${marketName}.`;
    case 'set-status':
      return change.isActive ? `${user.name} can sign in again.` : `${user.name} is deactivated and can no longer sign in.`;
  }
}

export function UsersAdminPage({
  marketName,
  currentUserId,
  tab,
  state,
  onTabChange,
  onStateChange,
}: {
  marketName: string;
  currentUserId: string;
  tab: UsersTab;
  state: TableState;
  onTabChange: (tab: UsersTab) => void;
  onStateChange: (state: TableState) => void;
}) {
  const list = useTableQuery<UserRow, { tab: UsersTab }>({
    queryKey: [USERS_QUERY_KEY],
    fetchPage: (query, signal) => fetchUsers(query, signal),
    state,
    extra: { tab },
  });
  const changeUser = useChangeUser();
  const [roleFor, setRoleFor] = useState<UserRow | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  async function apply(user: UserRow, change: UserChange) {
    try {
      await changeUser.mutateAsync(change);
      showToast({ tone: 'success', title: successMessage(change, user, marketName) });
      setPending(null);
      setRoleFor(null);
    } catch (error) {
      handleError(error, 'The change could not be saved. Please try again.');
    }
  }

  function rowActions(user: UserRow) {
    const self = user.userId === currentUserId;
    return [
      { label: user.role ? 'Change role' : `Give a role in ${marketName}`, icon: 'users' as const, disabled: self, onSelect: () => setRoleFor(user) },
      ...(user.role
        ? [
            {
              label: `Remove role in ${marketName}`,
              icon: 'x' as const,
              destructive: true,
              disabled: self,
              onSelect: () =>
                setPending({
                  user,
                  change: { kind: 'remove-role', userId: user.userId },
                  title: `Remove ${user.name}'s role?`,
                  message: `${user.name} will no longer see or do anything in ${marketName}. Their roles in other markets stay.`,
                  confirmLabel: 'Remove role',
                  destructive: true,
                }),
            },
          ]
        : []),
      {
        label: user.isActive ? 'Deactivate' : 'Activate',
        icon: (user.isActive ? 'lock' : 'check') as 'lock' | 'check',
        destructive: user.isActive,
        disabled: self || user.role === null,
        onSelect: () =>
          setPending({
            user,
            change: { kind: 'set-status', userId: user.userId, isActive: !user.isActive },
            title: user.isActive ? `Deactivate ${user.name}?` : `Activate ${user.name}?`,
            message: user.isActive
              ? `${user.name} will be signed out at their next request and cannot sign in to any market until reactivated.`
              : `${user.name} will be able to sign in again with their existing roles.`,
            confirmLabel: user.isActive ? 'Deactivate' : 'Activate',
            destructive: user.isActive,
          }),
      },
    ];
  }

  const tabs: { value: UsersTab; label: string }[] = [
    { value: 'market', label: `In ${marketName}` },
    { value: 'all', label: 'All users' },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader title="Users & Roles" subtitle={`Who can sign in to ${marketName}, and what their role lets them do. You cannot change your own role or status.`} />
      <div role="tablist" aria-label="Which users" className="inline-flex rounded-lg bg-slate-100 p-1">
        {tabs.map((option) => (
          <button
            key={option.value}
            type="button"
            role="tab"
            aria-selected={tab === option.value}
            onClick={() => onTabChange(option.value)}
            className={`min-h-9 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${tab === option.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {option.label}
          </button>
        ))}
      </div>
      <div className="mt-4">
        <DataTable<UserRow>
          tableId="users-admin"
          caption={`Users ${tab === 'market' ? `in ${marketName}` : 'in every market'}`}
          columns={columns}
          rows={list.rows}
          totalRecords={list.totalRecords}
          getRowId={(row) => row.userId}
          getRowLabel={(row) => row.name}
          state={state}
          onStateChange={onStateChange}
          isLoading={list.isLoading}
          isFetching={list.isFetching}
          staleError={list.staleError}
          onRetry={list.retry}
          rowActions={rowActions}
        />
      </div>
      <ChangeRoleDialog
        key={roleFor?.userId ?? 'none'}
        user={roleFor}
        marketName={marketName}
        busy={changeUser.isPending}
        onClose={() => setRoleFor(null)}
        onConfirm={(role: Role) => roleFor && void apply(roleFor, { kind: 'set-role', userId: roleFor.userId, role })}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        message={pending?.message}
        confirmLabel={pending?.confirmLabel}
        destructive={pending?.destructive}
        busy={changeUser.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void apply(pending.user, pending.change)}
      />
    </div>
  );
}
