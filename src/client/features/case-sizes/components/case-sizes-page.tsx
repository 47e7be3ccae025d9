// /config/standard-case-sizes: the market's ERP products with their five standard case sizes. Market Admins
// edit the sizes in place (kept per product and slot across pages, sorts and searches until saved or
// discarded), checked here with the server's limits before a save that sends only the changed slots.
import { Link } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { CASE_SIZE_MESSAGES, type CaseSizeRow } from '../../../../shared/api/case-sizes';
import { LeaveConfirmDialog, useLeaveGuard } from '../../../components/leave-guard';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table/data-table';
import type { TableState } from '../../../components/ui/data-table/types';
import { useTableQuery } from '../../../components/ui/data-table/use-table-query';
import { PageHeader } from '../../../components/ui/page-header';
import { useMediaQuery } from '../../../components/ui/use-media-query';
import { ApiError } from '../../../lib/api-client';
import { isAbort } from '../../../lib/handle-error';
import { CASE_SIZES_QUERY_KEY, fetchCaseSizes } from '../api/list-case-sizes';
import { useManageCaseSizes } from '../api/manage-case-sizes';
import {
  afterSave,
  cellKey,
  editCount,
  fixBeforeSavingMessage,
  importRecheckText,
  NO_EDITS,
  revertCell,
  saveOutcome,
  savePayload,
  settleCell,
  slotLabel,
  typeInCell,
  validateEdits,
  type CaseSizeEdits,
  type SaveOutcome,
} from '../case-size-edits';
import { CaseSizeCards } from './case-size-cards';
import { caseSizeColumns } from './case-size-columns';
import { CaseSizeEditingContext, type CaseSizeEditing } from './case-size-editing';
import { NamesDialog } from './names-dialog';

/** From this width the table with inline inputs fits; below it, one card per product with large inputs. */
const CASE_SIZE_TABLE_QUERY = '(min-width: 1024px)';
const LEAVE_QUESTION = 'Are you sure you want to exit and discard unsaved changes?';
const CAPTION = 'Standard case sizes';
/** Refusals and problems named in a message before 'and N more'. */
const LISTED = 3;
/** A banner's buttons are 32px from sm up; below the table's width this screen is used by touch, which needs 44. */
const TOUCH_BANNER = 'max-lg:[&_button]:size-auto max-lg:[&_button]:min-h-11 max-lg:[&_button]:min-w-11';

type ShownOutcome = SaveOutcome & { id: number; details: string[] };
type Recheck = { text: string; referenceId: string };

const moreText = (total: number) => (total > LISTED ? [`and ${total - LISTED} more`] : []);

/** Error details a 4xx carries (the server names the product and slot), for the failure banner. */
function errorDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return [];
  return error.details.map((detail) => detail.message).slice(0, LISTED);
}

type Props = { marketName: string; canEdit: boolean; state: TableState; onStateChange: (next: TableState) => void };

export function CaseSizesPage({ marketName, canEdit, state, onStateChange }: Props) {
  const wide = useMediaQuery(CASE_SIZE_TABLE_QUERY);
  const list = useTableQuery<CaseSizeRow>({ queryKey: [CASE_SIZES_QUERY_KEY, 'list'], fetchPage: fetchCaseSizes, state, offline: { noun: 'products' } });
  const save = useManageCaseSizes();

  const [edits, setEdits] = useState<CaseSizeEdits>(NO_EDITS);
  const [settled, setSettled] = useState<ReadonlySet<string>>(new Set());
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [outcome, setOutcome] = useState<ShownOutcome | null>(null);
  const [recheck, setRecheck] = useState<Recheck | null>(null);
  const [names, setNames] = useState<{ product: CaseSizeRow | null; open: boolean }>({ product: null, open: false });
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const outcomeCount = useRef(0);

  const changes = editCount(edits);
  const problems = useMemo(() => validateEdits(edits), [edits]);
  const shownProblems = useMemo(
    () => new Map([...problems].flatMap(([key, problem]) => (saveAttempted || settled.has(key) ? [[key, problem.message] as const] : []))),
    [problems, saveAttempted, settled],
  );
  const guard = useLeaveGuard(changes > 0);

  const editing: CaseSizeEditing = {
    canEdit,
    edits,
    shownProblems,
    onType: (row, slot, raw) => setEdits((current) => typeInCell(current, row, slot, raw)),
    onSettle: (productId, slot) => {
      setEdits((current) => settleCell(current, productId, slot));
      setSettled((current) => (current.has(cellKey(productId, slot)) ? current : new Set(current).add(cellKey(productId, slot))));
    },
    onRevert: (productId, slot) => setEdits((current) => revertCell(current, productId, slot)),
    onOpenNames: (product) => setNames({ product, open: true }),
  };

  const showOutcome = (next: SaveOutcome, details: string[]) => {
    outcomeCount.current += 1;
    setOutcome({ ...next, id: outcomeCount.current, details });
  };

  const handleSave = async () => {
    if (problems.size > 0) {
      setSaveAttempted(true);
      return;
    }
    const sent = savePayload(edits);
    if (sent.length === 0) return;
    setOutcome(null);
    let result: SaveOutcome;
    let details: string[];
    try {
      const answer = await save.mutateAsync(sent);
      result = saveOutcome(answer);
      const reasons = [...result.refused.values()];
      details = [...reasons.slice(0, LISTED), ...moreText(reasons.length)];
      const text = answer.success ? importRecheckText(answer.data.importRecheck) : null;
      if (text && answer.data.importRecheck) setRecheck({ text, referenceId: answer.data.importRecheck.referenceId });
    } catch (error) {
      if (isAbort(error)) return;
      result = saveOutcome({ error });
      details = errorDetails(error);
    }
    setEdits((current) => afterSave(current, sent, result));
    setSaveAttempted(false);
    showOutcome(result, details);
  };

  const handleDiscard = () => {
    setEdits(NO_EDITS);
    setSettled(new Set());
    setSaveAttempted(false);
    setConfirmDiscard(false);
    setOutcome(null);
  };

  const problemList = [...problems.values()];
  const fixMessage = saveAttempted && problemList.length > 0 ? fixBeforeSavingMessage(problemList.length) : null;
  const showBar = canEdit && (changes > 0 || outcome !== null);

  return (
    <CaseSizeEditingContext value={editing}>
      <div className="mx-auto max-w-[96rem] space-y-4">
        <PageHeader title={CASE_SIZE_MESSAGES.title} subtitle={CASE_SIZE_MESSAGES.subtitle(marketName)} className="sm:mb-2" />
        {list.error !== undefined && (
          <Banner
            tone="error"
            title="The case sizes could not be loaded."
            autoDismissMs={0}
            dismissible={false}
            action={{ label: 'Retry', onClick: list.retry }}
            className={TOUCH_BANNER}
          />
        )}
        {recheck && (
          <Banner tone="info" title={recheck.text} autoDismissMs={0} onDismiss={() => setRecheck(null)} className={TOUCH_BANNER}>
            <Link
              to="/inventory/import-result/$importId"
              params={{ importId: recheck.referenceId }}
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2 lg:pointer-fine:min-h-0"
            >
              {`Review import ${recheck.referenceId}`}
            </Link>
          </Banner>
        )}

        {wide ? (
          // Header labels may wrap ('Standard Case Size 1' is long), so that the five slot columns fit beside the
          // product; the name columns size themselves on this container (case-size-columns.tsx).
          <div className="@container [&_th]:whitespace-normal">
            <DataTable<CaseSizeRow>
              tableId="standard-case-sizes"
              caption={CAPTION}
              columns={caseSizeColumns}
              rows={list.rows}
              totalRecords={list.totalRecords}
              getRowId={(row) => String(row.productId)}
              getRowLabel={(row) => row.productName}
              state={state}
              onStateChange={onStateChange}
              isLoading={list.isLoading}
              isFetching={list.isFetching}
              staleError={list.staleError}
              offline={list.offline}
              onRetry={list.retry}
            />
          </div>
        ) : (
          <CaseSizeCards caption={CAPTION} list={list} state={state} onStateChange={onStateChange} />
        )}

        {showBar && (
          <div
            role="region"
            aria-label="Save case sizes"
            className="sticky bottom-0 z-20 -mx-3 space-y-2 border-t border-slate-200 bg-white/95 px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(15,23,42,0.06)] backdrop-blur sm:-mx-6 sm:px-6"
          >
            {outcome && (
              <Banner
                key={outcome.id}
                tone={outcome.kind === 'saved' ? 'success' : outcome.kind === 'partial' ? 'warning' : 'error'}
                title={outcome.message}
                autoDismissMs={outcome.autoDismiss ? undefined : 0}
                onDismiss={() => setOutcome(null)}
                className={TOUCH_BANNER}
              >
                {outcome.details.length > 0 && (
                  <ul className="list-disc space-y-0.5 pl-4">
                    {outcome.details.map((detail) => (
                      <li key={detail} className="[overflow-wrap:anywhere]">
                        {detail}
                      </li>
                    ))}
                  </ul>
                )}
              </Banner>
            )}
            {changes > 0 && (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <div className="min-w-0 flex-1 basis-60 text-sm">
                  {fixMessage ? (
                    <div role="alert" className="font-medium text-red-700">
                      <p>{fixMessage}</p>
                      <ul className="mt-0.5 font-normal [overflow-wrap:anywhere]">
                        {[
                          ...problemList.slice(0, LISTED).map((problem) => `${problem.productName}, ${slotLabel(problem.slot)}: ${problem.message}`),
                          ...moreText(problemList.length),
                        ].map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </div>
                  ) : (
                    // On a phone Save's own count says it, and the screen's height is better spent on the cards.
                    <p className="hidden text-slate-700 sm:block">{`${changes} unsaved ${changes === 1 ? 'change' : 'changes'}`}</p>
                  )}
                </div>
                <div className="flex w-full gap-2 sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">
                  <Button variant="secondary" onClick={() => setConfirmDiscard(true)} disabled={save.isPending} className="sm:min-h-11">
                    Discard
                  </Button>
                  <Button onClick={() => void handleSave()} loading={save.isPending} className="sm:min-h-11">
                    {`Save (${changes})`}
                  </Button>
                </div>
              </div>
            )}
          </div>
        )}
      </div>

      <NamesDialog product={names.product} open={names.open} onClose={() => setNames((current) => ({ ...current, open: false }))} />
      <ConfirmDialog
        open={confirmDiscard}
        title={`Discard ${changes} unsaved ${changes === 1 ? 'change' : 'changes'}?`}
        message="The case sizes you changed go back to their saved values."
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        destructive
        onConfirm={handleDiscard}
        onCancel={() => setConfirmDiscard(false)}
      />
      <LeaveConfirmDialog blocker={guard.blocker} question={LEAVE_QUESTION} />
    </CaseSizeEditingContext>
  );
}
