// One standard case size slot: a digits-only number input in a table cell (desktop) or a card (phones and
// tablets), marked when edited, outlined red with its message when the client or the server refuses it.
// Read-only users see the saved value as text.
import { useId, type ClipboardEvent, type KeyboardEvent } from 'react';
import { caseSizeSlotKey, type CaseSizeRow, type CaseSizeSlot } from '../../../../shared/api/case-sizes';
import { cellEdit, cellKey, isRefusedKey, REFUSED_SHORT_MESSAGE, shownValue, slotLabel } from '../case-size-edits';
import { useCaseSizeEditing, type CaseSizeEditing } from './case-size-editing';

const count = new Intl.NumberFormat('en-US');

/** The slot's accessible name, e.g. 'Standard Case Size 2 for Blue Dream 3.5g'. */
const slotInputName = (slot: CaseSizeSlot, productName: string) => `${slotLabel(slot)} for ${productName}`;

/** Where the user goes from a slot with the keyboard on desktop: the same slot of the previous or next row. */
function focusSameSlot(from: HTMLInputElement, rowIndex: number, slot: CaseSizeSlot): void {
  from.closest('table')?.querySelector<HTMLInputElement>(`input[data-case-row="${rowIndex}"][data-case-slot="${slot}"]`)?.focus();
}

// Chrome changes a focused number input on the mouse wheel: the user meant to scroll, so the input lets go.
function letGoOnWheel(input: HTMLInputElement | null) {
  if (!input) return;
  const handleWheel = () => {
    if (document.activeElement === input) input.blur();
  };
  input.addEventListener('wheel', handleWheel, { passive: true });
  return () => input.removeEventListener('wheel', handleWheel);
}

const noSpinner = '[appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none';

type Props = {
  row: CaseSizeRow;
  slot: CaseSizeSlot;
  layout: 'table' | 'card';
  /** The row's index on the page (table layout), for moving up and down. */
  rowIndex?: number;
  /** Card layout: the id of the slot's message, which the card shows under its row of slots. */
  cardMessageId?: string;
};

/** What is wrong with a slot, if anything: the client's check once shown, else the server's refusal. */
export function slotMessage(editing: CaseSizeEditing, productId: number, slot: CaseSizeSlot): { text: string; refused: boolean } | undefined {
  const problem = editing.shownProblems.get(cellKey(productId, slot));
  if (problem) return { text: problem, refused: false };
  const refusal = cellEdit(editing.edits, productId, slot)?.refusal;
  return refusal === undefined ? undefined : { text: refusal, refused: true };
}

export function CaseSizeInput({ row, slot, layout, rowIndex = 0, cardMessageId }: Props) {
  const editing = useCaseSizeEditing();
  const inputId = useId();
  const noteId = useId();
  const tableMessageId = useId();
  const saved = row[caseSizeSlotKey(slot)];
  const name = slotInputName(slot, row.productName);

  if (!editing.canEdit) return <span className="tabular-nums">{saved === null ? <span className="text-slate-400">-</span> : count.format(saved)}</span>;

  const edit = cellEdit(editing.edits, row.productId, slot);
  const message = slotMessage(editing, row.productId, slot);
  const table = layout === 'table';
  const messageId = table ? tableMessageId : cardMessageId;
  const describedBy = [edit ? noteId : null, message ? messageId : null].filter(Boolean).join(' ') || undefined;

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isRefusedKey(event.key, event.ctrlKey || event.metaKey || event.altKey)) {
      event.preventDefault();
      return;
    }
    if (event.key === 'Escape' && edit) {
      event.preventDefault();
      editing.onRevert(row.productId, slot);
      return;
    }
    // A number input would count up or down: on desktop the arrows move between rows, on cards they do nothing.
    const step = event.key === 'ArrowDown' || (event.key === 'Enter' && table) ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    if (table) focusSameSlot(event.currentTarget, rowIndex + step, slot);
  };
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    editing.onType(row, slot, event.clipboardData.getData('text'));
  };

  const inputClass = table ? 'h-7 w-20 px-2 text-right text-sm scroll-mt-14 scroll-mb-2' : 'h-12 w-full min-w-0 px-1 text-center text-lg font-medium';
  const stateClass = message
    ? 'border-red-500 bg-red-50 ring-2 ring-red-500 focus:outline-red-600'
    : edit
      ? 'border-amber-500 bg-amber-50 ring-1 ring-amber-400 focus:outline-brand-600'
      : 'border-slate-300 bg-white focus:outline-brand-600';

  const input = (
    <input
      ref={letGoOnWheel}
      id={inputId}
      type="number"
      inputMode="numeric"
      min={0}
      step={1}
      enterKeyHint={table ? 'next' : 'done'}
      autoComplete="off"
      value={shownValue(editing.edits, row, slot)}
      placeholder={table ? undefined : '-'}
      // Cards show only the slot number above the input; the name says which product's slot it is.
      aria-label={table ? undefined : name}
      aria-invalid={message ? true : undefined}
      aria-describedby={describedBy}
      data-case-row={table ? rowIndex : undefined}
      data-case-slot={slot}
      data-edited={edit ? '' : undefined}
      onChange={(event) => editing.onType(row, slot, event.target.value)}
      onKeyDown={handleKeyDown}
      onPaste={handlePaste}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={() => editing.onSettle(row.productId, slot)}
      className={`block rounded-md border text-slate-900 tabular-nums shadow-sm focus:outline-2 focus:-outline-offset-1 ${noSpinner} ${inputClass} ${stateClass}`}
    />
  );
  const note = edit && (
    <span id={noteId} className="sr-only">
      {saved === null ? 'Changed, was not set' : `Changed from ${count.format(saved)}`}
    </span>
  );

  if (table) {
    return (
      // Two tight lines inside the table's fixed 44px row. The message is laid out absolutely so that it never
      // widens the column; a server refusal is too long for the cell, which says so briefly, the whole reason
      // being its title, its description and in the save's message.
      <div className="-my-1.5 flex h-10 flex-col items-end justify-center">
        <label htmlFor={inputId} className="sr-only">
          {name}
        </label>
        {input}
        {note}
        {message && (
          <span className="relative block h-3 w-full">
            <span
              id={message.refused ? undefined : messageId}
              title={message.text}
              aria-hidden={message.refused || undefined}
              className="absolute inset-x-0 top-0 truncate text-right text-[11px] leading-3 font-medium text-red-700"
            >
              {message.refused ? REFUSED_SHORT_MESSAGE : message.text}
            </span>
          </span>
        )}
        {message?.refused && (
          <span id={messageId} className="sr-only">
            {message.text}
          </span>
        )}
      </div>
    );
  }

  return (
    <div className="min-w-0">
      <label htmlFor={inputId} className="mb-1 block text-center text-xs font-medium text-slate-600">
        {slot}
      </label>
      {input}
      {note}
    </div>
  );
}
