import { createServer } from 'node:net';
import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../src/db/schema.js';
import { encodeParameters, signParameters } from '../src/integrations/redsys/signature.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
  created,
  expectError,
  redsysTestMerchant,
  type SalesCompany,
  salesCompany,
  useRedsys,
} from './sales-fixtures.js';
import { type FakeRedsys, type SignedFields, startFakeRedsys, TEST_CARDS } from './support/fake-redsys.js';

/*
 * Online payments through Redsys, end to end over real HTTP: the product listens on a port, the
 * customer's form goes to a local server speaking Redsys's redirection and REST protocols, which posts
 * its signed notification back to the product's public notification address.
 */

let t: TestApp;
let redsys: FakeRedsys;
let publicUrl: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

beforeAll(async () => {
  redsys = await startFakeRedsys([
    { fuc: redsysTestMerchant.fuc, terminal: redsysTestMerchant.terminal, secretKey: redsysTestMerchant.key },
  ]);
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ env: { PUBLIC_URL: publicUrl } });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await redsys?.close();
});

async function redsysCompany(
  type: 'authorization' | 'pre-authorization' | 'authentication' = 'authorization',
) {
  const c = await salesCompany(t);
  await useRedsys(t, c.token, redsys.redirectUrl, type);
  return c;
}

async function onlineOrder(c: SalesCompany) {
  return created(
    await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status: 'awaiting_payment',
        paymentMethod: 'online',
        lines: [
          { productId: c.massageId, quantity: 1, unitPrice: 45 },
          { productId: c.oilId, quantity: 1, unitPrice: 10 },
        ],
      },
    }),
  );
}

const paymentOf = async (c: SalesCompany, id: number) =>
  (await call(t, 'GET', `/v1/admin/orders/${id}/payment`, { token: c.token })).body.data;
const orderOf = async (c: SalesCompany, id: number) =>
  (await call(t, 'GET', `/v1/admin/orders/${id}`, { token: c.token })).body.data;

/** The customer opens the link: the page hands the signed form to Redsys. */
async function openLink(c: SalesCompany, orderId: number) {
  const { link } = await paymentOf(c, orderId);
  const res = await fetch(link);
  expect(res.status).toBe(200);
  const html = await res.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
  const fields = {
    Ds_SignatureVersion: field('Ds_SignatureVersion'),
    Ds_MerchantParameters: field('Ds_MerchantParameters'),
    Ds_Signature: field('Ds_Signature'),
  };
  const params = JSON.parse(Buffer.from(fields.Ds_MerchantParameters, 'base64').toString('utf8'));
  return { res, html, fields, params, link: link as string };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
const json = async (res: Response): Promise<any> => res.json();
const notify = (body: Partial<Record<keyof SignedFields, string>> | Record<string, string>) =>
  fetch(`${publicUrl}/v1/payments/redsys/notification`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body as Record<string, string>).toString(),
  });

describe('Paying an online order through Redsys', () => {
  it('hands a signed form to Redsys; its notification marks the order paid', async () => {
    const c = await redsysCompany();
    const order = await onlineOrder(c);
    const { res, html, fields, params, link } = await openLink(c, order.id);
    // The page posts to Redsys and nowhere else, with a nonce'd script.
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain(`form-action ${new URL(redsys.redirectUrl).origin}`);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(html).toContain(`action="${redsys.redirectUrl}"`);
    expect(params).toMatchObject({
      DS_MERCHANT_AMOUNT: '5500',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TRANSACTIONTYPE: '0',
      DS_MERCHANT_MERCHANTURL: `${publicUrl}/v1/payments/redsys/notification`,
    });
    expect(params.DS_MERCHANT_ORDER).toMatch(/^\d{4}[A-Za-z0-9]{8}$/);
    expect(params.DS_MERCHANT_URLOK).toContain(`${new URL(link).pathname}/done`);
    expect(params.DS_MERCHANT_URLKO).toContain(`${new URL(link).pathname}/failed`);

    const paid = await redsys.pay(fields, TEST_CARDS.ok);
    expect(paid.notificationStatus).toBe(200);
    expect(paid.redirect).toBe(params.DS_MERCHANT_URLOK);
    const after = await orderOf(c, order.id);
    expect(after).toMatchObject({ status: 'paid', paymentTransactionToken: params.DS_MERCHANT_ORDER });
    expect(after.paymentDate).not.toBeNull();
    // Back on our page, in the customer's language, it says it is paid.
    const back = await fetch(paid.redirect);
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('lang="es"');
    expect((await paymentOf(c, order.id)).attempts).toMatchObject([
      {
        gateway: 'redsys',
        kind: 'payment',
        status: 'succeeded',
        amount: 55,
        reference: params.DS_MERCHANT_ORDER,
      },
    ]);
  });

  it('records a declined card and leaves the order awaiting payment; a new attempt can pay it', async () => {
    const c = await redsysCompany();
    const order = await onlineOrder(c);
    const first = await openLink(c, order.id);
    const declined = await redsys.pay(first.fields, TEST_CARDS.declined);
    expect(declined.redirect).toBe(first.params.DS_MERCHANT_URLKO);
    expect((await orderOf(c, order.id)).status).toBe('awaiting_payment');
    expect((await paymentOf(c, order.id)).attempts).toMatchObject([
      { status: 'failed', failureReason: 'Ds_Response 0190' },
    ]);
    const again = await openLink(c, order.id);
    expect(again.params.DS_MERCHANT_ORDER).not.toBe(first.params.DS_MERCHANT_ORDER);
    await redsys.pay(again.fields, TEST_CARDS.ok);
    expect((await orderOf(c, order.id)).status).toBe('paid');
  });

  it('applies the same notification once when it arrives ten times in parallel', async () => {
    const c = await redsysCompany();
    const order = await onlineOrder(c);
    const { fields, params } = await openLink(c, order.id);
    await redsys.pay(fields, TEST_CARDS.ok);
    const note = redsys.notificationFor(params.DS_MERCHANT_ORDER);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(note)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const bodies = await Promise.all(answers.map(json));
    // The fake's own delivery came first; every repeat is a duplicate.
    expect(bodies.every((b) => b.data.duplicate === true)).toBe(true);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.licenseId, c.license.id));
    expect(events).toHaveLength(1);

    // Ten parallel first deliveries of a fresh payment: one applies it.
    const other = await onlineOrder(c);
    const o = await openLink(c, other.id);
    // The customer's form reaches Redsys, but its notification is delivered by the test.
    const op = await fetch(redsys.redirectUrl, { method: 'POST', body: new URLSearchParams(o.fields) });
    expect(op.status).toBe(200);
    const fresh = redsys.notificationFor(o.params.DS_MERCHANT_ORDER, {
      Ds_Response: '0000',
      Ds_AuthorisationCode: '123456',
    });
    const parallel = await Promise.all(Array.from({ length: 10 }, () => notify(fresh)));
    const answered = await Promise.all(parallel.map(json));
    expect(parallel.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answered.filter((b) => b.data.duplicate === false)).toHaveLength(1);
    expect((await orderOf(c, other.id)).status).toBe('paid');
  });

  it('refuses a tampered amount, a missing or wrong signature and an unknown order: 4xx, nothing changed', async () => {
    const c = await redsysCompany();
    const order = await onlineOrder(c);
    const { fields, params } = await openLink(c, order.id);
    // The customer's form reaches Redsys; the notifications are delivered by the test.
    expect(
      (await fetch(redsys.redirectUrl, { method: 'POST', body: new URLSearchParams(fields) })).status,
    ).toBe(200);
    const genuine = redsys.notificationFor(params.DS_MERCHANT_ORDER, {
      Ds_Response: '0000',
      Ds_AuthorisationCode: '654321',
    });

    const decoded = JSON.parse(Buffer.from(genuine.Ds_MerchantParameters, 'base64').toString('utf8'));
    // The amount changed, the signature kept: refused.
    const cheaper = encodeParameters({ ...decoded, Ds_Amount: '100' });
    const tampered = await notify({ ...genuine, Ds_MerchantParameters: cheaper });
    expect(tampered.status).toBe(400);
    expect((await json(tampered)).error.code).toBe(ErrorCode.paymentSignatureInvalid);
    // Signed with the right key but for another amount (or currency): refused as a mismatch.
    const signedCheaper = {
      ...genuine,
      Ds_MerchantParameters: cheaper,
      Ds_Signature: signParameters(redsysTestMerchant.key, params.DS_MERCHANT_ORDER, cheaper),
    };
    const mismatch = await notify(signedCheaper);
    expect(mismatch.status).toBe(400);
    expect((await json(mismatch)).error.code).toBe(ErrorCode.paymentAmountMismatch);
    const dollars = encodeParameters({ ...decoded, Ds_Currency: '840' });
    const inDollars = await notify({
      ...genuine,
      Ds_MerchantParameters: dollars,
      Ds_Signature: signParameters(redsysTestMerchant.key, params.DS_MERCHANT_ORDER, dollars),
    });
    expect((await json(inDollars)).error.code).toBe(ErrorCode.paymentAmountMismatch);
    // No signature; a signature by another key.
    const { Ds_Signature: _dropped, ...unsigned } = genuine;
    expect((await notify(unsigned)).status).toBe(400);
    const otherKey = Buffer.alloc(24, 7).toString('base64');
    const forged = await notify({
      ...genuine,
      Ds_Signature: signParameters(otherKey, params.DS_MERCHANT_ORDER, genuine.Ds_MerchantParameters),
    });
    expect(forged.status).toBe(400);
    // An order number no payment has.
    const unknownParams = encodeParameters({ ...decoded, Ds_Order: '9999zzzzzzzz' });
    const unknown = await notify({
      ...genuine,
      Ds_MerchantParameters: unknownParams,
      Ds_Signature: signParameters(redsysTestMerchant.key, '9999zzzzzzzz', unknownParams),
    });
    expect(unknown.status).toBe(404);
    // Garbage.
    expect(
      (
        await notify({
          Ds_MerchantParameters: 'not base64 json',
          Ds_Signature: 'x',
          Ds_SignatureVersion: 'HMAC_SHA256_V1',
        })
      ).status,
    ).toBe(400);
    expect((await fetch(`${publicUrl}/v1/payments/redsys/notification`, { method: 'POST' })).status).toBe(
      400,
    );

    expect(await orderOf(c, order.id)).toMatchObject({ status: 'awaiting_payment', paymentDate: null });
    expect((await paymentOf(c, order.id)).attempts).toMatchObject([{ status: 'pending' }]);
    expect(
      await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.licenseId, c.license.id)),
    ).toHaveLength(0);
    // The genuine one still applies.
    expect((await notify(genuine)).status).toBe(200);
    expect((await orderOf(c, order.id)).status).toBe('paid');
  });
});

describe('Held Redsys payments and refunds', () => {
  for (const type of ['pre-authorization', 'authentication'] as const) {
    it(`holds a ${type} until staff confirm it, which marks the order paid`, async () => {
      const c = await redsysCompany(type);
      const order = await onlineOrder(c);
      const { fields, params } = await openLink(c, order.id);
      expect(params.DS_MERCHANT_TRANSACTIONTYPE).toBe(type === 'pre-authorization' ? '1' : '7');
      await redsys.pay(fields, TEST_CARDS.ok);
      expect((await orderOf(c, order.id)).status).toBe('awaiting_payment');
      const held = await paymentOf(c, order.id);
      expect(held).toMatchObject({ capturable: true, attempts: [{ status: 'authorized' }] });
      // The link now tells the customer the payment is received.
      expect((await fetch(held.link)).status).toBe(200);

      // While held, its money is fixed as a paid order's: only its notes change.
      const sameLines = order.lines.map((l: { id: number; productId: number; unitPrice: number }) => ({
        id: l.id,
        productId: l.productId,
        quantity: 1,
        unitPrice: l.unitPrice,
      }));
      const base = { customerId: c.customerId, status: 'awaiting_payment', paymentMethod: 'online' };
      const more = await call(t, 'PUT', `/v1/admin/orders/${order.id}`, {
        token: c.token,
        payload: { ...base, lines: sameLines.map((l: object, i: number) => (i ? l : { ...l, quantity: 2 })) },
      });
      expectError(more, 409, ErrorCode.orderMoneyLocked);
      const noted = await call(t, 'PUT', `/v1/admin/orders/${order.id}`, {
        token: c.token,
        payload: { ...base, notes: 'pagado con tarjeta, pendiente de confirmar', lines: sameLines },
      });
      expect(noted.status, JSON.stringify(noted.body)).toBe(200);
      const captured = await call(t, 'POST', `/v1/admin/orders/${order.id}/payment/capture`, {
        token: c.token,
      });
      expect(captured.status, JSON.stringify(captured.body)).toBe(200);
      expect(captured.body.data).toMatchObject({
        status: 'paid',
        paymentTransactionToken: params.DS_MERCHANT_ORDER,
      });
      const rest = redsys.restCalls.at(-1)!;
      expect(rest.transactionType).toBe(type === 'pre-authorization' ? '2' : '8');
      expect((await paymentOf(c, order.id)).attempts).toMatchObject([
        { kind: 'payment', status: 'succeeded' },
        { kind: 'capture', status: 'succeeded', amount: 55 },
      ]);
      expectError(
        await call(t, 'POST', `/v1/admin/orders/${order.id}/payment/capture`, { token: c.token }),
        409,
        ErrorCode.orderNotAwaitingPayment,
      );
    });
  }

  it('answers 1000161 with nothing held and 1000162 when Redsys refuses the confirmation', async () => {
    const c = await redsysCompany('pre-authorization');
    const order = await onlineOrder(c);
    expectError(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/payment/capture`, { token: c.token }),
      409,
      ErrorCode.noPaymentToCapture,
    );
    const { fields } = await openLink(c, order.id);
    await redsys.pay(fields, TEST_CARDS.ok);
    redsys.failNext('SIS0062');
    const refused = await call(t, 'POST', `/v1/admin/orders/${order.id}/payment/capture`, { token: c.token });
    expectError(refused, 409, ErrorCode.paymentGatewayRefused);
    expect(refused.body.error.details.reason).toContain('SIS0062');
    expect((await orderOf(c, order.id)).status).toBe('awaiting_payment');
    expect((await paymentOf(c, order.id)).capturable).toBe(true);
  });

  it('refunds through Redsys REST (type 3) partly and fully; a refusal leaves no refund', async () => {
    const c = await redsysCompany();
    const order = await onlineOrder(c);
    const { fields, params } = await openLink(c, order.id);
    await redsys.pay(fields, TEST_CARDS.ok);
    const paid = await orderOf(c, order.id);
    const oil = paid.lines.find((l: { productId: number }) => l.productId === c.oilId);
    const part = await created(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, {
        token: c.token,
        payload: { lines: [{ lineId: oil.id, quantity: 1 }] },
      }),
    );
    expect(part.total).toBe(-10);
    const op = redsys.operation(params.DS_MERCHANT_ORDER)!;
    expect(op.refundedCents).toBe(1000);
    expect(redsys.restCalls.at(-1)).toMatchObject({ transactionType: '3' });

    redsys.failNext('SIS0057');
    const refused = await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, {
      token: c.token,
      payload: {},
    });
    expectError(refused, 409, ErrorCode.paymentGatewayRefused);
    expect(refused.body.error.details.reason).toContain('SIS0057');
    expect((await orderOf(c, order.id)).status).toBe('paid');
    expect(op.refundedCents).toBe(1000);

    const rest = await created(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, { token: c.token, payload: {} }),
    );
    expect(rest.total).toBe(-45);
    expect(op.refundedCents).toBe(5500);
    expect((await orderOf(c, order.id)).status).toBe('refunded');
    const refunds = (await paymentOf(c, order.id)).attempts.filter(
      (a: { kind: string }) => a.kind === 'refund',
    );
    expect(refunds).toMatchObject([
      { status: 'succeeded', amount: 10, refundOrderId: part.id },
      { status: 'failed', refundOrderId: null },
      { status: 'succeeded', amount: 45, refundOrderId: rest.id },
    ]);
  });

  it('checks the saved Redsys keys against Redsys', async () => {
    const c = await redsysCompany();
    const ok = await call(t, 'POST', '/v1/admin/settings/payment/check', {
      token: c.token,
      payload: { gateway: 'redsys' },
    });
    expect(ok.body.data).toMatchObject({ gateway: 'redsys', ok: true });
    await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: { redsys: { encryptionKey: Buffer.alloc(24, 9).toString('base64') } },
    });
    const wrong = await call(t, 'POST', '/v1/admin/settings/payment/check', {
      token: c.token,
      payload: { gateway: 'redsys' },
    });
    expect(wrong.body.data).toMatchObject({ ok: false, reason: 'rejected' });
    await useRedsys(t, c.token, 'http://127.0.0.1:9/sis/realizarPago');
    const closed = await call(t, 'POST', '/v1/admin/settings/payment/check', {
      token: c.token,
      payload: { gateway: 'redsys' },
    });
    expect(closed.body.data).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
