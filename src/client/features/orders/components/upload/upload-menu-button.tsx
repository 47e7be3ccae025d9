// The orders list's 'Upload Menu' button and its 'Upload Order File' dialog: choose a file, see its first
// rows (read in a Web Worker, so `xlsx` loads only when a file is chosen), then send it for review.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Banner } from '../../../../components/ui/banner';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { LoadingMessage } from '../../../../components/ui/loading-message';
import { focusRing } from '../../../../components/ui/styles';
import { showToast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { errorMessage } from '../../../../lib/handle-error';
import { useCreateUpload } from '../../api/upload-create';
import { missingColumnsMessage, type Preview } from '../../workers/preview';
import { previewFile } from '../../workers/preview-file';
import { checkUploadFile, fileToBase64, UPLOAD_ACCEPT, UPLOAD_MESSAGES, UPLOAD_REQUIRED_COLUMNS } from './upload-rules';
import { useCanUpload } from './use-can-upload';

export function UploadMenuButton() {
  const canUpload = useCanUpload();
  const [open, setOpen] = useState(false);
  // A new key per opening: every visit to the dialog starts with no file.
  const [visit, setVisit] = useState(0);
  if (!canUpload) return null;
  return (
    <>
      <Button
        variant="secondary"
        icon="upload"
        onClick={() => {
          setVisit((current) => current + 1);
          setOpen(true);
        }}
      >
        Upload Menu
      </Button>
      <UploadOrderFileDialog key={visit} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

type FileState =
  | { step: 'none' }
  | { step: 'refused'; message: string }
  | { step: 'reading'; file: File }
  | { step: 'read'; file: File; preview: Preview }
  | { step: 'unreadable'; file: File };

type Failure = { message: string; problems: string[] };

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The server's message (and, for a file with bad rows, each problem it listed), or 'Unknown error'. */
function failureOf(error: unknown): Failure {
  const message = errorMessage(error, UPLOAD_MESSAGES.unknown) || UPLOAD_MESSAGES.unknown;
  const problems = error instanceof ApiError && error.status === 400 && error.details.length > 1 ? error.details.map((detail) => `${detail.field ?? ''}: ${detail.message}`) : [];
  // The message already states the first problem ('Row 3, Case Size: ... (and 1 more problem)'): list the others.
  return { message, problems: problems.filter((problem) => !message.startsWith(problem)) };
}

function UploadOrderFileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const inputId = useId();
  const hintId = useId();
  const [state, setState] = useState<FileState>({ step: 'none' });
  const [failure, setFailure] = useState<Failure | null>(null);
  const reading = useRef(0);
  const upload = useCreateUpload();

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const attempt = ++reading.current;
    setFailure(null);
    upload.reset();
    if (!file) {
      setState({ step: 'none' });
      return;
    }
    const refusal = checkUploadFile(file);
    if (refusal) {
      setState({ step: 'refused', message: refusal });
      return;
    }
    setState({ step: 'reading', file });
    try {
      const preview = await previewFile(file, UPLOAD_REQUIRED_COLUMNS);
      if (attempt === reading.current) setState({ step: 'read', file, preview });
    } catch {
      if (attempt === reading.current) setState({ step: 'unreadable', file });
    }
  };

  const handleUpload = async () => {
    if (state.step !== 'read') return;
    setFailure(null);
    try {
      const file = await fileToBase64(state.file);
      const review = await upload.mutateAsync({ fileName: state.file.name, file });
      showToast({ tone: 'success', title: `${state.file.name} is ready for review: ${review.result.length} ${review.result.length === 1 ? 'customer' : 'customers'}.` });
      onClose();
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  const missing = state.step === 'read' ? missingColumnsMessage(state.preview.missing) : null;
  const canSend = state.step === 'read' && !missing && !upload.isPending;

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!upload.isPending) onClose();
      }}
      title="Upload Order File"
      description={UPLOAD_MESSAGES.columns}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button icon="upload" onClick={handleUpload} disabled={!canSend} loading={upload.isPending}>
            Upload
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {failure && (
          <Banner tone="error" title={failure.message} autoDismissMs={0} onDismiss={() => setFailure(null)}>
            {failure.problems.length > 0 && (
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {failure.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </Banner>
        )}
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Order file
          </label>
          <input
            id={inputId}
            type="file"
            accept={UPLOAD_ACCEPT}
            aria-describedby={hintId}
            onChange={(event) => void handleFile(event)}
            disabled={upload.isPending}
            className={`block w-full min-h-11 rounded-lg border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:border-r file:border-slate-300 file:bg-slate-50 file:px-4 file:font-medium file:text-slate-800 hover:file:bg-slate-100 sm:pointer-fine:min-h-10 sm:file:min-h-10 ${focusRing}`}
          />
          <p id={hintId} className="text-sm text-slate-500">
            XLSX, XLS or CSV, up to 10MB. Case Size is the number of cases for each dispensary listed on the row (or, in a file with a Cases column, the units per case).
          </p>
        </div>

        {state.step === 'refused' && <Banner tone="error" title={state.message} autoDismissMs={0} dismissible={false} />}
        {state.step === 'unreadable' && <Banner tone="error" title={UPLOAD_MESSAGES.unreadable} autoDismissMs={0} dismissible={false} />}
        {state.step === 'reading' && <LoadingMessage messages={[`Reading ${state.file.name}...`, 'Still reading the file...']} />}
        {state.step === 'read' && (
          <>
            {missing && (
              <Banner tone="error" title={missing} autoDismissMs={0} dismissible={false}>
                {UPLOAD_MESSAGES.columns}
              </Banner>
            )}
            <PreviewTable name={state.file.name} size={state.file.size} preview={state.preview} />
          </>
        )}
      </div>
    </Dialog>
  );
}

function PreviewTable({ name, size, preview }: { name: string; size: number; preview: Preview }) {
  if (preview.header.length === 0) {
    return <p className="text-sm text-slate-600">No header row was found in the first rows of {name}.</p>;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{name}</span> ({formatSize(size)}){preview.rows.length === 0 ? ' has no rows under its header.' : ''}
      </p>
      {preview.rows.length > 0 && (
        // On a phone, headers and phrases wrap so that a file of the three usual columns fits the screen (the
        // Case Size column was out of sight), single words (a batch number) staying whole; a wider file still
        // scrolls sideways.
        <div className="overflow-x-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={`First rows of ${name}`}>
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">
              First {preview.rows.length} rows of {name}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                {preview.header.map((cell, index) => (
                  <th key={index} scope="col" className="px-2 py-2 align-bottom font-medium text-slate-700 sm:px-3 sm:whitespace-nowrap">
                    {cell || <span className="sr-only">Column {index + 1}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td
                      key={index}
                      className={`px-2 py-2 align-top break-words text-slate-800 sm:max-w-64 sm:truncate sm:px-3 ${/\s/.test(cell.trim()) ? '' : 'whitespace-nowrap'}`}
                      title={cell}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.more && <p className="text-sm text-slate-500">Showing the first {preview.rows.length} rows.</p>}
    </div>
  );
}
