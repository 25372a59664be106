import { customFieldSchema, dataOf } from '@mostrador/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { authOf } from '../../plugins/auth.js';
import { customFields } from './custom-fields.table.js';

export function createCustomFieldsService(deps: { db: Db }) {
  return {
    /** The license's custom fields, ordered by entity and position. */
    async list(licenseId: number) {
      const rows = await deps.db
        .select()
        .from(customFields)
        .where(eq(customFields.licenseId, licenseId))
        .orderBy(asc(customFields.entity), asc(customFields.position), asc(customFields.id));
      return rows.map((r) => ({
        id: r.id,
        entity: r.entity as z.infer<typeof customFieldSchema>['entity'],
        name: r.name,
        type: r.type as z.infer<typeof customFieldSchema>['type'],
        options: r.options,
        required: r.required,
        position: r.position,
      }));
    },
  };
}
export type CustomFieldsService = ReturnType<typeof createCustomFieldsService>;

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
      async (request) => ({ data: { items: await service.list(authOf(request).licenseId) } }),
    );
  };
