import { expect } from 'vitest';
import { call, createLicense, type TestApp } from './helpers.js';

type Owner = Awaited<ReturnType<typeof createLicense>>;
export interface SalesCompany extends Owner {
  /** IVA 21 % and IVA 10 %. */
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

export { expectError } from './helpers.js';

export const fieldsOf = (res: Res) =>
  ((res.body.error?.details ?? []) as { field: string }[]).map((d) => d.field).sort();

async function created(res: Res) {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const day = [
  { openAt: '09:00', closedAt: '14:00' },
  { openAt: '16:00', closedAt: '20:00' },
];
const everyDay = {
  monday: day,
  tuesday: day,
  wednesday: day,
  thursday: day,
  friday: day,
  saturday: day,
  sunday: day,
};

/** A license with two taxes, a bookable and a regular product, a calendar (capacity 1), two customers. */
export async function salesCompany(t: TestApp): Promise<SalesCompany> {
  const owner = await createLicense(t);
  const token = owner.token;
  const tax21 = await created(
    await call(t, 'POST', '/v1/admin/taxes', { token, payload: { name: 'IVA 21%', percentage: 21 } }),
  );
  const tax10 = await created(
    await call(t, 'POST', '/v1/admin/taxes', { token, payload: { name: 'IVA 10%', percentage: 10 } }),
  );
  const calendarId = await created(
    await call(t, 'POST', '/v1/admin/booking-calendars', {
      token,
      payload: { name: 'Sala', schedule: everyDay, duration: 30 },
    }),
  );
  const massageId = await created(
    await call(t, 'POST', '/v1/admin/products', {
      token,
      payload: { name: 'Masaje', type: 'bookable', price: 45, taxType: tax21, durationInMinutes: 60 },
    }),
  );
  const oilId = await created(
    await call(t, 'POST', '/v1/admin/products', {
      token,
      payload: { name: 'Aceite', type: 'regular', price: 10, taxType: tax10 },
    }),
  );
  const customerId = await created(
    await call(t, 'POST', '/v1/admin/customers', {
      token,
      payload: {
        name: 'Ana',
        surname: 'García',
        email: 'ana@example.es',
        phone: '+34600111222',
        company: 'ACME',
      },
    }),
  );
  const noEmailCustomerId = await created(
    await call(t, 'POST', '/v1/admin/customers', { token, payload: { name: 'Luis' } }),
  );
  return { ...owner, tax21, tax10, calendarId, massageId, oilId, customerId, noEmailCustomerId };
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
