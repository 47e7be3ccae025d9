import type { FastifyPluginAsync } from 'fastify';
import {
  parseVersionTag,
  picklistDetailEndpoint,
  picklistEditBatchEndpoint,
  picklistEditEndpoint,
  picklistRegisterEndpoint,
  versionTag,
  type PicklistDetail,
} from '../../../shared/api/picklists';
import { route } from '../../lib/endpoint-route';
import { invalidField } from '../../lib/errors';
import { idempotencyKeyOf } from '../../lib/idempotency';
import { ok, sendJsonPage } from '../../lib/reply';
import type { PicklistsService } from './picklists.service';

export const picklistsRoutes: FastifyPluginAsync<{ picklists: PicklistsService }> = async (app, { picklists }) => {
  route(app, picklistRegisterEndpoint, async ({ ctx, body }, reply) => {
    const { rowsJson, pagination } = await picklists.register(ctx.market, body);
    return sendJsonPage(reply, rowsJson, pagination);
  });

  route(app, picklistDetailEndpoint, async ({ ctx, params }, reply) => {
    const detail = await picklists.detail(ctx.market, params.id);
    void reply.header('etag', versionTag(detail.version)).header('cache-control', 'no-store');
    return ok(detail);
  });

  route(app, picklistEditEndpoint, async ({ ctx, params, body, headers }, reply) => {
    const ifMatchHeader = headers['if-match'];
    const ifMatch = ifMatchHeader === undefined ? null : parseVersionTag(String(ifMatchHeader));
    if (ifMatchHeader !== undefined && ifMatch === null) throw invalidField('If-Match', 'header must be the version tag the picklist was read with, like "v12"');
    const result = await picklists.editOnce(ctx, params.id, body, idempotencyKeyOf(headers), ifMatch);
    // Only applied (200) answers are stored, so a replay answers 200 too.
    void reply.headers(result.headers);
    if (result.replayed) void reply.header('idempotent-replayed', 'true');
    return result.body as ReturnType<typeof ok<PicklistDetail>>;
  });

  route(app, picklistEditBatchEndpoint, async ({ ctx, params, body }, reply) => {
    const result = await picklists.editBatch(ctx, params.id, body.edits);
    void reply.header('etag', versionTag(result.picklist.version));
    return ok(result, 'Picklist edits processed');
  });
};
