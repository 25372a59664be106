import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { created, redsysTestMerchant, salesCompany, useRedsys } from './sales-fixtures.js';
import { type FakeRedsys, startFakeRedsys, TEST_CARDS } from './support/fake-redsys.js';

/*
 * A gift card sold online: the voucher is issued when the gateway's notification marks the order paid
 * (the settle-payment workflow's order-paid step), and mailed to the buyer.
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

describe('a gift card paid online', () => {
  it('gets its voucher when the gateway notifies the payment', async () => {
    const c = await salesCompany(t);
    await useRedsys(t, c.token, redsys.redirectUrl);
    const gift = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Tarjeta regalo masaje',
      type: 'bookable_gift',
      price: 45,
      durationInMinutes: 60,
      bookingCalendarId: c.calendarId,
    });
    const order = await created(
      await call(t, 'POST', '/v1/admin/orders', {
        token: c.token,
        payload: {
          customerId: c.customerId,
          status: 'awaiting_payment',
          paymentMethod: 'online',
          lines: [{ productId: gift.id, quantity: 1, unitPrice: 45 }],
        },
      }),
    );
    const vouchers = async () =>
      (await call(t, 'GET', '/v1/admin/gift-vouchers', { token: c.token })).body.data.items as {
        customerId: number;
      }[];
    expect(await vouchers()).toHaveLength(0);

    const { link } = (await call(t, 'GET', `/v1/admin/orders/${order.id}/payment`, { token: c.token })).body
      .data;
    const html = await (await fetch(link)).text();
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
    const fields = {
      Ds_SignatureVersion: field('Ds_SignatureVersion'),
      Ds_MerchantParameters: field('Ds_MerchantParameters'),
      Ds_Signature: field('Ds_Signature'),
    };
    const paid = await redsys.pay(fields, TEST_CARDS.ok);
    expect(paid.notificationStatus).toBe(200);
    expect((await call(t, 'GET', `/v1/admin/orders/${order.id}`, { token: c.token })).body.data.status).toBe(
      'paid',
    );
    const issued = await vouchers();
    expect(issued).toHaveLength(1);
    expect(issued[0]!.customerId).toBe(c.customerId);
    // The buyer's mail with the code.
    const mails = await call(t, 'GET', '/v1/admin/mails', {
      token: c.token,
      query: { filters: JSON.stringify({ kind: { eq: 'gift_voucher' } }) },
    });
    expect(mails.body.data.total).toBe(1);
  });
});
