import {
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
  orderBody,
  orderListFields,
  orderListItemSchema,
  orderSchema,
  refundBody,
} from '@mostrador/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listJsonCheck } from '../../lib/list-json.js';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { OrdersService } from './orders.service.js';

const tags = ['orders'];
const checkListJson = listJsonCheck('orders', listResponse(orderListItemSchema));

export const ordersRoutes =
  (service: OrdersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/orders',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary:
            "Orders, latest first; `query` searches the customer's name, email and phone, the order's code, invoice code and notes",
          querystring: listQuery(orderListFields),
          response: { 200: listResponse(orderListItemSchema) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const json = await service.listJson(auth, request.query);
        await checkListJson?.(json, () => service.list(auth, request.query));
        // A string is sent as it is: no serializer runs on it (the typed reply expects the object).
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
      },
    );
    app.post(
      '/admin/orders',
      {
        config: { access: requireAny('orders_create') },
        schema: {
          tags,
          summary:
            'Creates an order; the server computes its figures from the lines (prices include VAT) and books the lines that carry a booking',
          body: orderBody,
          response: { 201: dataOf(orderSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/orders/:id',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags,
          summary: 'One order with its lines',
          params: idParams,
          response: { 200: dataOf(orderSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/orders/:id',
      {
        config: { access: requireAny('orders_edit') },
        schema: {
          tags,
          summary:
            'Changes an order: lines with an `id` are changed in place, lines left out are removed. A paid, refunded or refund order, or one on a closed register, takes only its notes and (until invoiced, 1000135) its customer: any other difference is 409 1000131 (1000130 on a refund); a status never goes back (1000132); a refunded line stays (1000134)',
          params: idParams,
          body: orderBody,
          response: { 200: dataOf(orderSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.post(
      '/admin/orders/:id/refund',
      {
        config: { access: requireAny('orders_create') },
        schema: {
          tags,
          summary:
            'Refunds a paid order: `{}` all that is left, or `lines` with quantities; answers the refund (a new order with negative amounts). 409 1000128 above what is left, 1000129 when not refundable, 1000013 for cash or card without an open register',
          params: idParams,
          body: refundBody,
          response: { 201: dataOf(orderSchema) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ data: await service.refund(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/orders/:id',
      {
        config: { access: requireAny('orders_delete') },
        schema: {
          tags,
          summary:
            'Deletes a draft or awaiting-payment order without payments, invoices or refunds, with its lines and bookings: 409 1000006 when invoiced, 1000133 otherwise (a paid order is corrected by a refund)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
  };
