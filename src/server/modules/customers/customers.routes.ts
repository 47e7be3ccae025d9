// The people pickers of the order and menu screens: sales persons, buyers and MSO owners of the current market.
import type { FastifyPluginAsync } from 'fastify';
import { customersEndpoint, msoOwnersEndpoint, salesPersonsEndpoint } from '../../../shared/api/orders';
import type { Db } from '../../db/client';
import { route } from '../../lib/endpoint-route';
import { ok } from '../../lib/reply';
import { listCustomers, listMsoOwners, listSalesPersons } from './customers.repository';

export const customersRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, salesPersonsEndpoint, async ({ ctx }) => ok(await listSalesPersons(db, ctx.market.id)));

  route(app, customersEndpoint, async ({ ctx, query }) => {
    const { group, salesPersonId, search } = query;
    return ok(await listCustomers(db, { marketId: ctx.market.id, group, salesPersonIds: salesPersonId, search: search || undefined }));
  });

  route(app, msoOwnersEndpoint, async ({ ctx, query }) => {
    const { group, salesPersonId, search } = query;
    return ok(await listMsoOwners(db, { marketId: ctx.market.id, group, salesPersonIds: salesPersonId, search: search || undefined }));
  });
};
