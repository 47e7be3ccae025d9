// Reads what the DataTable needs from each column definition: its id (the server's column name) and meta.
import type { ColumnDef } from '@tanstack/react-table';
import type { CardRole, ColumnFilterKind } from './types';

export type ColumnInfo = {
  id: string;
  label: string;
  sortable: boolean;
  filter?: ColumnFilterKind;
  alwaysVisible: boolean;
  hiddenByDefault: boolean;
  align: 'left' | 'right';
  card: CardRole;
};

/** The id TanStack Table gives a column: its id, else its accessorKey with dots as underscores. */
function columnIdOf<Row>(def: ColumnDef<Row, unknown>): string {
  if (def.id) return def.id;
  if ('accessorKey' in def && def.accessorKey !== undefined) return String(def.accessorKey).replaceAll('.', '_');
  throw new Error(`DataTable column '${def.meta?.label ?? '?'}' needs an id or an accessorKey`);
}

export function describeColumns<Row>(defs: readonly ColumnDef<Row, unknown>[], defaultHidden: readonly string[] = [], options: { tablet?: boolean } = {}): ColumnInfo[] {
  return defs.map((def) => {
    const id = columnIdOf(def);
    const meta = def.meta;
    const hasAccessor = ('accessorKey' in def && def.accessorKey !== undefined) || ('accessorFn' in def && def.accessorFn !== undefined);
    const alwaysVisible = meta?.alwaysVisible ?? false;
    return {
      id,
      label: meta?.label ?? id,
      sortable: meta?.sortable ?? hasAccessor,
      filter: meta?.filter,
      alwaysVisible,
      hiddenByDefault: !alwaysVisible && (Boolean(meta?.hiddenByDefault) || defaultHidden.includes(id) || (Boolean(options.tablet) && Boolean(meta?.tabletHidden))),
      align: meta?.align ?? 'left',
      card: meta?.card ?? 'field',
    };
  });
}
