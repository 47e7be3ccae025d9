// Downloading an exported workbook (reconciliation reports, menus) by the link its export answered. The link's
// token is the credential, so the route is public: a browser opens it in a new window without the app's token.
import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The answer to a link whose signature or expiry fails. */
export const EXPORT_LINK_INVALID_MESSAGE = 'This download link is invalid or has expired. Export again.';

/** The path an export answers, under /api. */
export const exportDownloadPath = (token: string) => `/api/exports/${token}`;

export const downloadExportEndpoint = defineEndpoint({
  operationId: 'downloadExport',
  method: 'GET',
  path: '/exports/{token}',
  summary: 'An exported workbook, while its link has not expired',
  description:
    "The token carries the file's id, its market and the link's expiry, HMAC-SHA256 signed by the server. Answers the xlsx with a Content-Disposition file name; 403 for a tampered or expired link; 404 for a token this server never made or a file no longer kept.",
  tag: 'Exports',
  access: publicAccess,
  params: z.object({ token: z.string().regex(/^[\w-]{20,120}$/, 'is not an export link') }),
  /** The workbook's bytes (an xlsx), not JSON. */
  responses: { 200: z.string().describe('The xlsx workbook') },
  errors: [403, 404],
});
