// /orders/picklists: the market's picklists, 100 a page, a row opening its picklist. It reads through the
// persisted cache, so with no signal the rows last seen (and those prefetched) still show, with a banner.
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import type { ListQuery } from "../../../../shared/api/common";
import type { PicklistRow } from "../../../../shared/api/picklists";
import { PICKLIST_STATUSES } from "../../../../shared/enums";
import { formatDate, formatDateTime } from "../../../lib/format";
import { Badge } from "../../../components/ui/badge";
import { DataTable } from "../../../components/ui/data-table/data-table";
import type { TableState } from "../../../components/ui/data-table/types";
import { useTableQuery } from "../../../components/ui/data-table/use-table-query";
import { Icon } from "../../../components/ui/icons";
import { PageHeader } from "../../../components/ui/page-header";
import {
  fetchPicklistRegister,
  PICKLIST_REGISTER_KEY,
  picklistIdOf,
} from "../../../lib/outbox/picklist-cache";
import { useCurrentMarket } from "../../../lib/market-store";
import { useSavedPicklistIds } from "../../../lib/outbox/saved-picklists";
import { useOutboxEntries } from "../../../lib/outbox/use-outbox";
import { selectSavedPicklists } from "../saved-register";
import { PicklistStatusBadge } from "./status-badges";

const PICKLISTS_TITLE = "Picklists";
/** With no signal, a view never opened is answered from every picklist saved on the phone. */
const picklistsSubtitle = (marketName: string) =>
  `Market: ${marketName} • One Order ID can have multiple Picklist IDs`;

export function dispensaryWithMso(
  row: Pick<PicklistRow, "customer_name" | "mso_owner_name">,
): string {
  return row.mso_owner_name
    ? `${row.customer_name} (${row.mso_owner_name})`
    : row.customer_name;
}

export function OrderPreviewLink({
  orderId,
  reference,
}: {
  orderId: number;
  reference: string;
}) {
  return (
    <a
      href={`/orders/preview/${orderId}`}
      target="_blank"
      rel="noopener noreferrer"
      // The row opens the picklist; this link opens the order, in a new tab, and only that.
      onClick={(event) => event.stopPropagation()}
      className="inline-flex min-h-11 items-center gap-1 font-medium md:pointer-fine:min-h-6 text-brand-800 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {reference}
      <Icon name="external-link" className="size-3.5 shrink-0" />
      <span className="sr-only">(opens the order in a new tab)</span>
    </a>
  );
}

const casesText = (cases: number) =>
  `${cases} ${cases === 1 ? "case" : "cases"}`;

/**
 * The phone card's compact body, under the dispensary: where, how many cases, when, and how far picking
 * has got. A picker scans the list, so each card stays a few lines tall and the whole card opens the
 * picklist: nothing in it is a separate target (the order link is on the picklist itself). The table
 * shows these as columns, so this is drawn under 768 px only, where the cards are.
 */
function CardDetails({ row }: { row: PicklistRow }) {
  const delivery = formatDate(row.requested_delivery_date, "");
  return (
    <span className="mt-1 block space-y-1.5 md:hidden">
      <span className="flex flex-wrap gap-x-1.5 text-slate-600">
        {[
          row.inventory_location_name,
          casesText(row.total_cases),
          delivery && `Delivery ${delivery}`,
        ]
          .filter(Boolean)
          .map((part, index) => (
            <span key={index} className="whitespace-nowrap">
              {index > 0 && <span aria-hidden="true">· </span>}
              {part}
            </span>
          ))}
      </span>
      <span className="flex items-center gap-2">
        <span
          className="h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100"
          aria-hidden="true"
        >
          <span
            className="block h-full rounded-full bg-brand-600"
            style={{ width: `${row.percentage_completion}%` }}
          />
        </span>
        <span className="text-xs font-medium text-slate-700 tabular-nums">
          {row.percentage_completion}% picked
        </span>
      </span>
    </span>
  );
}

/** Beside the status: this picklist opens with no signal (its copy is on the device). */
const SAVED_ON_DEVICE = "Saved on this device";

function columns(
  waiting: ReadonlySet<number>,
  saved: ReadonlySet<number>,
): ColumnDef<PicklistRow, unknown>[] {
  return [
    {
      id: "picklist_reference_id",
      accessorKey: "picklist_reference_id",
      meta: {
        label: "Picklist ID",
        filter: "text",
        alwaysVisible: true,
        card: "title",
      },
      cell: ({ row }) => (
        <span className="font-medium text-slate-900">
          {row.original.picklist_reference_id ||
            `PL - ${row.original.picklist_id}`}
        </span>
      ),
    },
    {
      id: "reference_id",
      accessorKey: "reference_id",
      meta: { label: "Order ID", filter: "text", card: "hidden" },
      cell: ({ row }) => (
        <OrderPreviewLink
          orderId={row.original.order_id}
          reference={row.original.reference_id}
        />
      ),
    },
    {
      id: "inventory_location_name",
      accessorKey: "inventory_location_name",
      // Beside a tablet's icon rail the key columns (IDs, dispensary, cases, status) fill the width.
      meta: { label: "Inventory Location", filter: "text", card: "hidden", tabletHidden: true },
    },
    {
      id: "customer_name",
      accessorFn: dispensaryWithMso,
      meta: {
        label: "Dispensary Location (MSO)",
        filter: "text",
        card: "subtitle",
      },
      cell: ({ row }) => (
        <>
          {dispensaryWithMso(row.original)}
          <CardDetails row={row.original} />
        </>
      ),
    },
    {
      id: "total_cases",
      accessorKey: "total_cases",
      meta: {
        label: "# of Cases",
        filter: "text",
        align: "right",
        card: "hidden",
      },
    },
    {
      id: "percentage_completion",
      accessorKey: "percentage_completion",
      meta: {
        label: "Percentage Completion",
        filter: "text",
        align: "right",
        hiddenByDefault: true,
        card: "hidden",
      },
      cell: ({ row }) => `${row.original.percentage_completion}%`,
    },
    {
      id: "requested_delivery_date",
      accessorKey: "requested_delivery_date",
      meta: {
        label: "Delivery Date",
        filter: "dateRange",
        hiddenByDefault: true,
        card: "hidden",
      },
      cell: ({ row }) => formatDate(row.original.requested_delivery_date, "-"),
    },
    {
      id: "pick_status_label",
      accessorKey: "pick_status_label",
      meta: {
        label: "Status",
        filter: {
          type: "select",
          options: PICKLIST_STATUSES.map((status) => ({
            value: status,
            label: status,
          })),
        },
        card: "badge",
      },
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap items-center justify-end gap-1">
          <PicklistStatusBadge status={row.original.pick_status_label} />
          {saved.has(row.original.picklist_id) && (
            <span
              className="inline-flex items-center text-emerald-700"
              title={SAVED_ON_DEVICE}
            >
              <Icon name="device" className="size-4" />
              <span className="sr-only">{SAVED_ON_DEVICE}</span>
            </span>
          )}
          {waiting.has(row.original.picklist_id) && (
            <Badge tone="warning">
              <Icon name="sync" className="size-3.5" />
              Waiting to sync
            </Badge>
          )}
        </span>
      ),
    },
    {
      id: "updated_ts",
      accessorKey: "updated_ts",
      meta: {
        label: "Last Updated",
        filter: "dateRange",
        hiddenByDefault: true,
      },
      cell: ({ row }) => formatDateTime(row.original.updated_ts),
    },
    {
      id: "created_ts",
      accessorKey: "created_ts",
      meta: { label: "Created On", filter: "dateRange", hiddenByDefault: true },
      cell: ({ row }) => formatDateTime(row.original.created_ts),
    },
  ];
}

export function PicklistsPage({
  marketName,
  userId,
  state,
  onStateChange,
  onOpen,
}: {
  marketName: string;
  userId: string;
  state: TableState;
  onStateChange: (state: TableState) => void;
  onOpen: (row: PicklistRow) => void;
}) {
  const market = useCurrentMarket();
  const savedRegister = useMemo(
    () => ({ idOf: (row: PicklistRow) => row.picklist_id, select: (rows: PicklistRow[], query: ListQuery) => selectSavedPicklists(rows, query, market) }),
    [market],
  );
  const list = useTableQuery<PicklistRow>({
    queryKey: PICKLIST_REGISTER_KEY,
    fetchPage: fetchPicklistRegister,
    state,
    offline: { noun: "picklists", saved: savedRegister },
  });
  const outbox = useOutboxEntries(userId);
  const saved = useSavedPicklistIds(market);
  const waitingKey = outbox.map((entry) => entry.resource).join(",");
  const columnDefs = useMemo(() => {
    const waiting = new Set(
      waitingKey.split(",").flatMap((resource) => {
        const id = picklistIdOf(resource);
        return id === null ? [] : [id];
      }),
    );
    return columns(waiting, saved);
  }, [waitingKey, saved]);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={PICKLISTS_TITLE}
        subtitle={picklistsSubtitle(marketName)}
      />
      <DataTable<PicklistRow>
        tableId="picklists"
        caption="Picklists"
        columns={columnDefs}
        rows={list.rows}
        totalRecords={list.totalRecords}
        getRowId={(row) => String(row.picklist_id)}
        getRowLabel={(row) =>
          `${row.picklist_reference_id}, ${row.customer_name}`
        }
        state={state}
        onStateChange={onStateChange}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        staleError={list.staleError}
        offline={list.offline}
        onRetry={list.retry}
        onRowClick={onOpen}
      />
    </div>
  );
}
