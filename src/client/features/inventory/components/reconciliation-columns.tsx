// The columns of both reconciliation tabs. Ids are the server's column names; only those it sorts by sort.
// Status follows Batch, so that what makes a row a difference shows without scrolling sideways beside a
// tablet's sidebar. The orders holding a batch link to their preview in a new tab, so that the report stays where it was.
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { RECON_DETAIL_SORT_COLUMNS, type ReconBatchRow, type ReconBatchStatus } from '../../../../shared/api/reconciliation';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { focusRing } from '../../../components/ui/styles';

type Column = ColumnDef<ReconBatchRow, unknown>;

const STATUS_TONES: Record<ReconBatchStatus, BadgeTone> = {
  new_tags_detected: 'info',
  inventory_mismatch_otc_over: 'danger',
  accept_s2s_inventory: 'warning',
  active_in_otc_only: 'neutral',
  active_in_s2s_only: 'neutral',
};

// Beside a tablet's sidebar a full product name would push Orders and Status out of sight: it takes two lines of a
// narrow column there, and a wider one from 1280 px (on one line, 144 px showed 'STARLING CANNA…' at 1440 px beside
// empty space); the tooltip keeps it whole.
const NAME_WIDTH = 'md:line-clamp-2 md:max-w-36 md:min-w-32 md:whitespace-normal xl:max-w-64 2xl:max-w-none';

const quantityFormat = new Intl.NumberFormat('en-US');
const sortable = (column: string) => (RECON_DETAIL_SORT_COLUMNS as readonly string[]).includes(column);

type QuantityId = 'otc_active_quantity' | 's2s_active_quantity' | 'in_transit_quantity' | 'total_quantity';

/** What an accept changed: our active units became the seed-to-sale ones, and the total with them. */
function acceptedQuantity(row: ReconBatchRow, id: QuantityId): number | null {
  if (!row.accepted) return null;
  if (id === 'otc_active_quantity') return row.s2s_active_quantity;
  if (id === 'total_quantity') return row.s2s_active_quantity + row.in_transit_quantity;
  return null;
}

// The row keeps what was compared (the report is a record, and sorts by it), but an accepted row showing the old
// OTC Active beside the new badge read as if the accept had not taken: the compared value is struck through beside
// the one the accept set.
function QuantityCell({ row, id }: { row: ReconBatchRow; id: QuantityId }) {
  const compared = row[id];
  const now = acceptedQuantity(row, id);
  if (now === null || now === compared) return <span className="tabular-nums">{quantityFormat.format(compared)}</span>;
  return (
    <span className="whitespace-nowrap tabular-nums" title={`${quantityFormat.format(compared)} when compared, ${quantityFormat.format(now)} since accepted`}>
      <del className="text-neutral-500">
        <span className="sr-only">was </span>
        {quantityFormat.format(compared)}
      </del>{' '}
      <ins className="font-semibold no-underline">
        <span className="sr-only">now </span>
        {quantityFormat.format(now)}
      </ins>
    </span>
  );
}

function quantityColumn(id: QuantityId, label: string): Column {
  return { id, accessorKey: id, meta: { label, align: 'right', sortable: sortable(id) }, cell: ({ row }) => <QuantityCell row={row.original} id={id} /> };
}

function OrderLinks({ row }: { row: ReconBatchRow }) {
  if (row.order_details.length === 0) return '-';
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {row.order_details.map((order) => (
        <li key={order.order_id}>
          <Link
            to="/orders/preview/$orderId"
            params={{ orderId: String(order.order_id) }}
            target="_blank"
            rel="noopener noreferrer"
            title={`${order.no_of_case} × ${order.case_size} · ${order.metadata_label}`}
            className={`inline-flex items-center font-medium text-brand-700 underline-offset-2 hover:underline max-lg:min-h-11 ${focusRing}`}
          >
            {order.order_reference_id}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function reconciliationColumns(): Column[] {
  return [
    { id: 'batch_id', accessorKey: 'batch_id', meta: { label: 'Batch', card: 'title', alwaysVisible: true, sortable: sortable('batch_id') }, cell: ({ row }) => <span className="whitespace-nowrap md:text-xs md:tabular-nums">{row.original.batch_id}</span> },
    {
      id: 'recon_batch_status',
      accessorKey: 'recon_batch_status',
      meta: { label: 'Status', card: 'badge', sortable: sortable('recon_batch_status') },
      cell: ({ row }) => (
        <Badge tone={row.original.accepted ? 'success' : STATUS_TONES[row.original.recon_batch_status]}>{row.original.accepted ? 'Accepted' : row.original.recon_batch_status_label}</Badge>
      ),
    },
    {
      id: 's2s_product_name',
      accessorKey: 's2s_product_name',
      meta: { label: 'S2S Product', card: 'subtitle', sortable: sortable('s2s_product_name') },
      cell: ({ row }) =>
        row.original.s2s_product_name ? (
          <span title={row.original.s2s_product_name} className={NAME_WIDTH}>
            {row.original.s2s_product_name}
          </span>
        ) : (
          '-'
        ),
    },
    quantityColumn('otc_active_quantity', 'OTC Active'),
    quantityColumn('s2s_active_quantity', 'S2S Active'),
    quantityColumn('in_transit_quantity', 'In Transit'),
    quantityColumn('total_quantity', 'Total'),
    { id: 'orders', meta: { label: 'Orders', sortable: false }, cell: ({ row }) => <OrderLinks row={row.original} /> },
  ];
}
