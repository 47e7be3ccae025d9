// Accepting the seed-to-sale quantity asks why: a reason from the list, and for 'Other' a detail of at least
// 10 characters. Confirm stays disabled until that holds (spec section 5).
import { useId, useState } from 'react';
import { MAX_ACCEPT_DETAIL, RECON_ACCEPT_REASONS, RECON_MESSAGES } from '../../../../shared/api/reconciliation';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Select } from '../../../components/ui/select';
import { fieldControl, fieldError, fieldHint, fieldLabel } from '../../../components/ui/styles';
import { acceptReason, canConfirmReason, reasonProblems } from '../reconciliation-rules';

const REASON_OPTIONS = RECON_ACCEPT_REASONS.map((reason) => ({ value: reason.code as number, label: reason.label }));

type Props = {
  /** The batches to accept; the dialog is open while there are some. */
  batches: string[];
  busy: boolean;
  /** Why the last accept failed, shown in the dialog so that the user can try again. */
  error: string | null;
  onConfirm: (reason: { reasonCode: number; comments?: string }) => void;
  onClose: () => void;
};

export function ReconciliationReasonDialog({ batches, busy, error, onConfirm, onClose }: Props) {
  return (
    <Dialog
      open={batches.length > 0}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={RECON_MESSAGES.acceptAction}
      description={batches.length === 1 ? `Batch ${batches[0]}` : `${batches.length} batches`}
    >
      {/* A fresh form for every opening: the last reason does not carry over to other batches. */}
      {batches.length > 0 && <ReasonForm key={batches.join('\n')} busy={busy} error={error} onConfirm={onConfirm} onClose={onClose} />}
    </Dialog>
  );
}

function ReasonForm({ busy, error, onConfirm, onClose }: Omit<Props, 'batches'>) {
  const detailId = useId();
  const [reasonCode, setReasonCode] = useState<number | null>(null);
  const [detail, setDetail] = useState('');
  const [detailTouched, setDetailTouched] = useState(false);
  const draft = { reasonCode, detail };
  const problems = reasonProblems(draft);
  const valid = canConfirmReason(draft);
  const detailError = detailTouched ? problems.detail : undefined;
  const atLimit = detail.length >= MAX_ACCEPT_DETAIL;

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !busy) onConfirm(acceptReason(draft));
      }}
    >
      {error && <Banner tone="error" title={error} autoDismissMs={0} dismissible={false} />}
      <Select label="Reason" value={reasonCode} onChange={setReasonCode} options={REASON_OPTIONS} placeholder="Select a reason" hint={problems.reason} disabled={busy} buttonClassName="pointer-coarse:min-h-11" />
      <div className="space-y-1.5">
        <label htmlFor={detailId} className={fieldLabel}>
          Additional detail
        </label>
        <textarea
          id={detailId}
          rows={3}
          maxLength={MAX_ACCEPT_DETAIL}
          value={detail}
          disabled={busy}
          aria-invalid={detailError ? true : undefined}
          aria-describedby={`${detailId}-message ${detailId}-count`}
          onChange={(event) => setDetail(event.target.value)}
          onBlur={() => setDetailTouched(true)}
          className={`${fieldControl} min-h-24`}
        />
        <div className="flex items-start justify-between gap-3">
          <p id={`${detailId}-message`} className={detailError ? fieldError : fieldHint}>
            {problems.detail ?? 'Recorded with the change in the audit log.'}
          </p>
          {/* The box keeps MAX_ACCEPT_DETAIL characters: a longer paste was cut without a word. */}
          <p id={`${detailId}-count`} className={`${fieldHint} shrink-0 tabular-nums ${atLimit ? 'font-medium text-amber-800' : ''}`} aria-live={atLimit ? 'polite' : 'off'}>
            {atLimit ? `${MAX_ACCEPT_DETAIL} of ${MAX_ACCEPT_DETAIL} characters, the most kept` : `${detail.length}/${MAX_ACCEPT_DETAIL}`}
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} className="w-full sm:w-auto pointer-coarse:min-h-11">
          Cancel
        </Button>
        <Button type="submit" disabled={!valid} loading={busy} className="w-full sm:w-auto pointer-coarse:min-h-11">
          Confirm
        </Button>
      </div>
    </form>
  );
}
