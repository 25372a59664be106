import { z } from 'zod';
import { bookingStatuses } from './bookings.js';

/**
 * QR check-in at the reception (spec: QR scanner): a code scanned or typed is looked up as a booking's
 * signed code (`B1.<license>.<booking>.<signature>`, the QR of its confirmation, or the customer link
 * ending in it) or a gift voucher's code (ABCD-EFGH-JKMN, spaces, dashes and case aside). A booking is then
 * marked attended; a voucher is redeemed by booking with it (the new-booking form with its code filled).
 */

/** `POST /admin/check-in/lookups` and `POST /admin/check-in/attendances`: the text scanned or typed. */
export const checkInCodeBody = z.object({
  code: z.string().trim().min(1).max(500).describe('The text a QR code holds or the code as typed'),
});
export type CheckInCodeBody = z.input<typeof checkInCodeBody>;

/** Why a booking cannot be marked attended, as the error code the action would answer. */
export const checkInBookingRefusals = ['bookingCancelledNotAttended', 'bookingAlreadyAttended'] as const;
/** Why a voucher cannot pay a booking now, as the error code a booking with it would answer. */
export const checkInVoucherRefusals = [
  'giftVoucherExpired',
  'giftVoucherExhausted',
  'giftVoucherVoided',
  'giftVoucherSingleUse',
] as const;

export const checkInBookingSchema = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  product: z.object({ id: z.number().int(), name: z.string() }),
  calendar: z.object({ id: z.number().int(), name: z.string() }),
  customer: z.object({
    id: z.number().int(),
    name: z.string().describe('Name and surname'),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  quantity: z.number().int(),
  status: z.enum(bookingStatuses),
  attended: z.boolean().nullable().describe('null: not marked yet'),
  refusal: z
    .enum(checkInBookingRefusals)
    .nullable()
    .describe('Why it cannot be marked attended (the code the action answers), or null'),
});
export type CheckInBooking = z.infer<typeof checkInBookingSchema>;

/** A voucher's state at the desk: `cancelled` is one voided by the refund of its sale. */
export const checkInVoucherStatuses = ['active', 'expired', 'exhausted', 'cancelled'] as const;

export const checkInGiftVoucherSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  product: z.object({
    id: z.number().int(),
    name: z.string(),
    bookingCalendarId: z.number().int().nullable().describe('The calendar the product is bound to, if any'),
  }),
  status: z.enum(checkInVoucherStatuses),
  maximumBookings: z.number().int(),
  usedBookings: z.number().int(),
  availableBookings: z.number().int(),
  expiresAt: z.string(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable().describe('The buyer'),
  bookingAhead: z
    .object({ id: z.number().int(), startsAt: z.string() })
    .nullable()
    .describe('A booking made with it that is still ahead (a voucher pays one booking at a time)'),
  refusal: z
    .enum(checkInVoucherRefusals)
    .nullable()
    .describe('Why it cannot pay a booking now (the code a booking with it answers), or null'),
});
export type CheckInGiftVoucher = z.infer<typeof checkInGiftVoucherSchema>;

export const checkInResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('booking'), booking: checkInBookingSchema }),
  z.object({ kind: z.literal('giftVoucher'), giftVoucher: checkInGiftVoucherSchema }),
]);
export type CheckInResult = z.infer<typeof checkInResultSchema>;
