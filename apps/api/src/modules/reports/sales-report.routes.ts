import { dataOf, salesReportQuery, salesReportSchema } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import type { ReportsDeps } from './reports.routes.js';
import { createSalesReportService } from './sales-report.js';

export const salesReportRoutes =
  (deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSalesReportService(deps.db);
    app.get(
      '/admin/reports/sales',
      {
        config: { access: requireAny('orders_find') },
        schema: {
          tags: ['reports'],
          summary:
            "Sales and refunds paid from `from` to `to` (company days, both included, by payment date; a refund counts when it is paid, apart from its sale): per payment method (every method, credit included, so the totals include sales paid with the customer's credit, which the dashboard's earnings leave out), per product (units sold minus refunded) and product type, the newest 200 refunds, totals; `format=csv` or `xlsx` answers a spreadsheet file with every refund",
          querystring: salesReportQuery,
          response: { 200: dataOf(salesReportSchema) },
        },
      },
      async (request, reply) => {
        const auth = authOf(request);
        const { format } = request.query;
        if (format === 'csv' || format === 'xlsx') {
          const file = await service.file(auth, request.query, format);
          return reply
            .type(file.contentType)
            .header('content-disposition', file.disposition)
            .send(file.body as never);
        }
        return { data: await service.report(auth, request.query) };
      },
    );
  };
