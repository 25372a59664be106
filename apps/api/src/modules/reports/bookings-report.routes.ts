import { bookingsReportQuery, bookingsReportSchema } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAny } from '../../plugins/auth.js';
import { createBookingsReportService } from './bookings-report.js';
import { reportRoute } from './report-route.js';
import type { ReportsDeps } from './reports.routes.js';

export const bookingsReportRoutes =
  (deps: ReportsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = createBookingsReportService(deps.db);
    reportRoute(app, {
      url: '/admin/reports/bookings',
      access: requireAny('bookings_find'),
      summary:
        "Bookings from `from` to `to` (company days, both included) per calendar and product, each calendar's occupancy (offered place-minutes: its open time (weekly schedule, plus openings, minus closings, in the company's zone) × its maximum concurrent bookings; booked: each booking's minutes × its places), totals and the busiest weekday × hour; `calendarId` keeps one calendar, `productId` one product's bookings (the offer stays the calendar's); another license's id is 404; `format=csv` or `xlsx` answers a spreadsheet file",
      querystring: bookingsReportQuery,
      data: bookingsReportSchema,
      report: service.report,
      file: service.file,
    });
  };
