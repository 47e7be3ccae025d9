// Bulk menu upload: send a file, review it per customer, then confirm (orders are made) or cancel.
import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { uploadCreateEndpoint, uploadProcessEndpoint, uploadStatusEndpoint } from '../../../shared/api/orders';
import { route } from '../../lib/endpoint-route';
import { errorBody } from '../../lib/error-handler';
import { ok } from '../../lib/reply';
import { SPREADSHEET_MESSAGES } from '../../lib/spreadsheet/spreadsheet-error';
import type { OrderUploadService } from './order-upload.service';

/** 10 MB in base64 is 13.4 MB; the JSON around it is small. A larger body is refused before it is read. */
const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export const orderUploadRoutes: FastifyPluginAsync<{ uploads: OrderUploadService }> = async (app, { uploads }) => {
  // A body over the route's limit never reaches the handler: answer it with the spec's upload message.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(errorBody(413, 'PAYLOAD_TOO_LARGE', SPREADSHEET_MESSAGES.tooLarge));
    throw error;
  });

  route(app, uploadCreateEndpoint, async ({ ctx, body }) => ok({ customers: await uploads.create(ctx, body) }, 'Upload ready for review'), {
    bodyLimit: UPLOAD_BODY_LIMIT,
  });

  route(app, uploadProcessEndpoint, async ({ ctx, body }) => {
    const customers = await uploads.process(ctx, body);
    return ok({ customers }, body.action === 'cancel' ? 'Upload cancelled' : 'Upload processed');
  });

  route(app, uploadStatusEndpoint, async ({ ctx, query }) => ok({ customers: await uploads.status(ctx, query.referenceId) }));
};
