import { z } from 'zod';
import { bookingStatuses } from './bookings.js';
import { paymentMethods } from './orders.js';
import { productTypes } from './products.js';
import { supplierDay } from './suppliers.js';

/**
 * The dashboard and the reports (issue 18). Periods are whole days of the company's time zone, `from` and
 * `to` included, at most three years; money in euros (integer cents on the server), counts as integers.
 */
function checkPeriod(q: { from: string; to: string }, ctx: z.RefinementCtx) {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`);
  // An impossible day (30 February) is the day field's own error, not a period to compare.
  const real = (ms: number, day: string) => !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
  if (!real(from, q.from) || !real(to, q.to)) return;
  const days = (to - from) / 86_400_000;
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'not before from' });
  else if (days > 1100) ctx.addIssue({ code: 'custom', path: ['to'], message: 'at most three years' });
}

/** The spreadsheet formats of an export: CSV (`;`, decimal commas, UTF-8 with BOM) or XLSX. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** A figure of this period and of the same days one year before (29 February → 28 February). */
export const comparedFigure = z.object({
  current: z.number(),
  previous: z.number(),
  /** (current − previous) / |previous| as a fraction (0.25 = +25 %); null when previous is 0. */
  change: z.number().nullable(),
});
export type ComparedFigure = z.infer<typeof comparedFigure>;

/** `GET /admin/reports/dashboard?from=&to=`. */
export const dashboardQuery = z.object({ from: supplierDay, to: supplierDay }).superRefine(checkPeriod);
export type DashboardQuery = z.input<typeof dashboardQuery>;

export const dashboardAgendaItem = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(bookingStatuses),
  attended: z.boolean().nullable(),
  quantity: z.number().int(),
  productName: z.string(),
  calendarId: z.number().int(),
  calendarName: z.string(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
});
export type DashboardAgendaItem = z.infer<typeof dashboardAgendaItem>;

export const dashboardSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The same days one year before. */
  previousFrom: z.string(),
  previousTo: z.string(),
  /**
   * With orders_find, else null. earnings: money in (paid sales, not paid with the customer's credit, by
   * payment date) minus money given back (their refunds, by payment date), in euros; orders: sales paid
   * in the period, whatever the method (those paid with credit too; refunds not counted); averageTicket:
   * the total of the sales paid with money / their number, in euros to the cent (0 without any).
   */
  sales: z
    .object({
      earnings: comparedFigure,
      orders: comparedFigure,
      averageTicket: comparedFigure,
      refunds: comparedFigure.describe('Money given back by refunds paid in the period, euros, positive'),
    })
    .nullable(),
  /**
   * With bookings_find, else null: bookings starting in the period, cancelled ones apart; attendanceRate =
   * attended / (attended + notAttended), null when none is marked.
   */
  bookings: z
    .object({
      total: comparedFigure,
      attended: z.number().int(),
      notAttended: z.number().int(),
      unmarked: z.number().int(),
      cancelled: z.number().int(),
      attendanceRate: comparedFigure.extend({
        current: z.number().nullable(),
        previous: z.number().nullable(),
      }),
    })
    .nullable(),
  /** With customers_find, else null: customers created in the period. */
  newCustomers: comparedFigure.nullable(),
  /**
   * With orders_find, else null: earnings per day (a period of at most 62 days) or per month, this period
   * against the same days one year before. `key` is `YYYY-MM-DD` or `YYYY-MM` of this period.
   */
  chart: z
    .object({
      granularity: z.enum(['day', 'month']),
      points: z.array(z.object({ key: z.string(), current: z.number(), previous: z.number() })),
    })
    .nullable(),
  /** With bookings_find, else null: today's bookings (company zone) not cancelled, from now on, at most 10. */
  agenda: z.array(dashboardAgendaItem).nullable(),
  /** With cashRegisters_find, else null: the open register's figures, or `open: false`. */
  cashRegister: z
    .object({
      open: z.boolean(),
      startsAt: z.string().nullable(),
      currentCashAmount: z.number().nullable(),
      ordersCount: z.number().int().nullable(),
      ordersAmount: z.number().nullable(),
    })
    .nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** `GET /admin/reports/bookings?from=&to=&calendarId=&productId=&format=` (bookings_find). */
export const bookingsReportQuery = z
  .object({
    from: supplierDay,
    to: supplierDay,
    calendarId: z.coerce.number().int().positive().optional(),
    productId: z.coerce.number().int().positive().optional(),
    format: z.enum(['json', ...exportFormats]).optional(),
  })
  .superRefine(checkPeriod);
export type BookingsReportQuery = z.input<typeof bookingsReportQuery>;

const attendanceFigures = z.object({
  bookings: z.number().int().describe('Bookings starting in the period, cancelled ones apart'),
  places: z.number().int().describe('Their places: the sum of their quantities'),
  attended: z.number().int(),
  notAttended: z.number().int(),
  unmarked: z.number().int(),
  cancelled: z.number().int(),
  attendanceRate: z
    .number()
    .nullable()
    .describe('attended / (attended + notAttended); null when none marked'),
  noShowRate: z.number().nullable().describe('notAttended / (attended + notAttended); null when none marked'),
});

export const bookingsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per calendar and product, by calendar name then product name. */
  rows: z.array(
    attendanceFigures.extend({
      calendarId: z.number().int(),
      calendarName: z.string(),
      productId: z.number().int(),
      productName: z.string(),
    }),
  ),
  /**
   * Per calendar: offered place-minutes = the minutes the calendar is open in the period (its weekly
   * schedule, plus opening anomalies, minus closing ones, in the company's zone) × its maximum concurrent
   * bookings; booked place-minutes = the minutes of its bookings (not cancelled) × the places each takes
   * (quantity × the product's spaces, as the booking stored them when made); occupancy = booked / offered,
   * null when nothing is offered. Every calendar of the license (or the one of `calendarId`), by name.
   */
  calendars: z.array(
    attendanceFigures.extend({
      calendarId: z.number().int(),
      calendarName: z.string(),
      offeredPlaceMinutes: z.number().int(),
      bookedPlaceMinutes: z.number().int(),
      occupancy: z.number().nullable(),
    }),
  ),
  totals: attendanceFigures.extend({
    offeredPlaceMinutes: z.number().int(),
    bookedPlaceMinutes: z.number().int(),
    occupancy: z.number().nullable(),
  }),
  /**
   * Busiest hours: bookings (not cancelled) by the weekday (1 Monday … 7 Sunday) and hour (0–23) they
   * start at in the company's zone; only the cells with bookings, by weekday then hour.
   */
  heatmap: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      bookings: z.number().int(),
    }),
  ),
});
export type BookingsReport = z.infer<typeof bookingsReportSchema>;

/** `GET /admin/reports/sales?from=&to=&format=` (orders_find). */
export const salesReportQuery = z
  .object({ from: supplierDay, to: supplierDay, format: z.enum(['json', ...exportFormats]).optional() })
  .superRefine(checkPeriod);
export type SalesReportQuery = z.input<typeof salesReportQuery>;

const salesFigures = z.object({
  salesCount: z
    .number()
    .int()
    .describe(
      'Paid sales in the period, by payment date (per product or type: the sale lines of it, a sale with two lines of it counting twice)',
    ),
  sales: z.number().describe('What they came to, VAT included (euros)'),
  refundsCount: z
    .number()
    .int()
    .describe('Refunds paid in the period (per product or type: the refund lines of it)'),
  refunds: z.number().describe('What refunds gave back (euros, positive)'),
  net: z.number().describe('sales − refunds (euros)'),
});

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * Every payment method in the order of `paymentMethods`, credit included (it counts no money in the
   * dashboard's earnings), those without orders at 0.
   */
  byPaymentMethod: z.array(salesFigures.extend({ paymentMethod: z.enum(paymentMethods) })),
  /** Per product sold or refunded in the period, by net, highest first. */
  byProduct: z.array(
    salesFigures.extend({
      productId: z.number().int(),
      productName: z.string(),
      productType: z.enum(productTypes),
      units: z.number().int().describe('Units sold minus units refunded'),
    }),
  ),
  /** Per product type sold or refunded in the period, in the order of `productTypes`. */
  byProductType: z.array(salesFigures.extend({ productType: z.enum(productTypes), units: z.number().int() })),
  /** The refunds paid in the period, newest first, at most 200 (the export has them all). */
  refunds: z.array(
    z.object({
      orderId: z.number().int(),
      code: z.number().int(),
      originalOrderId: z.number().int(),
      originalCode: z.number().int(),
      paymentDate: z.string(),
      paymentMethod: z.enum(paymentMethods),
      amount: z.number().describe('Given back (euros, positive)'),
      customerName: z.string().nullable(),
    }),
  ),
  totals: salesFigures.describe(
    "Every payment method's, credit included: more than the dashboard's earnings, which leave credit out",
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
