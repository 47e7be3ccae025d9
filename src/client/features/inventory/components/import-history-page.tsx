// /inventory/history: the market's imports, newest first; a row (or its View Details button) opens the results.
import { useNavigate } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { IMPORT_HISTORY_SORT_COLUMNS, IMPORT_MESSAGES, type ImportHistoryRow } from '../../../../shared/api/inventory-import';
import { normaliseImportStatus } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { IMPORT_QUERY_KEY } from '../api/get-import-status';
import { fetchImportHistory } from '../api/list-import-history';
import { ROW_HIT_AREA } from './table-hit-area';
import { historyStatusLabel, importedByLabel } from '../import-history-rules';

/** Other statuses keep their raw text (spec section 2); the colour says whether one needs attention. */
function statusTone(status: string): BadgeTone {
  const known = normaliseImportStatus(status);
  if (known === 'FAILED') return 'danger';
  if (known === 'FETCH_COMPLETED') return 'warning';
  if (known === 'IN_PROGRESS' || known === 'DRAFT') return 'info';
  return 'neutral';
}

const sortable = (column: string) => (IMPORT_HISTORY_SORT_COLUMNS as readonly string[]).includes(column);

function historyColumns(onOpen: (row: ImportHistoryRow) => void): ColumnDef<ImportHistoryRow, unknown>[] {
  return [
    {
      id: 'user_name',
      accessorKey: 'user_name',
      meta: { label: 'Imported By', card: 'title', alwaysVisible: true, sortable: sortable('user_name') },
      cell: ({ row }) => importedByLabel(row.original.user_name),
    },
    {
      id: 'import_status',
      accessorKey: 'import_status',
      meta: { label: 'Status', card: 'badge', sortable: sortable('import_status') },
      cell: ({ row }) => {
        const status = historyStatusLabel(row.original.import_status);
        return <Badge tone={status.completed ? 'success' : statusTone(row.original.import_status)}>{status.label}</Badge>;
      },
    },
    {
      id: 'reference_id',
      accessorKey: 'reference_id',
      meta: { label: 'Import ID', card: 'subtitle', sortable: sortable('reference_id') },
      cell: ({ row }) => <span className="font-medium text-slate-900 tabular-nums">{row.original.reference_id}</span>,
    },
    {
      id: 'created_ts',
      accessorKey: 'created_ts',
      meta: { label: 'Created', sortable: sortable('created_ts') },
      cell: ({ row }) => formatDateTime(row.original.created_ts),
    },
    {
      id: 'view_details',
      meta: { label: 'Details', sortable: false, alwaysVisible: true },
      cell: ({ row }) => (
        <Button
          variant="secondary"
          size="sm"
          // Phone cards: 44px. Table rows: no taller than the row, with the row's height to tap.
          className={`max-md:min-h-11 md:-my-1 md:pointer-fine:min-h-8 ${ROW_HIT_AREA}`}
          aria-label={`View Details of ${row.original.reference_id}`}
          onClick={(event) => {
            // The row opens the same page; one navigation is enough.
            event.stopPropagation();
            onOpen(row.original);
          }}
        >
          View Details
        </Button>
      ),
    },
  ];
}

export function ImportHistoryPage({ marketName, state, onStateChange }: { marketName: string; state: TableState; onStateChange: (next: TableState) => void }) {
  const navigate = useNavigate();
  const list = useTableQuery<ImportHistoryRow>({ queryKey: [IMPORT_QUERY_KEY, 'history'], fetchPage: fetchImportHistory, state, offline: { noun: 'imports' } });

  const handleOpen = (row: ImportHistoryRow) => {
    const committed = normaliseImportStatus(row.import_status) === 'COMMITTED';
    void navigate({
      to: '/inventory/import-result/$importId',
      params: { importId: row.reference_id },
      search: committed ? { status: 'COMMITTED', fromHistory: true } : { fromHistory: true },
    });
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <PageHeader title="Import History" subtitle={`View and manage import history entries for ${marketName}.`} className="sm:mb-2" />
      {list.error !== undefined && (
        <Banner tone="error" title="The import history could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: list.retry }} />
      )}
      <DataTable<ImportHistoryRow>
        tableId="import-history"
        caption="Import History"
        columns={historyColumns(handleOpen)}
        rows={list.rows}
        totalRecords={list.totalRecords}
        getRowId={(row) => String(row.import_id)}
        getRowLabel={(row) => `${row.reference_id} ${importedByLabel(row.user_name)}`}
        state={state}
        onStateChange={onStateChange}
        isLoading={list.isLoading}
        isFetching={list.isFetching}
        staleError={list.staleError}
        offline={list.offline}
        onRetry={list.retry}
        onRowClick={handleOpen}
        emptyText={IMPORT_MESSAGES.historyEmpty}
      />
    </div>
  );
}
