import {
  customerBody,
  customerListFields,
  customerListItemSchema,
  customerSchema,
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
          summary: 'Customers; `query` searches name, surname, company, VAT, email and phone',
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
