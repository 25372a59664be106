import {
  dataOf,
  idParams,
  listQuery,
  listResponse,
  okSchema,
  taxBody,
  taxListFields,
  taxSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { TaxesService } from './taxes.service.js';

const tags = ['taxes'];
// Taxes are read by every screen that shows a price; changing them is part of the company settings.
const write = requireAny('settings_edit');

export const taxesRoutes =
  (service: TaxesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/taxes',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'Taxes, by name; `query` searches the name',
          querystring: listQuery(taxListFields),
          response: { 200: listResponse(taxSchema) },
        },
      },
      async (request) => ({ data: await service.list(authOf(request), request.query) }),
    );
    app.post(
      '/admin/taxes',
      {
        config: { access: write },
        schema: { tags, summary: 'Create a tax', body: taxBody, response: { 201: dataOf(taxSchema) } },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.get(
      '/admin/taxes/:id',
      {
        config: { access: 'authenticated' },
        schema: { tags, summary: 'One tax', params: idParams, response: { 200: dataOf(taxSchema) } },
      },
      async (request) => ({ data: await service.get(authOf(request), request.params.id) }),
    );
    app.put(
      '/admin/taxes/:id',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Change a tax',
          params: idParams,
          body: taxBody,
          response: { 200: dataOf(taxSchema) },
        },
      },
      async (request) => ({ data: await service.update(authOf(request), request.params.id, request.body) }),
    );
    app.delete(
      '/admin/taxes/:id',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Delete a tax; one used by products is refused (409)',
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
