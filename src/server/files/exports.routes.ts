// The download route of exported files: the signed token in the link is the credential.
import type { FastifyPluginAsync } from 'fastify';
import { EXPORT_LINK_INVALID_MESSAGE, XLSX_CONTENT_TYPE, downloadExportEndpoint } from '../../shared/api/exports';
import { route } from '../lib/endpoint-route';
import { forbidden, notFound } from '../lib/errors';
import type { ExportStorage } from './export-storage';

export const exportsRoutes: FastifyPluginAsync<{ storage: ExportStorage }> = async (app, { storage }) => {
  route(app, downloadExportEndpoint, async ({ params }, reply) => {
    const file = await storage.open(params.token);
    if (file.status === 'invalid') throw forbidden(EXPORT_LINK_INVALID_MESSAGE);
    if (file.status === 'missing') throw notFound('Export');
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};
