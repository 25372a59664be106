import { ErrorCode, formatCents } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents, payments } from '../src/db/schema.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { created, expectError, type SalesCompany, salesCompany } from './sales-fixtures.js';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.js';

/*
 * Online payments through Stripe, end to end over real HTTP: the stripe SDK talks to a local server
 * speaking Stripe's REST API (Checkout Sessions, refunds, balance), and the webhooks are signed with the
 * SDK's own test helper.
 */

const testKey = 'sk_test_mostrador_1';
const liveKey = 'sk_live_mostrador_1';
const webhookSecret = 'whsec_test_mostrador';
let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe({ secretKeys: [testKey, liveKey] });
  t = await buildTestApp({
    env: { STRIPE_API_URL: stripe.apiBase, PUBLIC_URL: 'https://shop.example.test' },
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function useStripe(c: SalesCompany, overrides: Record<string, unknown> = {}) {
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      payment: { gateway: 'stripe' },
      stripe: {
        mode: 'test',
        testPublishKey: 'pk_test_mostrador',
        testSecretKey: testKey,
        webhookSecret,
        ...overrides,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function stripeCompany() {
  const c = await salesCompany(t);
  await useStripe(c);
  return c;
}

/** An online order of two massages (90 €) for Ana, awaiting payment. */
async function onlineOrder(c: SalesCompany, status: 'paid' | 'awaiting_payment' = 'awaiting_payment') {
  return created(
    await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status,
        paymentMethod: 'online',
        lines: [{ productId: c.massageId, quantity: 2, unitPrice: 45 }],
      },
    }),
  );
}

const paymentOf = async (c: SalesCompany, orderId: number) =>
  (await call(t, 'GET', `/v1/admin/orders/${orderId}/payment`, { token: c.token })).body.data;
const orderOf = async (c: SalesCompany, orderId: number) =>
  (await call(t, 'GET', `/v1/admin/orders/${orderId}`, { token: c.token })).body.data;

/** Opens the order's payment link as the customer's browser does: Stripe's page it redirects to. */
async function openLink(c: SalesCompany, orderId: number) {
  const { link } = await paymentOf(c, orderId);
  const path = new URL(link).pathname;
  const res = await t.app.inject({ method: 'GET', url: path });
  return { path, res, sessionId: res.headers.location ? [...stripe.sessions.keys()].at(-1)! : null };
}

const webhook = (licenseId: number, payload: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/v1/payments/stripe/webhook/${licenseId}`, payload, headers });

describe('Stripe payment settings', () => {
  it('keeps the keys write-only, checks them against Stripe, and needs them for online orders', async () => {
    const c = await salesCompany(t);
    // No gateway chosen: an online order cannot await payment (1000159); a draft can wait.
    await call(t, 'PUT', '/v1/admin/settings', { token: c.token, payload: { payment: { gateway: null } } });
    const body = {
      customerId: c.customerId,
      status: 'awaiting_payment',
      paymentMethod: 'online',
      lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }],
    };
    expectError(
      await call(t, 'POST', '/v1/admin/orders', { token: c.token, payload: body }),
      409,
      ErrorCode.onlinePaymentsNotConfigured,
    );
    expect(
      (await call(t, 'POST', '/v1/admin/orders', { token: c.token, payload: { ...body, status: 'draft' } }))
        .status,
    ).toBe(201);
    // Stripe chosen without its webhook secret: 1000037.
    await useStripe(c, { webhookSecret: null });
    expectError(
      await call(t, 'POST', '/v1/admin/orders', { token: c.token, payload: body }),
      409,
      ErrorCode.stripeNotConfigured,
    );
    const check = await call(t, 'POST', '/v1/admin/settings/payment/check', {
      token: c.token,
      payload: { gateway: 'stripe' },
    });
    expect(check.body.data).toMatchObject({ ok: false, reason: 'not_configured' });

    await useStripe(c);
    const settings = (await call(t, 'GET', '/v1/admin/settings', { token: c.token })).body.data;
    expect(settings.payment).toEqual({ gateway: 'stripe' });
    expect(settings.stripe).toMatchObject({
      mode: 'test',
      testSecretKeySet: true,
      secretKeySet: false,
      webhookSecretSet: true,
    });
    expect(JSON.stringify(settings)).not.toContain(testKey);
    expect(JSON.stringify(settings)).not.toContain(webhookSecret);
    // The secret is stored encrypted.
    const stored = await t.database.db.execute<{ secrets: string }>(
      `select secrets::text as secrets from company_settings where license_id = ${c.license.id}` as never,
    );
    expect(JSON.stringify(stored)).not.toContain(testKey);

    const ok = await call(t, 'POST', '/v1/admin/settings/payment/check', {
      token: c.token,
      payload: { gateway: 'stripe' },
    });
    expect(ok.body.data).toEqual({ gateway: 'stripe', ok: true, reason: null, detail: null });
    await useStripe(c, { testSecretKey: 'sk_test_wrong' });
    const rejected = await call(t, 'POST', '/v1/admin/settings/payment/check', {
      token: c.token,
      payload: { gateway: 'stripe' },
    });
    expect(rejected.body.data).toMatchObject({ ok: false, reason: 'rejected' });

    const endpoints = await call(t, 'GET', '/v1/admin/settings/payment/endpoints', { token: c.token });
    expect(endpoints.body.data).toEqual({
      stripeWebhookUrl: `https://shop.example.test/v1/payments/stripe/webhook/${c.license.id}`,
      redsysNotificationUrl: 'https://shop.example.test/v1/payments/redsys/notification',
    });
  });
});

describe('Paying an online order through Stripe', () => {
  it('awaits payment with a link that opens a fresh Checkout Session each time; the webhook marks it paid once', async () => {
    const c = await stripeCompany();
    // Sent as paid, an online order awaits its payment: only the gateway marks it paid.
    const order = await onlineOrder(c, 'paid');
    expect(order).toMatchObject({ status: 'awaiting_payment', paymentDate: null, total: 90 });
    const view = await paymentOf(c, order.id);
    expect(view.link).toMatch(/^https:\/\/shop\.example\.test\/pay\/[A-Za-z0-9_-]{43}$/);
    expect(view).toMatchObject({ gateway: 'stripe', capturable: false, attempts: [] });

    const first = await openLink(c, order.id);
    expect(first.res.statusCode).toBe(303);
    const session = stripe.sessions.get(first.sessionId!)!;
    expect(first.res.headers.location).toBe(session.url);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 9000,
      currency: 'eur',
      client_reference_id: String(order.id),
      customer_email: 'ana@example.es',
    });
    expect(session.success_url).toContain(`https://shop.example.test${first.path}/done?payment=`);
    expect(session.success_url).toContain('session={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toContain(`https://shop.example.test${first.path}/failed`);
    // A link opened again (a mail read days later) opens a new session.
    const second = await openLink(c, order.id);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await paymentOf(c, order.id)).attempts).toHaveLength(2);

    // The customer pays the second session; Stripe notifies.
    const delivery = stripe.completeSession(second.sessionId!);
    const res = await webhook(
      c.license.id,
      delivery.payload,
      stripe.signedDelivery(delivery.payload, webhookSecret),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ received: true, duplicate: false });
    const paid = await orderOf(c, order.id);
    const intent = stripe.sessions.get(second.sessionId!)!.payment_intent;
    expect(paid).toMatchObject({ status: 'paid', paymentTransactionToken: intent });
    expect(paid.paymentDate).not.toBeNull();
    const after = await paymentOf(c, order.id);
    expect(after.link).toBeNull();
    expect(after.attempts.map((a: { status: string }) => a.status)).toEqual(['pending', 'succeeded']);

    // The link now says it is paid; a repeated delivery changes nothing.
    const again = await t.app.inject({ method: 'GET', url: first.path });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toContain('text/html');
    // Stripe's retry of the event (signed anew) is answered and changes nothing.
    const retry = await webhook(
      c.license.id,
      delivery.payload,
      stripe.signedDelivery(delivery.payload, webhookSecret, Math.floor(Date.now() / 1000) + 1),
    );
    expect(retry.json().data).toEqual({ received: true, duplicate: true });
    expect((await orderOf(c, order.id)).paymentDate).toBe(paid.paymentDate);
  });

  it('marks the order paid exactly once when the same event arrives ten times in parallel', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const { sessionId } = await openLink(c, order.id);
    const delivery = stripe.completeSession(sessionId!);
    const answers = await Promise.all(
      // Stripe's deliveries of one event, each signed anew.
      Array.from({ length: 10 }, (_, i) =>
        webhook(
          c.license.id,
          delivery.payload,
          stripe.signedDelivery(delivery.payload, webhookSecret, Math.floor(Date.now() / 1000) - i),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.json().data.duplicate === false)).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.licenseId, c.license.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventId: delivery.event.id, outcome: 'applied' });
    expect((await orderOf(c, order.id)).status).toBe('paid');
  });

  it('refuses a missing, wrong, tampered or old signature, an unknown session and a wrong amount: 4xx, nothing changed', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const { sessionId } = await openLink(c, order.id);
    const delivery = stripe.completeSession(sessionId!);
    const signed = stripe.signedDelivery(delivery.payload, webhookSecret);

    const missing = await webhook(c.license.id, delivery.payload, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe(ErrorCode.paymentSignatureInvalid);
    const wrong = await webhook(
      c.license.id,
      delivery.payload,
      stripe.signedDelivery(delivery.payload, 'whsec_other'),
    );
    expect(wrong.json().error.code).toBe(ErrorCode.paymentSignatureInvalid);
    const tampered = delivery.payload.replace(/"amount_total":\s*9000/, '"amount_total": 1');
    expect(tampered).not.toBe(delivery.payload);
    expect((await webhook(c.license.id, tampered, signed)).statusCode).toBe(400);
    const old = stripe.signedDelivery(delivery.payload, webhookSecret, Math.floor(Date.now() / 1000) - 301);
    expect((await webhook(c.license.id, delivery.payload, old)).json().error.code).toBe(
      ErrorCode.paymentSignatureInvalid,
    );
    // Re-serialised JSON is not what Stripe signed.
    const reserialised = JSON.stringify(JSON.parse(delivery.payload), null, 2);
    expect((await webhook(c.license.id, reserialised, signed)).statusCode).toBe(400);
    // Another license's endpoint has another secret.
    const other = await stripeCompany();
    await useStripe(other, { webhookSecret: 'whsec_other_company' });
    expect((await webhook(other.license.id, delivery.payload, signed)).statusCode).toBe(400);
    // Properly signed, but for a session of no payment of ours: 404.
    const unknown = JSON.stringify({
      ...delivery.event,
      id: 'evt_unknown',
      data: { object: { ...delivery.event.data.object, id: 'cs_test_nobody' } },
    });
    expect(
      (await webhook(c.license.id, unknown, stripe.signedDelivery(unknown, webhookSecret))).statusCode,
    ).toBe(404);
    // Properly signed but another amount than the order's: refused and nothing changes.
    const cheaper = JSON.stringify({
      ...delivery.event,
      id: 'evt_cheaper',
      data: { object: { ...delivery.event.data.object, amount_total: 100 } },
    });
    const refused = await webhook(c.license.id, cheaper, stripe.signedDelivery(cheaper, webhookSecret));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe(ErrorCode.paymentAmountMismatch);
    const otherCurrency = JSON.stringify({
      ...delivery.event,
      id: 'evt_usd',
      data: { object: { ...delivery.event.data.object, currency: 'usd' } },
    });
    expect(
      (await webhook(c.license.id, otherCurrency, stripe.signedDelivery(otherCurrency, webhookSecret))).json()
        .error.code,
    ).toBe(ErrorCode.paymentAmountMismatch);
    expect(await orderOf(c, order.id)).toMatchObject({
      status: 'awaiting_payment',
      paymentDate: null,
      paymentTransactionToken: null,
    });
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.licenseId, c.license.id)),
    ).toHaveLength(0);
    // The genuine delivery still applies; the very same delivery again is a replay, refused.
    expect((await webhook(c.license.id, delivery.payload, signed)).statusCode).toBe(200);
    expect((await orderOf(c, order.id)).status).toBe('paid');
    const replayed = await webhook(c.license.id, delivery.payload, signed);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toMatchObject({
      code: ErrorCode.paymentSignatureInvalid,
      details: { reason: 'this delivery was received before' },
    });
  });

  it('records a failed or expired session and leaves the order awaiting payment', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const a = await openLink(c, order.id);
    const b = await openLink(c, order.id);
    const failed = stripe.asyncFailed(a.sessionId!);
    expect(
      (await webhook(c.license.id, failed.payload, stripe.signedDelivery(failed.payload, webhookSecret)))
        .statusCode,
    ).toBe(200);
    const expired = stripe.expireSession(b.sessionId!);
    expect(
      (await webhook(c.license.id, expired.payload, stripe.signedDelivery(expired.payload, webhookSecret)))
        .statusCode,
    ).toBe(200);
    const view = await paymentOf(c, order.id);
    expect(view.attempts).toMatchObject([
      { status: 'failed', failureReason: 'async_payment_failed' },
      { status: 'cancelled', failureReason: 'expired' },
    ]);
    expect((await orderOf(c, order.id)).status).toBe('awaiting_payment');
    expect(view.link).not.toBeNull();
    // The customer back on the error address sees a page to try again.
    const back = await t.app.inject({ method: 'GET', url: `${a.path}/failed` });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(a.path);
  });

  it('settles from the success page by reading the session back from Stripe when the webhook is late', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const { path, sessionId } = await openLink(c, order.id);
    stripe.completeSession(sessionId!); // Paid at Stripe; its webhook has not arrived.
    const payment = (await paymentOf(c, order.id)).attempts[0];
    const done = await t.app.inject({
      method: 'GET',
      url: `${path}/done?payment=${payment.id}&session=${sessionId}`,
    });
    expect(done.statusCode).toBe(200);
    expect((await orderOf(c, order.id)).status).toBe('paid');
    // A forged return (another session id) settles nothing.
    const other = await onlineOrder(c);
    const o = await openLink(c, other.id);
    const p = (await paymentOf(c, other.id)).attempts[0];
    await t.app.inject({ method: 'GET', url: `${o.path}/done?payment=${p.id}&session=${sessionId}` });
    expect((await orderOf(c, other.id)).status).toBe('awaiting_payment');
  });

  it('answers pages for unknown, paid and no-longer-online links', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const { link } = await paymentOf(c, order.id);
    const path = new URL(link).pathname;
    expect(
      (await t.app.inject({ method: 'GET', url: '/pay/unknown-token-of-forty-three-characters-x' }))
        .statusCode,
    ).toBe(404);
    // Staff change it to a transfer: the link no longer takes payments.
    const changed = await call(t, 'PUT', `/v1/admin/orders/${order.id}`, {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status: 'awaiting_payment',
        paymentMethod: 'transfer',
        lines: [{ id: order.lines[0].id, productId: c.massageId, quantity: 2, unitPrice: 45 }],
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: path });
    expect(gone.statusCode).toBe(410);
    expect(gone.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await paymentOf(c, order.id)).link).toBeNull();
  });
});

describe('A link opened in a loop', () => {
  it('is slowed down after 30 openings a minute from one address', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const path = new URL((await paymentOf(c, order.id)).link).pathname;
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.app.inject({ method: 'GET', url: path })).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(303));
    expect(statuses[30]).toBe(429);
    // Another link is not slowed by this one.
    const other = await onlineOrder(c);
    const otherPath = new URL((await paymentOf(c, other.id)).link).pathname;
    expect((await t.app.inject({ method: 'GET', url: otherPath })).statusCode).toBe(303);
  });
});

describe('Refunds through Stripe', () => {
  async function paidOrder(c: SalesCompany) {
    const order = await onlineOrder(c);
    const { sessionId } = await openLink(c, order.id);
    const delivery = stripe.completeSession(sessionId!);
    await webhook(c.license.id, delivery.payload, stripe.signedDelivery(delivery.payload, webhookSecret));
    return {
      order: await orderOf(c, order.id),
      intent: String(stripe.sessions.get(sessionId!)!.payment_intent),
    };
  }

  it('refunds partly then fully through Stripe and records its answer', async () => {
    const c = await stripeCompany();
    const { order, intent } = await paidOrder(c);
    const part = await created(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, {
        token: c.token,
        payload: { lines: [{ lineId: order.lines[0].id, quantity: 1 }] },
      }),
    );
    expect(part.total).toBe(-45);
    expect(part.paymentTransactionToken).toMatch(/^re_/);
    const refund = stripe.refunds.get(part.paymentTransactionToken)!;
    expect(refund).toMatchObject({ amount: 4500, payment_intent: intent, status: 'succeeded' });
    const rest = await created(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, { token: c.token, payload: {} }),
    );
    expect(stripe.refunds.get(rest.paymentTransactionToken)!.amount).toBe(4500);
    expect((await orderOf(c, order.id)).status).toBe('refunded');
    const view = await paymentOf(c, order.id);
    expect(view.attempts.filter((a: { kind: string }) => a.kind === 'refund')).toMatchObject([
      { status: 'succeeded', amount: 45, refundOrderId: part.id },
      { status: 'succeeded', amount: 45, refundOrderId: rest.id },
    ]);
  });

  it('leaves no refund behind when Stripe refuses, and says why', async () => {
    const c = await stripeCompany();
    const { order } = await paidOrder(c);
    stripe.failNextRefund('charge_disputed', 'This charge has been disputed and cannot be refunded.');
    const res = await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, { token: c.token, payload: {} });
    expectError(res, 409, ErrorCode.paymentGatewayRefused);
    expect(res.body.error.details.reason).toContain('disputed');
    const after = await orderOf(c, order.id);
    expect(after.status).toBe('paid');
    expect(after.lines.every((l: { refundedQuantity: number }) => l.refundedQuantity === 0)).toBe(true);
    const list = await call(t, 'GET', '/v1/admin/orders', { token: c.token, query: { limit: '50' } });
    expect(
      list.body.data.items.filter((o: { originalOrderId: number | null }) => o.originalOrderId === order.id),
    ).toHaveLength(0);
    const refused = (await paymentOf(c, order.id)).attempts.filter(
      (a: { kind: string }) => a.kind === 'refund',
    );
    expect(refused).toMatchObject([{ status: 'failed', refundOrderId: null }]);
    expect(refused[0].failureReason).toContain('disputed');
    // Refunding by cash instead takes nothing from Stripe.
    const count = stripe.refunds.size;
    const cash = await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, {
      token: c.token,
      payload: { paymentMethod: 'transfer' },
    });
    expect(cash.status, JSON.stringify(cash.body)).toBe(201);
    expect(stripe.refunds.size).toBe(count);
  });
});

describe('Stripe no longer configured', () => {
  it('answers 1000037 to a refund through Stripe, leaving nothing behind', async () => {
    const c = await stripeCompany();
    const order = await onlineOrder(c);
    const { sessionId } = await openLink(c, order.id);
    const delivery = stripe.completeSession(sessionId!);
    await webhook(c.license.id, delivery.payload, stripe.signedDelivery(delivery.payload, webhookSecret));
    await useStripe(c, { testSecretKey: null });
    const res = await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, { token: c.token, payload: {} });
    expectError(res, 409, ErrorCode.stripeNotConfigured);
    expect((await orderOf(c, order.id)).status).toBe('paid');
    const attempts = (await paymentOf(c, order.id)).attempts;
    expect(attempts.at(-1)).toMatchObject({ kind: 'refund', status: 'failed', refundOrderId: null });
  });
});

describe('The payment link by mail and the scope of a license', () => {
  it('mails the link in the customer language through the outbox', async () => {
    const c = await stripeCompany();
    await call(t, 'PUT', `/v1/admin/customers/${c.customerId}`, {
      token: c.token,
      payload: { name: 'Ana', surname: 'García', email: 'ana@example.es', language: 'en' },
    });
    const order = await onlineOrder(c);
    const { link } = await paymentOf(c, order.id);
    const res = await call(t, 'POST', `/v1/admin/orders/${order.id}/payment-link/mail`, {
      token: c.token,
      payload: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'payment_link',
      contactEmail: 'ana@example.es',
      status: 'waiting',
      contactId: c.customerId,
    });
    const mail = (await call(t, 'GET', `/v1/admin/mails/${res.body.data.id}`, { token: c.token })).body.data;
    expect(mail.html).toContain(link);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain(formatCents(9000));
    expect(mail.subject).toMatch(/order/i);
  });

  it('answers 404 for another license’s order and refuses a paid one (1000160)', async () => {
    const c = await stripeCompany();
    const other = await stripeCompany();
    const order = await onlineOrder(c);
    expect(
      (await call(t, 'GET', `/v1/admin/orders/${order.id}/payment`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await call(t, 'POST', `/v1/admin/orders/${order.id}/payment-link/mail`, {
          token: other.token,
          payload: {},
        })
      ).status,
    ).toBe(404);
    const transfer = await created(
      await call(t, 'POST', '/v1/admin/orders', {
        token: c.token,
        payload: {
          customerId: c.customerId,
          status: 'paid',
          paymentMethod: 'transfer',
          lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }],
        },
      }),
    );
    expectError(
      await call(t, 'POST', `/v1/admin/orders/${transfer.id}/payment-link/mail`, {
        token: c.token,
        payload: {},
      }),
      409,
      ErrorCode.orderNotAwaitingPayment,
    );
    expectError(
      await call(t, 'POST', `/v1/admin/orders/${transfer.id}/payment/capture`, { token: c.token }),
      409,
      ErrorCode.orderNotAwaitingPayment,
    );
    const rows = await t.database.db.select().from(payments).where(eq(payments.licenseId, other.license.id));
    expect(rows).toHaveLength(0);
  });
});
