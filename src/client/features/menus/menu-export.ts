// The rules of a menu export (spec section 5): which columns go into the workbook, what the request says,
// and how the answered files are downloaded.
import { EXPORTABLE_MENU_FIELDS, NON_EXPORTED_COLUMNS, type ExportableMenuField, type MenuExportBody, type SelectedMenuColumn } from '../../../shared/api/menus';
import type { ListQuery } from '../../../shared/api/common';
import type { MenuType } from '../../../shared/enums';
import type { PeopleSelection } from '../../components/people-picker/selection-rules';

/** The spec's stagger between two downloads: browsers drop all but one of several downloads started at once. */
const DOWNLOAD_GAP_MS = 200;

type ColumnLayout = { order: readonly string[]; visibility: Readonly<Record<string, boolean>> };

const isExportable = (id: string): id is ExportableMenuField =>
  !(NON_EXPORTED_COLUMNS as readonly string[]).includes(id) && (EXPORTABLE_MENU_FIELDS as readonly string[]).includes(id);

/** The visible columns in their displayed order, less select, actions and total_available_quantity. */
export function exportedColumns(layout: ColumnLayout, labels: ReadonlyMap<string, string>): SelectedMenuColumn[] {
  return layout.order
    .filter((id) => layout.visibility[id] && isExportable(id))
    .map((id, index) => ({ index, field: id as ExportableMenuField, label: labels.get(id) ?? id }));
}

type ExportInput = {
  menuType: MenuType;
  columns: SelectedMenuColumn[];
  people: PeopleSelection;
  excludedBatches: ReadonlySet<number>;
  /** The table's list query: its search and column filters narrow the workbook as they narrow the screen. */
  listQuery: ListQuery;
};

export function exportBody({ menuType, columns, people, excludedBatches, listQuery }: ExportInput): MenuExportBody {
  const salesPersons = people.salesPersons.map((person) => person.name).join(', ');
  return {
    menuType,
    selectedColumns: columns,
    ...(salesPersons ? { salesPersonIdORName: salesPersons } : {}),
    msoDetails: people.buyers.map((chain) => ({ id: chain.id, name: chain.name })),
    ...(menuType === 'external' ? { excludedBatches: [...excludedBatches] } : {}),
    ...(listQuery.search ? { search: listQuery.search } : {}),
    ...(listQuery.columnFilter && listQuery.columnFilter.length > 0 ? { columnFilter: listQuery.columnFilter } : {}),
  };
}

export type ExportedFile = { presignedUrl: string; fileName?: string };

/** Clicks a download link for each file, DOWNLOAD_GAP_MS apart; resolves once the last one has started. */
export function downloadStaggered(files: readonly ExportedFile[], gapMs = DOWNLOAD_GAP_MS): Promise<void> {
  return new Promise((resolve) => {
    files.forEach((file, index) => {
      window.setTimeout(() => {
        // The link is signed and public: a plain <a download> lets the browser fetch and save it.
        const link = document.createElement('a');
        link.href = file.presignedUrl;
        link.download = file.fileName ?? '';
        link.rel = 'noopener';
        link.style.display = 'none';
        document.body.append(link);
        link.click();
        link.remove();
        if (index === files.length - 1) resolve();
      }, index * gapMs);
    });
    if (files.length === 0) resolve();
  });
}
