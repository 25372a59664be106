import { dashboardQuery, dashboardSchema, dataOf } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth.js';
import { createDashboardService } from './dashboard.service.js';
import type { ReportsDeps } from './reports.routes.js';

export const dashboardRoutes =
  (deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createDashboardService(deps);
    app.get(
      '/admin/reports/dashboard',
      {
        config: { access: 'authenticated' },
        schema: {
          tags: ['reports'],
          summary:
            "The dashboard from `from` to `to` (company days, both included) against the same days one year before: sales and the earnings chart with orders_find, bookings and today's agenda with bookings_find, new customers with customers_find, the open cash register with cashRegisters_find; each part the caller may not see is null",
          querystring: dashboardQuery,
          response: { 200: dataOf(dashboardSchema) },
        },
      },
      async (request) => ({ data: await service.dashboard(authOf(request), request.query) }),
    );
  };
