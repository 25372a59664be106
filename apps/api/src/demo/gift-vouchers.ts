import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { createBookingsRepository } from '../modules/bookings/bookings.repository.js';
import { endOfDayAfter, newGiftVoucherCode } from '../modules/gift-vouchers/gift-voucher-uses.js';
import { createGiftVouchersRepository } from '../modules/gift-vouchers/gift-vouchers.repository.js';
import { orderLines } from '../modules/orders/order-lines.table.js';
import { orders } from '../modules/orders/orders.table.js';
import { products } from '../modules/products/products.table.js';
import { random } from './random.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

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
      const [voucher] = await vouchers.insertMany(licenseId, [
        {
          code: newGiftVoucherCode(),
          productId: sale.productId,
          customerId: sale.customerId,
          orderLineId: sale.lineId,
          expiresAt,
          maximumBookings: 1,
          usedBookings: used ? 1 : 0,
          createdAt: paidAt,
          updatedAt: paidAt,
        },
      ]);
      if (!used || !voucher) continue;
      // Booked a few weeks after the sale, at a round morning hour, and attended.
      const day = Math.min(paidAt.getTime() + (7 + Math.floor(next() * 40)) * DAY, now.getTime() - DAY);
      const startsAt = new Date(Math.floor(day / DAY) * DAY + (8 + Math.floor(next() * 4)) * HOUR);
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
