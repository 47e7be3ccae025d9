// The order's notes: who wrote what and when, and a field to add one (at most 500 characters; Add Note is
// disabled while the note is blank, as the spec's rule says).
// Closed once the order is Cancelled or Completed.
import { useId, useState, type FormEvent } from 'react';
import type { NOTE_MAX_LENGTH } from '../../../../shared/api/orders';
import type { OrderStatus } from '../../../../shared/enums';
import { formatDateTime } from '../../../lib/format';
import { STATUSES_CLOSED_TO_NOTES } from '../../../../shared/order-status';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icons';
import { LoadingMessage } from '../../../components/ui/loading-message';
import { fieldControl, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { handleError } from '../../../lib/handle-error';
import { useCreateOrderNote } from '../api/create-order-note';
import { useOrderNotes } from '../api/list-order-notes';

// The contract's limit, checked against it by type: importing the value would bring the full zod along.
const NOTE_LIMIT: typeof NOTE_MAX_LENGTH = 500;
const NOTE_FAILED_MESSAGE = 'Failed to add the note. Please try again.';

/** A note must fit the limit (a blank one cannot be sent: its button is disabled). */
function noteError(text: string): string | undefined {
  if (text.length > NOTE_LIMIT) return `Notes can be at most ${NOTE_LIMIT} characters.`;
  return undefined;
}

export function OrderNotes({ orderId, status }: { orderId: number; status: OrderStatus }) {
  const notes = useOrderNotes(orderId);
  const create = useCreateOrderNote(orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const fieldId = useId();
  const countId = useId();
  const errorId = useId();
  const closed = STATUSES_CLOSED_TO_NOTES.includes(status);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length === 0) return;
    const problem = noteError(text);
    setError(problem);
    if (problem) return;
    try {
      await create.mutateAsync(text.trim());
      setText('');
    } catch (failure) {
      handleError(failure, NOTE_FAILED_MESSAGE);
    }
  };

  return (
    <Card title="Order Notes" description={closed ? `Notes are closed: this order is ${status}.` : undefined}>
      <div className="space-y-4">
        <form onSubmit={(event) => void handleSubmit(event)} className="space-y-2" noValidate>
          <label htmlFor={fieldId} className={fieldLabel}>
            Add a note
          </label>
          <textarea
            id={fieldId}
            value={text}
            rows={3}
            maxLength={NOTE_LIMIT}
            disabled={closed}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${countId}${error ? ` ${errorId}` : ''}`}
            onChange={(event) => {
              setText(event.target.value.slice(0, NOTE_LIMIT));
              if (error) setError(undefined);
            }}
            placeholder={closed ? 'Notes are closed for this order.' : 'Delivery instructions, buyer requests...'}
            className={`${fieldControl} min-h-24 resize-y py-2`}
          />
          <div className="flex items-start justify-between gap-3">
            <div aria-live="polite" className="min-w-0">
              {error && (
                <p id={errorId} className={fieldError}>
                  <Icon name="warning" className="mt-0.5 size-4 shrink-0" />
                  {error}
                </p>
              )}
            </div>
            <p id={countId} className={`${fieldHint} shrink-0 tabular-nums`}>
              {text.length}/{NOTE_LIMIT}
              <span className="sr-only"> characters</span>
            </p>
          </div>
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" icon="plus" disabled={closed || text.trim().length === 0} loading={create.isPending}>
              Add Note
            </Button>
          </div>
        </form>

        {notes.isPending ? (
          <LoadingMessage messages="Loading notes..." />
        ) : notes.isError ? (
          <Banner tone="error" title="The notes could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: () => void notes.refetch() }} />
        ) : notes.data.length === 0 ? (
          <p className="text-sm text-slate-600">No notes yet.</p>
        ) : (
          <ol aria-label="Notes" tabIndex={0} className="space-y-3 lg:max-h-[28rem] lg:overflow-y-auto lg:pr-1">
            {notes.data.map((note) => (
              <li key={note.noteId} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
                <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{note.notes}</p>
                <p className="mt-2 text-xs text-slate-600">
                  <span className="font-medium text-slate-700">{note.created_user_name ?? 'Unknown user'}</span> ·{' '}
                  <time dateTime={note.created_ts}>{formatDateTime(note.created_ts)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Card>
  );
}
