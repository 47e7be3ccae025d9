// /admin/users: a Market Admin's list of who works in the market, where existing accounts are added,
// roles changed or removed and users activated or deactivated in this market, each after a confirmation.
import type { ColumnDef } from "@tanstack/react-table";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useState } from "react";
import type { UserRow } from "../../../../shared/api/users";
import type { Role } from "../../../../shared/enums";
import { formatDateTime } from "../../../lib/format";
import { initials } from "../../../../shared/labels";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { DataTable } from "../../../components/ui/data-table/data-table";
import type { TableState } from "../../../components/ui/data-table/types";
import { useTableQuery } from "../../../components/ui/data-table/use-table-query";
import { PageHeader } from "../../../components/ui/page-header";
import { showToast } from "../../../components/ui/toast";
import { handleError } from "../../../lib/handle-error";
import { useChangeUser, type UserChange } from "../api/change-user";
import { fetchUsers, USERS_QUERY_KEY } from "../api/list-users";
import { AddUserDialog } from "./add-user-dialog";
import { ChangeRoleDialog } from "./change-role-dialog";

export type UsersTab = "market" | "all";

/** A narrow card wraps an address after the @ or before a dot of the domain, not mid-word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return email;
  const [first, ...rest] = email.slice(at + 1).split(".");
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
    id: "name",
    accessorKey: "name",
    meta: { label: "Name", filter: "text", alwaysVisible: true, card: "title" },
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        <span
          className="hidden size-8 shrink-0 place-items-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 md:grid"
          aria-hidden="true"
        >
          {initials(row.original.name)}
        </span>
        <span className="font-medium text-slate-900">{row.original.name}</span>
      </span>
    ),
  },
  {
    id: "email",
    accessorKey: "email",
    meta: { label: "Email", filter: "text", card: "subtitle" },
    cell: ({ row }) => <EmailAddress email={row.original.email} />,
  },
  {
    id: "role",
    accessorKey: "role",
    meta: { label: "Role here", filter: "text", card: "badge" },
    cell: ({ row }) =>
      row.original.role ? (
        <Badge tone="brand">{row.original.role}</Badge>
      ) : (
        <span className="text-slate-500">No role</span>
      ),
  },
  {
    id: "markets",
    accessorFn: (row) => row.markets.map((m) => m.code).join(", "),
    // Only the markets the admin administers: the server never says what a user does elsewhere.
    meta: { label: "Your markets", sortable: false },
    cell: ({ row }) =>
      row.original.markets.length === 0 ? (
        <span className="text-slate-500">None</span>
      ) : (
        <span className="flex flex-wrap gap-1">
          {row.original.markets.map((m) => (
            <span
              key={m.code}
              className={`rounded px-1.5 py-0.5 text-xs ${m.isActive ? "bg-slate-100 text-slate-700" : "bg-slate-50 text-slate-500 ring-1 ring-slate-200 ring-inset"}`}
            >
              {m.code} · {m.role}
              {!m.isActive && " · inactive"}
            </span>
          ))}
        </span>
      ),
  },
  {
    id: "isActive",
    accessorKey: "isActive",
    meta: {
      label: "Status here",
      filter: {
        type: "select",
        options: [
          { value: "true", label: "Active" },
          { value: "false", label: "Inactive" },
        ],
      },
      card: "badge",
    },
    cell: ({ row }) =>
      row.original.isActive === null ? null : row.original.isActive ? (
        <Badge tone="success">Active</Badge>
      ) : (
        <Badge tone="neutral">Inactive</Badge>
      ),
  },
  {
    id: "createdAt",
    accessorKey: "createdAt",
    meta: { label: "Added", hiddenByDefault: true },
    cell: ({ row }) => formatDateTime(row.original.createdAt),
  },
];

/** For the admin of one market, whose users' memberships would only repeat the role and status here. */
const columnsOfOneMarket = columns.filter((column) => column.id !== "markets");

type Pending = {
  user: UserRow;
  change: UserChange;
  title: string;
  message: string;
  confirmLabel: string;
  destructive: boolean;
};

function successMessage(
  change: UserChange,
  user: { name: string },
  marketName: string,
): string {
  switch (change.kind) {
    case "add-to-market":
    case "set-role":
      return `${user.name} is now ${change.role} in ${marketName}.`;
    case "remove-role":
      return `${user.name} no longer has a role in ${marketName}.`;
    case "set-status":
      return change.isActive
        ? `${user.name} can work in ${marketName} again.`
        : `${user.name} is deactivated in ${marketName}.`;
  }
}

export function UsersAdminPage({
  marketName,
  showMarkets,
  currentUserId,
  tab,
  state,
  onTabChange,
  onStateChange,
}: {
  marketName: string;
  /** The admin administers several markets: each user's memberships of them are worth a column. */
  showMarkets: boolean;
  currentUserId: string;
  tab: UsersTab;
  state: TableState;
  onTabChange: (tab: UsersTab) => void;
  onStateChange: (state: TableState) => void;
}) {
  const list = useTableQuery<UserRow, { tab: UsersTab }>({
    queryKey: [USERS_QUERY_KEY],
    fetchPage: fetchUsers,
    state,
    extra: { tab },
    offline: { noun: 'users' },
  });
  const changeUser = useChangeUser();
  const [roleFor, setRoleFor] = useState<UserRow | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  // Each opening of the add dialog starts empty: its key changes.
  const [addDialog, setAddDialog] = useState({ open: false, key: 0 });

  async function apply(user: { name: string }, change: UserChange) {
    try {
      await changeUser.mutateAsync(change);
      showToast({
        tone: "success",
        title: successMessage(change, user, marketName),
      });
      setPending(null);
      setRoleFor(null);
      setAddDialog((current) => ({ ...current, open: false }));
    } catch (error) {
      handleError(error, "The change could not be saved. Please try again.");
    }
  }

  function rowActions(user: UserRow) {
    const self = user.userId === currentUserId;
    // A user of another of the admin's markets joins this one only through the explicit add.
    if (user.role === null)
      return [
        {
          label: `Add to ${marketName}`,
          icon: "plus" as const,
          onSelect: () => setRoleFor(user),
        },
      ];
    return [
      {
        label: "Change role",
        icon: "users" as const,
        disabled: self,
        onSelect: () => setRoleFor(user),
      },
      {
        label: `Remove role in ${marketName}`,
        icon: "x" as const,
        destructive: true,
        disabled: self,
        onSelect: () =>
          setPending({
            user,
            change: { kind: "remove-role", userId: user.userId },
            title: `Remove ${user.name}'s role?`,
            message: `${user.name} will no longer see or do anything in ${marketName}. Their other markets are not affected.`,
            confirmLabel: "Remove role",
            destructive: true,
          }),
      },
      {
        label: user.isActive
          ? `Deactivate in ${marketName}`
          : `Activate in ${marketName}`,
        icon: (user.isActive ? "lock" : "check") as "lock" | "check",
        destructive: user.isActive === true,
        disabled: self,
        onSelect: () =>
          setPending({
            user,
            change: {
              kind: "set-status",
              userId: user.userId,
              isActive: !user.isActive,
            },
            title: user.isActive
              ? `Deactivate ${user.name} in ${marketName}?`
              : `Activate ${user.name} in ${marketName}?`,
            message: user.isActive
              ? `${user.name} will be stopped at their next request in ${marketName} and cannot work here until reactivated. Their other markets are not affected.`
              : `${user.name} will be able to work in ${marketName} again as ${user.role}.`,
            confirmLabel: user.isActive ? "Deactivate" : "Activate",
            destructive: user.isActive === true,
          }),
      },
    ];
  }

  const tabs: { value: UsersTab; label: string }[] = [
    { value: "market", label: `In ${marketName}` },
    { value: "all", label: "All your markets" },
  ];

  const usersTable = (
    <DataTable<UserRow>
      tableId="users-admin"
      caption={
        tab === "market"
          ? `Users in ${marketName}`
          : "Users of every market you administer"
      }
      columns={showMarkets ? columns : columnsOfOneMarket}
      rows={list.rows}
      totalRecords={list.totalRecords}
      getRowId={(row) => row.userId}
      getRowLabel={(row) => row.name}
      state={state}
      onStateChange={onStateChange}
      isLoading={list.isLoading}
      isFetching={list.isFetching}
      staleError={list.staleError}
      offline={list.offline}
      onRetry={list.retry}
      rowActions={rowActions}
    />
  );

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users & Roles"
        subtitle={`Who works in ${marketName}, and what their role lets them do. Roles and status apply to ${marketName} only; you cannot change your own.`}
        actions={
          <Button
            icon="plus"
            onClick={() =>
              setAddDialog((current) => ({ open: true, key: current.key + 1 }))
            }
          >
            Add user to {marketName}
          </Button>
        }
      />
      {/* Headless UI tabs: arrow keys move between them, and the table is the selected tab's panel. */}
      <TabGroup
        selectedIndex={Math.max(
          0,
          tabs.findIndex((option) => option.value === tab),
        )}
        onChange={(index) => onTabChange(tabs[index]?.value ?? "market")}
      >
        <TabList
          aria-label="Which users"
          className="inline-flex rounded-lg bg-slate-100 p-1"
        >
          {tabs.map((option) => (
            <Tab
              key={option.value}
              className="min-h-11 rounded-md px-3 text-sm font-medium text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-selected:bg-white data-selected:text-slate-900 data-selected:shadow-sm sm:pointer-fine:min-h-9"
            >
              {option.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-4">
          {tabs.map((option) => (
            <TabPanel key={option.value}>{usersTable}</TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
      <ChangeRoleDialog
        key={roleFor?.userId ?? "none"}
        user={roleFor}
        marketName={marketName}
        busy={changeUser.isPending}
        onClose={() => setRoleFor(null)}
        onConfirm={(role: Role) =>
          roleFor &&
          void apply(roleFor, {
            kind: roleFor.role === null ? "add-to-market" : "set-role",
            userId: roleFor.userId,
            role,
          })
        }
      />
      <AddUserDialog
        key={addDialog.key}
        open={addDialog.open}
        marketName={marketName}
        busy={changeUser.isPending}
        onClose={() => setAddDialog((current) => ({ ...current, open: false }))}
        onConfirm={(account, role) =>
          void apply(account, {
            kind: "add-to-market",
            userId: account.userId,
            role,
          })
        }
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ""}
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
