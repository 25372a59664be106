import {
  centsToEuros,
  ErrorCode,
  type Language,
  type PublicAvailability,
  type PublicCancellation,
  type PublicCancelReturn,
  type PublicManagedBooking,
  type publicAvailabilityQuery,
  type publicCancelRefusals,
  type publicMoveRefusals,
  refundShare,
  type Settings,
} from '@mostrador/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../lib/app-error.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { bookingCode, readBookingCode } from '../../lib/booking-codes.js';
import type { SecretBox } from '../../lib/secrets.js';
import { parseClientInstant, zonedToInstant } from '../../lib/time.js';
import type { OrderWorkflowDeps } from '../../workflows/order-steps.js';
import { refundOrder } from '../../workflows/refund-order.js';
import { availabilityReads } from '../bookings/availability-reads.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import { bookingCustomerMoves, bookings } from '../bookings/bookings.table.js';
import { availabilityColumns, rulesOf } from '../calendars/availability.js';
import { createCalendarsRepository } from '../calendars/calendars.repository.js';
import { customers } from '../customers/customers.table.js';
import type { LicenseRow } from '../licenses/licenses.repository.js';
import { orderLines } from '../orders/order-lines.table.js';
import { orders } from '../orders/orders.table.js';
import { products, productTranslations } from '../products/products.table.js';

type AvailabilityQuery = z.output<typeof publicAvailabilityQuery>;
type MoveRefusal = (typeof publicMoveRefusals)[number];
type CancelRefusal = (typeof publicCancelRefusals)[number];

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** The company a public request names (the public service's `companyOf`). */
export interface PublicCompanyContext {
  license: Pick<LicenseRow, 'id'>;
  settings: Settings;
  auth: AuthContext;
}

/** A booking as its customer's link reads it: the row, its product's rules, what sold it. */
async function readManaged(db: DbOrTx, licenseId: number, bookingId: number) {
  const [row] = await db
    .select({
      booking: bookings,
      customerMoves: sql<number>`coalesce(${bookingCustomerMoves.moves}, 0)::int`,
      productName: products.name,
      canMove: products.canCustomersChangeTheBookingDate,
      moveLimit: products.howManyTimesCanCustomerRescheduleBooking,
      customerLanguage: customers.language,
      lineId: orderLines.id,
      lineQuantity: orderLines.quantity,
      lineRefunded: orderLines.refundedQuantity,
      lineUnitPriceCents: orderLines.unitPriceCents,
      lineTotalCents: orderLines.totalCents,
      lineTaxPercentage: orderLines.taxPercentage,
      orderId: orders.id,
      orderStatus: orders.status,
      orderPaymentMethod: orders.paymentMethod,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .leftJoin(bookingCustomerMoves, eq(bookingCustomerMoves.bookingId, bookings.id))
    .leftJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .leftJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(bookings.licenseId, licenseId), eq(bookings.id, bookingId)));
  return row;
}
type Managed = NonNullable<Awaited<ReturnType<typeof readManaged>>>;

/** Wall time of an instant in a zone, 'YYYY-MM-DDTHH:mm'. */
function wallTime(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (instant: Date) => {
    const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, x.value]));
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  };
}

/**
 * How a booking paid through an order is refunded online: its order paid online (a gateway took it) and
 * its line still holding the booking's units. Null when no order sold it; `false` when one did but the
 * money cannot go back online (paid at the company, awaiting payment, partly refunded otherwise).
 */
function onlineRefundOf(m: Managed) {
  if (m.lineId === null) return null;
  const b = m.booking;
  if (
    m.orderStatus !== 'paid' ||
    m.orderPaymentMethod !== 'online' ||
    m.lineQuantity === null ||
    m.lineRefunded === null ||
    m.lineQuantity - m.lineRefunded !== b.quantity
  )
    return false;
  const share = refundShare(
    {
      quantity: m.lineQuantity,
      refundedQuantity: m.lineRefunded,
      unitPriceCents: m.lineUnitPriceCents ?? 0,
      totalCents: m.lineTotalCents ?? 0,
      taxPercentage: m.lineTaxPercentage ?? 0,
    },
    b.quantity,
  );
  return { orderId: m.orderId!, lineId: m.lineId, quantity: b.quantity, cents: share.totalCents };
}

/**
 * The customer's signed link (issue 20, `PUBLIC_URL/b/<code>`): the booking its code names, seen,
 * moved and cancelled by its customer without a login, within the product's and the company's rules.
 */
export function createBookingManager(deps: {
  db: Db;
  bookings: BookingsService;
  orders: OrderWorkflowDeps;
  secretBox: SecretBox;
  companyOf: (licenseCode: string) => Promise<PublicCompanyContext>;
}) {
  const { db } = deps;

  /**
   * The company and the booking a code names: 404 for a malformed or altered code, one signed for
   * another company (even validly), or a booking deleted since.
   */
  async function bookingOf(licenseCode: string, code: string) {
    const company = await deps.companyOf(licenseCode);
    const ids = code.includes('/') ? null : readBookingCode(deps.secretBox, code);
    if (!ids || ids.licenseId !== company.license.id) throw notFound();
    const managed = await readManaged(db, ids.licenseId, ids.bookingId);
    if (!managed) throw notFound();
    return { company, managed };
  }

  /** Whether its customer may move the booking now, and why not. */
  function moveRefusal(m: Managed, now: number): MoveRefusal | null {
    const b = m.booking;
    if (b.status !== 'confirmed') return 'cancelled';
    if (b.startsAt.getTime() <= now) return 'started';
    if (!m.canMove) return 'notAllowed';
    if (m.moveLimit !== null && m.customerMoves >= m.moveLimit) return 'noMovesLeft';
    return null;
  }

  /** Whether its customer may cancel the booking online now, and why not. */
  function cancelRefusal(m: Managed, hours: number, now: number): CancelRefusal | null {
    const b = m.booking;
    if (b.status !== 'confirmed') return 'cancelled';
    if (b.startsAt.getTime() <= now) return 'started';
    if (b.startsAt.getTime() - now < hours * HOUR) return 'tooLate';
    if (onlineRefundOf(m) === false) return 'notPaidOnline';
    return null;
  }

  function returnsOf(m: Managed): PublicCancelReturn {
    if (onlineRefundOf(m)) return 'onlineRefund';
    if (m.booking.giftVoucherId !== null) return 'giftVoucherUse';
    if (m.booking.balanceId !== null) return 'packSession';
    return 'nothing';
  }

  const contactOf = (settings: Settings) => ({
    name: settings.companyName ?? '',
    phone: settings.phone || null,
    email: settings.email || null,
  });

  /** The booking as its customer sees it, the product's name in `language` (else the customer's). */
  async function view(
    company: PublicCompanyContext,
    m: Managed,
    language?: Language,
  ): Promise<PublicManagedBooking> {
    const { settings } = company;
    const b = m.booking;
    const wanted = language ?? (m.customerLanguage as Language | null) ?? settings.locale;
    const [translated] = await db
      .select({ name: productTranslations.name })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.productId, b.productId),
          eq(productTranslations.licenseId, b.licenseId),
          eq(productTranslations.language, wanted),
        ),
      );
    const now = Date.now();
    const hours = settings.bookings.freeCancellationHours;
    const move = moveRefusal(m, now);
    const cancel = cancelRefusal(m, hours, now);
    const refund = onlineRefundOf(m);
    const wall = wallTime(settings.timeZone);
    return {
      bookingCode: bookingCode(deps.secretBox, b.licenseId, b.id),
      productId: b.productId,
      productName: translated?.name || m.productName,
      startsAt: b.startsAt.toISOString(),
      endsAt: b.endsAt.toISOString(),
      timeZone: settings.timeZone,
      localStartsAt: wall(b.startsAt),
      localEndsAt: wall(b.endsAt),
      quantity: b.quantity,
      status: b.status,
      move: {
        allowed: move === null,
        reason: move,
        until: move === null ? b.startsAt.toISOString() : null,
        movesLeft: m.canMove && m.moveLimit !== null ? Math.max(0, m.moveLimit - m.customerMoves) : null,
        movesMade: m.customerMoves,
      },
      cancel: {
        allowed: cancel === null,
        reason: cancel,
        until: b.status === 'confirmed' ? new Date(b.startsAt.getTime() - hours * HOUR).toISOString() : null,
        returns: returnsOf(m),
        refundAmount: refund ? centsToEuros(refund.cents) : null,
      },
      contact: contactOf(settings),
    };
  }

  /** The refusal of a cancellation as the API's 409 (the company's phone and email in its details). */
  function cancelError(refusal: CancelRefusal, settings: Settings) {
    const contact = contactOf(settings);
    if (refusal === 'tooLate') return new AppError('bookingCancelTooLate', contact);
    if (refusal === 'notPaidOnline') return new AppError('bookingCancelNotOnline', contact);
    return new AppError('bookingNotChangeable');
  }

  /**
   * Cancels a booking paid online: the refund workflow gives its line's units back (a refund order,
   * paid online, with the gateway's reference; the original `refunded` when nothing else is left) in one
   * transaction with the booking's cancellation. Its collaborators are wrapped for this booking: before
   * the gateway is asked (the original order locked), the booking is locked and checked again, so a
   * refusal then leaves nothing refunded; where the workflow would delete the booking still ahead, it
   * is cancelled instead (it stays on record, linked to its line) and its customer gets the cancellation.
   * A gateway's refusal rolls everything back (409 1000162 or 502 1000163, the refused attempt kept in
   * the payments' history).
   */
  async function cancelPaidOnline(
    company: PublicCompanyContext,
    m: Managed,
    refund: { orderId: number; lineId: number; quantity: number },
  ) {
    const { auth, settings } = company;
    const payments = deps.orders.payments;
    if (!payments) throw cancelError('notPaidOnline', settings);
    const bookingId = m.booking.id;
    let checked = false;
    const orderDeps: OrderWorkflowDeps = {
      ...deps.orders,
      payments: {
        prepareOnline: (...args) => payments.prepareOnline(...args),
        ensureLink: (...args) => payments.ensureLink(...args),
        recordRefusal: (...args) => payments.recordRefusal(...args),
        async refundThroughGateway(tx, original, refundOrderId, amountCents) {
          const locked = await deps.bookings.lockInTransaction(tx, auth.licenseId, bookingId);
          const again = locked && (await readManaged(tx, auth.licenseId, bookingId));
          if (!again) throw notFound();
          const refusal = cancelRefusal(again, settings.bookings.freeCancellationHours, Date.now());
          if (refusal) throw cancelError(refusal, settings);
          checked = true;
          const done = await payments.refundThroughGateway(tx, original, refundOrderId, amountCents);
          // No payment taken by a gateway to give back: nothing is refunded nor cancelled.
          if (!done) throw cancelError('notPaidOnline', settings);
          return done;
        },
      },
      bookings: {
        ...deps.orders.bookings,
        async releaseRefunded(tx, licenseId, orderLineId, unitsLeft, now, mailIds) {
          if (orderLineId !== refund.lineId || unitsLeft > 0)
            return deps.orders.bookings.releaseRefunded(tx, licenseId, orderLineId, unitsLeft, now, mailIds);
          // Never without the gateway's refund and the booking's check before it.
          if (!checked) throw new Error('a paid booking cancelled without its gateway refund');
          await deps.bookings.cancelForRefund(tx, licenseId, bookingId, mailIds);
        },
      },
    };
    try {
      const refunded = await refundOrder(orderDeps, auth, refund.orderId, {
        lines: [{ lineId: refund.lineId, quantity: refund.quantity }],
        paymentMethod: 'online',
        notes: 'Cancelled by the customer through the booking link',
      });
      return -refunded.total;
    } catch (error) {
      // Refunded meanwhile (a parallel cancel, or staff through the order): nothing more to give back.
      if (
        error instanceof AppError &&
        (error.code === ErrorCode.orderNotRefundable || error.code === ErrorCode.refundExceedsRemaining)
      )
        throw new AppError('bookingNotChangeable');
      throw error;
    }
  }

  return {
    /** The booking as its customer sees it. */
    async view(licenseCode: string, code: string, language?: Language): Promise<PublicManagedBooking> {
      const { company, managed } = await bookingOf(licenseCode, code);
      return view(company, managed, language);
    },

    /**
     * The start times its customer may move the booking to over the company's days [from, to): the
     * public availability's engine for its product on its calendar, its own places counted as free
     * (as the staff move counts them), the slots with room for all its units. 409 when it cannot be moved.
     */
    async availability(
      licenseCode: string,
      code: string,
      query: AvailabilityQuery,
    ): Promise<PublicAvailability> {
      const { company, managed: m } = await bookingOf(licenseCode, code);
      const refusal = moveRefusal(m, Date.now());
      if (refusal) throw moveError(refusal);
      const b = m.booking;
      const { timeZone } = company.settings;
      const day = (date: string) => {
        const [year, month, d] = date.split('-').map(Number);
        return zonedToInstant({ year: year!, month: month!, day: d! }, timeZone);
      };
      const from = new Date(day(query.from).getTime() - DAY);
      const to = new Date(day(query.to).getTime() + DAY);
      const [calendar, { anomalies, bookings: taken }] = await Promise.all([
        createCalendarsRepository(db).find(b.licenseId, b.bookingCalendarId),
        availabilityReads(db, b.licenseId, b.bookingCalendarId, b.productId, from, to),
      ]);
      if (!calendar) throw notFound();
      // Its own places are free for itself: taken off its interval's entry (triples: start, end, spaces).
      for (let i = 0; i + 2 < taken.length; i += 3) {
        if (
          taken[i] === b.startsAt.getTime() &&
          taken[i + 1] === b.endsAt.getTime() &&
          taken[i + 2]! >= b.spaces
        ) {
          taken[i + 2]! -= b.spaces;
          break;
        }
      }
      const unitSpaces = b.spaces / b.quantity;
      const length = Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000);
      const columns = availabilityColumns({
        timeZone,
        now: new Date(),
        from: query.from,
        to: query.to,
        calendar: rulesOf(calendar),
        anomalies,
        product: { durationInMinutes: length, spaces: unitSpaces },
        bookings: taken,
      });
      const dateOf = wallTime(timeZone);
      const days = new Map<string, { startsAt: string; freePlaces: number }[]>();
      for (let d = Date.parse(`${query.from}T00:00:00Z`); d < Date.parse(`${query.to}T00:00:00Z`); d += DAY)
        days.set(new Date(d).toISOString().slice(0, 10), []);
      for (let i = 0; i < columns.starts.length; i++) {
        const places = Math.floor(columns.freeSpaces[i]! / columns.spaces);
        const start = columns.starts[i]!;
        if (places < b.quantity || start === b.startsAt.getTime()) continue;
        days
          .get(dateOf(new Date(start)).slice(0, 10))
          ?.push({ startsAt: new Date(start).toISOString(), freePlaces: places });
      }
      return {
        productId: b.productId,
        timeZone,
        days: [...days].map(([date, slots]) => ({ date, slots })),
      };
    },

    /** Moves the booking for its customer (`bookings.moveByCustomer`) and answers it as now. */
    async move(licenseCode: string, code: string, startsAtText: string): Promise<PublicManagedBooking> {
      const { company, managed } = await bookingOf(licenseCode, code);
      const startsAt = parseClientInstant(startsAtText, company.settings.timeZone);
      if (!startsAt) throw invalid('startsAt', 'must be an ISO date-time');
      const refusal = moveRefusal(managed, Date.now());
      if (refusal) throw moveError(refusal);
      await deps.bookings.moveByCustomer(company.auth, managed.booking.id, startsAt);
      const after = await readManaged(db, company.license.id, managed.booking.id);
      if (!after) throw notFound();
      return view(company, after);
    },

    /**
     * Cancels the booking for its customer, within the company's free-cancellation hours before its
     * start (else 409 bookingCancelTooLate, with whom to call): what paid it comes back (a gift voucher's
     * use or a pack's session, as the staff's cancel gives them; an online payment refunded through its
     * gateway by the refund workflow). A booking sold in an order not paid online is not cancelled online
     * (409 bookingCancelNotOnline).
     */
    async cancel(licenseCode: string, code: string): Promise<PublicCancellation> {
      const { company, managed } = await bookingOf(licenseCode, code);
      const { settings } = company;
      const hours = settings.bookings.freeCancellationHours;
      const refusal = cancelRefusal(managed, hours, Date.now());
      if (refusal) throw cancelError(refusal, settings);
      const refund = onlineRefundOf(managed);
      let returned: PublicCancelReturn;
      let refundedAmount: number | null = null;
      if (refund) {
        refundedAmount = await cancelPaidOnline(company, managed, refund);
        returned = 'onlineRefund';
      } else {
        const done = await deps.bookings.cancelByCustomer(company.auth, managed.booking.id, (booking) => {
          const r = cancelRefusal({ ...managed, booking }, hours, Date.now());
          if (r) throw cancelError(r, settings);
          // Sold in an order meanwhile? Not here: an order's booking is refunded through its order.
          if (booking.orderLineId !== null) throw cancelError('notPaidOnline', settings);
        });
        returned = done.returned;
      }
      const after = await readManaged(db, company.license.id, managed.booking.id);
      if (!after) throw notFound();
      return { booking: await view(company, after), returned, refundedAmount };
    },

    /** Where the link `/b/<code>` leads: the company's license code when the code is valid, else null. */
    async linkTarget(code: string, licenseCodeOf: (licenseId: number) => Promise<string | null>) {
      const ids = code.includes('/') ? null : readBookingCode(deps.secretBox, code);
      if (!ids) return null;
      const licenseCode = await licenseCodeOf(ids.licenseId);
      if (!licenseCode) return null;
      try {
        await bookingOf(licenseCode, code);
      } catch {
        return null;
      }
      return licenseCode;
    },
  };
}

function moveError(refusal: MoveRefusal) {
  if (refusal === 'notAllowed') return new AppError('bookingCustomerMoveNotAllowed');
  if (refusal === 'noMovesLeft') return new AppError('bookingCustomerMoveLimit');
  return new AppError('bookingNotChangeable');
}

export type BookingManager = ReturnType<typeof createBookingManager>;
