import { ErrorCode } from '@mostrador/contract';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutsJob, createCheckoutsJob } from '../src/jobs/checkouts.js';
import { queueNames } from '../src/jobs/job-queue.js';
import { startJobs } from '../src/jobs/runtime.js';
import {
  abandonedCheckoutGraceMinutes,
  checkoutNotes,
  checkoutRefundAttempts,
  checkoutRefundBackoffMinutes,
} from '../src/workflows/checkout-holds.js';
import { call, expectError, type TestApp } from './helpers.js';
import { jobsLog, until } from './mail-jobs-support.js';
import {
  checkoutState,
  createCheckout,
  deskCustomer,
  firstSlot,
  type OnlineShop,
  onlineShop,
  openStripePage,
  payStripeSession,
  sqlRows,
  staffBooks,
  useStripeShopApp,
} from './online-shop.js';
import type { FakeStripe } from './support/fake-stripe.js';

/*
 * The public checkouts' minute job (jobs/checkouts.ts), driven with its clock: an abandoned checkout's
 * hold is released and its order deleted (never opened) or kept awaiting a late payment with its link
 * disabled (opened at the gateway); a late payment after that is booked if the place is free, else
 * refunded; a refused late refund is tried again with backoff and left for staff after the last try;
 * a settlement racing the job wins or loses cleanly (run on PostgreSQL too).
 */

const account = { secretKey: 'sk_test_checkouts_job', webhookSecret: 'whsec_checkouts_job' };
const MINUTE = 60_000;
let t: TestApp;
let stripe: FakeStripe;
let job: CheckoutsJob;

useStripeShopApp(account, (app) => ({ t, stripe } = app));
beforeAll(() => {
  const { db } = t.database;
  job = createCheckoutsJob({
    db,
    settings: t.services.settings,
    orders: {
      db,
      bookings: t.services.bookings,
      invoices: t.services.invoices,
      payments: t.services.payments,
    },
  });
});

const shop = () => onlineShop(t, { gateway: { stripe: account } });
type Shop = OnlineShop;
const rows = <T>(query: SQL) => sqlRows<T>(t, query);

/** A checkout of one place at `startsAt`, awaiting payment, with its hold and order. */
async function checkout(s: Shop, startsAt: string) {
  const data = await createCheckout(t, s, startsAt);
  const [hold] = await rows<{ id: number; order_id: number }>(
    sql`select id, order_id from booking_holds where license_id = ${s.license.id} order by id desc limit 1`,
  );
  return { ...data, holdId: hold!.id, orderId: hold!.order_id, expiresAt: Date.parse(data.holdExpiresAt) };
}

const holdOf = async (id: number) =>
  (
    await rows<{ state: string; order_id: number | null; refund_attempts: number; next_refund_at: unknown }>(
      sql`select state, order_id, refund_attempts, next_refund_at from booking_holds where id = ${id}`,
    )
  )[0]!;

const open = (payUrl: string) => openStripePage(t, stripe, payUrl);
const paySession = (s: Shop, sessionId: string) => payStripeSession(t, stripe, s, sessionId);
const state = (s: Shop, token: string) => checkoutState(t, s, token);

const run = (s: Shop, at: number) => job.run(new Date(at), { licenseId: s.license.id });
/** Just past the moment the job takes a checkout as abandoned. */
const abandonedAt = (expiresAt: number) => expiresAt + (abandonedCheckoutGraceMinutes + 1) * MINUTE;

/** Staff book `startsAt` for a new customer at the desk. */
const staffBooksAt = async (s: Shop, startsAt: string) =>
  staffBooks(t, s, startsAt, await deskCustomer(t, s));

const countBookings = async (s: Shop) =>
  Number(
    (
      await rows<{ n: number }>(
        sql`select count(*)::int as n from bookings where license_id = ${s.license.id} and status = 'confirmed'`,
      )
    )[0]!.n,
  );

describe('Abandoned checkouts', () => {
  it('within the grace period nothing moves; after it, a never opened checkout loses its order', async () => {
    const s = await shop();
    const startsAt = await firstSlot(t, s);
    const c = await checkout(s, startsAt);
    // Expired, but a late notification still has its chance.
    const early = await run(s, c.expiresAt + (abandonedCheckoutGraceMinutes - 1) * MINUTE);
    expect(early).toMatchObject({ deleted: 0, kept: 0, released: 0 });
    expect((await holdOf(c.holdId)).state).toBe('held');

    expect(await run(s, abandonedAt(c.expiresAt))).toMatchObject({ deleted: 1, kept: 0, failed: 0 });
    expect(await holdOf(c.holdId)).toMatchObject({ state: 'released', order_id: null });
    expectError(
      await call(t, 'GET', `/v1/admin/orders/${c.orderId}`, { token: s.token }),
      404,
      ErrorCode.notFound,
    );
    // The link is gone with its order; the checkout still answers, as failed.
    expect((await t.app.inject({ method: 'GET', url: new URL(c.payUrl).pathname })).statusCode).toBe(404);
    expect(await state(s, c.checkout)).toMatchObject({ status: 'failed', payUrl: null });
    // A second run finds nothing more to do.
    expect(await run(s, abandonedAt(c.expiresAt) + MINUTE)).toMatchObject({ deleted: 0, kept: 0 });
    // Its place is free for the next customer.
    const next = await checkout(s, startsAt);
    expect(next.orderId).not.toBe(c.orderId);
  });

  it('an opened checkout keeps its order awaiting payment, its link disabled; a late payment is still booked', async () => {
    const s = await shop();
    const startsAt = await firstSlot(t, s);
    const c = await checkout(s, startsAt);
    const sessionId = await open(c.payUrl);
    expect(await run(s, abandonedAt(c.expiresAt))).toMatchObject({ deleted: 0, kept: 1, failed: 0 });
    expect((await holdOf(c.holdId)).state).toBe('released');
    const order = await call(t, 'GET', `/v1/admin/orders/${c.orderId}`, { token: s.token });
    expect(order.body.data).toMatchObject({ status: 'awaiting_payment', notes: checkoutNotes.abandoned.es });
    // No new gateway exchange from the link; staff see no link to send.
    const reopened = await t.app.inject({ method: 'GET', url: new URL(c.payUrl).pathname });
    expect(reopened.statusCode).toBe(410);
    const payment = await call(t, 'GET', `/v1/admin/orders/${c.orderId}/payment`, { token: s.token });
    expect(payment.body.data.link).toBeNull();
    // The job's time: the order screen says when and why.
    expect(payment.body.data.linkDisabledAt).toBe(new Date(abandonedAt(c.expiresAt)).toISOString());
    expectError(
      await call(t, 'POST', `/v1/admin/orders/${c.orderId}/payment-link/mail`, {
        token: s.token,
        payload: {},
      }),
      409,
      ErrorCode.orderNotAwaitingPayment,
    );
    // The session opened before still pays: the place is free, so it is booked.
    const res = await paySession(s, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect((await state(s, c.checkout)).status).toBe('confirmed');
    expect(await countBookings(s)).toBe(1);
    const paid = await call(t, 'GET', `/v1/admin/orders/${c.orderId}`, { token: s.token });
    expect(paid.body.data.status).toBe('paid');
  });

  it('paid late after its place was taken, the kept order is refunded through the gateway', async () => {
    const s = await shop();
    const startsAt = await firstSlot(t, s);
    const c = await checkout(s, startsAt);
    const sessionId = await open(c.payUrl);
    expect(await run(s, abandonedAt(c.expiresAt))).toMatchObject({ kept: 1 });
    // The released place is the staff's to book now.
    expect((await staffBooksAt(s, startsAt)).status).toBe(201);
    const refunds = stripe.refunds.size;
    expect((await paySession(s, sessionId)).statusCode).toBe(200);
    await expect.poll(async () => (await holdOf(c.holdId)).state, { timeout: 5000 }).toBe('failed');
    expect(stripe.refunds.size).toBe(refunds + 1);
    expect(await countBookings(s)).toBe(1);
  });
});

describe('Late refunds tried again', () => {
  /** A checkout paid after the job released it and staff took its place, its first refund refused. */
  async function refundDue(s: Shop) {
    const startsAt = await firstSlot(t, s);
    const c = await checkout(s, startsAt);
    const sessionId = await open(c.payUrl);
    expect(await run(s, abandonedAt(c.expiresAt))).toMatchObject({ kept: 1 });
    expect((await staffBooksAt(s, startsAt)).status).toBe(201);
    stripe.failNextRefund('charge_disputed', 'The charge is disputed.');
    expect((await paySession(s, sessionId)).statusCode).toBe(200);
    // The checkout's own refund, after the settlement's commit, was refused and recorded.
    await expect
      .poll(
        async () =>
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from payments where order_id = ${c.orderId} and kind = 'refund' and status = 'failed'`,
            )
          )[0]!.n,
        { timeout: 5000 },
      )
      .toBe(1);
    expect((await holdOf(c.holdId)).state).toBe('refund_due');
    return c;
  }

  it('refused, then tried after its backoff, then refunded', async () => {
    const s = await shop();
    const c = await refundDue(s);
    const now = abandonedAt(c.expiresAt) + 10 * MINUTE;
    stripe.failNextRefund('charge_disputed', 'The charge is disputed.');
    expect(await run(s, now)).toMatchObject({ retrying: 1, refunded: 0 });
    const hold = await holdOf(c.holdId);
    expect(hold).toMatchObject({ state: 'refund_due', refund_attempts: 1 });
    expect(new Date(hold.next_refund_at as string).getTime()).toBe(
      now + checkoutRefundBackoffMinutes(1) * MINUTE,
    );
    // Not before its backoff.
    const refunds = stripe.refunds.size;
    expect(await run(s, now + MINUTE)).toMatchObject({ retrying: 0, refunded: 0 });
    expect(stripe.refunds.size).toBe(refunds);
    // The gateway takes it now.
    expect(await run(s, now + (checkoutRefundBackoffMinutes(1) + 1) * MINUTE)).toMatchObject({ refunded: 1 });
    expect(stripe.refunds.size).toBe(refunds + 1);
    expect((await holdOf(c.holdId)).state).toBe('failed');
    expect((await state(s, c.checkout)).status).toBe('failed');
    const order = await call(t, 'GET', `/v1/admin/orders/${c.orderId}`, { token: s.token });
    expect(order.body.data.status).toBe('refunded');
    // Each refused try is in the order's payment history.
    const payment = await call(t, 'GET', `/v1/admin/orders/${c.orderId}/payment`, { token: s.token });
    const refundsOf = (payment.body.data.attempts as { kind: string; status: string }[]).filter(
      (a) => a.kind === 'refund',
    );
    expect(refundsOf.map((a) => a.status).sort()).toEqual(['failed', 'failed', 'succeeded']);
  });

  it(`after ${checkoutRefundAttempts} refused tries it is left for staff, who refund by hand`, async () => {
    const s = await shop();
    const c = await refundDue(s);
    let now = abandonedAt(c.expiresAt) + 10 * MINUTE;
    for (let attempt = 1; attempt <= checkoutRefundAttempts; attempt++) {
      stripe.failNextRefund('charge_disputed', 'The charge is disputed.');
      const summary = await run(s, now);
      if (attempt < checkoutRefundAttempts) expect(summary).toMatchObject({ retrying: 1, givenUp: 0 });
      else expect(summary).toMatchObject({ retrying: 0, givenUp: 1 });
      now += (checkoutRefundBackoffMinutes(attempt) + 1) * MINUTE;
    }
    expect(await holdOf(c.holdId)).toMatchObject({
      state: 'refund_failed',
      refund_attempts: checkoutRefundAttempts,
    });
    // Nothing more is tried.
    const refunds = stripe.refunds.size;
    expect(await run(s, now + 24 * 60 * MINUTE)).toMatchObject({ retrying: 0, refunded: 0, givenUp: 0 });
    expect(stripe.refunds.size).toBe(refunds);
    const order = await call(t, 'GET', `/v1/admin/orders/${c.orderId}`, { token: s.token });
    expect(order.body.data).toMatchObject({ status: 'paid' });
    expect(order.body.data.notes).toContain(checkoutNotes.refundFailed.es);
    expect((await state(s, c.checkout)).status).toBe('failed');
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where license_id = ${s.license.id} and action like 'checkout.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['checkout.abandoned', 'checkout.refund_failed']);
    // Staff refund it from the order.
    const refund = await call(t, 'POST', `/v1/admin/orders/${c.orderId}/refund`, {
      token: s.token,
      payload: {},
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    expect(stripe.refunds.size).toBe(refunds + 1);
  });
});

describe('The job and a settlement at once', () => {
  it('the payment wins or loses cleanly: always paid, one booking, nothing left held', async () => {
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < 10; i++) {
      const s = await shop();
      const startsAt = await firstSlot(t, s);
      const c = await checkout(s, startsAt);
      const sessionId = await open(c.payUrl);
      const [summary, res] = await Promise.all([run(s, abandonedAt(c.expiresAt)), paySession(s, sessionId)]);
      expect(res.statusCode, res.body).toBe(200);
      expect(summary.failed).toBe(0);
      const key = summary.kept ? 'job first' : 'payment first';
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      expect(await holdOf(c.holdId)).toMatchObject({ state: 'confirmed', order_id: c.orderId });
      expect(await countBookings(s)).toBe(1);
      const order = await call(t, 'GET', `/v1/admin/orders/${c.orderId}`, { token: s.token });
      expect(order.body.data.status).toBe('paid');
      expect((await state(s, c.checkout)).status).toBe('confirmed');
    }
    console.log('checkouts job vs settlement:', outcomes);
  });
});

describe('Registered as a minute job', () => {
  it('startJobs schedules checkouts-sweep every minute and its worker runs the job with the time', async () => {
    const runs: Date[] = [];
    const jobs = await startJobs({
      database: t.database,
      config: { MAIL_RETRY_LIMIT: 3, MAIL_RETRY_DELAY_SECONDS: 1 },
      mails: t.services.mails,
      settings: t.services.settings,
      storage: t.services.storage,
      notifications: t.services.notifications,
      smtp: t.services.smtp,
      log: jobsLog,
      checkouts: {
        run: async (now) => {
          runs.push(now);
          return { failed: 0, givenUp: 0 };
        },
      },
    });
    try {
      const schedules = await jobs.boss.getSchedules(queueNames.checkoutsSweep);
      expect(schedules.map((x) => x.cron)).toEqual(['* * * * *']);
      const sent = Date.now();
      await jobs.boss.send(queueNames.checkoutsSweep, {});
      await until(
        async () => runs.length,
        (n) => n > 0,
      );
      expect(runs[0]!.getTime()).toBeGreaterThanOrEqual(sent);
    } finally {
      await jobs.stop();
    }
  });
});
