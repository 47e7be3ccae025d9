// The people pickers of the order screens: sales persons, buyers and MSO owners of the current market.
// Guarded by the orders list's view grant, which every role that sees orders holds; the menus area will
// reuse these and may widen the guard then.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketQuerySchema } from '../../../shared/api/markets';
import { customerQuerySchema, customersResponseSchema, msoOwnersResponseSchema, salesPersonsResponseSchema } from '../../../shared/api/orders';
import { marketOf } from '../../auth/access-control';
import type { Db } from '../../db/client';
import { ok } from '../../lib/reply';
import { requirePermission } from '../../lib/route-access';
import { listCustomers, listMsoOwners, listSalesPersons } from './customers.repository';

const viewOrders = requirePermission('orders-orders_history', 'view');

export const customersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags = ['customers'];

  app.get(
    '/sales-person',
    {
      config: { access: viewOrders },
      schema: { tags, description: "The market's sales persons, by name.", querystring: marketQuerySchema, response: { 200: salesPersonsResponseSchema } },
    },
    async (request) => ok(await listSalesPersons(db, marketOf(request).id)),
  );

  app.get(
    '/customer',
    {
      config: { access: viewOrders },
      schema: {
        tags,
        description: "The market's active buyers, by name: of a group (INT or EXT), of some sales persons (salesPersonId=1,2), matching a search.",
        querystring: customerQuerySchema,
        response: { 200: customersResponseSchema },
      },
    },
    async (request) => {
      const { group, salesPersonId, search } = request.query;
      return ok(await listCustomers(db, { marketId: marketOf(request).id, group, salesPersonIds: salesPersonId, search: search || undefined }));
    },
  );

  app.get(
    '/customer/mso',
    {
      config: { access: viewOrders },
      schema: { tags, description: "The market's MSO owners, by name.", querystring: marketQuerySchema, response: { 200: msoOwnersResponseSchema } },
    },
    async (request) => ok(await listMsoOwners(db, marketOf(request).id)),
  );
};
