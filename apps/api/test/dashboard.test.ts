import { type Dashboard, ErrorCode, type Permission } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, customers, orders } from '../src/db/schema.js';
import type { AuthContext } from '../src/lib/auth-context.js';
import { createDashboardService } from '../src/modules/reports/dashboard.service.js';
import { createBooking, createCustomer, createProduct } from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields, type TestApp } from './helpers.js';
import { created, createOrder, openCompany, type SalesCompany } from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Shop = SalesCompany & { registerId: number };

async function dashboard(token: string, from: string, to: string): Promise<Dashboard> {
  const res = await call(t, 'GET', '/v1/admin/reports/dashboard', { token, query: { from, to } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Dashboard;
}

/** Moves an order's payment to an instant (the API pays now; time goes by in the database). */
const payAt = (id: number, instant: string) =>
  t.database.db
    .update(orders)
    .set({ paymentDate: new Date(instant) })
    .where(eq(orders.id, id));

/** A paid sale of `quantity` oils (10 € each, VAT included), paid with `paymentMethod`, at `instant`. */
async function sellOil(c: Shop, quantity: number, instant: string, payload: Record<string, unknown> = {}) {
  const sale = await created(
    await createOrder(t, c, { lines: [{ productId: c.oilId, quantity, unitPrice: 10 }], ...payload }),
  );
  await payAt(sale.id, instant);
  return sale;
}

/** Gives back `quantity` of the sale's first line, the refund paid at `instant`. */
async function refundOil(
  c: Shop,
  sale: { id: number; lines: { id: number }[] },
  quantity: number,
  instant: string,
) {
  const res = await call(t, 'POST', `/v1/admin/orders/${sale.id}/refund`, {
    token: c.token,
    payload: { lines: [{ lineId: sale.lines[0]!.id, quantity }] },
  });
  const refund = await created(res);
  expect(refund.total).toBe(-10 * quantity);
  await payAt(refund.id, instant);
  return refund;
}

/**
 * Bookings are made through the API on free days ahead (one a day at 09:00 on the massage's calendar,
 * a capacity of one), then moved in the database to where the test needs them.
 */
let bookingDay = 0;
async function bookAt(
  c: Shop,
  instant: string,
  marks: { attended?: boolean | null; cancelled?: boolean; minutes?: number } = {},
) {
  const day = new Date(Date.UTC(2027, 5, 1 + bookingDay++)).toISOString().slice(0, 10);
  const booking = await createBooking(t, c.token, {
    bookingCalendarId: c.calendarId,
    productId: c.massageId,
    customerId: c.customerId,
    startsAt: `${day}T09:00`,
  });
  const start = Date.parse(instant);
  await t.database.db
    .update(bookings)
    .set({
      startsAt: new Date(start),
      endsAt: new Date(start + (marks.minutes ?? 60) * 60_000),
      attended: marks.attended ?? null,
      status: marks.cancelled ? 'cancelled' : 'confirmed',
    })
    .where(eq(bookings.id, booking.id));
  return booking;
}

const createdAt = (id: number, instant: string) =>
  t.database.db
    .update(customers)
    .set({ createdAt: new Date(instant) })
    .where(eq(customers.id, id));

/**
 * The data set, in Madrid's zone (the company's, by default). December 2025 against December 2024:
 *
 * - a cash sale of 3 oils (30 €) on 10 Dec 2025, 1 oil refunded on 15 Dec 2025 and 1 on 5 Jan 2026;
 * - a transfer sale of 2 oils (20 €) paid at 23:30 local on 31 Dec 2025 (22:30 UTC);
 * - a sale of 1 oil (10 €) paid with Ana's credit on 5 Dec 2025 (the credit bought for 100 € on 20 Nov 2025);
 * - a draft of 10 € (no payment);
 * - a cash sale of 5 oils (50 €) on 20 Dec 2024;
 * - another license's sale of 9 oils on 10 Dec 2025.
 */
describe('the dashboard', () => {
  let c: Shop;
  let other: Shop;

  beforeAll(async () => {
    c = await openCompany(t);
    other = await openCompany(t);

    const a = await sellOil(c, 3, '2025-12-10T11:00:00Z');
    await refundOil(c, a, 1, '2025-12-15T11:00:00Z');
    await refundOil(c, a, 1, '2026-01-05T11:00:00Z');
    await sellOil(c, 2, '2025-12-31T22:30:00Z', { paymentMethod: 'transfer' });
    const bono = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Bono',
      type: 'credit',
      price: 100,
    });
    const bought = await created(
      await createOrder(t, c, {
        customerId: c.customerId,
        lines: [{ productId: bono.id, quantity: 1, unitPrice: 100 }],
      }),
    );
    await payAt(bought.id, '2025-11-20T11:00:00Z');
    await sellOil(c, 1, '2025-12-05T11:00:00Z', { paymentMethod: 'credit', customerId: c.customerId });
    await created(
      await createOrder(t, c, {
        status: 'draft',
        lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }],
      }),
    );
    await sellOil(c, 5, '2024-12-20T11:00:00Z');
    await sellOil(other, 9, '2025-12-10T11:00:00Z');

    // Bookings: December 2025 (two attended, one not, one unmarked, one cancelled), one at 00:30 local on
    // 1 January 2026, December 2024 (one attended, two not), another license's in December 2025.
    await bookAt(c, '2025-12-03T09:00:00Z', { attended: true });
    await bookAt(c, '2025-12-04T09:00:00Z', { attended: false });
    await bookAt(c, '2025-12-05T09:00:00Z');
    await bookAt(c, '2025-12-06T09:00:00Z', { cancelled: true });
    await bookAt(c, '2025-12-07T09:00:00Z', { attended: true });
    await bookAt(c, '2025-12-31T23:30:00Z', { attended: true });
    await bookAt(c, '2024-12-03T09:00:00Z', { attended: true });
    await bookAt(c, '2024-12-04T09:00:00Z', { attended: false });
    await bookAt(c, '2024-12-05T09:00:00Z', { attended: false });
    await bookAt(other, '2025-12-03T09:00:00Z', { attended: true });

    // Customers: Ana and Luis were made now (November 2026); one more in each December, one at 00:30 on
    // 1 January 2026, another license's in December 2025.
    await createdAt((await createCustomer(t, c.token)).id, '2025-12-02T10:00:00Z');
    await createdAt((await createCustomer(t, c.token)).id, '2025-12-31T23:30:00Z');
    await createdAt((await createCustomer(t, c.token)).id, '2024-12-15T10:00:00Z');
    await createdAt((await createCustomer(t, other.token)).id, '2025-12-02T10:00:00Z');
  });

  it('December 2025: earnings are money in minus money back, by payment date; credit is no money', async () => {
    const d = await dashboard(c.token, '2025-12-01', '2025-12-31');
    expect(d).toMatchObject({
      from: '2025-12-01',
      to: '2025-12-31',
      previousFrom: '2024-12-01',
      previousTo: '2024-12-31',
    });
    // 30 € (10 Dec) − 10 € (refund of 15 Dec) + 20 € (23:30 on 31 Dec); the credit sale adds nothing.
    expect(d.sales!.earnings).toEqual({ current: 40, previous: 50, change: -0.2 });
    // Every paid sale is an order, the credit one too; refunds are not orders.
    expect(d.sales!.orders).toEqual({ current: 3, previous: 1, change: 2 });
    // The money sales' mean: (30 + 20) / 2.
    expect(d.sales!.averageTicket).toEqual({ current: 25, previous: 50, change: -0.5 });
    // Only the refund paid in December; none the December before: no change to tell.
    expect(d.sales!.refunds).toEqual({ current: 10, previous: 0, change: null });
  });

  it('January 2026: the refund of 5 January subtracts, the sale of 23:30 on 31 December is not here', async () => {
    const d = await dashboard(c.token, '2026-01-01', '2026-01-31');
    expect(d.sales).toEqual({
      earnings: { current: -10, previous: 0, change: null },
      orders: { current: 0, previous: 0, change: null },
      averageTicket: { current: 0, previous: 0, change: null },
      refunds: { current: 10, previous: 0, change: null },
    });
    expect(d.newCustomers).toEqual({ current: 1, previous: 0, change: null });
    expect(d.bookings).toMatchObject({ total: { current: 1, previous: 0, change: null }, attended: 1 });
  });

  it("the earnings agree with the customer summary's total spent (money only)", async () => {
    // 1 November – 5 December 2025 holds only Ana's orders: the 100 € of credit and the sale paid with it.
    const d = await dashboard(c.token, '2025-11-01', '2025-12-05');
    const summary = await call(t, 'GET', `/v1/admin/customers/${c.customerId}/summary`, { token: c.token });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const figures = summary.body.data.orders;
    expect(figures).toMatchObject({
      paidOrders: 2,
      paidCents: 10000,
      refundedCents: 0,
      totalSpentCents: 10000,
    });
    expect(d.sales!.earnings.current * 100).toBe(figures.totalSpentCents);
    expect(d.sales!.orders.current).toBe(figures.paidOrders);
    expect(d.sales!.averageTicket.current).toBe(100);
  });

  it('bookings: cancelled ones apart, attendance of the others, compared with a year before', async () => {
    const d = await dashboard(c.token, '2025-12-01', '2025-12-31');
    expect(d.bookings).toEqual({
      total: { current: 4, previous: 3, change: 1 / 3 },
      attended: 2,
      notAttended: 1,
      unmarked: 1,
      cancelled: 1,
      attendanceRate: { current: 2 / 3, previous: 1 / 3, change: 1 },
    });
    expect(d.newCustomers).toEqual({ current: 1, previous: 1, change: 0 });
  });

  it('a period with nothing marked has no attendance rate', async () => {
    const d = await dashboard(c.token, '2023-06-01', '2023-06-30');
    expect(d.bookings!.attendanceRate).toEqual({ current: null, previous: null, change: null });
    expect(d.bookings!.total).toEqual({ current: 0, previous: 0, change: null });
    expect(d.sales!.earnings).toEqual({ current: 0, previous: 0, change: null });
  });

  it('the chart of a month has each day once, zeros included, against the same day a year before', async () => {
    const d = await dashboard(c.token, '2025-12-01', '2025-12-31');
    expect(d.chart!.granularity).toBe('day');
    expect(d.chart!.points.map((p) => p.key)).toEqual(
      Array.from({ length: 31 }, (_, i) => `2025-12-${String(i + 1).padStart(2, '0')}`),
    );
    const nonZero = d.chart!.points.filter((p) => p.current || p.previous);
    expect(nonZero).toEqual([
      { key: '2025-12-10', current: 30, previous: 0 },
      { key: '2025-12-15', current: -10, previous: 0 },
      { key: '2025-12-20', current: 0, previous: 50 },
      { key: '2025-12-31', current: 20, previous: 0 },
    ]);
  });

  it('the chart of a year is monthly: 23:30 on 31 December counts in December of that year', async () => {
    const d = await dashboard(c.token, '2025-01-01', '2025-12-31');
    expect(d.chart!.granularity).toBe('month');
    expect(d.chart!.points.map((p) => p.key)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    const byKey = Object.fromEntries(d.chart!.points.map((p) => [p.key, p]));
    expect(byKey['2025-11']).toEqual({ key: '2025-11', current: 100, previous: 0 });
    expect(byKey['2025-12']).toEqual({ key: '2025-12', current: 40, previous: 50 });
    expect(d.sales!.earnings.current).toBe(140);
    const next = await dashboard(c.token, '2026-01-01', '2026-12-31');
    expect(next.sales!.earnings).toEqual({ current: -10, previous: 140, change: -150 / 140 });
    expect(next.chart!.points[0]).toEqual({ key: '2026-01', current: -10, previous: 0 });
  });

  it('62 days are charted per day, 63 per month (partial months at the edges)', async () => {
    const days = await dashboard(c.token, '2025-11-01', '2026-01-01');
    expect(days.chart!.granularity).toBe('day');
    expect(days.chart!.points).toHaveLength(62);
    const months = await dashboard(c.token, '2025-11-01', '2026-01-02');
    expect(months.chart!.granularity).toBe('month');
    expect(months.chart!.points.map((p) => p.key)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it("another license's sales, bookings and customers are never counted", async () => {
    const d = await dashboard(other.token, '2025-12-01', '2025-12-31');
    expect(d.sales!.earnings.current).toBe(90);
    expect(d.sales!.orders.current).toBe(1);
    expect(d.bookings!.total.current).toBe(1);
    expect(d.newCustomers!.current).toBe(1);
  });

  it("the cash register part is the open register's summary", async () => {
    const d = await dashboard(c.token, '2025-12-01', '2025-12-31');
    const open = await call(t, 'GET', '/v1/admin/cash-register/open', { token: c.token });
    expect(open.status).toBe(200);
    expect(d.cashRegister).toEqual({
      open: true,
      startsAt: open.body.data.startsAt,
      currentCashAmount: open.body.data.currentCashAmount,
      ordersCount: open.body.data.ordersCount,
      ordersAmount: open.body.data.ordersAmount,
    });
    // 300 € to start with, cash sales 30 + 100 + 50, cash refunds 10 + 10.
    expect(d.cashRegister!.currentCashAmount).toBe(460);
  });
});

describe('the dashboard across daylight saving changes (Madrid)', () => {
  let c: Shop;
  beforeAll(async () => {
    c = await openCompany(t);
    // 25 October 2026, clocks go back at 03:00 CEST: 02:30 is lived twice (00:30 and 01:30 UTC).
    await sellOil(c, 1, '2026-10-25T00:30:00Z');
    await sellOil(c, 2, '2026-10-25T01:30:00Z');
    // 00:30 on 26 October (CET) is still the 25th in UTC.
    await sellOil(c, 4, '2026-10-25T23:30:00Z');
    // 23:30 on 24 October (CEST).
    await sellOil(c, 8, '2026-10-24T21:30:00Z');
    await bookAt(c, '2026-10-25T00:30:00Z', { attended: true });
    await bookAt(c, '2026-10-25T01:30:00Z', { attended: false });
    await bookAt(c, '2026-10-25T23:30:00Z');
    await bookAt(c, '2026-10-24T21:30:00Z');
    // 29 March 2026, clocks go forward at 02:00 CET: 01:30 local is 00:30 UTC, 03:30 local is 01:30 UTC;
    // 00:30 on the 30th (CEST) is 22:30 UTC on the 29th.
    await bookAt(c, '2026-03-29T00:30:00Z', { attended: true });
    await bookAt(c, '2026-03-29T01:30:00Z', { attended: true });
    await bookAt(c, '2026-03-29T22:30:00Z', { attended: true });
    await bookAt(c, '2026-03-28T22:30:00Z', { attended: true });
    await sellOil(c, 1, '2026-03-28T23:30:00Z'); // 00:30 on the 29th (CET)
    await sellOil(c, 2, '2026-03-29T22:30:00Z'); // 00:30 on the 30th (CEST)
  });

  it('the day the clocks go back has 25 hours: both 02:30 count on it, 00:30 of the next day does not', async () => {
    const d = await dashboard(c.token, '2026-10-25', '2026-10-25');
    expect(d.sales!.earnings.current).toBe(30);
    expect(d.sales!.orders.current).toBe(2);
    expect(d.bookings).toMatchObject({ total: { current: 2 }, attended: 1, notAttended: 1, unmarked: 0 });
    expect(d.chart).toEqual({
      granularity: 'day',
      points: [{ key: '2026-10-25', current: 30, previous: 0 }],
    });
  });

  it('the day chart around it has each day once', async () => {
    const d = await dashboard(c.token, '2026-10-20', '2026-10-31');
    const keys = d.chart!.points.map((p) => p.key);
    expect(keys).toHaveLength(12);
    expect(new Set(keys).size).toBe(12);
    const byKey = Object.fromEntries(d.chart!.points.map((p) => [p.key, p.current]));
    expect(byKey).toMatchObject({ '2026-10-24': 80, '2026-10-25': 30, '2026-10-26': 40 });
    expect(d.bookings!.total.current).toBe(4);
  });

  it('the day chart across the spring change puts each sale on its company day', async () => {
    const d = await dashboard(c.token, '2026-03-28', '2026-03-31');
    expect(d.chart!.points).toEqual([
      { key: '2026-03-28', current: 0, previous: 0 },
      { key: '2026-03-29', current: 10, previous: 0 },
      { key: '2026-03-30', current: 20, previous: 0 },
      { key: '2026-03-31', current: 0, previous: 0 },
    ]);
  });

  it('the day the clocks go forward has 23 hours: 01:30 and 03:30 count on it', async () => {
    const d = await dashboard(c.token, '2026-03-29', '2026-03-29');
    expect(d.bookings!.attended).toBe(2);
    const next = await dashboard(c.token, '2026-03-30', '2026-03-30');
    expect(next.bookings!.attended).toBe(1);
    const before = await dashboard(c.token, '2026-03-28', '2026-03-28');
    expect(before.bookings!.attended).toBe(1);
  });
});

describe("the dashboard's comparison with a leap day", () => {
  let c: Shop;
  beforeAll(async () => {
    c = await openCompany(t);
    await sellOil(c, 1, '2028-02-28T11:00:00Z');
    await sellOil(c, 2, '2028-02-29T11:00:00Z');
    await sellOil(c, 4, '2027-02-28T11:00:00Z');
    await sellOil(c, 8, '2027-03-01T11:00:00Z');
  });

  it('29 February 2028 is compared with 28 February 2027', async () => {
    const d = await dashboard(c.token, '2028-02-29', '2028-02-29');
    expect(d).toMatchObject({ previousFrom: '2027-02-28', previousTo: '2027-02-28' });
    expect(d.sales!.earnings).toEqual({ current: 20, previous: 40, change: -0.5 });
    expect(d.chart!.points).toEqual([{ key: '2028-02-29', current: 20, previous: 40 }]);
  });

  it('across it, each previous day is drawn once and the previous 28 February on this 28 February', async () => {
    const d = await dashboard(c.token, '2028-02-28', '2028-03-01');
    expect(d).toMatchObject({ previousFrom: '2027-02-28', previousTo: '2027-03-01' });
    expect(d.chart!.points).toEqual([
      { key: '2028-02-28', current: 10, previous: 40 },
      { key: '2028-02-29', current: 20, previous: 0 },
      { key: '2028-03-01', current: 0, previous: 80 },
    ]);
    expect(d.sales!.earnings).toEqual({ current: 30, previous: 120, change: -0.75 });
  });
});

describe("today's agenda", () => {
  let c: Shop;
  /** 11:15 in Madrid on 18 November 2025. */
  const now = new Date('2025-11-18T10:15:00Z');

  beforeAll(async () => {
    c = await openCompany(t);
  });

  const authOf = (c: Shop, permissions: Permission[]): AuthContext => ({
    sessionId: 0,
    userId: c.admin.id,
    licenseId: c.license.id,
    isPlatform: false,
    roles: [],
    permissions: new Set(permissions),
    grantable: new Set(),
    supportUserId: null,
    timeZone: 'Europe/Madrid',
  });

  it("lists the company day's bookings not cancelled that have not ended, by start, at most 10", async () => {
    await bookAt(c, '2025-11-18T07:00:00Z'); // 08:00–09:00: over
    const ongoing = await bookAt(c, '2025-11-18T10:00:00Z'); // 11:00–12:00: under way
    await bookAt(c, '2025-11-18T11:00:00Z', { cancelled: true });
    const late = await bookAt(c, '2025-11-18T22:30:00Z'); // 23:30 local
    await bookAt(c, '2025-11-18T23:30:00Z'); // 00:30 on the 19th
    await bookAt(c, '2025-11-17T22:30:00Z'); // 23:30 on the 17th
    const afternoon: number[] = [];
    for (let i = 0; i < 10; i++)
      afternoon.push((await bookAt(c, `2025-11-18T${12 + i}:00:00Z`, { minutes: 30 })).id);

    const service = createDashboardService({ db: t.database.db, cashRegisters: t.services.cashRegisters });
    const d = await service.dashboard(
      authOf(c, ['bookings_find']),
      { from: '2025-11-18', to: '2025-11-18' },
      now,
    );
    expect(d.agenda!.map((b) => b.id)).toEqual([ongoing.id, ...afternoon.slice(0, 9)]);
    expect(d.agenda![0]).toMatchObject({
      startsAt: '2025-11-18T10:00:00.000Z',
      endsAt: '2025-11-18T11:00:00.000Z',
      status: 'confirmed',
      attended: null,
      quantity: 1,
      productName: 'Masaje',
      calendarId: c.calendarId,
      calendarName: 'Sala',
      customerId: c.customerId,
      customerName: 'Ana García',
    });
    // Later, the afternoon is over: what is left runs to 23:30.
    const evening = await service.dashboard(
      authOf(c, ['bookings_find']),
      { from: '2025-11-18', to: '2025-11-18' },
      new Date('2025-11-18T21:10:00Z'),
    );
    expect(evening.agenda!.map((b) => b.id)).toEqual([afternoon[9], late.id]);
    // Without bookings_find, no agenda (nor the other parts without their permissions).
    const none = await service.dashboard(authOf(c, []), { from: '2025-11-18', to: '2025-11-18' }, now);
    expect(none).toMatchObject({
      sales: null,
      bookings: null,
      newCustomers: null,
      chart: null,
      agenda: null,
      cashRegister: null,
    });
  });

  it('a closed register is open: false with nulls', async () => {
    const closed = await openCompany(t);
    const res = await call(t, 'PATCH', '/v1/admin/cash-register/close', {
      token: closed.token,
      payload: { countedCash: 300 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = await dashboard(closed.token, '2025-12-01', '2025-12-31');
    expect(d.cashRegister).toEqual({
      open: false,
      startsAt: null,
      currentCashAmount: null,
      ordersCount: null,
      ordersAmount: null,
    });
  });
});

describe("the dashboard's access", () => {
  let c: Shop;
  beforeAll(async () => {
    c = await openCompany(t);
  });

  it('each part is null without its permission', async () => {
    const perms = (...p: string[]) => p.map((permission) => ({ scope: 'can_do' as const, permission }));
    const booker = await createEmployee(t, c.code, c.token, perms('bookings_find'));
    const d = await dashboard(booker.token, '2025-12-01', '2025-12-31');
    expect(d).toMatchObject({ sales: null, chart: null, newCustomers: null, cashRegister: null });
    expect(d.bookings).not.toBeNull();
    expect(d.agenda).toEqual([]);

    const seller = await createEmployee(t, c.code, c.token, perms('orders_find'));
    const s = await dashboard(seller.token, '2025-12-01', '2025-12-31');
    expect(s).toMatchObject({ bookings: null, agenda: null, newCustomers: null, cashRegister: null });
    expect(s.sales).not.toBeNull();
    expect(s.chart!.points).toHaveLength(31);

    const desk = await createEmployee(t, c.code, c.token, perms('customers_find', 'cashRegisters_find'));
    const k = await dashboard(desk.token, '2025-12-01', '2025-12-31');
    expect(k).toMatchObject({ sales: null, chart: null, bookings: null, agenda: null });
    expect(k.newCustomers).toEqual({ current: 0, previous: 0, change: null });
    expect(k.cashRegister!.open).toBe(true);

    const nobody = await createEmployee(t, c.code, c.token, []);
    expect(await dashboard(nobody.token, '2025-12-01', '2025-12-31')).toMatchObject({
      sales: null,
      bookings: null,
      newCustomers: null,
      chart: null,
      agenda: null,
      cashRegister: null,
    });
  });

  it('needs a session', async () => {
    const res = await call(t, 'GET', '/v1/admin/reports/dashboard', {
      query: { from: '2025-12-01', to: '2025-12-31' },
    });
    expect(res.status).toBe(401);
  });

  it('refuses a period ending before it starts, a malformed day, over three years', async () => {
    const get = (query: Record<string, string>) =>
      call(t, 'GET', '/v1/admin/reports/dashboard', { token: c.token, query });
    expect(failingFields(await get({ from: '2025-12-31', to: '2025-12-01' }))).toEqual(['to']);
    expect(failingFields(await get({ from: '2025-13-01', to: '2025-12-01' }))).toContain('from');
    expect(failingFields(await get({ from: '2020-01-01', to: '2025-12-01' }))).toEqual(['to']);
    expectError(await get({ from: '2025-12-01' }), 400, ErrorCode.validation);
  });
});
