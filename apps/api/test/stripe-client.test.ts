import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CheckoutSessionInput,
  checkoutSessionView,
  checkStripeKeys,
  createCheckoutSession,
  refundPayment,
  retrieveCheckoutSession,
  StripeGatewayError,
  stripeClient,
  stripeLocaleOf,
  toGatewayError,
  verifyWebhook,
} from '../src/integrations/stripe.js';
import {
  type FakeStripe,
  type FakeStripeRequest,
  parseForm,
  signedDelivery,
  startFakeStripe,
} from './support/fake-stripe.js';

const KEY = 'sk_test_51MostradorFakeKeyA1b2C3d4E5f6G7h8';
const OTHER_KEY = 'sk_test_51MostradorFakeKeyOtherZ9y8X7w6V5u4';
const WEBHOOK_SECRET = 'whsec_test_mostrador_0123456789abcdef';

let fake: FakeStripe;
let client: Stripe;
let closedPort: number;
let counter = 0;

/** A key no other request of this file uses. */
const freshKey = (what: string) => `test-${what}-${Date.now()}-${++counter}`;

function checkoutInput(overrides: Partial<CheckoutSessionInput> = {}): CheckoutSessionInput {
  return {
    amountCents: 4_250,
    currency: 'eur',
    description: 'Pedido 2026-0042 · Kayaks del Sur',
    orderId: 42,
    paymentId: 7,
    customerEmail: 'ana@example.com',
    successUrl: 'https://shop.example.com/pay/done?session={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example.com/pay/cancelled',
    idempotencyKey: freshKey('checkout'),
    ...overrides,
  };
}

function lastRequest(method: string, path: string): FakeStripeRequest {
  const found = fake.requests.filter((r) => r.method === method && r.path === path).at(-1);
  if (!found) throw new Error(`the fake received no ${method} ${path}`);
  return found;
}

/** What a promise rejected with; fails when it resolved. */
async function failure(promise: Promise<unknown>): Promise<StripeGatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(StripeGatewayError);
    return error as StripeGatewayError;
  }
  throw new Error('expected a StripeGatewayError');
}

/** A checkout session paid by card: its PaymentIntent. */
async function paidPayment(amountCents = 4_250): Promise<string> {
  const session = await createCheckoutSession(client, checkoutInput({ amountCents }));
  fake.completeSession(session.id);
  const view = await retrieveCheckoutSession(client, session.id);
  expect(view.paymentIntentId).toMatch(/^pi_/);
  return view.paymentIntentId!;
}

beforeAll(async () => {
  fake = await startFakeStripe({ secretKeys: [KEY, OTHER_KEY] });
  client = stripeClient(KEY, { apiBase: fake.apiBase });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await fake.close();
});

describe('the fake Stripe', () => {
  it('reads form bodies with nested keys, plain or percent-encoded brackets', () => {
    expect(
      parseForm(
        'line_items[0][price_data][unit_amount]=100&line_items%5B0%5D%5Bquantity%5D=2&expand[]=a&expand[]=b&metadata[note]=caf%C3%A9+bar&metadata[empty]=',
      ),
    ).toEqual({
      line_items: [{ price_data: { unit_amount: '100' }, quantity: '2' }],
      expand: ['a', 'b'],
      metadata: { note: 'café bar', empty: '' },
    });
  });

  it('answers an unknown path as Stripe does', async () => {
    const response = await fetch(`${fake.apiBase}/v1/nothing`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/nothing\)/);
  });
});

describe('stripeClient', () => {
  it('keeps one SDK per key and target, pointed at the target', () => {
    expect(stripeClient(KEY, { apiBase: fake.apiBase })).toBe(client);
    expect(stripeClient(OTHER_KEY, { apiBase: fake.apiBase })).not.toBe(client);
    expect(stripeClient(KEY)).not.toBe(client);
    const url = new URL(fake.apiBase);
    expect(client.getApiField('host')).toBe('127.0.0.1');
    expect(client.getApiField('port')).toBe(Number(url.port));
    expect(client.getApiField('protocol')).toBe('http');
    expect(client.getApiField('timeout')).toBe(20_000);
    expect(client.getMaxNetworkRetries()).toBe(1);
    expect(stripeClient(KEY).getApiField('host')).toBe('api.stripe.com');
  });
});

describe('stripeLocaleOf', () => {
  it('gives Stripe Checkout locales, auto where Stripe has none', () => {
    expect(stripeLocaleOf('es')).toBe('es');
    expect(stripeLocaleOf('en')).toBe('en');
    expect(stripeLocaleOf('zh')).toBe('zh');
    expect(stripeLocaleOf('pt')).toBe('pt');
    expect(stripeLocaleOf('ca')).toBe('auto');
    expect(stripeLocaleOf('eu')).toBe('auto');
  });
});

describe('createCheckoutSession', () => {
  it('sends one line of the amount, the order reference and metadata, form-encoded with Bearer auth', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2 * 3600;
    const input = checkoutInput({
      locale: stripeLocaleOf('de'),
      expiresAt,
      metadata: { licenseId: '3', orderId: 'ignored' },
    });
    const session = await createCheckoutSession(client, input);

    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.apiBase}/c/pay/${session.id}`);
    expect(session.expiresAt).toBe(expiresAt);

    const request = lastRequest('POST', '/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(request.headers['idempotency-key']).toBe(input.idempotencyKey);
    expect(request.rawBody).toContain('line_items[0][price_data][unit_amount]=4250');
    expect(request.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'eur',
            unit_amount: '4250',
            product_data: { name: 'Pedido 2026-0042 · Kayaks del Sur' },
          },
        },
      ],
      client_reference_id: '42',
      success_url: 'https://shop.example.com/pay/done?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://shop.example.com/pay/cancelled',
      metadata: { licenseId: '3', orderId: '42', paymentId: '7' },
      payment_intent_data: { metadata: { licenseId: '3', orderId: '42', paymentId: '7' } },
      customer_email: 'ana@example.com',
      locale: 'de',
      expires_at: String(expiresAt),
    });

    const stored = fake.sessions.get(session.id)!;
    expect(stored).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 4_250,
      currency: 'eur',
      client_reference_id: '42',
      customer_email: 'ana@example.com',
      locale: 'de',
      payment_intent: null,
      metadata: { licenseId: '3', orderId: '42', paymentId: '7' },
    });
  });

  it('sends no customer email, locale or expiry when there are none', async () => {
    const session = await createCheckoutSession(client, checkoutInput({ customerEmail: null }));
    const { body } = lastRequest('POST', '/v1/checkout/sessions');
    expect(body).not.toHaveProperty('customer_email');
    expect(body).not.toHaveProperty('locale');
    expect(body).not.toHaveProperty('expires_at');
    const now = Math.floor(Date.now() / 1000);
    expect(session.expiresAt).toBeGreaterThanOrEqual(now + 24 * 3600 - 5);
  });

  it('answers the first session again for a retry with the same idempotency key', async () => {
    const input = checkoutInput();
    const first = await createCheckoutSession(client, input);
    const again = await createCheckoutSession(client, input);
    expect(again).toEqual(first);
    expect([...fake.sessions.values()].filter((s) => s.id === first.id)).toHaveLength(1);
  });

  it("is refused with Stripe's message when Stripe refuses the parameters", async () => {
    const tooSoon = Math.floor(Date.now() / 1000) + 10 * 60;
    const error = await failure(createCheckoutSession(client, checkoutInput({ expiresAt: tooSoon })));
    expect(error.reason).toBe('refused');
    expect(error.httpStatus).toBe(400);
    expect(error.message).toBe(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
    );

    const small = await failure(createCheckoutSession(client, checkoutInput({ amountCents: 30 })));
    expect(small.reason).toBe('refused');
    expect(small.code).toBe('amount_too_small');
  });

  it('refuses a zero or fractional amount before calling Stripe', async () => {
    const before = fake.requests.length;
    await expect(createCheckoutSession(client, checkoutInput({ amountCents: 0 }))).rejects.toThrow(/cents/);
    await expect(createCheckoutSession(client, checkoutInput({ amountCents: 12.5 }))).rejects.toThrow(
      /cents/,
    );
    expect(fake.requests.length).toBe(before);
  });
});

describe('retrieveCheckoutSession', () => {
  it('reads an open session, then the paid one with its PaymentIntent', async () => {
    const session = await createCheckoutSession(client, checkoutInput({ orderId: 77, paymentId: 9 }));
    const open = await retrieveCheckoutSession(client, session.id);
    expect(open).toEqual({
      id: session.id,
      paymentStatus: 'unpaid',
      status: 'open',
      amountTotal: 4_250,
      currency: 'eur',
      paymentIntentId: null,
      clientReferenceId: '77',
      metadata: { orderId: '77', paymentId: '9' },
      expiresAt: session.expiresAt,
    });
    expect(lastRequest('GET', `/v1/checkout/sessions/${session.id}`).headers.authorization).toBe(
      `Bearer ${KEY}`,
    );

    const { event } = fake.completeSession(session.id);
    const paid = await retrieveCheckoutSession(client, session.id);
    expect(paid).toMatchObject({ paymentStatus: 'paid', status: 'complete', amountTotal: 4_250 });
    expect(paid.paymentIntentId).toMatch(/^pi_/);
    expect(checkoutSessionView(event.data.object)).toEqual(paid);
  });

  it('is refused for a session that does not exist, or belongs to another key', async () => {
    const missing = await failure(retrieveCheckoutSession(client, 'cs_test_doesnotexist'));
    expect(missing).toMatchObject({ reason: 'refused', code: 'resource_missing', httpStatus: 404 });
    expect(missing.message).toBe("No such checkout.session: 'cs_test_doesnotexist'");

    const session = await createCheckoutSession(client, checkoutInput());
    const other = stripeClient(OTHER_KEY, { apiBase: fake.apiBase });
    const foreign = await failure(retrieveCheckoutSession(other, session.id));
    expect(foreign.code).toBe('resource_missing');
  });
});

describe('refundPayment', () => {
  it('refunds in full', async () => {
    const intent = await paidPayment(4_250);
    const key = freshKey('refund');
    const refund = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 4_250,
      idempotencyKey: key,
      reason: 'requested_by_customer',
      metadata: { refundOrderId: '43' },
    });
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), status: 'succeeded', failureReason: null });

    const request = lastRequest('POST', '/v1/refunds');
    expect(request.headers['idempotency-key']).toBe(key);
    expect(request.body).toEqual({
      payment_intent: intent,
      amount: '4250',
      reason: 'requested_by_customer',
      metadata: { refundOrderId: '43' },
    });
    expect(fake.refunds.get(refund.id)).toMatchObject({
      amount: 4_250,
      currency: 'eur',
      payment_intent: intent,
      reason: 'requested_by_customer',
      status: 'succeeded',
    });
    expect(fake.paymentIntents.get(intent)!.amountRefunded).toBe(4_250);

    const again = await failure(
      refundPayment(client, { paymentIntent: intent, amountCents: 1, idempotencyKey: freshKey('refund') }),
    );
    expect(again.reason).toBe('refused');
    expect(again.code).toBe('charge_already_refunded');
    expect(again.message).toBe(
      `Charge ${fake.paymentIntents.get(intent)!.charge} has already been refunded.`,
    );
  });

  it("refunds in parts, and refuses more than what remains with Stripe's message", async () => {
    const intent = await paidPayment(5_000);
    const first = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 1_500,
      idempotencyKey: freshKey('refund'),
    });
    const second = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 2_000,
      idempotencyKey: freshKey('refund'),
    });
    expect(second.id).not.toBe(first.id);
    expect(fake.paymentIntents.get(intent)!.amountRefunded).toBe(3_500);

    const tooMuch = await failure(
      refundPayment(client, {
        paymentIntent: intent,
        amountCents: 1_501,
        idempotencyKey: freshKey('refund'),
      }),
    );
    expect(tooMuch).toMatchObject({ reason: 'refused', httpStatus: 400 });
    expect(tooMuch.message).toBe(
      'Refund amount (€15.01) is greater than unrefunded amount on charge (€15.00)',
    );
    expect(fake.paymentIntents.get(intent)!.amountRefunded).toBe(3_500);

    const rest = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 1_500,
      idempotencyKey: freshKey('refund'),
    });
    expect(rest.status).toBe('succeeded');
    expect(fake.paymentIntents.get(intent)!.amountRefunded).toBe(5_000);
  });

  it('refuses more than the payment on its first refund', async () => {
    const intent = await paidPayment(1_000);
    const error = await failure(
      refundPayment(client, {
        paymentIntent: intent,
        amountCents: 1_200,
        idempotencyKey: freshKey('refund'),
      }),
    );
    expect(error.message).toBe('Refund amount (€12.00) is greater than charge amount (€10.00)');
  });

  it('answers the same refund to a retry with the same key, and refuses the key with other parameters', async () => {
    const intent = await paidPayment(3_000);
    const key = freshKey('refund');
    const first = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 1_000,
      idempotencyKey: key,
    });
    const retry = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 1_000,
      idempotencyKey: key,
    });
    expect(retry).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent)).toHaveLength(1);
    expect(fake.paymentIntents.get(intent)!.amountRefunded).toBe(1_000);

    const changed = await failure(
      refundPayment(client, { paymentIntent: intent, amountCents: 1_200, idempotencyKey: key }),
    );
    expect(changed.reason).toBe('refused');
    expect(changed.message).toContain(
      'Keys for idempotent requests can only be used with the same parameters they were first used with',
    );
    expect(fake.paymentIntents.get(intent)!.amountRefunded).toBe(1_000);
  });

  it('passes on a refusal Stripe chooses, and the retry after it refunds', async () => {
    const intent = await paidPayment(2_000);
    fake.failNextRefund(
      'balance_insufficient',
      'Your available balance is insufficient to cover this refund.',
    );
    const key = freshKey('refund');
    const error = await failure(
      refundPayment(client, { paymentIntent: intent, amountCents: 500, idempotencyKey: key }),
    );
    expect(error).toMatchObject({
      reason: 'refused',
      code: 'balance_insufficient',
      message: 'Your available balance is insufficient to cover this refund.',
    });
    const retried = await refundPayment(client, {
      paymentIntent: intent,
      amountCents: 500,
      idempotencyKey: key,
    });
    expect(retried.status).toBe('succeeded');
  });

  it('is refused for a payment that is not paid or does not exist', async () => {
    const session = await createCheckoutSession(client, checkoutInput());
    fake.completeSession(session.id, { succeed: false });
    const processing = (await retrieveCheckoutSession(client, session.id)).paymentIntentId!;
    const unpaid = await failure(
      refundPayment(client, {
        paymentIntent: processing,
        amountCents: 100,
        idempotencyKey: freshKey('refund'),
      }),
    );
    expect(unpaid.reason).toBe('refused');

    const unknown = await failure(
      refundPayment(client, {
        paymentIntent: 'pi_unknown',
        amountCents: 100,
        idempotencyKey: freshKey('refund'),
      }),
    );
    expect(unknown).toMatchObject({ reason: 'refused', code: 'resource_missing', httpStatus: 400 });
    expect(unknown.message).toBe("No such payment_intent: 'pi_unknown'");
  });
});

describe('failures', () => {
  it("a bad key is refused with Stripe's 401", async () => {
    const bad = stripeClient('sk_test_wrongwrongwrongwrong1234', { apiBase: fake.apiBase });
    const error = await failure(retrieveCheckoutSession(bad, 'cs_test_x'));
    expect(error).toMatchObject({ reason: 'refused', httpStatus: 401 });
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);
  });

  it('a closed port is unreachable, after one retry', async () => {
    const before = fake.requests.length;
    const down = stripeClient(KEY, { apiBase: `http://127.0.0.1:${closedPort}` });
    const error = await failure(createCheckoutSession(down, checkoutInput()));
    expect(error.reason).toBe('unreachable');
    expect(error.message).toMatch(/connection to Stripe.*retried 1 time/);
    expect(fake.requests.length).toBe(before);
  });

  it('toGatewayError reads the SDK errors', () => {
    const raw = (status: number, extra: Record<string, unknown> = {}) => ({
      message: `m${status}`,
      statusCode: status,
      ...extra,
    });
    const card = toGatewayError(new Stripe.errors.StripeCardError(raw(402, { code: 'card_declined' })));
    expect(card).toMatchObject({
      reason: 'refused',
      code: 'card_declined',
      message: 'm402',
      httpStatus: 402,
    });
    const invalid = toGatewayError(new Stripe.errors.StripeInvalidRequestError(raw(400, { code: 'x' })));
    expect(invalid).toMatchObject({ reason: 'refused', code: 'x' });
    expect(toGatewayError(new Stripe.errors.StripeAuthenticationError(raw(401))).reason).toBe('refused');
    expect(toGatewayError(new Stripe.errors.StripeAPIError(raw(500))).reason).toBe('unreachable');
    expect(toGatewayError(new Stripe.errors.StripeAPIError(raw(503))).reason).toBe('unreachable');
    expect(toGatewayError(new Stripe.errors.StripeRateLimitError(raw(429))).reason).toBe('unreachable');
    expect(toGatewayError(new Stripe.errors.StripeConnectionError({ message: 'down' }))).toMatchObject({
      reason: 'unreachable',
      message: 'down',
    });
    const own = new StripeGatewayError('signature', 'bad');
    expect(toGatewayError(own)).toBe(own);
  });
});

describe('checkStripeKeys', () => {
  it('accepts a key Stripe accepts', async () => {
    expect(await checkStripeKeys(KEY, { apiBase: fake.apiBase })).toEqual({
      ok: true,
      reason: null,
      detail: null,
    });
    expect(lastRequest('GET', '/v1/balance').headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('says rejected for a key Stripe refuses', async () => {
    const check = await checkStripeKeys('sk_test_notakeyweknow0000', { apiBase: fake.apiBase });
    expect(check.ok).toBe(false);
    expect(check.reason).toBe('rejected');
    expect(check.detail).toMatch(/^Invalid API Key provided/);
  });

  it('says unreachable when Stripe cannot be reached', async () => {
    const check = await checkStripeKeys(KEY, { apiBase: `http://127.0.0.1:${closedPort}` });
    expect(check).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(check.detail).toMatch(/connection to Stripe/);
  });
});

describe('verifyWebhook', () => {
  let payload: string;
  let sessionId: string;

  beforeEach(async () => {
    const session = await createCheckoutSession(client, checkoutInput({ orderId: 501, paymentId: 12 }));
    sessionId = session.id;
    ({ payload } = fake.completeSession(session.id));
  });

  it('answers the event of a delivery signed with the endpoint secret', () => {
    const headers = signedDelivery(payload, WEBHOOK_SECRET);
    const event = verifyWebhook(payload, headers['stripe-signature'], WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.id).toMatch(/^evt_/);
    expect(event.api_version).toBe(Stripe.API_VERSION);
    if (event.type !== 'checkout.session.completed') throw new Error('unexpected event');
    expect(checkoutSessionView(event.data.object)).toMatchObject({
      id: sessionId,
      paymentStatus: 'paid',
      status: 'complete',
      clientReferenceId: '501',
      metadata: { orderId: '501', paymentId: '12' },
    });
    // The raw bytes verify as well as the string.
    expect(verifyWebhook(Buffer.from(payload), headers['stripe-signature'], WEBHOOK_SECRET).id).toBe(
      event.id,
    );
  });

  it('refuses a delivery signed with another secret', () => {
    const headers = signedDelivery(payload, 'whsec_someone_else');
    expect(() => verifyWebhook(payload, headers['stripe-signature'], WEBHOOK_SECRET)).toThrow(
      expect.objectContaining({ reason: 'signature' }),
    );
  });

  it('refuses a body changed after signing, and the same JSON re-serialised', () => {
    const headers = signedDelivery(payload, WEBHOOK_SECRET);
    const tampered = payload.replace('"paid"', '"unpaid"');
    expect(tampered).not.toBe(payload);
    expect(() => verifyWebhook(tampered, headers['stripe-signature'], WEBHOOK_SECRET)).toThrow(
      StripeGatewayError,
    );
    const reserialised = JSON.stringify(JSON.parse(payload));
    expect(() => verifyWebhook(reserialised, headers['stripe-signature'], WEBHOOK_SECRET)).toThrow(
      /No signatures found matching the expected signature/,
    );
  });

  it('refuses a delivery without a signature header', () => {
    let caught: unknown;
    try {
      verifyWebhook(payload, undefined, WEBHOOK_SECRET);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StripeGatewayError);
    expect((caught as StripeGatewayError).reason).toBe('signature');
    expect(() => verifyWebhook(payload, '', WEBHOOK_SECRET)).toThrow(StripeGatewayError);
    expect(() => verifyWebhook(payload, 'garbage', WEBHOOK_SECRET)).toThrow(StripeGatewayError);
  });

  it('refuses a signature older than the tolerance, and accepts one inside it', () => {
    const now = Math.floor(Date.now() / 1000);
    const old = signedDelivery(payload, WEBHOOK_SECRET, now - 301);
    expect(() => verifyWebhook(payload, old['stripe-signature'], WEBHOOK_SECRET)).toThrow(
      /Timestamp outside the tolerance zone/,
    );
    const recent = signedDelivery(payload, WEBHOOK_SECRET, now - 200);
    expect(verifyWebhook(payload, recent['stripe-signature'], WEBHOOK_SECRET).type).toBe(
      'checkout.session.completed',
    );
    expect(() => verifyWebhook(payload, recent['stripe-signature'], WEBHOOK_SECRET, 60)).toThrow(
      StripeGatewayError,
    );
  });

  it('accepts a header with several v1 signatures when one of them matches', () => {
    const good = signedDelivery(payload, WEBHOOK_SECRET)['stripe-signature']!;
    const [timestamp, signature] = good.split(',');
    const stale = signedDelivery(payload, 'whsec_rolled_old_secret')['stripe-signature']!.split(',')[1];
    const header = `${timestamp},${stale},${signature},v0=${'0'.repeat(64)}`;
    expect(verifyWebhook(payload, header, WEBHOOK_SECRET).type).toBe('checkout.session.completed');
    const noneMatch = `${timestamp},${stale},v1=${'f'.repeat(64)}`;
    expect(() => verifyWebhook(payload, noneMatch, WEBHOOK_SECRET)).toThrow(StripeGatewayError);
  });

  it('reads the expired and failed events the fake delivers', async () => {
    const open = await createCheckoutSession(client, checkoutInput());
    const expired = fake.expireSession(open.id);
    const expiredEvent = verifyWebhook(
      expired.payload,
      signedDelivery(expired.payload, WEBHOOK_SECRET)['stripe-signature'],
      WEBHOOK_SECRET,
    );
    expect(expiredEvent.type).toBe('checkout.session.expired');
    expect((await retrieveCheckoutSession(client, open.id)).status).toBe('expired');

    const delayed = await createCheckoutSession(client, checkoutInput());
    const completed = fake.completeSession(delayed.id, { succeed: false });
    expect(completed.event.data.object.payment_status).toBe('unpaid');
    const failed = fake.asyncFailed(delayed.id);
    const failedEvent = verifyWebhook(
      failed.payload,
      signedDelivery(failed.payload, WEBHOOK_SECRET)['stripe-signature'],
      WEBHOOK_SECRET,
    );
    expect(failedEvent.type).toBe('checkout.session.async_payment_failed');
    expect(failed.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
  });
});
