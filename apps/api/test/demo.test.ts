import { denominationsCents, eurosToCents, taxBaseOf } from '@mostrador/contract';
import { and, eq, gt, isNotNull, lt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceMovements,
  bookingCalendarAnomalies,
  bookingCalendars,
  bookings,
  cashRegisters,
  customerBalances,
  invoices,
  mails,
  orderLines,
  orders,
  paymentLinks,
  payments,
  products,
  subscriptionPeriods,
  subscriptions,
  suppliers,
} from '../src/db/schema.js';
import { seedDemo } from '../src/demo/seed.js';
import { checkStart } from '../src/modules/calendars/availability.js';
import { registerFigures } from '../src/modules/cash-registers/cash-registers.service.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { expectExact } from './summaries.js';

let t: TestApp;
let licenseId: number;
let orderRows: (typeof orders.$inferSelect)[];
let lineRows: (typeof orderLines.$inferSelect)[];
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db, t.services);
  licenseId = (await t.services.licenses.findByCode('demo'))!.id;
}, 240_000);
afterAll(() => t.close());

describe('the demo company’s bookings', () => {
  it('spans two years back and the calendars’ forecasts ahead, the past mostly attended', async () => {
    const rows = await t.database.db.select().from(bookings).where(eq(bookings.licenseId, licenseId));
    const now = Date.now();
    const past = rows.filter((r) => r.endsAt.getTime() <= now);
    const future = rows.filter((r) => r.startsAt.getTime() > now);
    expect(rows.length).toBeGreaterThan(10_000);
    expect(Math.min(...rows.map((r) => r.startsAt.getTime()))).toBeLessThan(now - 720 * 86_400_000);
    expect(future.length).toBeGreaterThan(100);
    // No booking beyond the longest forecast (massages, 90 days).
    expect(Math.max(...rows.map((r) => r.startsAt.getTime()))).toBeLessThan(now + 92 * 86_400_000);
    const attended = past.filter((r) => r.attended === true).length;
    expect(attended / past.length).toBeGreaterThan(0.8);
    expect(future.every((r) => r.attended === null)).toBe(true);
    expect(rows.every((r) => r.createdAt.getTime() <= now && r.createdAt < r.startsAt)).toBe(true);
  });

  it('every confirmed booking is one its calendar takes: schedule, anomalies, grid and capacity', async () => {
    const db = t.database.db;
    const calendars = await db
      .select()
      .from(bookingCalendars)
      .where(eq(bookingCalendars.licenseId, licenseId));
    const confirmed = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.licenseId, licenseId), eq(bookings.status, 'confirmed')));
    // Every 17th booking, past and future, on every calendar.
    for (const booking of confirmed.filter((_, i) => i % 17 === 0)) {
      const calendar = calendars.find((c) => c.id === booking.bookingCalendarId)!;
      const [anomalies, others] = await Promise.all([
        db
          .select()
          .from(bookingCalendarAnomalies)
          .where(eq(bookingCalendarAnomalies.bookingCalendarId, calendar.id)),
        db
          .select()
          .from(bookings)
          .where(
            and(
              eq(bookings.bookingCalendarId, calendar.id),
              eq(bookings.status, 'confirmed'),
              ne(bookings.id, booking.id),
              lt(bookings.startsAt, booking.endsAt),
              gt(bookings.endsAt, booking.startsAt),
            ),
          ),
      ]);
      const result = checkStart({
        timeZone: 'Europe/Madrid',
        now: new Date(booking.createdAt.getTime() - 86_400_000),
        calendar: { ...calendar, maximumDaysOfBookingForecast: null, minimumMinutesInAdvanceForBooking: 0 },
        anomalies,
        product: {
          durationInMinutes: (booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000,
          spaces: booking.spaces / booking.quantity,
        },
        bookings: others,
        startsAt: booking.startsAt,
        quantity: booking.quantity,
      });
      expect(result.ok, `${calendar.name} ${booking.startsAt.toISOString()}: ${JSON.stringify(result)}`).toBe(
        true,
      );
    }
  });
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

describe('the demo company’s sales', () => {
  beforeAll(async () => {
    const db = t.database.db;
    [orderRows, lineRows] = await Promise.all([
      db.select().from(orders).where(eq(orders.licenseId, licenseId)),
      db.select().from(orderLines).where(eq(orderLines.licenseId, licenseId)),
    ]);
  });

  it('prices every order as the API does: lines add up, codes numbered in creation order', () => {
    expect(orderRows.length).toBeGreaterThan(10_000);
    const linesOf = groupBy(lineRows, (l) => l.orderId);
    for (const o of orderRows) {
      const lines = linesOf.get(o.id) ?? [];
      expect(lines.length, `order ${o.code}`).toBeGreaterThan(0);
      expect(o.totalCents).toBe(sum(lines.map((l) => l.totalCents)));
      expect(o.taxBaseCents).toBe(sum(lines.map((l) => l.taxBaseCents)));
      for (const l of lines) expect(l.cashRegisterId).toBe(o.cashRegisterId);
      expect(o.status === 'awaiting_payment' ? o.paymentDate === null : o.paymentDate !== null).toBe(true);
      // Cash and card orders are taken at a register; the others never are.
      expect(o.cashRegisterId !== null).toBe(o.paymentMethod === 'cash' || o.paymentMethod === 'card');
    }
    for (const l of lineRows.filter((l) => l.originalLineId === null)) {
      expect(l.totalCents).toBe(l.unitPriceCents * l.quantity - l.discountCents);
      expect(l.taxBaseCents).toBe(taxBaseOf(l.totalCents, l.taxPercentage));
    }
    const byCreation = [...orderRows].sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.code - b.code,
    );
    expect(byCreation.map((o) => o.code)).toEqual(byCreation.map((_, i) => i + 1));
    const methods = groupBy(orderRows, (o) => o.paymentMethod);
    expect((methods.get('card')?.length ?? 0) + (methods.get('cash')?.length ?? 0)).toBeGreaterThan(
      orderRows.length / 2,
    );
    expect(methods.get('online')?.length).toBeGreaterThan(0);
    expect(methods.get('transfer')?.length).toBeGreaterThan(0);
    expect(orderRows.some((o) => o.customerId === null)).toBe(true);
  });

  it('pays online sales through Redsys, and gives each online order awaiting payment its link', async () => {
    const db = t.database.db;
    const online = await db
      .select()
      .from(orders)
      .where(and(eq(orders.licenseId, licenseId), eq(orders.paymentMethod, 'online')));
    const taken = await db.select().from(payments).where(eq(payments.licenseId, licenseId));
    const links = await db.select().from(paymentLinks).where(eq(paymentLinks.licenseId, licenseId));
    const paymentOf = new Map(taken.map((p) => [p.orderId, p]));
    const linked = new Set(links.map((l) => l.orderId));
    const sales = online.filter((o) => o.originalOrderId === null);
    expect(sales.some((o) => o.status === 'awaiting_payment')).toBe(true);
    for (const o of sales) {
      if (o.status === 'awaiting_payment') {
        expect(linked.has(o.id), `order ${o.code}`).toBe(true);
        continue;
      }
      const p = paymentOf.get(o.id);
      expect(p, `order ${o.code}`).toMatchObject({
        status: 'succeeded',
        gateway: 'redsys',
        amountCents: o.totalCents,
      });
      expect(o.paymentTransactionToken).toBe(p!.reference);
    }
    const settings = await t.services.settings.ofLicense(licenseId);
    expect(settings.payment.gateway).toBe('redsys');
    expect(settings.redsys.encryptionKeySet).toBe(true);
  });

  it('sells every booking (but those paid with a gift voucher): past ones paid, a few to come still awaiting payment', async () => {
    const all = await t.database.db.select().from(bookings).where(eq(bookings.licenseId, licenseId));
    const rows = all.filter((b) => b.giftVoucherId === null);
    const lineById = new Map(lineRows.map((l) => [l.id, l]));
    const orderById = new Map(orderRows.map((o) => [o.id, o]));
    const now = Date.now();
    for (const b of rows) {
      const line = lineById.get(b.orderLineId ?? 0);
      expect(line, `booking ${b.id}`).toBeDefined();
      expect(line!.productId).toBe(b.productId);
      expect(line!.quantity).toBe(b.quantity);
      expect(line!.unitPriceCents).toBe(b.priceCents);
      const order = orderById.get(line!.orderId)!;
      expect(order.customerId).toBe(b.customerId);
      expect(order.createdAt.getTime()).toBeLessThan(b.createdAt.getTime());
      if (b.startsAt.getTime() <= now)
        expect(order.status === 'paid' || order.status === 'refunded').toBe(true);
    }
    expect(orderRows.some((o) => o.status === 'awaiting_payment')).toBe(true);
  });

  it('the gift cards sold gave vouchers, active, used up and expired; a used one paid a booking at price 0', async () => {
    const list = await t.services.giftVouchers.list(
      { licenseId, timeZone: 'Europe/Madrid' } as Parameters<typeof t.services.giftVouchers.list>[0],
      { page: 1, limit: 500 },
    );
    const statuses = new Set(list.items.map((v) => v.status));
    expect([...statuses].sort()).toEqual(['active', 'exhausted', 'expired']);
    const paid = (
      await t.database.db.select().from(bookings).where(eq(bookings.licenseId, licenseId))
    ).filter((b) => b.giftVoucherId !== null);
    expect(paid.length).toBe(
      list.items.filter((v) => v.status === 'exhausted' || v.numberOfAvailableBookings === 0).length,
    );
    for (const b of paid) expect(b.priceCents).toBe(0);
  });

  it('the packs and credits sold gave their customers balances as a paid sale does, refunded units revoked', async () => {
    const db = t.database.db;
    const [balances, movements, productRows] = await Promise.all([
      db.select().from(customerBalances).where(eq(customerBalances.licenseId, licenseId)),
      db.select().from(balanceMovements).where(eq(balanceMovements.licenseId, licenseId)),
      db.select().from(products).where(eq(products.licenseId, licenseId)),
    ]);
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const orderById = new Map(orderRows.map((o) => [o.id, o]));
    const sold = lineRows.filter((l) => {
      const type = productById.get(l.productId)!.type;
      const order = orderById.get(l.orderId)!;
      return (
        (type === 'pack' || type === 'credit') &&
        l.originalLineId === null &&
        order.paymentDate !== null &&
        order.status !== 'awaiting_payment'
      );
    });
    expect(sold.length).toBeGreaterThan(0);
    const kinds = new Set(balances.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['credit', 'pack']);
    // One balance per unit sold, each with a 'granted' movement of its initial amount at the sale's payment.
    const balancesOf = groupBy(balances, (b) => b.orderLineId);
    const movementsOf = groupBy(movements, (m) => m.balanceId);
    for (const l of sold) {
      const order = orderById.get(l.orderId)!;
      const product = productById.get(l.productId)!;
      const own = balancesOf.get(l.id) ?? [];
      expect(own, `line ${l.id}`).toHaveLength(l.quantity);
      for (const b of own) {
        expect(b.customerId).toBe(order.customerId);
        expect(b.kind).toBe(product.type);
        expect(b.initial).toBe(
          product.type === 'pack' ? product.packSessions : (product.creditCents ?? product.priceCents),
        );
        expect(b.createdAt.getTime()).toBe(order.paymentDate!.getTime());
        const moves = movementsOf.get(b.id) ?? [];
        expect(moves[0]).toMatchObject({ reason: 'granted', delta: b.initial, orderId: order.id });
        expect(b.remaining).toBe(sum(moves.map((m) => m.delta)));
      }
      // The units refunded were revoked: that many balances emptied by a 'revoked' movement.
      const revoked = own.filter((b) => (movementsOf.get(b.id) ?? []).some((m) => m.reason === 'revoked'));
      expect(revoked, `line ${l.id}`).toHaveLength(l.refundedQuantity);
      for (const b of revoked) expect(b.remaining).toBe(0);
    }
    // Besides the subscriptions' (their own test below).
    const ofSales = balances.filter((b) => ['pack', 'credit'].includes(productById.get(b.productId)!.type));
    expect(ofSales).toHaveLength(sum(sold.map((l) => l.quantity)));
    // Customers with credit left to pay with, and packs with sessions left.
    expect(balances.some((b) => b.kind === 'credit' && b.remaining > 0)).toBe(true);
    expect(balances.some((b) => b.kind === 'pack' && b.remaining > 0)).toBe(true);
  });

  it('refunds about 3 % of the sales, in full or in part, never beyond what was sold', () => {
    const refunds = orderRows.filter((o) => o.originalOrderId !== null);
    const sales = orderRows.filter((o) => o.originalOrderId === null && o.status !== 'awaiting_payment');
    expect(refunds.length / sales.length).toBeGreaterThan(0.015);
    expect(refunds.length / sales.length).toBeLessThan(0.05);
    const lineById = new Map(lineRows.map((l) => [l.id, l]));
    const orderById = new Map(orderRows.map((o) => [o.id, o]));
    const refunded = new Map<number, number>();
    for (const l of lineRows.filter((l) => l.originalLineId !== null)) {
      const original = lineById.get(l.originalLineId!)!;
      const refund = orderById.get(l.orderId)!;
      expect(l.quantity).toBeLessThan(0);
      expect(l.totalCents).toBeLessThanOrEqual(0);
      expect(l.taxBaseCents).toBeLessThanOrEqual(0);
      expect(l.totalCents).toBe(l.unitPriceCents * l.quantity - l.discountCents);
      expect(l.productId).toBe(original.productId);
      expect(original.orderId).toBe(refund.originalOrderId);
      expect(refund.status).toBe('paid');
      expect(refund.paymentMethod).toBe(orderById.get(original.orderId)!.paymentMethod);
      expect(refund.createdAt.getTime()).toBeGreaterThan(
        orderById.get(original.orderId)!.createdAt.getTime(),
      );
      refunded.set(original.id, (refunded.get(original.id) ?? 0) - l.quantity);
    }
    let partial = 0;
    for (const l of lineRows.filter((l) => l.originalLineId === null)) {
      expect(l.refundedQuantity).toBe(refunded.get(l.id) ?? 0);
      expect(l.refundedQuantity).toBeLessThanOrEqual(l.quantity);
    }
    const linesOf = groupBy(lineRows, (l) => l.orderId);
    for (const o of sales) {
      const lines = linesOf.get(o.id)!;
      const all = lines.every((l) => l.refundedQuantity === l.quantity);
      expect(o.status === 'refunded', `order ${o.code}`).toBe(all);
      if (!all && lines.some((l) => l.refundedQuantity > 0)) partial++;
    }
    expect(partial).toBeGreaterThan(0);
  });

  it('closes a register a day with the figures its orders add up to; at most today’s is open', async () => {
    const db = t.database.db;
    const registers = await db.select().from(cashRegisters).where(eq(cashRegisters.licenseId, licenseId));
    const closed = registers.filter((r) => r.closedAt !== null);
    expect(closed.length).toBeGreaterThan(500);
    expect(registers.length - closed.length).toBeLessThanOrEqual(1);
    const registerById = new Map(registers.map((r) => [r.id, r]));
    for (const o of orderRows.filter((o) => o.cashRegisterId !== null)) {
      const r = registerById.get(o.cashRegisterId!)!;
      expect(o.createdAt.getTime()).toBeGreaterThan(r.openedAt.getTime());
      if (r.closedAt) expect(o.createdAt.getTime()).toBeLessThan(r.closedAt.getTime());
    }
    expect(closed.some((r) => r.notes)).toBe(true);
    // Every 7th closed register, recomputed.
    for (const r of closed.filter((_, i) => i % 7 === 0)) {
      expect(r.closedBy).not.toBeNull();
      const { cashCount, ...figures } = r.closingFigures!;
      expect(figures).toEqual(await registerFigures(db, licenseId, r));
      // The drawer as counted: expected is the cash figure, the difference counted − expected, in cents.
      expect(cashCount!.expectedCash).toBe(figures.currentCashAmount);
      expect(eurosToCents(cashCount!.difference)).toBe(
        eurosToCents(cashCount!.countedCash) - eurosToCents(cashCount!.expectedCash),
      );
      if (cashCount!.denominations)
        expect(denominationsCents(cashCount!.denominations)).toBe(eurosToCents(cashCount!.countedCash));
    }
  });
});

describe('the demo company’s closing reports', () => {
  it('gives the last fortnight’s registers the report closing them would have made', async () => {
    const db = t.database.db;
    const withReport = await db
      .select()
      .from(cashRegisters)
      .where(and(eq(cashRegisters.licenseId, licenseId), isNotNull(cashRegisters.reportFileId)));
    expect(withReport).toHaveLength(14);
    const latest = withReport.sort((a, b) => b.closedAt!.getTime() - a.closedAt!.getTime())[0]!;
    const { file, data } = await t.services.files.download({ licenseId } as never, latest.reportFileId!);
    expect(file.mimeType).toBe('application/pdf');
    expect(data.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the demo company’s mails', () => {
  it('has last month’s confirmations sent (two refused), none waiting, and reminders switched on', async () => {
    const db = t.database.db;
    const rows = await db.select().from(mails).where(eq(mails.licenseId, licenseId));
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((m) => m.kind === 'booking_created')).toBe(true);
    expect(rows.filter((m) => m.status === 'failed')).toHaveLength(2);
    expect(rows.filter((m) => m.status === 'waiting')).toHaveLength(0);
    expect(rows.every((m) => m.status !== 'sent' || m.sentAt! > m.createdAt)).toBe(true);
    const settings = await t.services.settings.ofLicense(licenseId);
    expect(settings.notifications.booking.status).toBe(true);
    expect(settings.notifications.booking.body).toContain('{{bookingTime}}');
    expect(settings.notifications.birthday.status).toBe(true);
  });
});

describe('the demo company’s invoices', () => {
  it('invoices the last two months at their sales’ dates: gapless numbers per series, every refund of an invoiced sale rectified', async () => {
    const db = t.database.db;
    const rows = await db
      .select()
      .from(invoices)
      .where(eq(invoices.licenseId, licenseId))
      .orderBy(invoices.id);
    expect(rows.length).toBeGreaterThan(100);
    const types = new Set(rows.map((r) => r.type));
    for (const type of ['F1', 'F2']) expect(types.has(type as never), type).toBe(true);
    for (const series of ['full', 'simplified', 'rectifying'] as const) {
      const ofSeries = rows.filter((r) => r.series === series);
      for (const year of new Set(ofSeries.map((r) => r.year))) {
        const numbers = ofSeries.filter((r) => r.year === year).map((r) => r.number);
        expect(numbers, `${series} ${year}`).toEqual(numbers.map((_, i) => i + 1));
        const dates = ofSeries.filter((r) => r.year === year).map((r) => r.issuedAt.getTime());
        expect(dates).toEqual([...dates].sort((a, b) => a - b));
      }
    }
    const invoicedOrders = await db
      .select({ id: orders.id, invoiceCode: orders.invoiceCode, originalOrderId: orders.originalOrderId })
      .from(orders)
      .where(and(eq(orders.licenseId, licenseId), isNotNull(orders.invoiceCode)));
    expect(invoicedOrders).toHaveLength(rows.length);
    const invoicedIds = new Set(invoicedOrders.filter((o) => o.originalOrderId === null).map((o) => o.id));
    const refunds = await db
      .select({ id: orders.id, originalOrderId: orders.originalOrderId, invoiceCode: orders.invoiceCode })
      .from(orders)
      .where(and(eq(orders.licenseId, licenseId), isNotNull(orders.originalOrderId)));
    for (const r of refunds.filter((x) => invoicedIds.has(x.originalOrderId!)))
      expect(r.invoiceCode, `refund ${r.id}`).toMatch(/^R\d{4}-\d{6}$/);
  });
});

describe('the demo company’s suppliers', () => {
  it('supply the shop’s products, and the settlement of the last year shows what they sold', async () => {
    const auth = { licenseId, timeZone: 'Europe/Madrid' } as Parameters<typeof t.services.suppliers.list>[0];
    const list = await t.services.suppliers.list(auth, { page: 1, limit: 50 });
    expect(list.items.map((s) => [s.name, s.status])).toEqual([
      ['Cosmética Natural Mediterránea', 'active'],
      ['Fisioterapia Colaboradora Retiro', 'active'],
      ['Velas Artesanas del Montseny', 'inactive'],
    ]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const report = await t.services.suppliers.settlement(auth, yearAgo, today);
    const cosmetics = report.suppliers.find((i) => i.supplierName === 'Cosmética Natural Mediterránea');
    expect(cosmetics?.units).toBeGreaterThan(0);
    expect(cosmetics?.commission).toBeGreaterThan(0);
    expect(cosmetics!.payable).toBeCloseTo(cosmetics!.sales - cosmetics!.commission, 2);
  });
});

describe('the demo company’s subscriptions', () => {
  it('of every type and state, made by activation and the daily renewal: a period after another, each with its order, and what the paid ones granted', async () => {
    const db = t.database.db;
    const [subs, periods, productRows, balances, orderList, lines] = await Promise.all([
      db.select().from(subscriptions).where(eq(subscriptions.licenseId, licenseId)),
      db
        .select()
        .from(subscriptionPeriods)
        .where(eq(subscriptionPeriods.licenseId, licenseId))
        .orderBy(subscriptionPeriods.startsAt),
      db.select().from(products).where(eq(products.licenseId, licenseId)),
      db.select().from(customerBalances).where(eq(customerBalances.licenseId, licenseId)),
      db.select().from(orders).where(eq(orders.licenseId, licenseId)),
      db.select().from(orderLines).where(eq(orderLines.licenseId, licenseId)),
    ]);
    const now = Date.now();
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const orderById = new Map(orderList.map((o) => [o.id, o]));
    const linesOf = groupBy(lines, (l) => l.orderId);
    const balancesOf = groupBy(balances, (b) => b.orderLineId);
    expect(subs.length).toBeGreaterThanOrEqual(15);
    const types = new Set(subs.map((s) => productById.get(s.productId)!.type));
    expect([...types].sort()).toEqual([
      'bookings_subscription',
      'credit_subscription',
      'program_subscription',
      'subscription',
      'supplier_subscription',
    ]);
    const active = subs.filter((s) => s.status === 'active');
    expect(active.length).toBeGreaterThanOrEqual(8);
    expect(new Set(subs.map((s) => s.cancelReason))).toEqual(
      new Set([null, 'unpaid', 'cancelled', 'period_end']),
    );
    // One in its trial, one to end at its period's end, one never activated.
    expect(active.some((s) => s.trialEndsAt && s.trialEndsAt.getTime() > now)).toBe(true);
    expect(active.some((s) => s.cancelAt && s.cancelAt.getTime() > now)).toBe(true);
    expect(subs.some((s) => s.activatedAt === null && s.status === 'inactive')).toBe(true);
    const periodsOf = groupBy(periods, (p) => p.subscriptionId);
    for (const s of subs) {
      const own = periodsOf.get(s.id) ?? [];
      const product = productById.get(s.productId)!;
      own.forEach((p, i) => {
        if (i > 0) expect(p.startsAt.getTime(), `subscription ${s.id}`).toBe(own[i - 1]!.endsAt.getTime());
        expect(p.startsAt.getTime()).toBeLessThanOrEqual(Math.max(now, s.anchorAt!.getTime()));
        expect(p.createdAt.getTime()).toBeLessThanOrEqual(now);
        const order = orderById.get(p.orderId!)!;
        expect(order.customerId).toBe(s.customerId);
        expect(order.totalCents).toBe(p.amountCents);
        expect(p.amountCents).toBe(product.priceCents * p.servicePeriods);
        const [line] = linesOf.get(order.id)!;
        expect(line).toMatchObject({ productId: product.id, quantity: p.servicePeriods });
        // What a paid period granted: sessions till the period's end, or credit.
        const granted = balancesOf.get(line!.id) ?? [];
        // One balance per service period the payment covers.
        if (order.status === 'paid' && product.type === 'bookings_subscription')
          expect(granted).toMatchObject(
            Array(p.servicePeriods).fill({
              kind: 'pack',
              initial: product.packSessions!,
              expiresAt: p.endsAt,
            }),
          );
        else if (order.status === 'paid' && product.type === 'credit_subscription')
          expect(granted).toMatchObject(
            Array(p.servicePeriods).fill({
              kind: 'credit',
              initial: product.creditCents ?? product.priceCents,
            }),
          );
        else expect(granted).toEqual([]);
      });
      if (s.status === 'active' && s.trialEndsAt?.getTime() !== undefined && s.trialEndsAt.getTime() > now)
        expect(own).toEqual([]);
      else if (s.activatedAt) expect(own.length, `subscription ${s.id}`).toBeGreaterThan(0);
    }
    // Paid periods, and renewals still awaiting payment within their days to pay.
    const statuses = new Set(periods.map((p) => orderById.get(p.orderId!)!.status));
    expect([...statuses].sort()).toEqual(['awaiting_payment', 'paid']);
    // Customers hold subscription sessions to book with now.
    expect(
      balances.some(
        (b) =>
          productById.get(b.productId)!.type === 'bookings_subscription' &&
          b.remaining > 0 &&
          b.expiresAt!.getTime() > now,
      ),
    ).toBe(true);
    // The paid supplier subscriptions keep their suppliers listed.
    const supplierIds = subs
      .filter((s) => s.status === 'active' && productById.get(s.productId)!.type === 'supplier_subscription')
      .map((s) => productById.get(s.productId)!.supplierId!);
    expect(supplierIds.length).toBeGreaterThan(0);
    const listed = await db.select().from(suppliers).where(eq(suppliers.licenseId, licenseId));
    for (const id of supplierIds) expect(listed.find((x) => x.id === id)?.status).toBe('active');
  });
});

describe('the demo company’s report summaries', () => {
  // Here rather than in report-summaries.test.ts: the demo is seeded once (minutes on the embedded database).
  it('equal their recomputation from the base tables', async () => {
    const counts = await expectExact(t);
    for (const n of Object.values(counts)) expect(n).toBeGreaterThan(0);
  });
});
