import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../../shared/api/common';
import {
  parseVersionTag,
  picklistDetailResponseSchema,
  picklistEditBatchBodySchema,
  picklistEditBatchResponseSchema,
  picklistEditBodySchema,
  picklistIdParamsSchema,
  picklistRegisterResponseSchema,
  versionTag,
} from '../../../shared/api/picklists';
import { callerOf, marketOf } from '../../auth/access-control';
import type { Db } from '../../db/client';
import { auditActorOf } from '../../lib/audit';
import { invalidField } from '../../lib/errors';
import { idempotencyKeyOf, runIdempotently } from '../../lib/idempotency';
import { ok, okPage } from '../../lib/reply';
import { requirePermission } from '../../lib/route-access';
import { pickEditAnswer, pickEditClaim, type PicklistsService } from './picklists.service';

export const picklistsRoutes: FastifyPluginAsyncZod<{ db: Db; picklists: PicklistsService }> = async (app, { db, picklists }) => {
  const tags = ['picklists'];

  app.post(
    '/picklist/register',
    { config: { access: requirePermission('orders-picklist_register', 'view') }, schema: { tags, body: listQuerySchema, response: { 200: picklistRegisterResponseSchema } } },
    async (request) => okPage(await picklists.register(marketOf(request), request.body)),
  );

  app.get(
    '/picklist/:id/detail',
    {
      config: { access: requirePermission('orders-picklist_details', 'view') },
      schema: { tags, description: 'The picklist, its items and the short-pick reasons; its version in the ETag header.', params: picklistIdParamsSchema, response: { 200: picklistDetailResponseSchema } },
    },
    async (request, reply) => {
      const detail = await picklists.detail(marketOf(request), request.params.id);
      void reply.header('etag', versionTag(detail.version)).header('cache-control', 'no-store');
      return ok(detail);
    },
  );

  app.put(
    '/picklist/:id/edit',
    {
      config: { access: requirePermission('orders-picklist_details', 'picked') },
      schema: {
        tags,
        description:
          'Records picks. Idempotency-Key: a replay returns the first answer and applies nothing twice (422 if reused for another request). If-Match: the version the edit was made on; 412 with the current picklist when an edited item changed since.',
        params: picklistIdParamsSchema,
        body: picklistEditBodySchema,
        response: { 200: picklistDetailResponseSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const market = marketOf(request);
      const ifMatchHeader = request.headers['if-match'];
      const ifMatch = ifMatchHeader === undefined ? null : parseVersionTag(String(ifMatchHeader));
      if (ifMatchHeader !== undefined && ifMatch === null) throw invalidField('If-Match', 'header must be the version tag the picklist was read with, like "v12"');
      const claim = pickEditClaim(caller.id, market, request.params.id, idempotencyKeyOf(request), request.body);
      const result = await runIdempotently(db, claim, async (tx) =>
        pickEditAnswer(await picklists.edit(tx, auditActorOf(request), caller, market, request.params.id, request.body, ifMatch)),
      );
      // Only applied (200) answers are stored, so a replay answers 200 too.
      void reply.headers(result.headers);
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body as ReturnType<typeof ok<Awaited<ReturnType<PicklistsService['detail']>>>>;
    },
  );

  app.post(
    '/picklist/:id/edits',
    {
      config: { access: requirePermission('orders-picklist_details', 'picked') },
      schema: {
        tags,
        description:
          "Several waiting edits of one picklist in one call (the offline outbox's replay), applied in order, each as PUT /picklist/{id}/edit would apply it with its key as Idempotency-Key and base_version as If-Match. Each edit is answered with the status that call would have had; the picklist after the call is in data.picklist and its version in the ETag.",
        params: picklistIdParamsSchema,
        body: picklistEditBatchBodySchema,
        response: { 200: picklistEditBatchResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await picklists.editBatch(auditActorOf(request), callerOf(request), marketOf(request), request.params.id, request.body.edits);
      void reply.header('etag', versionTag(result.picklist.version));
      return ok(result, 'Picklist edits processed');
    },
  );
};
