import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, createCalendar, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.js';

/*
 * The calendar view's read (GET /admin/bookings/range) answers, beside the bookings, the live holds of
 * online checkouts: scoped to the license and the calendar asked, gone once expired or paid.
 */

const testKey = 'sk_test_calendar_holds';
const webhookSecret = 'whsec_calendar_holds';
let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKeys: [testKey] });
  t = await buildTestApp({
    env: { STRIPE_API_URL: stripe.apiBase, PUBLIC_URL: 'https://shop.example.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function shop() {
  const c = await company(t);
  const settings = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      payment: { gateway: 'stripe' },
      stripe: { mode: 'test', testPublishKey: 'pk_test_x', testSecretKey: testKey, webhookSecret },
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const calendar = await createCalendar(t, c.token, {
    schedule: everyDay(),
    duration: 60,
    maximumConcurrentBookings: 3,
  });
  const other = await createCalendar(t, c.token, { schedule: everyDay(), duration: 60 });
  const product = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Masaje',
    type: 'bookable',
    durationInMinutes: 60,
    price: 45,
    sellOnline: true,
    bookingCalendarId: calendar.id,
  });
  return { ...c, calendarId: calendar.id, otherCalendarId: other.id, productId: product.id };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const localDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const window = {
  from: new Date(Date.now() + 86_400_000).toISOString(),
  to: new Date(Date.now() + 5 * 86_400_000).toISOString(),
};

async function firstSlot(s: Shop) {
  const res = await call(t, 'GET', `/v1/public/${s.code}/products/${s.productId}/availability`, {
    query: { from: localDay(2), to: localDay(3) },
  });
  return (res.body.data.days as { slots: { startsAt: string }[] }[]).flatMap((d) => d.slots)[0]!.startsAt;
}

async function checkout(s: Shop, startsAt: string, quantity = 2) {
  const res = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
    payload: {
      productId: s.productId,
      startsAt,
      quantity,
      customer: { name: 'Cliente', email: `hold${Math.random()}@example.es`, phone: '+34600123456' },
      language: 'es',
      payment: { method: 'online' },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { checkout: string; payUrl: string; holdExpiresAt: string };
}

const range = (s: Shop, query: Record<string, string> = {}) =>
  call(t, 'GET', '/v1/admin/bookings/range', { token: s.token, query: { ...window, ...query } });

describe('Holds in the calendar view', () => {
  it('a live hold is answered with its calendar, times, places and expiry; only to its license and calendar', async () => {
    const s = await shop();
    const startsAt = await firstSlot(s);
    const before = await range(s);
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual({ bookings: [], holds: [] });
    const c = await checkout(s, startsAt);
    const res = await range(s);
    expect(res.body.data.bookings).toEqual([]);
    expect(res.body.data.holds).toEqual([
      {
        id: expect.any(Number),
        bookingCalendarId: s.calendarId,
        productId: s.productId,
        productName: 'Masaje',
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
        quantity: 2,
        spaces: 2,
        expiresAt: c.holdExpiresAt,
      },
    ]);
    // Its calendar asked: there; another calendar: not.
    expect((await range(s, { bookingCalendarId: String(s.calendarId) })).body.data.holds).toHaveLength(1);
    expect((await range(s, { bookingCalendarId: String(s.otherCalendarId) })).body.data.holds).toEqual([]);
    // Outside the range: not.
    expect(
      (await range(s, { from: window.to, to: new Date(Date.parse(window.to) + 86_400_000).toISOString() }))
        .body.data.holds,
    ).toEqual([]);
    // Another company sees none of it, and cannot name the calendar.
    const other = await company(t);
    expect((await range({ ...s, token: other.token })).body.data.holds).toEqual([]);
    expect(
      (await range({ ...s, token: other.token }, { bookingCalendarId: String(s.calendarId) })).status,
    ).toBe(404);
  });

  it('an expired hold is not shown; a paid one is its booking', async () => {
    const s = await shop();
    const startsAt = await firstSlot(s);
    const expiring = await checkout(s, startsAt, 1);
    const paid = await checkout(s, startsAt, 1);
    expect((await range(s)).body.data.holds).toHaveLength(2);
    await t.database.db.execute(
      sql`update booking_holds set expires_at = now() - interval '1 second'
          where license_id = ${s.license.id} and expires_at = ${expiring.holdExpiresAt}::timestamptz`,
    );
    expect((await range(s)).body.data.holds.map((h: { expiresAt: string }) => h.expiresAt)).toEqual([
      paid.holdExpiresAt,
    ]);
    const opened = await t.app.inject({ method: 'GET', url: new URL(paid.payUrl).pathname });
    expect(opened.statusCode).toBe(303);
    const delivery = stripe.completeSession([...stripe.sessions.keys()].at(-1)!);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/payments/stripe/webhook/${s.license.id}`,
      payload: delivery.payload,
      headers: stripe.signedDelivery(delivery.payload, webhookSecret),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await range(s)).body.data;
    expect(after.holds).toEqual([]);
    expect(after.bookings).toHaveLength(1);
  });

  it('the read goes through a partial index of the live holds', async () => {
    const s = await shop();
    const explain = async (calendarId?: number) => {
      const result = await t.database.db.execute(sql`explain select h.id from booking_holds h
        where ${calendarId === undefined ? sql`h.booking_calendar_id in (select id from booking_calendars where license_id = ${s.license.id})` : sql`h.booking_calendar_id = ${calendarId}`}
        and h.state = 'held' and h.starts_at >= now() and h.starts_at < now() + interval '7 days'
        and h.expires_at > now() and h.license_id = ${s.license.id}`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
        string,
        string
      >[];
      return rows.map((r) => Object.values(r)[0]).join('\n');
    };
    await t.database.db.execute(sql`set enable_seqscan = off`);
    try {
      // Either partial index of the live holds (the planner's pick on a small table), never the table.
      for (const plan of [await explain(s.calendarId), await explain()]) {
        expect(plan).toMatch(/booking_holds_(calendar_occupancy|expiry)_idx/);
        expect(plan).not.toContain('Seq Scan on booking_holds');
      }
    } finally {
      await t.database.db.execute(sql`set enable_seqscan = on`);
    }
  });
});
