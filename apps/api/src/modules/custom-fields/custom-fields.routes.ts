import { customFieldSchema, dataOf } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth.js';
import type { CustomFieldsService } from './custom-fields.service.js';

export const customFieldsRoutes =
  (service: CustomFieldsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/customFields',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['customFields'],
          summary: 'The company’s custom fields, ordered by entity and position',
          response: { 200: dataOf(z.object({ items: z.array(customFieldSchema) })) },
        },
      },
      async (request) => ({ data: { items: await service.list(authOf(request)) } }),
    );
  };
