// The edit state the slot cells read. Cells read it from context rather than from their column definitions,
// so the definitions stay the same objects between renders and an input keeps its focus while the user types.
import { createContext, use } from 'react';
import type { CaseSizeRow, CaseSizeSlot } from '../../../../shared/api/case-sizes';
import type { CaseSizeEdits } from '../case-size-edits';

export type CaseSizeEditing = {
  /** Market Admins edit; everyone else reads the sizes. */
  canEdit: boolean;
  edits: CaseSizeEdits;
  /** The client-side problems to show now, by cellKey: a slot's once the user has left it, every one after Save. */
  shownProblems: ReadonlyMap<string, string>;
  onType: (row: CaseSizeRow, slot: CaseSizeSlot, raw: string) => void;
  onSettle: (productId: number, slot: CaseSizeSlot) => void;
  onRevert: (productId: number, slot: CaseSizeSlot) => void;
  onOpenNames: (row: CaseSizeRow) => void;
};

export const CaseSizeEditingContext = createContext<CaseSizeEditing | null>(null);

export function useCaseSizeEditing(): CaseSizeEditing {
  const editing = use(CaseSizeEditingContext);
  if (!editing) throw new Error('Case size cells render inside CaseSizeEditingContext');
  return editing;
}
