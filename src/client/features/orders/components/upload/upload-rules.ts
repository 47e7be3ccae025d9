// The bulk upload's rules as the dialog applies them before sending anything (orders spec, section 5).
// The limit, columns and poll interval are the contract's (src/shared/api/orders.ts, checked equal by
// upload-rules.test.ts); that module brings the full zod with it, which the client keeps out of its bundles.

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_REQUIRED_COLUMNS = ['Batch#', 'Dispensary Location(s)', 'Case Size'] as const;
export const UPLOAD_POLL_MS = 10_000;
export const UPLOAD_ACCEPT = '.csv,.xlsx,.xls';

export const UPLOAD_MESSAGES = {
  unsupported: 'Unsupported file format. Please upload a XLSX, or XLS file.',
  tooLarge: 'File size exceeds the 10MB limit. Please upload a smaller file.',
  unknown: 'Unknown error',
  columns: 'The file must include Batch#, Dispensary Location(s) and Case Size.',
  deliveryDatesRequired: 'Please enter the delivery dates for all orders.',
  cancelQuestion: 'Are you sure you want to cancel this order?',
  unreadable: 'The file could not be read. Check that it is a valid XLSX, XLS or CSV file.',
} as const;

const EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export type UploadExtension = (typeof EXTENSIONS)[number];

/**
 * What browsers report for these files: the Excel types, CSV under its several names, and nothing at
 * all (some systems leave it empty). Anything else, whatever the name says, is not a spreadsheet.
 */
const MIME_TYPES = new Set([
  '',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/msexcel',
  'application/x-msexcel',
  'application/octet-stream',
  'text/csv',
  'application/csv',
  'text/x-csv',
  'text/comma-separated-values',
  'text/plain',
]);

export function extensionOf(name: string): UploadExtension | null {
  const lower = name.toLowerCase();
  return EXTENSIONS.find((extension) => lower.endsWith(extension)) ?? null;
}

/** The dialog's checks on a chosen file: its type (by name and reported type), then its size. Null when fine. */
export function checkUploadFile(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (!extensionOf(file.name) || !MIME_TYPES.has(file.type.toLowerCase())) return UPLOAD_MESSAGES.unsupported;
  if (file.size > UPLOAD_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return UPLOAD_MESSAGES.unreadable;
  return null;
}

/** The file's bytes in base64 without the data: prefix, as the upload call takes them. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
