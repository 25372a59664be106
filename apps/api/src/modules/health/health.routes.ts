import { appConfigSchema, dataOf } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';

export function registerHealth(app: FastifyInstance, db: Db) {
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

/** Public per-host configuration: a branded host forces its colour, logo and Spanish. */
export const appConfigRoutes =
  (config: Config, version: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/app-config',
      {
        config: { access: 'public' },
        schema: {
          tags: ['app'],
          summary: 'The app name, version and the brand of this host; needs no session',
          response: { 200: dataOf(appConfigSchema) },
        },
      },
      async (request) => {
        const host = (request.headers.host ?? '').split(':')[0]?.toLowerCase();
        const branded = !!config.BRAND_HOST && host === config.BRAND_HOST.toLowerCase();
        return {
          data: {
            appName: 'Mostrador',
            version,
            brand: branded
              ? { primaryColor: config.BRAND_COLOR, logoUrl: config.BRAND_LOGO_URL ?? null, language: 'es' }
              : null,
          },
        };
      },
    );
  };
export const healthSchema = z.object({ status: z.string() });
