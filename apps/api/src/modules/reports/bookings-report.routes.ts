import { bookingsReportQuery, bookingsReportSchema, dataOf } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAny } from '../../plugins/auth.js';
import { createBookingsReportService } from './bookings-report.js';
import type { ReportsDeps } from './reports.routes.js';

export const bookingsReportRoutes =
  (deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createBookingsReportService(deps.db);
    app.get(
      '/admin/reports/bookings',
      {
        config: { access: requireAny('bookings_find') },
        schema: {
          tags: ['reports'],
          summary:
            "Bookings from `from` to `to` (company days, both included) per calendar and product, each calendar's occupancy (offered place-minutes: its open time (weekly schedule, plus openings, minus closings, in the company's zone) × its maximum concurrent bookings; booked: each booking's minutes × its places), totals and the busiest weekday × hour; `calendarId` keeps one calendar, `productId` one product's bookings (the offer stays the calendar's); another license's id is 404; `format=csv` or `xlsx` answers a spreadsheet file",
          querystring: bookingsReportQuery,
          response: { 200: dataOf(bookingsReportSchema) },
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
