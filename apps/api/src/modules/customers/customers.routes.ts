import {
  customerBody,
  customerListFields,
  customerListItemSchema,
  customerSchema,
  customerSummarySchema,
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { CustomersService } from './customers.service.js';

const tags = ['customers'];

export const customersRoutes =
  (service: CustomersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/customers',
      {
        config: { access: requireAny('customers_find') },
        schema: {
          tags,
          summary:
            'Customers; `query` searches name, surname, company, VAT, email and phone; a query that reads as a phone (digits with spaces, dots, dashes, an optional +CC or 00CC) also matches the phone by its digits',
          querystring: listQuery(customerListFields),
          response: { 200: listResponse(customerListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.post(
      '/admin/customers',
      {
        config: { access: requireAny('customers_create') },
        schema: {
          tags,
          summary: 'Create a customer',
          body: customerBody,
          response: { 201: dataOf(customerSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/customers/:id',
      {
        config: { access: requireAny('customers_find') },
        schema: {
          tags,
          summary: 'One customer',
          params: idParams,
          response: { 200: dataOf(customerSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.get(
      '/admin/customers/:id/summary',
      {
        config: { access: requireAny('customers_find') },
        schema: {
          tags,
          summary:
            "A customer's figures: bookings (with bookings_find) and sales in cents (with orders_find), else null; total spent = paid sales minus refunds",
          params: idParams,
          response: { 200: dataOf(customerSummarySchema) },
        },
      },
      async (request) => ({ data: await service.summary(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/customers/:id',
      {
        config: { access: requireAny('customers_edit') },
        schema: {
          tags,
          summary: 'Change a customer',
          params: idParams,
          body: customerBody,
          response: { 200: dataOf(customerSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/customers/:id',
      {
        config: { access: requireAny('customers_delete') },
        schema: {
          tags,
          summary: 'Delete a customer; one with orders or bookings is refused (409)',
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
