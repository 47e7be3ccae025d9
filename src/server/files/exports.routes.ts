// The download route of exported files: the token in the link is the credential.
import type { FastifyPluginAsync } from 'fastify';
import { XLSX_CONTENT_TYPE, downloadExportEndpoint } from '../../shared/api/exports';
import { route } from '../lib/endpoint-route';
import { notFound } from '../lib/errors';
import type { ExportStorage } from './export-storage';

export const exportsRoutes: FastifyPluginAsync<{ storage: ExportStorage }> = async (app, { storage }) => {
  route(app, downloadExportEndpoint, async ({ params }, reply) => {
    const file = await storage.open(params.token);
    if (!file) throw notFound('Export');
    return reply
      .header('content-type', XLSX_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
};
