import { z } from 'zod';
import { bookingStatuses } from './booking-values.js';
import { clientDateTimeKey } from './calendars.js';
import { euros } from './common.js';
import { giftVoucherCodeInput } from './gift-vouchers.js';
import { orderStatuses } from './orders.js';

export * from './booking-values.js';

const dbId = z.number().int().positive().max(2_147_483_647);

/** A booking's start as a client sends it: ISO 8601; without an offset it is the company's local time. */
const startsAtSchema = z
  .string()
  .trim()
  .refine((v) => clientDateTimeKey(v) !== undefined, {
    message: 'an ISO date-time, e.g. 2026-12-24T10:30 or 2026-12-24T10:30:00+01:00',
  })
  .describe(
    "When the booking starts: ISO 8601; without an offset it is read in the company's time zone. It must be one of the calendar's start times (GET …/availability)",
  );

const notesSchema = z
  .string()
  .trim()
  .max(1000)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/**
 * A new booking: `quantity` units of a bookable product on a calendar, for a customer, at one of the
 * calendar's start times. The server re-checks the start against the schedule, anomalies, notice, forecast
 * and free places inside one transaction per calendar (409 with the reason: bookingOutsideOpenTime,
 * bookingInThePast, bookingTooSoon, bookingBeyondForecast, bookingProductTooShort, bookingNotAStartTime,
 * bookingFull). `price` is the unit price in euros; absent, the product's. With `giftVoucherCode` the booking is
 * paid with that voucher: price 0, no order, one of its bookings used; refused when the code is unknown
 * (1000175), expired (1000176), without bookings left (1000177), for another product (1000178) or while
 * another booking of it is still ahead (1000007), each on `giftVoucherCode`. With `balanceId` one session of
 * the customer's pack pays it instead (price 0, no order; one unit): refused when the balance is not a pack of
 * this customer (400), the pack does not include the product (1000185), it has expired (1000186) or has no
 * session left (1000187), each on `balanceId`. With `subscriptionId` the customer's active
 * program_subscription makes it free (price 0, no order; one unit): refused when it is not a subscription
 * of this customer (400), not active (1000197) or its program does not include the product (1000200), or the
 * booking starts before the subscription or after a cancellation at period end takes effect (1000197), each
 * on `subscriptionId`. A voucher, a pack and a subscription do not pay the same booking.
 */
export const bookingBody = z.object({
  bookingCalendarId: dbId,
  productId: dbId.describe('A product of a bookable type (bookable, bookable_gift, bookings_subscription)'),
  customerId: dbId,
  startsAt: startsAtSchema,
  quantity: z.number().int().min(1).max(1000).default(1),
  notes: notesSchema,
  price: euros.min(0).optional().describe("Unit price in euros, VAT included; absent: the product's price"),
  giftVoucherCode: giftVoucherCodeInput,
  balanceId: dbId.optional().describe("A pack balance of the customer's whose session pays the booking"),
  subscriptionId: dbId
    .optional()
    .describe(
      "An active program_subscription of the customer's that includes the product: the booking is free",
    ),
});
export type BookingBody = z.input<typeof bookingBody>;

/**
 * A booking changed (PUT replaces the fields sent here). Moving it (another start or calendar) follows the
 * product's rules: whether the date may change and how many times (409 bookingRescheduleNotAllowed,
 * bookingRescheduleLimit) unless `overrideRescheduleRules` is true, which staff confirm first; the new start
 * is checked like a new booking's.
 */
export const bookingUpdateBody = z.object({
  bookingCalendarId: dbId,
  customerId: dbId,
  startsAt: startsAtSchema,
  quantity: z.number().int().min(1).max(1000),
  notes: notesSchema,
  price: euros.min(0),
  overrideRescheduleRules: z
    .boolean()
    .default(false)
    .describe("Move it even where the product's rules do not let customers do so"),
  status: z
    .enum(bookingStatuses)
    .optional()
    .describe(
      'cancelled cancels it (it keeps its place on record but takes no space; a gift voucher that paid it gets its use back when cancelled at least the free-cancellation hours before its start); a cancelled booking is not confirmed again (409): book anew',
    ),
});
export type BookingUpdateBody = z.input<typeof bookingUpdateBody>;

export const bookingSchema = z.object({
  id: z.number().int(),
  bookingCalendarId: z.number().int(),
  productId: z.number().int(),
  customerId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  price: z.number().describe('Unit price in euros'),
  status: z.enum(bookingStatuses),
  attended: z.boolean().nullable().describe('null until marked'),
  rescheduleCount: z.number().int().describe('How many times it has been moved'),
  orderId: z.number().int().nullable(),
  giftVoucherId: z.number().int().nullable().describe('The gift voucher that paid it (no order then)'),
  giftVoucherCode: z.string().nullable(),
  balanceId: z
    .number()
    .int()
    .nullable()
    .describe("The customer's pack whose session paid it (no order then)"),
  balanceName: z.string().nullable().describe("That pack's product name"),
  // Always sent; optional in the type only so that records built before the field stay valid.
  subscriptionId: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("The customer's program subscription that made it free (no order then); always sent"),
  subscriptionName: z
    .string()
    .nullable()
    .optional()
    .describe("That subscription's product name; always sent"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingListFields = [
  // The spec's list columns.
  'id',
  'date',
  'image',
  'notes',
  'price',
  'amount',
  'status',
  'quantity',
  'duration',
  'productName',
  'calendarName',
  'customerName',
  'customerEmail',
  'customerPhone',
  // The record's own fields.
  'bookingCalendarId',
  'productId',
  'customerId',
  'startsAt',
  'endsAt',
  'attended',
  'createdAt',
] as const;

/**
 * The spec's booking list columns, plus what the calendar view needs to draw and move it, and its sale (the
 * order that sold or charges it) so the list can charge the unsold ones.
 */
export const bookingListItemSchema = z.object({
  id: z.number().int(),
  date: z.string().describe('startsAt'),
  image: z.number().int().nullable().describe("The product's image"),
  notes: z.string().nullable(),
  price: z.number().describe('Unit price in euros'),
  amount: z.number().describe('price × quantity'),
  status: z.enum(bookingStatuses),
  quantity: z.number().int(),
  duration: z.number().int().describe('Minutes'),
  productName: z.string(),
  calendarName: z.string(),
  customerName: z.string().describe('Name and surname'),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  bookingCalendarId: z.number().int(),
  productId: z.number().int(),
  customerId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  attended: z.boolean().nullable(),
  orderId: z
    .number()
    .int()
    .nullable()
    .describe('The order that sold or charges it; null while unsold (it can be charged if confirmed)'),
  orderStatus: z.enum(orderStatuses).nullable().describe("That order's status; null while unsold"),
  giftVoucherCode: z.string().nullable().describe('The gift voucher that paid it (no order then)'),
  balanceName: z
    .string()
    .nullable()
    .describe("The product name of the customer's pack whose session paid it (no order then)"),
  subscriptionName: z
    .string()
    .nullable()
    .optional()
    .describe(
      "The product name of the customer's program subscription that made it free (no order then); always sent",
    ),
});
export type BookingListItem = z.infer<typeof bookingListItemSchema>;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date as YYYY-MM-DD (Date.parse alone takes 2026-02-30 as 2 March). */
const localDay = z
  .string()
  .regex(dayPattern, { message: 'a date as YYYY-MM-DD' })
  .refine(
    (v) => {
      if (!dayPattern.test(v)) return true; // the pattern has said so
      const ms = Date.parse(`${v}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(v);
    },
    { message: 'not a real date' },
  );

/** GET …/availability: local dates of the company, `to` excluded, at most 92 days. */
export const availabilityQuery = z
  .object({
    from: localDay,
    to: localDay,
    productId: z.coerce.number().int().positive().max(2_147_483_647),
  })
  .superRefine((q, ctx) => {
    const from = Date.parse(`${q.from}T00:00:00Z`);
    const to = Date.parse(`${q.to}T00:00:00Z`);
    if (Number.isNaN(from) || Number.isNaN(to)) return;
    if (to <= from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (to - from > 92 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'at most 92 days after from' });
  });

export const availabilityStatuses = ['reservable', 'unavailable', 'exceptionally_closed'] as const;
export type AvailabilityStatus = (typeof availabilityStatuses)[number];

export const availabilityItemSchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  freeSpaces: z.number().int(),
  status: z.enum(availabilityStatuses),
});
export type AvailabilityItem = z.infer<typeof availabilityItemSchema>;

export const availabilitySchema = z.object({ items: z.array(availabilityItemSchema) });
export type Availability = z.infer<typeof availabilitySchema>;

/** The longest range `GET /admin/bookings/range` answers: a month view's six weeks and a margin. */
export const bookingRangeMaxDays = 45;

const rangeInstant = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => clientDateTimeKey(v) !== undefined, {
      message: 'an ISO date-time, e.g. 2026-12-01T00:00:00+01:00',
    })
    .describe(`${what}: ISO 8601; without an offset it is read in the company's time zone`);

/**
 * GET /admin/bookings/range: every confirmed booking starting in [from, to), not paginated, for the
 * calendar view; the range is at most `bookingRangeMaxDays` days.
 */
export const bookingRangeQuery = z
  .object({
    from: rangeInstant('The first instant of the range'),
    to: rangeInstant('The end of the range (excluded)'),
    bookingCalendarId: z.coerce
      .number()
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .describe("Only this calendar's bookings"),
  })
  .superRefine((q, ctx) => {
    const from = clientDateTimeKey(q.from);
    const to = clientDateTimeKey(q.to);
    // Comparable here when both carry an offset or neither does; otherwise the server checks.
    if (!from || !to || from.local !== to.local) return;
    if (to.ms <= from.ms) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
    else if (to.ms - from.ms > bookingRangeMaxDays * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `at most ${bookingRangeMaxDays} days after from`,
      });
  });
export type BookingRangeQuery = z.input<typeof bookingRangeQuery>;

/** A booking as the calendar view draws it: compact, with the names it shows and the spaces it takes. */
export const bookingRangeItemSchema = z.object({
  id: z.number().int(),
  bookingCalendarId: z.number().int(),
  productId: z.number().int(),
  customerId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  quantity: z.number().int(),
  spaces: z.number().int().describe("quantity × the product's spacesOccupiedInTheCalendar when booked"),
  price: z.number().describe('Unit price in euros'),
  notes: z.string().nullable(),
  attended: z.boolean().nullable(),
  productName: z.string(),
  customerName: z.string().describe('Name and surname'),
  customerPhone: z.string().nullable(),
});
export type BookingRangeItem = z.infer<typeof bookingRangeItemSchema>;

/**
 * A place held while a customer pays a public checkout online (issue 20): it takes room like a confirmed
 * booking until `expiresAt`, then it is paid (a booking) or gone. The calendar view shows it, not to open.
 */
export const bookingRangeHoldSchema = z.object({
  id: z.number().int(),
  bookingCalendarId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  quantity: z.number().int(),
  spaces: z.number().int().describe("quantity × the product's spacesOccupiedInTheCalendar"),
  expiresAt: z.string().describe('When the hold stops taking room unless paid'),
});
export type BookingRangeHold = z.infer<typeof bookingRangeHoldSchema>;

/**
 * Not a list page: every booking of the range at once, under `bookings`; the live holds of online
 * checkouts starting in it, under `holds`.
 */
export const bookingRangeSchema = z.object({
  bookings: z.array(bookingRangeItemSchema),
  holds: z.array(bookingRangeHoldSchema),
});
export type BookingRange = z.infer<typeof bookingRangeSchema>;
