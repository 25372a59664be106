import { exportableLists, exportBody, exportColumn, exportRowsHeader } from '@mostrador/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tabularContentTypes } from '../../lib/tabular.js';
import { authOf } from '../../plugins/auth.js';
import { exportListOf } from './export-lists.js';
import type { ExportsService } from './exports.service.js';

const tags = ['exports'];
const file = z.any().meta({ type: 'string', format: 'binary' });

/** What each list's export is, for the OpenAPI summary. */
const listTitles: Record<(typeof exportableLists)[number], string> = {
  orders: 'orders (GET /admin/orders)',
  bookings: 'bookings (GET /admin/bookings)',
  customers: 'customers (GET /admin/customers)',
  products: 'products (GET /admin/products)',
  calendars: 'booking calendars (GET /admin/booking-calendars)',
  anomalies:
    "a calendar's schedule anomalies (GET /admin/booking-calendars/{id}/schedule-anomalies; scope.calendarId)",
  employees: 'employees (GET /admin/users)',
  mails: 'mails (GET /admin/mails)',
  licenses: 'licenses, platform only (GET /admin/licenses)',
  subscriptions: 'subscriptions (GET /admin/subscriptions)',
  suppliers: 'suppliers (GET /admin/suppliers)',
  giftVouchers: 'gift vouchers (GET /admin/gift-vouchers)',
  cashRegisters: 'cash registers (GET /admin/cash-register)',
  invoices: 'invoices (GET /admin/invoices)',
  taxes: 'taxes (GET /admin/taxes)',
};

/**
 * The contract's body with the column keys narrowed to the list's item fields: the OpenAPI document
 * names them, and an unknown one is refused on `columns.<i>.key` as the service would.
 */
const bodyOf = (list: (typeof exportableLists)[number]) => {
  const keys = Object.keys(exportListOf(list).fields) as [string, ...string[]];
  return exportBody.extend({
    columns: z
      .array(exportColumn.extend({ key: z.enum(keys).describe(`A field of the ${list} list's items`) }))
      .min(1)
      .max(60),
  });
};

/**
 * `POST /admin/exports/{list}`, one route per list with that list's own access rule: the file of every
 * row matching the list's search, filters and sort, with the columns asked, streamed.
 */
export const exportsRoutes =
  (service: ExportsService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const list of exportableLists) {
      app.post(
        `/admin/exports/${list}`,
        {
          config: { access: exportListOf(list).access },
          schema: {
            tags,
            summary: `Export the ${listTitles[list]} as CSV or XLSX: every row matching the list's query, filters and sort (no 10,000-row cap), the columns asked in their order; header ${exportRowsHeader} = the number of rows; money in euros, dates in the company's time zone`,
            body: bodyOf(list),
            response: {
              200: {
                description: `The file as an attachment (${list}-YYYY-MM-DD.csv or .xlsx), streamed; the ${exportRowsHeader} header counts its rows`,
                content: {
                  [tabularContentTypes.csv]: { schema: file },
                  [tabularContentTypes.xlsx]: { schema: file },
                },
              },
            },
          },
        },
        async (request, reply) => {
          const started = await service.start(authOf(request), list, request.body);
          return reply
            .type(started.contentType)
            .header('content-disposition', `attachment; filename="${started.filename}"`)
            .header(exportRowsHeader, String(started.rows))
            .header('cache-control', 'no-store')
            .send(started.stream);
        },
      );
    }
  };
