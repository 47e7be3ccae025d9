// Which rows are ticked, by id. Selections survive paging (the rows are remembered), and a row that is
// fetched again is handed to bulk actions in its newest form.
import { useState } from 'react';

export type RowSelection<Row> = {
  selectedRows: Row[];
  isSelected: (id: string) => boolean;
  canSelect: (row: Row) => boolean;
  toggle: (row: Row, selected: boolean) => void;
  /** 'all', 'some' or 'none' of the selectable rows on this page are ticked. */
  pageState: 'all' | 'some' | 'none';
  togglePage: (selected: boolean) => void;
  clear: () => void;
};

export function useRowSelection<Row>(rows: readonly Row[], getRowId: (row: Row) => string, enableSelection: boolean | ((row: Row) => boolean) | undefined): RowSelection<Row> {
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(() => new Map());
  const canSelect = (row: Row) => (typeof enableSelection === 'function' ? enableSelection(row) : Boolean(enableSelection));
  const current = new Map(rows.map((row) => [getRowId(row), row]));
  const selectedRows = [...selected].map(([id, row]) => current.get(id) ?? row);
  const selectable = rows.filter(canSelect);
  const ticked = selectable.filter((row) => selected.has(getRowId(row))).length;

  const toggle = (row: Row, on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      if (on) next.set(getRowId(row), row);
      else next.delete(getRowId(row));
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((previous) => {
      const next = new Map(previous);
      for (const row of selectable) {
        if (on) next.set(getRowId(row), row);
        else next.delete(getRowId(row));
      }
      return next;
    });

  return {
    selectedRows,
    isSelected: (id) => selected.has(id),
    canSelect,
    toggle,
    pageState: ticked === 0 ? 'none' : ticked === selectable.length ? 'all' : 'some',
    togglePage,
    clear: () => setSelected(new Map()),
  };
}

export function selectedText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} selected`;
}
