import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReportsDeps } from './reports.routes.js';

export const dashboardRoutes =
  (_deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (_app) => {};
