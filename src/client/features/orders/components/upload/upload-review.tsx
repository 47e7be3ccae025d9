// The bulk upload review on the orders list (orders spec, sections 2 and 4). On load and while polling: a
// customer IN-PROGRESS shows the review (delivery date per customer, Cancel, Confirm); otherwise one
// ORDER-INITIATED polls every 10 s; otherwise, all COMPLETED or FAILED, the review is cleared, leaving the
// outcome (orders made, and why others failed) for whoever confirmed or watched it until dismissed.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { UploadCustomerResult } from '../../../../../shared/api/orders';
import type { MarketCode } from '../../../../../shared/enums';
import { addOneYear, marketDate } from '../../../../../shared/market-time';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { DESKTOP_QUERY, useMediaQuery } from '../../../../components/ui/use-media-query';
import { errorMessage } from '../../../../lib/handle-error';
import { useCurrentMarket } from '../../../../lib/market-store';
import { useProcessUpload } from '../../api/upload-process';
import { uploadStatusQueryOptions, type UploadCustomers } from '../../api/upload-status';
import { DeliveryDatePicker } from './delivery-date-picker';
import { UPLOAD_MESSAGES, UPLOAD_POLL_MS } from './upload-rules';
import { useCanUpload } from './use-can-upload';

const isInitiated = (customer: UploadCustomerResult) => customer.menu_upload_status === 'ORDER-INITIATED';
const isFinished = (customer: UploadCustomerResult) => customer.menu_upload_status === 'COMPLETED' || customer.menu_upload_status === 'FAILED';
const isUnfinished = (customer: UploadCustomerResult) => !isFinished(customer);

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

export function UploadReview() {
  const canUpload = useCanUpload();
  return canUpload ? <UploadReviewContent /> : null;
}

function UploadReviewContent() {
  const market = useCurrentMarket();
  // The upload followed to its end: the open-upload query forgets an upload once it is finished.
  const [followed, setFollowed] = useState<{ market: MarketCode; referenceId: string } | null>(null);
  const watching = followed?.market === market ? followed.referenceId : null;
  const status = useQuery({
    ...uploadStatusQueryOptions(market, watching),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.result.some(isInitiated) ? UPLOAD_POLL_MS : false),
  });
  const upload = status.data;
  if (upload?.referenceId && !watching && upload.result.some(isInitiated)) {
    setFollowed({ market, referenceId: upload.referenceId });
  }
  // The market's open upload as this screen last heard of it (an upload sent from the dialog lands here at
  // once). A newer one than the upload followed takes its place: otherwise the last upload's outcome would
  // hide the review of the file just sent until someone dismissed it.
  const { data: latest } = useQuery({ ...uploadStatusQueryOptions(market, null), enabled: false });
  if (watching && latest?.referenceId && latest.referenceId !== watching && latest.result.some(isUnfinished)) {
    setFollowed(null);
  }

  if (status.isError && !upload) {
    return <Banner tone="error" title="The upload review could not be loaded." autoDismissMs={0} dismissible={false} action={{ label: 'Retry', onClick: () => void status.refetch() }} />;
  }
  if (!upload?.referenceId || upload.result.length === 0) return null;
  const inReview = upload.result.filter((customer) => customer.menu_upload_status === 'IN-PROGRESS');
  if (inReview.length > 0) {
    return (
      <ReviewPanel
        key={upload.referenceId}
        market={market}
        referenceId={upload.referenceId}
        customers={inReview}
        onFollow={(referenceId) => setFollowed(referenceId ? { market, referenceId } : null)}
      />
    );
  }
  if (upload.result.some(isInitiated)) return <ProcessingPanel upload={upload} />;
  if (watching === upload.referenceId && upload.result.every(isFinished)) return <OutcomePanel upload={upload} onDismiss={() => setFollowed(null)} />;
  return null;
}

type ReviewPanelProps = {
  market: MarketCode;
  referenceId: string;
  customers: UploadCustomerResult[];
  /**
   * Follow this upload (confirming: its outcome is shown once it is finished) or stop following (cancelling).
   * Called before the request, as the answer may come after this panel has given way to the progress view.
   */
  onFollow: (referenceId: string | null) => void;
};

function ReviewPanel({ market, referenceId, customers, onFollow }: ReviewPanelProps) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const headingId = useId();
  const missingId = useId();
  const [dates, setDates] = useState<Record<number, string>>(() =>
    Object.fromEntries(customers.flatMap((customer) => (customer.delivery_date ? [[customer.index, customer.delivery_date]] : []))),
  );
  const [showMissing, setShowMissing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const process = useProcessUpload();
  const min = marketDate(market);
  const max = addOneYear(min);
  const missing = customers.filter((customer) => !dates[customer.index]);

  const handleDate = (index: number, value: string) => {
    setDates((current) => ({ ...current, [index]: value }));
    setFailure(null);
  };

  const handleConfirm = () => {
    setFailure(null);
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    setShowMissing(false);
    onFollow(referenceId);
    process.mutate({ action: 'confirm', referenceId, customers, dates }, { onError: (error) => setFailure(errorMessage(error, UPLOAD_MESSAGES.unknown)) });
  };

  const handleCancel = () => {
    onFollow(null);
    process.mutate(
      { action: 'cancel', referenceId },
      {
        onSuccess: () => setAsking(false),
        onError: (error) => {
          setAsking(false);
          setFailure(errorMessage(error, UPLOAD_MESSAGES.unknown));
        },
      },
    );
  };

  const picker = (customer: UploadCustomerResult) => {
    const invalid = showMissing && !dates[customer.index];
    return (
      <DeliveryDatePicker
        label={`Delivery date for ${customer.customer_name}`}
        value={dates[customer.index] ?? ''}
        onChange={(value) => handleDate(customer.index, value)}
        min={min}
        max={max}
        invalid={invalid}
        describedBy={invalid ? missingId : undefined}
        align={desktop ? 'end' : 'start'}
      />
    );
  };
  const summary = (customer: UploadCustomerResult) => `${plural(customer.line_count, 'batch', 'batches')}, ${plural(customer.total_cases, 'case')}`;
  const confirming = process.isPending && process.variables?.action === 'confirm';

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-1 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Review uploaded orders
        </h2>
        <p className="text-sm text-slate-600">
          Upload {referenceId}: {plural(customers.length, 'customer')}. Choose a delivery date for each, then confirm to create one order per customer.
        </p>
      </header>
      <div className="space-y-3 p-4 sm:p-5">
        {showMissing && missing.length > 0 && (
          <div id={missingId}>
            <Banner tone="error" title={UPLOAD_MESSAGES.deliveryDatesRequired} autoDismissMs={0} onDismiss={() => setShowMissing(false)} />
          </div>
        )}
        {failure && <Banner tone="error" title={failure} autoDismissMs={0} onDismiss={() => setFailure(null)} />}
        {confirming && <LoadingMessage messages={['Creating orders...', 'Still creating orders...']} />}

        {desktop ? (
          // No scrolling box around the table: it would clip the calendar that opens under a date. Three
          // columns fit from 768px, the customer's name wrapping if it must.
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Customers of upload {referenceId} and their delivery dates</caption>
            <thead>
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium text-slate-700">
                  Customer
                </th>
                <th scope="col" className="py-2 pr-4 font-medium text-slate-700">
                  Order
                </th>
                <th scope="col" className="w-44 py-2 font-medium text-slate-700">
                  Delivery Date
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {customers.map((customer) => (
                <tr key={customer.index}>
                  <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                    {customer.customer_name}
                  </th>
                  <td className="py-2 pr-4 text-slate-600">{summary(customer)}</td>
                  <td className="py-2">{picker(customer)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <ul className="space-y-3" aria-label={`Customers of upload ${referenceId}`}>
            {customers.map((customer) => (
              <li key={customer.index} className="space-y-2 rounded-lg border border-slate-200 p-3">
                <div>
                  <p className="font-medium text-slate-900">{customer.customer_name}</p>
                  <p className="text-sm text-slate-600">{summary(customer)}</p>
                </div>
                <div className="space-y-1">
                  <p className="text-sm font-medium text-slate-800" aria-hidden="true">
                    Delivery Date
                  </p>
                  {picker(customer)}
                </div>
              </li>
            ))}
          </ul>
        )}

        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto">
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={process.isPending}>
            Cancel
          </Button>
          <Button onClick={handleConfirm} loading={confirming} disabled={process.isPending}>
            Confirm
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title={UPLOAD_MESSAGES.cancelQuestion}
        cancelLabel="No"
        confirmLabel="Yes"
        destructive
        busy={process.isPending && process.variables?.action === 'cancel'}
        onConfirm={handleCancel}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}

function ProcessingPanel({ upload }: { upload: UploadCustomers }) {
  const done = upload.result.filter(isFinished).length;
  return (
    <section aria-label={`Upload ${upload.referenceId} in progress`} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <LoadingMessage messages={`Creating orders for upload ${upload.referenceId}: ${done} of ${upload.result.length} done.`} />
      <p className="text-sm text-slate-600">This updates every {UPLOAD_POLL_MS / 1000} seconds.</p>
    </section>
  );
}

function OutcomePanel({ upload, onDismiss }: { upload: UploadCustomers; onDismiss: () => void }) {
  const created = upload.result.filter((customer) => customer.menu_upload_status === 'COMPLETED');
  const failed = upload.result.filter((customer) => customer.menu_upload_status === 'FAILED');
  const title =
    failed.length === 0
      ? `Upload ${upload.referenceId}: ${plural(created.length, 'order')} created.`
      : `Upload ${upload.referenceId}: ${plural(created.length, 'order')} created, ${failed.length} failed.`;
  return (
    <Banner tone={failed.length === 0 ? 'success' : 'warning'} title={title} autoDismissMs={0} onDismiss={onDismiss}>
      {created.length > 0 && (
        <>
          <p className="mt-1 font-medium">Created</p>
          <ul className="list-disc pl-5">
            {created.map((customer) => (
              <li key={customer.index}>
                {customer.customer_name}: <span className="font-medium tabular-nums">{customer.reference_id}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <p className="mt-1 font-medium">Failed</p>
          <ul className="list-disc pl-5">
            {failed.map((customer) => (
              <li key={customer.index}>
                {customer.customer_name}: {customer.error ?? UPLOAD_MESSAGES.unknown}
              </li>
            ))}
          </ul>
        </>
      )}
    </Banner>
  );
}
