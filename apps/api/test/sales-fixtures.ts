import { expect } from 'vitest';
import {
  type Company,
  company,
  createCalendar,
  createCustomer,
  createProduct,
  createTax,
  everyDay,
} from './factories.js';
import { call, type TestApp } from './helpers.js';

export interface SalesCompany extends Company {
  /** IVA 21 % (the company's tax) and IVA 10 %. */
  tax21: number;
  tax10: number;
  /** Masaje: a 60-minute bookable product, 45 €, 21 %. */
  massageId: number;
  /** Aceite: a regular product, 10 €, 10 %. */
  oilId: number;
  calendarId: number;
  /** Ana García, with an email. */
  customerId: number;
  /** Luis, without an email. */
  noEmailCustomerId: number;
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
type Res = { status: number; body: any };
// biome-ignore lint/suspicious/noExplicitAny: an order as the API answers it
export type Order = any;

export { expectError } from './helpers.js';

export const fieldsOf = (res: Res) =>
  ((res.body.error?.details ?? []) as { field: string }[]).map((d) => d.field).sort();

/** The order (or refund) a 201 answers; anything else fails the test, showing the answer. */
export async function created(res: Res): Promise<Order> {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Order;
}

/** A license with two taxes, a bookable and a regular product, a calendar (capacity 1), two customers. */
export async function salesCompany(t: TestApp): Promise<SalesCompany> {
  const owner = await company(t);
  const { token } = owner;
  const tax21 = owner.taxId;
  const tax10 = (await createTax(t, token, { name: 'IVA 10%', percentage: 10 })).id;
  const calendarId = (await createCalendar(t, token, { name: 'Sala', schedule: everyDay(), duration: 30 }))
    .id;
  const massageId = (
    await createProduct(t, token, {
      taxId: tax21,
      name: 'Masaje',
      type: 'bookable',
      price: 45,
      durationInMinutes: 60,
    })
  ).id;
  const oilId = (await createProduct(t, token, { taxId: tax10, name: 'Aceite', type: 'regular', price: 10 }))
    .id;
  const customerId = (
    await createCustomer(t, token, {
      name: 'Ana',
      surname: 'García',
      email: 'ana@example.es',
      phone: '+34600111222',
      company: 'ACME',
    })
  ).id;
  const noEmailCustomerId = (await createCustomer(t, token, { name: 'Luis' })).id;
  await useRedsys(t, token);
  return { ...owner, tax21, tax10, calendarId, massageId, oilId, customerId, noEmailCustomerId };
}

/** Redsys's public test merchant (reference §2.7). */
export const redsysTestMerchant = {
  fuc: '999008881',
  terminal: '1',
  currency: '978',
  key: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
};

/**
 * Online payments through Redsys's public test merchant, at `url` (by default a closed local port:
 * nothing is sent to Redsys until a link is opened): what online orders need.
 */
export async function useRedsys(
  t: TestApp,
  token: string,
  url = 'http://127.0.0.1:9/sis/realizarPago',
  transactionType: 'authorization' | 'pre-authorization' | 'authentication' = 'authorization',
) {
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token,
    payload: {
      payment: { gateway: 'redsys' },
      redsys: {
        url,
        fuc: redsysTestMerchant.fuc,
        terminal: redsysTestMerchant.terminal,
        currency: redsysTestMerchant.currency,
        transactionType,
        version: 'HMAC_SHA256_V1',
        encryptionKey: redsysTestMerchant.key,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A sales company with its register open. */
export async function openCompany(t: TestApp) {
  const c = await salesCompany(t);
  const registerId = await openRegister(t, c.token);
  return { ...c, registerId };
}

export async function openRegister(t: TestApp, token: string, initialAmount = 300) {
  const res = await call(t, 'POST', '/v1/admin/cash-register/open', { token, payload: { initialAmount } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** Two massages with 5 € off (85 €, 21 %) and one oil (10 €, 10 %). */
export const twoLines = (c: SalesCompany) => [
  { productId: c.massageId, quantity: 2, unitPrice: 45, discount: 5 },
  { productId: c.oilId, quantity: 1, unitPrice: 10 },
];

export async function createOrder(t: TestApp, c: SalesCompany, payload: Record<string, unknown> = {}) {
  return call(t, 'POST', '/v1/admin/orders', {
    token: c.token,
    payload: { status: 'paid', paymentMethod: 'cash', lines: twoLines(c), ...payload },
  });
}
