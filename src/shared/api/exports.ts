// Downloading an exported workbook (reconciliation reports, menus) by the link its export answered. The link's
// token is the credential, so the route is public: a browser opens it in a new window without the app's token.
import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The path an export answers, under /api. */
export const exportDownloadPath = (token: string) => `/api/exports/${token}`;

export const downloadExportEndpoint = defineEndpoint({
  operationId: 'downloadExport',
  method: 'GET',
  path: '/exports/{token}',
  summary: 'An exported workbook, while its link has not expired',
  description: 'Answers the xlsx with a Content-Disposition file name; 404 once the link expired or for an unknown token.',
  tag: 'Exports',
  access: publicAccess,
  params: z.object({ token: z.string().regex(/^[\w-]{20,100}$/, 'is not an export link') }),
  /** The workbook's bytes (an xlsx), not JSON. */
  responses: { 200: z.string().describe('The xlsx workbook') },
  errors: [404],
});
