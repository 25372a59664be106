import { salesReportQuery, salesReportSchema } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAny } from '../../plugins/auth.js';
import { reportRoute } from './report-route.js';
import type { ReportsDeps } from './reports.routes.js';
import { createSalesReportService } from './sales-report.js';

export const salesReportRoutes =
  (deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createSalesReportService(deps.db);
    reportRoute(app, {
      url: '/admin/reports/sales',
      access: requireAny('orders_find'),
      summary:
        "Sales and refunds paid from `from` to `to` (company days, both included, by payment date; a refund counts when it is paid, apart from its sale): per payment method (every method, credit included, so the totals include sales paid with the customer's credit, which the dashboard's earnings leave out), per product (units sold minus refunded) and product type, the newest 200 refunds, totals; `format=csv` or `xlsx` answers a spreadsheet file with every refund",
      querystring: salesReportQuery,
      data: salesReportSchema,
      report: service.report,
      file: service.file,
    });
  };
