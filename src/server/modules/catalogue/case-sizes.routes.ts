// The standard case sizes API: thin routes over the case-sizes service, registered from their declarations in src/shared.
import type { FastifyPluginAsync } from 'fastify';
import { CASE_SIZE_FILTER_COLUMNS, CASE_SIZE_SORT_COLUMNS, listCaseSizesEndpoint, manageCaseSizesEndpoint } from '../../../shared/api/case-sizes';
import { paginationMeta } from '../../../shared/api/common';
import { route } from '../../lib/endpoint-route';
import { checkListQuery } from '../../lib/list-query';
import { ok, sendJsonPage } from '../../lib/reply';
import type { CaseSizesService } from './case-sizes.service';

export const caseSizesRoutes: FastifyPluginAsync<{ caseSizes: CaseSizesService }> = async (app, { caseSizes }) => {
  route(app, listCaseSizesEndpoint, async ({ ctx, body }, reply) => {
    const query = checkListQuery(body, { sortable: CASE_SIZE_SORT_COLUMNS, filterable: CASE_SIZE_FILTER_COLUMNS });
    const { rowsJson, rows, total } = await caseSizes.list(ctx, query);
    return sendJsonPage(reply, rowsJson, paginationMeta(query.page, query.pageSize, total, rows));
  });

  route(app, manageCaseSizesEndpoint, async ({ ctx, body }) => {
    const { answer, message } = await caseSizes.save(ctx, body);
    return ok(answer, message);
  });
};
