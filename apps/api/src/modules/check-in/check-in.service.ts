import {
  type CheckInBooking,
  type CheckInGiftVoucher,
  type CheckInResult,
  giftVoucherCodePattern,
  normalizeGiftVoucherCode,
} from '@mostrador/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { bookingCode, readBookingCode } from '../../lib/booking-codes.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import { bookings } from '../bookings/bookings.table.js';
import { bookingCalendars } from '../calendars/calendars.table.js';
import { customerFullName } from '../customers/customer-name.js';
import { customers } from '../customers/customers.table.js';
import { giftVouchers } from '../gift-vouchers/gift-vouchers.table.js';
import { products } from '../products/products.table.js';

/**
 * QR check-in at the reception: what a scanned or typed code names (a booking's signed code, or a gift
 * voucher's code), read only for who may see that kind, in the caller's company only (another company's
 * valid code says so and shows nothing of it); marking a booking attended goes through the bookings
 * service, after refusing a cancelled booking or one marked already. A voucher is used by booking with it
 * (the booking's own rules: `gift-voucher-uses.ts`); the lookup says whether it can pay one now.
 */
export function createCheckInService(deps: {
  db: Db;
  secretBox: SecretBox;
  bookings: Pick<BookingsService, 'setAttended'>;
}) {
  const { db } = deps;

  async function bookingSummary(licenseId: number, id: number): Promise<CheckInBooking | null> {
    const [row] = await db
      .select({
        id: bookings.id,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        quantity: bookings.quantity,
        status: bookings.status,
        attended: bookings.attended,
        productId: products.id,
        productName: products.name,
        calendarId: bookingCalendars.id,
        calendarName: bookingCalendars.name,
        customerId: customers.id,
        customerName: customerFullName(),
        customerEmail: customers.email,
        customerPhone: customers.phone,
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(bookingCalendars, eq(bookingCalendars.id, bookings.bookingCalendarId))
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .where(and(eq(bookings.licenseId, licenseId), eq(bookings.id, id)));
    if (!row) return null;
    return {
      id: row.id,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      product: { id: row.productId, name: row.productName },
      calendar: { id: row.calendarId, name: row.calendarName },
      customer: {
        id: row.customerId,
        name: row.customerName,
        email: row.customerEmail,
        phone: row.customerPhone,
      },
      quantity: row.quantity,
      status: row.status,
      attended: row.attended,
      refusal:
        row.status === 'cancelled'
          ? 'bookingCancelledNotAttended'
          : row.attended === true
            ? 'bookingAlreadyAttended'
            : null,
    };
  }

  /** The voucher of `code` (codes are unique across companies), with the license it belongs to. */
  async function voucherSummary(
    code: string,
    now: Date,
  ): Promise<{ licenseId: number; voucher: CheckInGiftVoucher } | null> {
    const [row] = await db
      .select({
        licenseId: giftVouchers.licenseId,
        id: giftVouchers.id,
        code: giftVouchers.code,
        expiresAt: giftVouchers.expiresAt,
        maximumBookings: giftVouchers.maximumBookings,
        usedBookings: giftVouchers.usedBookings,
        productId: products.id,
        productName: products.name,
        productCalendarId: products.bookingCalendarId,
        customerId: customers.id,
        customerName: customerFullName(),
      })
      .from(giftVouchers)
      .innerJoin(products, eq(products.id, giftVouchers.productId))
      .leftJoin(customers, eq(customers.id, giftVouchers.customerId))
      .where(eq(giftVouchers.code, code));
    if (!row) return null;
    const [ahead] = await db
      .select({ id: bookings.id, startsAt: bookings.startsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.giftVoucherId, row.id),
          eq(bookings.licenseId, row.licenseId),
          eq(bookings.status, 'confirmed'),
          gt(bookings.startsAt, now),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(1);
    const voided = row.maximumBookings === 0;
    const expired = row.expiresAt.getTime() <= now.getTime();
    const exhausted = row.usedBookings >= row.maximumBookings;
    const status = voided ? 'cancelled' : expired ? 'expired' : exhausted ? 'exhausted' : 'active';
    return {
      licenseId: row.licenseId,
      voucher: {
        id: row.id,
        code: row.code,
        product: { id: row.productId, name: row.productName, bookingCalendarId: row.productCalendarId },
        status,
        maximumBookings: row.maximumBookings,
        usedBookings: row.usedBookings,
        availableBookings: Math.max(0, row.maximumBookings - row.usedBookings),
        expiresAt: row.expiresAt.toISOString(),
        customer: row.customerId === null ? null : { id: row.customerId, name: row.customerName },
        bookingAhead: ahead ? { id: ahead.id, startsAt: ahead.startsAt.toISOString() } : null,
        refusal: voided
          ? 'giftVoucherVoided'
          : expired
            ? 'giftVoucherExpired'
            : exhausted
              ? 'giftVoucherExhausted'
              : ahead
                ? 'giftVoucherSingleUse'
                : null,
      },
    };
  }

  /** The caller's booking a text names: 400 for no booking code, 409 for another company's, 404 gone. */
  async function ownBooking(auth: AuthContext, named: { licenseId: number; bookingId: number }) {
    if (named.licenseId !== auth.licenseId) throw new AppError('checkInOtherCompany');
    const booking = await bookingSummary(auth.licenseId, named.bookingId);
    if (!booking) throw notFound();
    return booking;
  }

  const can = (auth: AuthContext, permission: 'bookings_find' | 'giftVouchers_find') =>
    auth.permissions.has(permission);

  return {
    /** The license and booking a text names (a bare code or the customer link), or null. */
    readBookingCode: (text: string) => readBookingCode(deps.secretBox, text),

    /** The code a booking's QR carries (as its confirmation mail shows it). */
    bookingCode: (licenseId: number, bookingId: number) => bookingCode(deps.secretBox, licenseId, bookingId),

    /**
     * What a scanned or typed text names: a booking (needs bookings_find) or a gift voucher (needs
     * giftVouchers_find), else 403. Not a code: 400 1000215; another company's: 409 1000216; a code
     * whose record is gone (deleted): 404.
     */
    async lookup(auth: AuthContext, text: string, now: Date = new Date()): Promise<CheckInResult> {
      const named = readBookingCode(deps.secretBox, text);
      if (named) {
        if (!can(auth, 'bookings_find')) throw forbidden();
        return { kind: 'booking', booking: await ownBooking(auth, named) };
      }
      const code = normalizeGiftVoucherCode(text.trim());
      if (!giftVoucherCodePattern.test(code)) throw new AppError('checkInUnknownCode');
      if (!can(auth, 'giftVouchers_find')) throw forbidden();
      const found = await voucherSummary(code, now);
      if (!found) throw notFound();
      if (found.licenseId !== auth.licenseId) throw new AppError('checkInOtherCompany');
      return { kind: 'giftVoucher', giftVoucher: found.voucher };
    },

    /**
     * Marks the booking a code names attended, through the bookings service: 409 1000217 when it is
     * cancelled, 409 1000218 when it was marked attended already; the same refusals as `lookup` else.
     */
    async attend(auth: AuthContext, text: string): Promise<CheckInResult> {
      const named = readBookingCode(deps.secretBox, text);
      if (!named) throw new AppError('checkInUnknownCode');
      const booking = await ownBooking(auth, named);
      if (booking.refusal) throw new AppError(booking.refusal);
      await deps.bookings.setAttended(auth, booking.id, true);
      const marked = await bookingSummary(auth.licenseId, booking.id);
      if (!marked) throw notFound();
      return { kind: 'booking', booking: marked };
    },
  };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
