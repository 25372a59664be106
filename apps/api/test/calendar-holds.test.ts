import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { company, createCalendar, everyDay } from './factories.js';
import { call, type TestApp } from './helpers.js';
import {
  createCheckout,
  firstSlot,
  onlineShop,
  payAtStripe,
  sqlRows,
  useStripeShopApp,
} from './online-shop.js';
import type { FakeStripe } from './support/fake-stripe.js';

/*
 * The calendar view's read (GET /admin/bookings/range) answers, beside the bookings, the live holds of
 * online checkouts: scoped to the license and the calendar asked, gone once expired or paid.
 */

const account = { secretKey: 'sk_test_calendar_holds', webhookSecret: 'whsec_calendar_holds' };
let t: TestApp;
let stripe: FakeStripe;

useStripeShopApp(account, (app) => ({ t, stripe } = app));

/** A company paid through Stripe, its product's calendar of 3 places, and another calendar. */
async function shop() {
  const s = await onlineShop(t, { gateway: { stripe: account }, capacity: 3 });
  const other = await createCalendar(t, s.token, { schedule: everyDay(), duration: 60 });
  return { ...s, otherCalendarId: other.id };
}
type Shop = Awaited<ReturnType<typeof shop>>;

const window = {
  from: new Date(Date.now() + 86_400_000).toISOString(),
  to: new Date(Date.now() + 5 * 86_400_000).toISOString(),
};

const checkout = (s: Shop, startsAt: string, quantity = 2) => createCheckout(t, s, startsAt, { quantity });
const range = (s: Shop, query: Record<string, string> = {}) =>
  call(t, 'GET', '/v1/admin/bookings/range', { token: s.token, query: { ...window, ...query } });

describe('Holds in the calendar view', () => {
  it('a live hold is answered with its calendar, times, places and expiry; only to its license and calendar', async () => {
    const s = await shop();
    const startsAt = await firstSlot(t, s);
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
    const startsAt = await firstSlot(t, s);
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
    await payAtStripe(t, stripe, s, paid.payUrl);
    const after = (await range(s)).body.data;
    expect(after.holds).toEqual([]);
    expect(after.bookings).toHaveLength(1);
  });

  it('the read goes through a partial index of the live holds', async () => {
    const s = await shop();
    const explain = async (calendarId?: number) => {
      const rows = await sqlRows<Record<string, string>>(
        t,
        sql`explain select h.id from booking_holds h
        where ${calendarId === undefined ? sql`h.booking_calendar_id in (select id from booking_calendars where license_id = ${s.license.id})` : sql`h.booking_calendar_id = ${calendarId}`}
        and h.state = 'held' and h.starts_at >= now() and h.starts_at < now() + interval '7 days'
        and h.expires_at > now() and h.license_id = ${s.license.id}`,
      );
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
