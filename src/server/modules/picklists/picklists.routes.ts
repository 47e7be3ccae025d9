import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../../shared/api/common';
import {
  parseVersionTag,
  picklistDetailResponseSchema,
  picklistEditBodySchema,
  picklistIdParamsSchema,
  picklistRegisterResponseSchema,
  versionTag,
} from '../../../shared/api/picklists';
import { callerOf, marketOf } from '../../auth/access-control';
import type { Db } from '../../db/client';
import { auditActorOf } from '../../lib/audit';
import { invalidField } from '../../lib/errors';
import { idempotencyKeyOf, requestFingerprint, runIdempotently } from '../../lib/idempotency';
import { ok, okPage } from '../../lib/reply';
import { requirePermission } from '../../lib/route-access';
import type { PicklistsService } from './picklists.service';

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
      const route = `PUT /picklist/${request.params.id}/edit`;
      // The fingerprint leaves If-Match out: the outbox moves a waiting edit onto the version its
      // predecessor produced, so a resend whose first answer was lost can carry a newer tag for the same edit.
      const result = await runIdempotently(
        db,
        { userId: caller.id, key: idempotencyKeyOf(request), route, fingerprint: requestFingerprint({ market: market.code, body: request.body }) },
        async (tx) => {
          const updated = await picklists.edit(tx, auditActorOf(request), caller, market, request.params.id, request.body, ifMatch);
          return { statusCode: 200, body: ok(updated, 'Picklist updated'), headers: { etag: versionTag(updated.version) } };
        },
      );
      // Only applied (200) answers are stored, so a replay answers 200 too.
      void reply.headers(result.headers);
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return result.body as ReturnType<typeof ok<Awaited<ReturnType<PicklistsService['detail']>>>>;
    },
  );
};
