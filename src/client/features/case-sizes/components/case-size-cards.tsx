// Phones and tablets: one card per product (its names and classification, then its five slots as large
// inputs), with the DataTable's search, sort and filter sheet, filter chips and pagination around them.
import { useId } from 'react';
import { CASE_SIZE_SLOTS, type CaseSizeRow } from '../../../../shared/api/case-sizes';
import { CardListScreen } from '../../../components/ui/data-table/card-list-screen';
import { describeColumns } from '../../../components/ui/data-table/column-info';
import type { TableState } from '../../../components/ui/data-table/types';
import type { TableQueryResult } from '../../../components/ui/data-table/use-table-query';
import { Icon } from '../../../components/ui/icons';
import { withoutProductName } from '../case-size-edits';
import { caseSizeColumns, classificationText, S2sNames } from './case-size-columns';
import { useCaseSizeEditing } from './case-size-editing';
import { CaseSizeInput, slotMessage } from './case-size-input';

const columnInfo = describeColumns(caseSizeColumns);

type Props = { caption: string; list: TableQueryResult<CaseSizeRow>; state: TableState; onStateChange: (next: TableState) => void };

export function CaseSizeCards({ caption, list, state, onStateChange }: Props) {
  return (
    <CardListScreen<CaseSizeRow>
      caption={caption}
      columns={columnInfo}
      list={list}
      state={state}
      onStateChange={onStateChange}
      getRowKey={(row) => row.productId}
      renderCard={(row) => <ProductCard row={row} />}
      // A container, so that a card puts its slots beside the names only when the card itself is wide enough.
      listClassName="@container"
    />
  );
}

function ProductCard({ row }: { row: CaseSizeRow }) {
  const editing = useCaseSizeEditing();
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = (slot: number) => `${id}-message-${slot}`;
  const messages = CASE_SIZE_SLOTS.flatMap((slot) => {
    const message = editing.canEdit ? slotMessage(editing, row.productId, slot) : undefined;
    return message ? [{ slot, message: withoutProductName(message.text, row.productName) }] : [];
  });
  const classification = classificationText(row);

  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm @2xl:flex @2xl:items-start @2xl:gap-6">
      <div className="min-w-0 space-y-1 @2xl:flex-1">
        <h2 id={titleId} className="text-base leading-snug font-semibold [overflow-wrap:anywhere] text-slate-900">
          {row.productName}
        </h2>
        <div className="text-sm text-slate-700">
          <span className="sr-only">S2S Product: </span>
          <S2sNames row={row} layout="card" />
        </div>
        {classification && <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{classification}</p>}
      </div>

      <div className="mt-3 @2xl:mt-0 @2xl:w-96 @2xl:shrink-0">
        <fieldset>
          <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">Standard case sizes</legend>
          <div className="grid grid-cols-5 gap-2">
            {CASE_SIZE_SLOTS.map((slot) =>
              editing.canEdit ? (
                <CaseSizeInput key={slot} row={row} slot={slot} layout="card" cardMessageId={messageId(slot)} />
              ) : (
                <div key={slot} className="min-w-0 text-center">
                  <div className="mb-1 text-xs font-medium text-slate-600">{slot}</div>
                  <div className="flex h-12 items-center justify-center rounded-md bg-slate-50 text-lg font-medium text-slate-900">
                    <CaseSizeInput row={row} slot={slot} layout="card" />
                  </div>
                </div>
              ),
            )}
          </div>
        </fieldset>
        {messages.length > 0 && (
          <ul className="mt-2 space-y-1">
            {messages.map(({ slot, message }) => (
              <li key={slot} id={messageId(slot)} className="flex items-start gap-1 text-sm font-medium text-red-700">
                <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
                <span className="[overflow-wrap:anywhere]">
                  <span className="font-semibold">{`Size ${slot}: `}</span>
                  {message}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
