import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { createBookingsRepository } from '../modules/bookings/bookings.repository.js';
import { availability, rulesOf } from '../modules/calendars/availability.js';
import {
  createAnomaliesRepository,
  createCalendarsRepository,
} from '../modules/calendars/calendars.repository.js';
import { endOfDayAfter, newGiftVoucherCode } from '../modules/gift-vouchers/gift-voucher-uses.js';
import { createGiftVouchersRepository } from '../modules/gift-vouchers/gift-vouchers.repository.js';
import { orderLines } from '../modules/orders/order-lines.table.js';
import { orders } from '../modules/orders/orders.table.js';
import { products } from '../modules/products/products.table.js';
import { random } from './random.js';

const DAY = 86_400_000;

/** The local date (YYYY-MM-DD) of `instant` in `timeZone`, moved by `days`. */
function localDay(instant: Date, timeZone: string, days = 0): string {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
  const moved = new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY);
  return moved.toISOString().slice(0, 10);
}

/**
 * A free start for a one-unit booking of the product on its calendar, on the local day of `from` or one of
 * the ten after, ended before `now`: the availability engine's answer over that day's schedule, anomalies
 * and bookings (as the day before saw it), the first that has the room. Null when none.
 */
async function freeStart(
  db: Db,
  licenseId: number,
  timeZone: string,
  sale: { calendarId: number; minutes: number; spaces: number },
  from: Date,
  now: Date,
) {
  const calendar = await createCalendarsRepository(db).find(licenseId, sale.calendarId);
  if (!calendar) return null;
  // Booked back then: no forecast limit counts from today.
  const rules = { ...rulesOf(calendar), maximumDaysOfBookingForecast: null };
  for (let offset = 0; offset <= 10; offset++) {
    const date = localDay(from, timeZone, offset);
    const around = [
      new Date(Date.parse(`${date}T00:00:00Z`) - 2 * DAY),
      new Date(Date.parse(`${date}T00:00:00Z`) + 3 * DAY),
    ] as const;
    if (around[0].getTime() > now.getTime()) return null;
    const [anomalies, bookings] = await Promise.all([
      createAnomaliesRepository(db).between(licenseId, calendar.id, ...around),
      createBookingsRepository(db).occupancyBetween(licenseId, calendar.id, ...around),
    ]);
    const item = availability({
      timeZone,
      now: new Date(Date.parse(`${date}T00:00:00Z`) - 2 * DAY),
      from: date,
      to: localDay(from, timeZone, offset + 1),
      calendar: rules,
      anomalies,
      product: { durationInMinutes: sale.minutes, spaces: sale.spaces },
      bookings,
    }).find(
      (i) => i.status === 'reservable' && i.freeSpaces >= sale.spaces && i.endsAt.getTime() < now.getTime(),
    );
    if (item) return item;
  }
  return null;
}

/**
 * The vouchers the demo's paid gift card sales gave (the demo writes its orders directly, so the paid
 * order's grant did not run): about 40 sales of a `bookable_gift` product to a customer over the two
 * years, one voucher per unit, valid a year from the sale. Those of more than a year ago are expired; about a third of the
 * others were used (a booking of the product, price 0, with the voucher: exhausted), the rest active.
 */
export async function seedDemoGiftVouchers(db: Db, licenseId: number, timeZone: string, now = new Date()) {
  const next = random(16);
  const sales = await db
    .select({
      lineId: orderLines.id,
      productId: orderLines.productId,
      quantity: orderLines.quantity,
      customerId: orders.customerId,
      paidAt: orders.paymentDate,
      calendarId: products.bookingCalendarId,
      minutes: products.durationInMinutes,
      spaces: products.spacesOccupiedInTheCalendar,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        eq(orderLines.licenseId, licenseId),
        eq(products.type, 'bookable_gift'),
        eq(orders.status, 'paid'),
        isNull(orders.originalOrderId),
        isNotNull(orders.customerId),
        isNotNull(orders.paymentDate),
      ),
    )
    .orderBy(desc(orders.paymentDate));
  // About 40 of them, spread over the demo's two years.
  const stride = Math.max(1, Math.ceil(sales.length / 40));
  const vouchers = createGiftVouchersRepository(db);
  const bookingsRepo = createBookingsRepository(db);
  for (const sale of sales.filter((_, i) => i % stride === 0)) {
    const paidAt = sale.paidAt!;
    for (let unit = 0; unit < Math.max(sale.quantity, 1); unit++) {
      const expiresAt = endOfDayAfter(paidAt, 365, timeZone);
      // Used only when sold more than ten days ago: its booking, a week or more after the sale, is past.
      const used =
        expiresAt > now &&
        sale.calendarId !== null &&
        paidAt.getTime() < now.getTime() - 10 * DAY &&
        next() < 0.35;
      // Booked a week or more after the sale at a start its calendar had free (as the drawer would have).
      const slot = used
        ? await freeStart(
            db,
            licenseId,
            timeZone,
            { calendarId: sale.calendarId!, minutes: sale.minutes ?? 60, spaces: sale.spaces ?? 1 },
            new Date(paidAt.getTime() + (7 + Math.floor(next() * 40)) * DAY),
            now,
          )
        : null;
      const [voucher] = await vouchers.insertMany(licenseId, [
        {
          code: newGiftVoucherCode(),
          productId: sale.productId,
          customerId: sale.customerId,
          orderLineId: sale.lineId,
          expiresAt,
          maximumBookings: 1,
          usedBookings: slot ? 1 : 0,
          createdAt: paidAt,
          updatedAt: paidAt,
        },
      ]);
      if (!slot || !voucher) continue;
      const { startsAt } = slot;
      await bookingsRepo.insertMany(licenseId, [
        {
          bookingCalendarId: sale.calendarId!,
          productId: sale.productId,
          customerId: sale.customerId!,
          startsAt,
          endsAt: new Date(startsAt.getTime() + (sale.minutes ?? 60) * 60_000),
          quantity: 1,
          spaces: sale.spaces ?? 1,
          priceCents: 0,
          notes: null,
          status: 'confirmed',
          attended: startsAt.getTime() < now.getTime(),
          giftVoucherId: voucher.id,
          createdAt: paidAt,
          updatedAt: paidAt,
        },
      ]);
    }
  }
}
