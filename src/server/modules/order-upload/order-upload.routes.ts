// Bulk menu upload: send a file, review it per customer, then confirm (orders are made) or cancel.
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketCodeSchema } from '../../../shared/api/enum-schemas';
import { uploadCreateBodySchema, uploadProcessBodySchema, uploadResponseSchema } from '../../../shared/api/orders';
import { callerOf, marketOf } from '../../auth/access-control';
import { auditActorOf } from '../../lib/audit';
import { errorBody } from '../../lib/error-handler';
import { ok } from '../../lib/reply';
import { requirePermission } from '../../lib/route-access';
import { SPREADSHEET_MESSAGES } from '../../lib/spreadsheet/read-spreadsheet';
import type { OrderUploadService } from './order-upload.service';

/** 10 MB in base64 is 13.4 MB; the JSON around it is small. A larger body is refused before it is read. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

const uploadMenu = requirePermission('orders-orders_history', 'upload_menu');

export const uploadStatusQuerySchema = z.object({
  marketCode: marketCodeSchema.optional(),
  /** A particular upload (also a finished one, to show its outcome); without it, the open one. */
  referenceId: z.string().trim().min(1).max(64).optional(),
});

export const orderUploadRoutes: FastifyPluginAsyncZod<{ uploads: OrderUploadService }> = async (app, { uploads }) => {
  const tags = ['orders'];

  // A body over the route's limit never reaches the handler: answer it with the spec's upload message.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(errorBody(413, 'PAYLOAD_TOO_LARGE', SPREADSHEET_MESSAGES.tooLarge));
    throw error;
  });

  app.post(
    '/order/upload/create',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      config: { access: uploadMenu },
      schema: {
        tags,
        description:
          'Reads an order file (xlsx, xls or csv by content, at most 10 MB, base64 without a data: prefix) with the columns Batch#, Dispensary Location(s) and Case Size, and opens it for review: one entry per dispensary. A bad file or row answers 400 naming what to fix (413 when too large) and stores nothing; another upload still open in the market answers 409.',
        body: uploadCreateBodySchema,
        response: { 200: uploadResponseSchema },
      },
    },
    async (request) =>
      ok({ customers: await uploads.create(auditActorOf(request), callerOf(request), marketOf(request), request.body) }, 'Upload ready for review'),
  );

  app.post(
    '/order/upload/process',
    {
      config: { access: uploadMenu },
      schema: {
        tags,
        description:
          'Cancels an upload under review, or confirms it with a delivery date for every customer: one order per customer is created, and the answer shows each outcome (COMPLETED with its order reference id, or FAILED with the reason).',
        body: uploadProcessBodySchema,
        response: { 200: uploadResponseSchema },
      },
    },
    async (request) => {
      const customers = await uploads.process(auditActorOf(request), callerOf(request), marketOf(request), request.body, request.log);
      return ok({ customers }, request.body.action === 'cancel' ? 'Upload cancelled' : 'Upload processed');
    },
  );

  app.get(
    '/order/upload/status',
    {
      config: { access: uploadMenu },
      schema: {
        tags,
        description: "The market's upload under review or being processed (empty when none), or the one named by referenceId.",
        querystring: uploadStatusQuerySchema,
        response: { 200: uploadResponseSchema },
      },
    },
    async (request) => ok({ customers: await uploads.status(auditActorOf(request), marketOf(request), request.query.referenceId) }),
  );
};
