import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkConnection,
  consumerLanguageOf,
  isAuthorised,
  isCancellationAuthorised,
  isPaymentAuthorised,
  isRefundOrConfirmationAuthorised,
  newRedsysOrder,
  type RedsysConfig,
  RedsysError,
  type RedsysNotificationBody,
  type RedsysSignedFields,
  readNotification,
  redirectForm,
  restOperation,
  restUrlOf,
} from '../src/integrations/redsys/client.js';
import { decodeParameters, encodeParameters, signParameters } from '../src/integrations/redsys/signature.js';
import { type FakeRedsys, startFakeRedsys, TEST_CARDS } from './support/fake-redsys.js';

/** Redsys's public test terminal (reference §2.7), and a second terminal of the same merchant. */
const KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const OTHER_KEY = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';

/** A tiny merchant site: receives Redsys's notifications as the API will, form-encoded. */
async function startReceiver() {
  const received: RedsysNotificationBody[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const type = request.headers['content-type'] ?? '';
      if (request.method === 'POST' && type.startsWith('application/x-www-form-urlencoded'))
        received.push(Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    notifyUrl: `${origin}/v1/payments/redsys/notification`,
    okUrl: `${origin}/pay/ok`,
    koUrl: `${origin}/pay/ko`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let fake: FakeRedsys;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let config: RedsysConfig;

beforeAll(async () => {
  fake = await startFakeRedsys([
    { fuc: '999008881', terminal: '1', secretKey: KEY },
    { fuc: '999008881', terminal: '2', secretKey: OTHER_KEY },
  ]);
  receiver = await startReceiver();
  config = { url: fake.redirectUrl, fuc: '999008881', terminal: '1', currency: '978', secretKey: KEY };
});

afterAll(async () => {
  await fake.close();
  await receiver.close();
});

beforeEach(() => {
  receiver.received.length = 0;
});

function formFor(
  transactionType: 'authorization' | 'pre-authorization' | 'authentication',
  amountCents: number,
  order = newRedsysOrder(),
) {
  return {
    order,
    form: redirectForm(config, {
      order,
      amountCents,
      transactionType,
      merchantUrl: receiver.notifyUrl,
      urlOk: receiver.okUrl,
      urlKo: receiver.koUrl,
    }),
  };
}

/** Posts a form as a browser does and returns the page. */
async function postForm(action: string, fields: RedsysSignedFields | Record<string, string>) {
  const response = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields }).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** A paid (or held) charge: the form and the card through the fake, as the browser does. */
async function paid(
  transactionType: 'authorization' | 'pre-authorization' | 'authentication',
  amountCents: number,
) {
  const { order, form } = formFor(transactionType, amountCents);
  const { redirect } = await fake.pay(form.fields);
  expect(redirect).toBe(receiver.okUrl);
  return order;
}

describe('pure helpers', () => {
  it('derives the REST URL from the redirection URL on the same origin', () => {
    expect(restUrlOf('https://sis-t.redsys.es:25443/sis/realizarPago')).toBe(
      'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST',
    );
    expect(restUrlOf('https://sis.redsys.es/sis/realizarPago')).toBe(
      'https://sis.redsys.es/sis/rest/trataPeticionREST',
    );
    expect(restUrlOf(fake.redirectUrl)).toBe(fake.restUrl);
    expect(() => restUrlOf('https://sis.redsys.es/sis/other')).toThrow(RangeError);
  });

  it('makes order numbers of 12 characters, 4 digits first, never twice', () => {
    const orders = Array.from({ length: 2000 }, newRedsysOrder);
    for (const order of orders) expect(order).toMatch(/^\d{4}[A-Za-z0-9]{8}$/);
    expect(new Set(orders).size).toBe(orders.length);
  });

  it("maps every interface language to Redsys's consumer language code", () => {
    const codes = (['ca', 'eu', 'es', 'en', 'de', 'fr', 'it', 'pt', 'ru', 'zh'] as const).map(
      consumerLanguageOf,
    );
    expect(codes).toEqual(['3', '13', '1', '2', '5', '4', '7', '9', '643', '156']);
  });

  it('reads Ds_Response per operation type', () => {
    expect([0, 1, 99].every(isPaymentAuthorised)).toBe(true);
    expect([100, 190, 900, 400, -1, 0.5].some(isPaymentAuthorised)).toBe(false);
    expect(isRefundOrConfirmationAuthorised(900)).toBe(true);
    expect(isRefundOrConfirmationAuthorised(0)).toBe(false);
    expect(isCancellationAuthorised(400)).toBe(true);
    expect(isCancellationAuthorised(900)).toBe(false);
    expect(isAuthorised(0, '0')).toBe(true);
    expect(isAuthorised(0, '3')).toBe(false);
    expect(isAuthorised(900, '3')).toBe(true);
    expect(isAuthorised(900, '0')).toBe(false);
    expect(isAuthorised(400, '9')).toBe(true);
    expect(isAuthorised(900, '9')).toBe(false);
    expect(isAuthorised(190)).toBe(false);
    expect([0, 400, 900].every((code) => isAuthorised(code))).toBe(true);
  });

  it('builds the form in UPPERCASE with the optional fields, and refuses a bad order or amount', () => {
    const { form } = formFor('authorization', 1250);
    expect(form.action).toBe(fake.redirectUrl);
    expect(form.fields.Ds_SignatureVersion).toBe('HMAC_SHA256_V1');
    const withAll = redirectForm(config, {
      order: '1234abcd',
      amountCents: 1250,
      transactionType: 'pre-authorization',
      merchantUrl: receiver.notifyUrl,
      urlOk: receiver.okUrl,
      urlKo: receiver.koUrl,
      description: `Kayak ${'x'.repeat(200)}`,
      language: 'eu',
      titular: 'Ane Etxeberria',
    });
    const params = decodeParameters(withAll.fields.Ds_MerchantParameters, { urlDecode: false });
    expect(params).toMatchObject({
      DS_MERCHANT_TRANSACTIONTYPE: '1',
      DS_MERCHANT_ORDER: '1234abcd',
      DS_MERCHANT_MERCHANTCODE: '999008881',
      DS_MERCHANT_TERMINAL: '1',
      DS_MERCHANT_AMOUNT: '1250',
      DS_MERCHANT_CURRENCY: '978',
      DS_MERCHANT_MERCHANTURL: receiver.notifyUrl,
      DS_MERCHANT_CONSUMERLANGUAGE: '13',
      DS_MERCHANT_TITULAR: 'Ane Etxeberria',
    });
    expect(params.DS_MERCHANT_PRODUCTDESCRIPTION).toHaveLength(125);
    const base = { transactionType: 'authorization', merchantUrl: 'x', urlOk: 'x', urlKo: 'x' } as const;
    expect(() => redirectForm(config, { ...base, order: 'abcd1234', amountCents: 1 })).toThrow(RangeError);
    expect(() => redirectForm(config, { ...base, order: '1234567890123', amountCents: 1 })).toThrow(
      RangeError,
    );
    expect(() => redirectForm(config, { ...base, order: '1234', amountCents: 12.5 })).toThrow(RangeError);
    expect(() => redirectForm(config, { ...base, order: '1234', amountCents: 0 })).toThrow(RangeError);
  });
});

describe('the redirection against the fake Redsys', () => {
  it('a card payment: form accepted, card form, notification verified, browser sent to URLOK', async () => {
    const { order, form } = formFor('authorization', 4999);
    const page = await postForm(form.action, form.fields);
    expect(page.status).toBe(200);
    expect(page.html).toContain('name="formTarjeta"');
    const operation = /name="operation" value="([^"]+)"/.exec(page.html)![1]!;

    const cardPosted = await postForm(new URL('/sis/realizarPago/card', form.action).toString(), {
      operation,
      Sis_Numero_Tarjeta: TEST_CARDS.ok,
    });
    expect(cardPosted.status).toBe(303);
    expect(cardPosted.location).toBe(receiver.okUrl);

    expect(receiver.received).toHaveLength(1);
    const body = receiver.received[0]!;
    // Notifications are signed in Base64url with padding.
    expect(body.Ds_Signature).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    const notification = readNotification(config, body);
    expect(notification).toMatchObject({
      order,
      response: 0,
      amountCents: 4999,
      currency: '978',
      transactionType: '0',
      success: true,
    });
    expect(notification.authorisationCode).toMatch(/^\d{6}$/);
    expect(notification.params.Ds_Date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(notification.params.Ds_Hour).toMatch(/^\d{2}:\d{2}$/);
    expect(notification.params.Ds_Terminal).toBe('001');
    // The key alone reads it too.
    expect(readNotification(KEY, body).order).toBe(order);
    expect(fake.operation(order)).toMatchObject({ state: 'authorised', amountCents: 4999, refundedCents: 0 });
  });

  it('a declined card: notification 0190 without authorisation code, browser sent to URLKO', async () => {
    const { order, form } = formFor('authorization', 2000);
    const result = await fake.pay(form.fields, TEST_CARDS.declined);
    expect(result).toEqual({ notificationStatus: 200, redirect: receiver.koUrl });
    const notification = readNotification(config, receiver.received[0]!);
    expect(notification).toMatchObject({ order, response: 190, success: false, authorisationCode: null });
    expect(notification.params.Ds_Response).toBe('0190');
    expect(fake.operation(order)!.state).toBe('declined');
  });

  it('refuses a notification tampered with, signed with another key, or missing its fields', async () => {
    const order = await paid('authorization', 3000);
    const genuine = fake.notificationFor(order);
    expect(readNotification(config, genuine).success).toBe(true);

    const params = JSON.parse(Buffer.from(genuine.Ds_MerchantParameters, 'base64').toString('utf8'));
    const tampered = {
      ...genuine,
      Ds_MerchantParameters: Buffer.from(JSON.stringify({ ...params, Ds_Amount: '1' })).toString('base64'),
    };
    expect(() => readNotification(config, tampered)).toThrow(
      expect.objectContaining({ reason: 'signature' }),
    );
    expect(() => readNotification({ ...config, secretKey: OTHER_KEY }, genuine)).toThrow(
      expect.objectContaining({ reason: 'signature' }),
    );
    for (const missing of ['Ds_MerchantParameters', 'Ds_Signature', 'Ds_SignatureVersion'] as const) {
      const { [missing]: _, ...rest } = genuine;
      expect(() => readNotification(config, rest), missing).toThrow(
        expect.objectContaining({ reason: 'malformed' }),
      );
    }
    expect(() => readNotification(config, { ...genuine, Ds_MerchantParameters: 'garbage!' })).toThrow(
      RedsysError,
    );
    // Well signed, but without a response code: not Redsys's.
    expect(() => readNotification(config, fake.notificationFor(order, { Ds_Response: null }))).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
    // Well signed by this key, but for another terminal of the merchant.
    expect(() => readNotification(config, fake.notificationFor(order, { Ds_Terminal: '002' }))).toThrow(
      expect.objectContaining({ reason: 'malformed' }),
    );
  });

  it('the fake refuses a form signed with the wrong key or for an unknown terminal, with the SIS code', async () => {
    const { form } = formFor('authorization', 1000);
    const wrongKey = redirectForm(
      { ...config, secretKey: OTHER_KEY },
      {
        order: newRedsysOrder(),
        amountCents: 1000,
        transactionType: 'authorization',
        merchantUrl: receiver.notifyUrl,
        urlOk: receiver.okUrl,
        urlKo: receiver.koUrl,
      },
    );
    expect((await postForm(wrongKey.action, wrongKey.fields)).html).toContain('SIS0042');
    const unknown = redirectForm(
      { ...config, terminal: '9' },
      {
        order: newRedsysOrder(),
        amountCents: 1000,
        transactionType: 'authorization',
        merchantUrl: receiver.notifyUrl,
        urlOk: receiver.okUrl,
        urlKo: receiver.koUrl,
      },
    );
    expect((await postForm(unknown.action, unknown.fields)).html).toContain('SIS0026');
    const badVersion = await postForm(form.action, { ...form.fields, Ds_SignatureVersion: 'HMAC_SHA256_V2' });
    expect(badVersion.html).toContain('SIS0429');
    await expect(fake.pay({ ...form.fields, Ds_Signature: OTHER_KEY })).rejects.toThrow(/SIS0042/);
    // A paid order number cannot be paid again.
    await fake.pay(form.fields);
    await expect(fake.pay(form.fields)).rejects.toThrow(/SIS0051/);
  });
});

describe('REST operations against the fake Redsys', () => {
  it('refunds in full, then nothing more is left', async () => {
    const order = await paid('authorization', 4999);
    const refund = await restOperation(config, { transactionType: '3', order, amountCents: 4999 });
    expect(refund).toMatchObject({ ok: true, response: 900, errorCode: null });
    expect(refund.authorisationCode).toMatch(/^\d{6}$/);
    expect(refund.params).toMatchObject({ Ds_Order: order, Ds_Amount: '4999', Ds_Response: '0900' });
    expect(fake.operation(order)).toMatchObject({ state: 'refunded', refundedCents: 4999 });
    const again = await restOperation(config, { transactionType: '3', order, amountCents: 1 });
    expect(again).toEqual({
      ok: false,
      response: null,
      errorCode: 'SIS0057',
      authorisationCode: null,
      params: {},
    });
  });

  it('refunds in parts up to the amount, never over it', async () => {
    const order = await paid('authorization', 5000);
    expect((await restOperation(config, { transactionType: '3', order, amountCents: 1200 })).ok).toBe(true);
    expect(fake.operation(order)).toMatchObject({ state: 'authorised', refundedCents: 1200 });
    const over = await restOperation(config, { transactionType: '3', order, amountCents: 3801 });
    expect(over).toMatchObject({ ok: false, errorCode: 'SIS0057' });
    expect((await restOperation(config, { transactionType: '3', order, amountCents: 3800 })).ok).toBe(true);
    expect(fake.operation(order)).toMatchObject({ state: 'refunded', refundedCents: 5000 });
  });

  it('refuses a refund over the amount, of a declined payment, of an order that does not exist', async () => {
    const order = await paid('authorization', 1000);
    expect(await restOperation(config, { transactionType: '3', order, amountCents: 1001 })).toMatchObject({
      ok: false,
      errorCode: 'SIS0057',
    });
    const { order: declined, form } = formFor('authorization', 1000);
    await fake.pay(form.fields, TEST_CARDS.declined);
    expect(
      await restOperation(config, { transactionType: '3', order: declined, amountCents: 1000 }),
    ).toMatchObject({ ok: false, errorCode: 'SIS0056' });
    expect(
      await restOperation(config, { transactionType: '3', order: newRedsysOrder(), amountCents: 1000 }),
    ).toMatchObject({ ok: false, errorCode: 'SIS0054' });
    expect(fake.operation(order)!.refundedCents).toBe(0);
  });

  it('confirms a held pre-authorization for less, then refunds what was captured', async () => {
    const order = await paid('pre-authorization', 8000);
    const notification = readNotification(config, receiver.received.at(-1)!);
    expect(notification).toMatchObject({ order, transactionType: '1', success: true, amountCents: 8000 });
    // Nothing was captured yet: there is nothing to refund.
    expect(await restOperation(config, { transactionType: '3', order, amountCents: 100 })).toMatchObject({
      ok: false,
      errorCode: 'SIS0056',
    });
    expect(await restOperation(config, { transactionType: '2', order, amountCents: 8001 })).toMatchObject({
      ok: false,
      errorCode: 'SIS0062',
    });
    const confirmation = await restOperation(config, { transactionType: '2', order, amountCents: 6500 });
    expect(confirmation).toMatchObject({ ok: true, response: 900 });
    expect(fake.operation(order)).toMatchObject({ state: 'confirmed', confirmedCents: 6500 });
    expect(await restOperation(config, { transactionType: '2', order, amountCents: 6500 })).toMatchObject({
      ok: false,
      errorCode: 'SIS0060',
    });
    expect(await restOperation(config, { transactionType: '3', order, amountCents: 6501 })).toMatchObject({
      errorCode: 'SIS0057',
    });
    expect((await restOperation(config, { transactionType: '3', order, amountCents: 6500 })).ok).toBe(true);
    expect(fake.operation(order)!.state).toBe('refunded');
  });

  it('confirms an authentication with type 8, and cancels a pre-authorization with type 9', async () => {
    const authentication = await paid('authentication', 3000);
    expect(
      await restOperation(config, { transactionType: '2', order: authentication, amountCents: 3000 }),
    ).toMatchObject({ ok: false, errorCode: 'SIS0059' });
    expect(
      await restOperation(config, { transactionType: '8', order: authentication, amountCents: 3000 }),
    ).toMatchObject({ ok: true, response: 900 });

    const held = await paid('pre-authorization', 2500);
    const cancel = await restOperation(config, { transactionType: '9', order: held, amountCents: 2500 });
    expect(cancel).toMatchObject({ ok: true, response: 400 });
    expect(fake.operation(held)!.state).toBe('cancelled');
    expect(
      await restOperation(config, { transactionType: '2', order: held, amountCents: 2500 }),
    ).toMatchObject({
      ok: false,
      errorCode: 'SIS0061',
    });
  });

  it('refuses an answer whose signature does not verify, and reports a forced SIS code', async () => {
    const order = await paid('authorization', 1500);
    fake.corruptNextSignature();
    await expect(
      restOperation(config, { transactionType: '3', order, amountCents: 500 }),
    ).rejects.toMatchObject({
      name: 'RedsysError',
      reason: 'signature',
    });
    fake.failNext('SIS0043');
    expect(await restOperation(config, { transactionType: '3', order, amountCents: 500 })).toMatchObject({
      ok: false,
      errorCode: 'SIS0043',
    });
    fake.failNextHttp(503);
    await expect(
      restOperation(config, { transactionType: '3', order, amountCents: 500 }),
    ).rejects.toMatchObject({
      reason: 'unreachable',
    });
    // An answer that is not Redsys's (a wrong URL).
    const notJson = (async () => new Response('<html>hello</html>', { status: 200 })) as typeof fetch;
    await expect(
      restOperation(config, { transactionType: '3', order, amountCents: 500 }, notJson),
    ).rejects.toMatchObject({ reason: 'malformed' });
  });

  it('throws unreachable when nothing listens', async () => {
    const port = await closedPort();
    const nowhere = { ...config, url: `http://127.0.0.1:${port}/sis/realizarPago` };
    await expect(
      restOperation(nowhere, { transactionType: '3', order: newRedsysOrder(), amountCents: 1 }),
    ).rejects.toMatchObject({ reason: 'unreachable' });
  });
});

describe('checkConnection', () => {
  it('is ok when Redsys takes the credentials: a one-cent refund of an order that never existed', async () => {
    const before = fake.restCalls.length;
    expect(await checkConnection(config)).toEqual({ ok: true, reason: null, detail: null });
    const call = fake.restCalls[before]!;
    expect(call).toMatchObject({ transactionType: '3', amountCents: 1, answer: 'SIS0054' });
    expect(call.order).toMatch(/^\d{4}[A-Za-z0-9]{8}$/);
    expect(fake.operation(call.order)).toBeUndefined();
  });

  it('is rejected with a wrong key, an unknown terminal, an invalid key', async () => {
    const wrongKey = await checkConnection({ ...config, secretKey: OTHER_KEY });
    expect(wrongKey).toMatchObject({ ok: false, reason: 'rejected' });
    expect(wrongKey.detail).toMatch(/^SIS0042/);
    const unknown = await checkConnection({ ...config, terminal: '7' });
    expect(unknown).toMatchObject({ ok: false, reason: 'rejected' });
    expect(unknown.detail).toMatch(/^SIS0026/);
    expect(await checkConnection({ ...config, secretKey: 'c2hvcnQ=' })).toMatchObject({
      ok: false,
      reason: 'rejected',
    });
  });

  it('is unreachable when nothing listens, or on an HTTP error', async () => {
    const port = await closedPort();
    const nowhere = await checkConnection({ ...config, url: `http://127.0.0.1:${port}/sis/realizarPago` });
    expect(nowhere).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(nowhere.detail).toContain(`127.0.0.1:${port}`);
    fake.failNextHttp(502);
    expect(await checkConnection(config)).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(await checkConnection({ ...config, url: 'https://sis.redsys.es/sis/other' })).toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('is rejected when the answer is signed with another key than ours', async () => {
    // What Redsys would answer if it held another key for this terminal.
    const signedByOther = (async (_url: string | URL | Request, init?: RequestInit) => {
      const sent = JSON.parse(String(init?.body)) as { Ds_MerchantParameters: string };
      const order = decodeParameters(sent.Ds_MerchantParameters).DS_MERCHANT_ORDER!;
      const params = encodeParameters({ Ds_Order: order, Ds_Amount: '1', Ds_Response: '0900' });
      return Response.json({
        Ds_SignatureVersion: 'HMAC_SHA256_V1',
        Ds_MerchantParameters: params,
        Ds_Signature: signParameters(OTHER_KEY, order, params),
      });
    }) as typeof fetch;
    expect(await checkConnection(config, signedByOther)).toMatchObject({ ok: false, reason: 'rejected' });
  });
});
