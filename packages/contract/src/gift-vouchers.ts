import { z } from 'zod';
import { clientDateTimeKey } from './calendars.js';
import { type GiftVoucherStatus, giftVoucherStatuses } from './gift-voucher-values.js';

export * from './gift-voucher-values.js';

/**
 * Gift vouchers: one per unit of a `bookable_gift` product sold in a paid order. Its code pays bookings of
 * that product (no order then) until it expires or its bookings run out.
 */

/** The characters of a code: no 0/O, 1/I/L, 5/S, 2/Z, 8/B look-alikes. */
export const giftVoucherAlphabet = 'ACDEFGHJKMNPQRTUVWXY34679';
/** Twelve characters in three groups of four: ABCD-EFGH-JKMN. */
export const giftVoucherCodeLength = 12;
export const giftVoucherCodePattern =
  /^[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}$/;

/**
 * A code as typed: upper case, without spaces or dashes, regrouped in fours (`abcd efgh-jkmn` →
 * `ABCD-EFGH-JKMN`). What is not a code's length stays as typed, upper-cased, and matches no voucher.
 */
export function normalizeGiftVoucherCode(value: string): string {
  const bare = value.toUpperCase().replace(/[\s-]/g, '');
  if (bare.length !== giftVoucherCodeLength) return value.trim().toUpperCase();
  return `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}`;
}

/** The status of a voucher at `now` (the API computes the same in SQL for its list). */
export function giftVoucherStatus(
  voucher: { expiresAt: string | Date; maximumBookings: number; usedBookings: number },
  now: Date = new Date(),
): GiftVoucherStatus {
  if (new Date(voucher.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (voucher.usedBookings >= voucher.maximumBookings) return 'exhausted';
  return 'active';
}

/** The optional code of a booking body: absent or empty means no voucher. */
export const giftVoucherCodeInput = z
  .string()
  .trim()
  .max(40)
  .transform((v) => (v === '' ? undefined : normalizeGiftVoucherCode(v)))
  .optional()
  .describe(
    'A gift voucher code of the company (ABCD-EFGH-JKMN; spaces, dashes and case do not matter) that pays the booking: it is then booked at price 0 without an order, and one of the voucher’s bookings is used',
  );

export const giftVoucherListFields = [
  // The spec's list columns.
  'id',
  'createdAt',
  'productName',
  'code',
  'expiresAt',
  'status',
  'maximumNumberOfBookings',
  'numberOfAvailableBookings',
  'customerName',
  'customerSurname',
  'customerEmail',
  // The record's own fields.
  'productId',
  'customerId',
] as const;

export const giftVoucherListItemSchema = z.object({
  id: z.number().int(),
  createdAt: z.string().describe('When it was bought'),
  productName: z.string(),
  code: z.string(),
  expiresAt: z.string(),
  status: z.enum(giftVoucherStatuses),
  maximumNumberOfBookings: z.number().int(),
  numberOfAvailableBookings: z.number().int(),
  customerName: z.string().nullable(),
  customerSurname: z.string().nullable(),
  customerEmail: z.string().nullable(),
  productId: z.number().int(),
  customerId: z.number().int().nullable().describe('The buyer'),
});
export type GiftVoucherListItem = z.infer<typeof giftVoucherListItemSchema>;

/** A booking paid with the voucher, as its detail lists them. */
export const giftVoucherBookingSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  attended: z.boolean().nullable(),
  bookingCalendarId: z.number().int(),
  calendarName: z.string(),
  customerId: z.number().int(),
  customerName: z.string().describe('Name and surname of who was booked'),
});
export type GiftVoucherBooking = z.infer<typeof giftVoucherBookingSchema>;

export const giftVoucherSchema = giftVoucherListItemSchema.extend({
  usedBookings: z.number().int().describe('Bookings it paid that still count (consumed)'),
  orderId: z.number().int().nullable().describe('The order that sold it'),
  bookings: z.array(giftVoucherBookingSchema).describe('The bookings made with it, latest first'),
});
export type GiftVoucher = z.infer<typeof giftVoucherSchema>;

/**
 * `PATCH /admin/gift-vouchers/{id}`: a new expiry. A plain date (2027-06-30) is the end of that day in the
 * company's time zone; a date-time is that instant (without an offset, the company's local time). It must
 * come after the purchase and within ten years (409 1000179).
 */
export const giftVoucherUpdateBody = z.object({
  expiresAt: z
    .string()
    .trim()
    .refine((v) => clientDateTimeKey(v) !== undefined, {
      message: 'a date (2027-06-30) or an ISO date-time',
    }),
});
export type GiftVoucherUpdateBody = z.input<typeof giftVoucherUpdateBody>;
