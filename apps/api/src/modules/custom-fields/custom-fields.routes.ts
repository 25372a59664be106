import {
  customFieldBody,
  customFieldOrderBody,
  customFieldSchema,
  dataOf,
  idParams,
  okSchema,
} from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { CustomFieldsService } from './custom-fields.service.js';

const tags = ['customFields'];
// Every employee reads the fields (the forms show them); defining them is part of the company settings.
const write = requireAny('settings_edit');
const items = dataOf(z.object({ items: z.array(customFieldSchema) }));

export const customFieldsRoutes =
  (service: CustomFieldsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/customFields',
      {
        config: { access: 'authenticated' },
        schema: {
          tags,
          summary: 'The company’s custom fields, ordered by entity and position',
          response: { 200: items },
        },
      },
      async (request) => ({ data: { items: await service.list(authOf(request)) } }),
    );
    app.post(
      '/admin/customFields',
      {
        config: { access: write },
        schema: {
          tags,
          summary:
            'Define a custom field, placed last among its entity’s; a name its entity already has (case aside) is 409 1000166',
          body: customFieldBody,
          response: { 201: dataOf(customFieldSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({ data: await service.create(authOf(request), request.body) }),
    );
    app.put(
      '/admin/customFields/order',
      {
        config: { access: write },
        schema: {
          tags,
          summary:
            'Reorder one entity’s custom fields: `ids` lists every one of its fields once, first to last (else 400 on `ids`); positions become 0, 1, 2…',
          body: customFieldOrderBody,
          response: { 200: items },
        },
      },
      async (request) => ({ data: { items: await service.reorder(authOf(request), request.body) } }),
    );
    app.put(
      '/admin/customFields/:id',
      {
        config: { access: write },
        schema: {
          tags,
          summary:
            'Rename or redefine a custom field; its entity stays (400 1000168) and its position too (see PUT /admin/customFields/order). A new type, or select options dropped, only while every saved value still fits them (else 409 1000167)',
          params: idParams,
          body: customFieldBody,
          response: { 200: dataOf(customFieldSchema) },
        },
      },
      async (request) => ({
        data: await service.update(authOf(request), request.params.id, request.body),
      }),
    );
    app.delete(
      '/admin/customFields/:id',
      {
        config: { access: write },
        schema: {
          tags,
          summary: 'Remove a custom field and every value saved in it',
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
