import {
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
  supplierBody,
  supplierListFields,
  supplierListItemSchema,
  supplierSchema,
  supplierSettlementQuery,
  supplierSettlementSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAll, requireAny } from '../../plugins/auth.js';
import { reportRoute } from '../reports/report-route.js';
import type { SuppliersService } from './suppliers.service.js';

const tags = ['suppliers'];

export const suppliersRoutes =
  (service: SuppliersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/suppliers',
      {
        config: { access: requireAny('suppliers_find') },
        schema: {
          tags,
          summary: 'Suppliers, by name; `query` searches the name',
          querystring: listQuery(supplierListFields),
          response: { 200: listResponse(supplierListItemSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.post(
      '/admin/suppliers',
      {
        config: { access: requireAny('suppliers_create') },
        schema: {
          tags,
          summary: 'Create a supplier; with automaticActivation it starts active unless status is sent',
          body: supplierBody,
          response: { 201: dataOf(supplierSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/suppliers/:id',
      {
        config: { access: requireAny('suppliers_find') },
        schema: {
          tags,
          summary: 'One supplier, with its customer’s name and how many products name it',
          params: idParams,
          response: { 200: dataOf(supplierSchema) },
        },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/suppliers/:id',
      {
        config: { access: requireAny('suppliers_edit') },
        schema: {
          tags,
          summary: 'Change a supplier (the whole of it; an absent status is kept)',
          params: idParams,
          body: supplierBody,
          response: { 200: dataOf(supplierSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/suppliers/:id',
      {
        config: { access: requireAny('suppliers_delete') },
        schema: {
          tags,
          summary: 'Delete a supplier; one that products name stays (1000170)',
          params: idParams,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await service.remove(authOf(request), request.params.id);
        return { data: { ok: true as const } };
      },
    );
    app.post(
      '/admin/suppliers/:id/activate',
      {
        config: { access: requireAny('suppliers_edit') },
        schema: {
          tags,
          summary: 'Make a supplier active',
          params: idParams,
          response: { 200: dataOf(supplierSchema) },
        },
      },
      async (request) => ({ data: await service.setStatus(authOf(request), request.params.id, 'active') }),
    );
    app.post(
      '/admin/suppliers/:id/deactivate',
      {
        config: { access: requireAny('suppliers_edit') },
        schema: {
          tags,
          summary: 'Make a supplier inactive',
          params: idParams,
          response: { 200: dataOf(supplierSchema) },
        },
      },
      async (request) => ({ data: await service.setStatus(authOf(request), request.params.id, 'inactive') }),
    );
    reportRoute(app, {
      url: '/admin/reports/supplier-settlement',
      access: requireAll('suppliers_find', 'orders_find'),
      summary:
        "Per supplier, from `from` to `to` (company days, both included): units and sales of its products (paid sales minus refunds, VAT included), the commission (the product's own, else the supplier's) and what it is owed; `format=csv` answers a spreadsheet (`;`, decimal commas), `format=xlsx` an Excel workbook (amounts as numbers in euros)",
      querystring: supplierSettlementQuery,
      data: supplierSettlementSchema,
      report: (auth, { from, to }) => service.settlement(auth, from, to),
      file: (auth, { from, to }, format) => service.settlementFile(auth, from, to, format),
    });
  };
