// The orders API: thin routes over the orders service. Each route's guard is the least grant any role
// needs for it; the service enforces the status action table per role for the rest.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listQuerySchema } from '../../../shared/api/common';
import {
  createNoteBodySchema,
  createNoteResponseSchema,
  createOrderBodySchema,
  duplicateOrderBodySchema,
  editOrderBodySchema,
  orderDetailsBodySchema,
  orderDetailsResponseSchema,
  orderHistoryResponseSchema,
  orderIdParamsSchema,
  orderIdProblem,
  orderInventoryResponseSchema,
  orderNotesQuerySchema,
  orderNotesResponseSchema,
  orderRefResponseSchema,
  orderStatusBodySchema,
  ORDER_MESSAGES,
} from '../../../shared/api/orders';
import { paginationMeta } from '../../../shared/api/common';
import { callerOf, marketOf } from '../../auth/access-control';
import { auditActorOf } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { ok, okPage } from '../../lib/reply';
import { requirePermission } from '../../lib/route-access';
import type { OrdersService } from './orders.service';

const viewOrders = requirePermission('orders-orders_history', 'view');
const createOrders = requirePermission('orders-orders_history', 'create_order');

const STATUS_MESSAGES = {
  approved: 'Order approved',
  rejected: 'Order rejected',
  packaged: 'Order marked as packaged',
  shipped: 'Order marked as shipped',
  delivered: 'Order marked as delivered',
  completed: 'Order completed',
  cancelled: 'Order cancelled',
} as const;

export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const tags = ['orders'];

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

  app.post(
    '/order/history',
    {
      config: { access: viewOrders },
      schema: {
        tags,
        description:
          "A page of the market's orders. search matches reference id, customer, MSO owner and sales person; status filters by status; sort and filter columns are those of ORDER_HISTORY_*_COLUMNS. Default order: newest first.",
        body: listQuerySchema,
        response: { 200: orderHistoryResponseSchema },
      },
    },
    async (request, reply) => {
      const { rowsJson, pagination } = await orders.list(marketOf(request), request.body);
      // Already JSON (built by the database): sent as it is, so the schema documents it but does not re-encode it.
      const body = `{"success":true,"message":"OK","data":${rowsJson},"pagination":${JSON.stringify(pagination)}}`;
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.post(
    '/order/:id/details',
    {
      config: { access: viewOrders },
      schema: {
        tags,
        description:
          'The order with a page of its items and the actions the caller may take. With batchId and unitSalePrice, first sets that line’s price (edit); with confirmedDeliveryDate, first sets the confirmed delivery date.',
        params: orderIdParamsSchema,
        body: orderDetailsBodySchema,
        response: { 200: orderDetailsResponseSchema },
      },
    },
    async (request) => {
      const { detail, page, message } = await orders.details(auditActorOf(request), marketOf(request), request.params.id, request.body);
      return { ...ok(detail, message), pagination: paginationMeta(page.page, page.pageSize, page.totalRecords, page.recordsOnPage) };
    },
  );

  app.post(
    '/order/create',
    {
      config: { access: createOrders },
      schema: {
        tags,
        description: 'Creates an order and reserves its stock; lines the stock cannot cover are kept as short and the order is Action Required.',
        body: createOrderBodySchema,
        response: { 201: orderRefResponseSchema },
      },
    },
    async (request, reply) => {
      const ref = await orders.createOrder(auditActorOf(request), callerOf(request), marketOf(request), request.body);
      return reply.status(201).send(ok(ref, `${ref.referenceId} has been created successfully.`));
    },
  );

  app.put(
    '/order/:id/edit',
    {
      config: { access: viewOrders },
      schema: {
        tags,
        description:
          'Replaces the order’s lines (needs orders-order_detail edit_order and a status that allows edit; send version to refuse a lost update), or sets only the confirmed delivery date (confirmDeliveryDate).',
        params: orderIdParamsSchema,
        body: editOrderBodySchema,
        response: { 200: orderRefResponseSchema },
      },
    },
    async (request) => {
      const { ref, message } = await orders.editOrder(auditActorOf(request), callerOf(request), marketOf(request), request.params.id, request.body);
      return ok(ref, message);
    },
  );

  app.post(
    '/order/:id/duplicate',
    {
      config: { access: createOrders },
      schema: {
        tags,
        description: 'A new Pending order for the given buyer with the same lines, each at what is available now.',
        params: orderIdParamsSchema,
        body: duplicateOrderBodySchema,
        response: { 201: orderRefResponseSchema },
      },
    },
    async (request, reply) => {
      const ref = await orders.duplicateOrder(auditActorOf(request), callerOf(request), marketOf(request), request.params.id, request.body);
      return reply.status(201).send(ok(ref, `${ref.referenceId} has been created successfully.`));
    },
  );

  app.get(
    '/order/:id/notes',
    {
      config: { access: viewOrders },
      schema: { tags, description: 'The order’s notes, newest first.', params: orderIdParamsSchema, querystring: orderNotesQuerySchema, response: { 200: orderNotesResponseSchema } },
    },
    async (request) => okPage(await orders.listNotes(marketOf(request), request.params.id, request.query.page, request.query.pagesize)),
  );

  app.post(
    '/order/:id/notes',
    {
      config: { access: viewOrders },
      schema: {
        tags,
        description: 'Adds a note (at most 500 characters, not blank); refused on Cancelled and Completed orders.',
        params: orderIdParamsSchema,
        body: createNoteBodySchema,
        response: { 201: createNoteResponseSchema },
      },
    },
    async (request, reply) => {
      const note = await orders.addNote(auditActorOf(request), callerOf(request), marketOf(request), request.params.id, request.body.notes);
      return reply.status(201).send(ok({ orderNotes: note }, 'Note added'));
    },
  );

  app.put(
    '/order/:id/status',
    {
      config: { access: viewOrders },
      schema: {
        tags,
        description: 'Moves the order on as the status action table allows the caller’s role: 403 when the status allows it but the role may not, 409 when the status does not.',
        params: orderIdParamsSchema,
        body: orderStatusBodySchema,
        response: { 200: orderRefResponseSchema },
      },
    },
    async (request) => {
      const ref = await orders.changeStatus(auditActorOf(request), callerOf(request), marketOf(request), request.params.id, request.body);
      return ok(ref, STATUS_MESSAGES[request.body.status]);
    },
  );

  app.post(
    '/order/inventory',
    {
      config: { access: createOrders },
      schema: {
        tags,
        description:
          'The batches an order can take: active, lab-passed and unexpired, with at least one whole case free unless the query filters on available_case_size. Default order: product name.',
        body: listQuerySchema,
        response: { 200: orderInventoryResponseSchema },
      },
    },
    async (request) => okPage(await orders.inventory(marketOf(request), request.body)),
  );
};
