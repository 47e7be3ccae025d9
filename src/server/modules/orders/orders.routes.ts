// The orders API: thin routes over the orders service, registered from their declarations in src/shared.
import type { FastifyPluginAsync } from 'fastify';
import { paginationMeta } from '../../../shared/api/common';
import {
  addOrderNoteEndpoint,
  changeOrderStatusEndpoint,
  createOrderEndpoint,
  duplicateOrderEndpoint,
  editOrderEndpoint,
  listOrdersEndpoint,
  orderDetailsEndpoint,
  orderIdParamsSchema,
  orderIdProblem,
  orderInventoryEndpoint,
  orderNotesEndpoint,
  ORDER_MESSAGES,
} from '../../../shared/api/orders';
import { route } from '../../lib/endpoint-route';
import { badRequest } from '../../lib/errors';
import { ok, okPage, sendJsonPage } from '../../lib/reply';
import type { OrdersService } from './orders.service';

const STATUS_MESSAGES = {
  approved: 'Order approved',
  rejected: 'Order rejected',
  packaged: 'Order marked as packaged',
  shipped: 'Order marked as shipped',
  delivered: 'Order marked as delivered',
  completed: 'Order completed',
  cancelled: 'Order cancelled',
} as const;

const created = (referenceId: string) => `${referenceId} has been created successfully.`;

export const ordersRoutes: FastifyPluginAsync<{ orders: OrdersService }> = async (app, { orders }) => {
  // An order id that cannot name an order is refused in the spec's words ('Order ID is required' when blank,
  // 'Order ID is invalid.' otherwise) before the schema would answer in its own; the details keep its reason.
  app.addHook('preValidation', async (request) => {
    const id = (request.params as { id?: string } | undefined)?.id;
    if (id === undefined) return;
    const parsed = orderIdParamsSchema.safeParse({ id });
    if (parsed.success) return;
    const reason = parsed.error.issues[0]?.message ?? 'is not valid';
    throw badRequest(orderIdProblem(id) ?? ORDER_MESSAGES.idInvalid, [{ field: 'id', message: reason, in: 'path' }]);
  });

  route(app, listOrdersEndpoint, async ({ ctx, body }, reply) => {
    const { rowsJson, pagination } = await orders.list(ctx.market, body);
    return sendJsonPage(reply, rowsJson, pagination);
  });

  route(app, orderDetailsEndpoint, async ({ ctx, params, body }) => {
    const { detail, page, message } = await orders.details(ctx, params.id, body);
    return { ...ok(detail, message), pagination: paginationMeta(page.page, page.pageSize, page.totalRecords, page.recordsOnPage) };
  });

  route(app, createOrderEndpoint, async ({ ctx, body }) => {
    const ref = await orders.createOrder(ctx, body);
    return ok(ref, created(ref.referenceId));
  });

  route(app, editOrderEndpoint, async ({ ctx, params, body }) => {
    const { ref, message } = await orders.editOrder(ctx, params.id, body);
    return ok(ref, message);
  });

  route(app, duplicateOrderEndpoint, async ({ ctx, params, body }) => {
    const ref = await orders.duplicateOrder(ctx, params.id, body);
    return ok(ref, created(ref.referenceId));
  });

  route(app, orderNotesEndpoint, async ({ ctx, params, query }) => okPage(await orders.listNotes(ctx.market, params.id, query.page, query.pagesize)));

  route(app, addOrderNoteEndpoint, async ({ ctx, params, body }) => ok({ orderNotes: await orders.addNote(ctx, params.id, body.notes) }, 'Note added'));

  route(app, changeOrderStatusEndpoint, async ({ ctx, params, body }) => ok(await orders.changeStatus(ctx, params.id, body), STATUS_MESSAGES[body.status]));

  route(app, orderInventoryEndpoint, async ({ ctx, body }) => okPage(await orders.inventory(ctx.market, body)));
};
