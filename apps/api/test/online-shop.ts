import type {
  ProductBody,
  PublicCheckoutBody,
  UpdateSettingsBody,
  WeeklySchedule,
} from '@mostrador/contract';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Company, company, createCalendar, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, type TestApp, unique } from './helpers.js';
import { useRedsys } from './sales-fixtures.js';
import { type FakeStripe, startFakeStripe } from './support/fake-stripe.js';

/**
 * A company that sells online, as the public checkout's tests need it: its payment gateway in its
 * settings (the local Stripe fake, or Redsys), a calendar open every day and a bookable product sold
 * online on it; and what a customer does with it over the public API: the start times, a checkout, its
 * state, the payment at the Stripe fake and the gateway's notification.
 */

/** The address the tests' apps write payment links under (PUBLIC_URL). */
export const shopPublicUrl = 'https://shop.example.test';

/** A Stripe test account: a secret key the fake knows, and the webhook's signing secret. */
export interface StripeAccount {
  secretKey: string;
  webhookSecret: string;
}

/**
 * The local Stripe fake, knowing `account`'s key, and an app whose Stripe SDK speaks to it, its payment
 * links under `shopPublicUrl`. Close both after the tests.
 */
export async function startStripeShopApp(
  account: StripeAccount,
): Promise<{ t: TestApp; stripe: FakeStripe }> {
  const stripe = await startFakeStripe({ secretKeys: [account.secretKey] });
  try {
    const t = await buildTestApp({ env: { STRIPE_API_URL: stripe.apiBase, PUBLIC_URL: shopPublicUrl } });
    return { t, stripe };
  } catch (error) {
    await stripe.close();
    throw error;
  }
}

/**
 * `startStripeShopApp(account)` before the file's tests, the app and the fake handed to `ready` (to keep
 * in the file's own variables); both closed after the tests.
 */
export function useStripeShopApp(
  account: StripeAccount,
  ready: (app: { t: TestApp; stripe: FakeStripe }) => void,
) {
  let app: { t: TestApp; stripe: FakeStripe } | undefined;
  beforeAll(async () => {
    app = await startStripeShopApp(account);
    ready(app);
  });
  afterAll(async () => {
    await app?.t.close();
    await app?.stripe.close();
  });
}

export interface OnlineShopOptions {
  /** Paid through Stripe with this account (the fake's), or through Redsys's test merchant at this address. */
  gateway: { stripe: StripeAccount } | { redsys: string };
  /** Settings saved with the Stripe gateway's, in the same request (company name, languages, cancellation…). */
  settings?: UpdateSettingsBody;
  /** The calendar's week (open every day, 09:00–14:00 and 16:00–20:00 unless told). */
  schedule?: WeeklySchedule;
  /** Minutes between the calendar's start times (60 unless told). */
  slot?: number;
  /** The calendar's places at one time (1 unless told). */
  capacity?: number;
  /** On top of the product's defaults: Masaje, bookable, 60 minutes, 45 €, sold online on the calendar. */
  product?: Partial<Omit<ProductBody, 'taxType'>>;
}

export interface OnlineShop extends Company {
  calendarId: number;
  productId: number;
  /** The Stripe account its settings name; null when it is paid through Redsys. */
  stripe: StripeAccount | null;
}

/** A company paid online through `gateway`, one calendar and a bookable product sold online on it. */
export async function onlineShop(t: TestApp, options: OnlineShopOptions): Promise<OnlineShop> {
  const c = await company(t);
  const stripe = 'stripe' in options.gateway ? options.gateway.stripe : null;
  if (stripe) {
    const settings = await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: {
        ...options.settings,
        payment: { gateway: 'stripe' },
        stripe: {
          mode: 'test',
          testPublishKey: 'pk_test_x',
          testSecretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
        },
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  } else {
    if (options.settings) throw new Error('onlineShop: settings go with the Stripe gateway only');
    await useRedsys(t, c.token, (options.gateway as { redsys: string }).redsys);
  }
  const calendar = await createCalendar(t, c.token, {
    schedule: options.schedule ?? everyDay(),
    duration: options.slot ?? 60,
    maximumConcurrentBookings: options.capacity ?? 1,
  });
  const product = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Masaje',
    type: 'bookable',
    durationInMinutes: 60,
    price: 45,
    sellOnline: true,
    bookingCalendarId: calendar.id,
    ...options.product,
  });
  return { ...c, calendarId: calendar.id, productId: product.id, stripe };
}

/** The UTC date (YYYY-MM-DD) `offsetDays` from now. */
export const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The public start times of the shop's product from the day after tomorrow to the day after. */
export async function publicSlots(t: TestApp, s: OnlineShop) {
  const res = await call(t, 'GET', `/v1/public/${s.code}/products/${s.productId}/availability`, {
    query: { from: utcDay(2), to: utcDay(3) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.days as { slots: { startsAt: string; freePlaces: number }[] }[]).flatMap(
    (d) => d.slots,
  );
}

/** The first public start time of the shop's product (from the day after tomorrow). */
export async function firstSlot(t: TestApp, s: OnlineShop) {
  return (await publicSlots(t, s))[0]!.startsAt;
}

/**
 * POST /public/{code}/checkouts: one place of the shop's product at `startsAt`, paid online, by a
 * customer with a unique email, in Spanish, unless `overrides` say otherwise. Answers the answer.
 */
export function postCheckout(
  t: TestApp,
  s: OnlineShop,
  startsAt: string,
  overrides: Partial<Omit<PublicCheckoutBody, 'productId' | 'startsAt'>> = {},
) {
  const payload: PublicCheckoutBody = {
    productId: s.productId,
    startsAt,
    quantity: 1,
    customer: { name: 'Cliente', email: `${unique('cliente')}@example.es`, phone: '+34600123456' },
    language: 'es',
    payment: { method: 'online' },
    ...overrides,
  };
  return call(t, 'POST', `/v1/public/${s.code}/checkouts`, { payload });
}

/** `postCheckout`, which must be a 201 awaiting payment: its token, payment link and hold's expiry. */
export async function createCheckout(
  t: TestApp,
  s: OnlineShop,
  startsAt: string,
  overrides: Parameters<typeof postCheckout>[3] = {},
) {
  const res = await postCheckout(t, s, startsAt, overrides);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { checkout: string; payUrl: string; holdExpiresAt: string };
}

/** GET /public/{code}/checkouts/{token}: the checkout as its customer's page reads it. */
export const checkoutState = async (t: TestApp, s: OnlineShop, token: string) =>
  (await call(t, 'GET', `/v1/public/${s.code}/checkouts/${token}`)).body.data;

/** The customer opens the payment page: a Stripe Checkout Session, pending. Answers its id. */
export async function openStripePage(t: TestApp, stripe: FakeStripe, payUrl: string) {
  const opened = await t.app.inject({ method: 'GET', url: new URL(payUrl).pathname });
  expect(opened.statusCode).toBe(303);
  return [...stripe.sessions.keys()].at(-1)!;
}

/** Stripe notifies the shop's webhook of `delivery`, signed with its account's secret. Answers the answer. */
export function stripeNotifies(t: TestApp, stripe: FakeStripe, s: OnlineShop, delivery: { payload: string }) {
  if (!s.stripe) throw new Error('stripeNotifies: the shop is not paid through Stripe');
  return t.app.inject({
    method: 'POST',
    url: `/v1/payments/stripe/webhook/${s.license.id}`,
    payload: delivery.payload,
    headers: stripe.signedDelivery(delivery.payload, s.stripe.webhookSecret),
  });
}

/** The customer pays the opened session `sessionId` at Stripe and Stripe notifies. Answers the webhook's answer. */
export function payStripeSession(t: TestApp, stripe: FakeStripe, s: OnlineShop, sessionId: string) {
  return stripeNotifies(t, stripe, s, stripe.completeSession(sessionId));
}

/** The customer opens the payment page, pays at Stripe, and Stripe notifies (200). Answers the session's id. */
export async function payAtStripe(t: TestApp, stripe: FakeStripe, s: OnlineShop, payUrl: string) {
  const sessionId = await openStripePage(t, stripe, payUrl);
  const res = await payStripeSession(t, stripe, s, sessionId);
  expect(res.statusCode, res.body).toBe(200);
  return sessionId;
}

/** POST /admin/bookings by the shop's staff: its product on its calendar at `startsAt` for `customerId`. */
export function staffBooks(
  t: TestApp,
  s: OnlineShop,
  startsAt: string,
  customerId: number,
  extra: Record<string, unknown> = {},
) {
  return call(t, 'POST', '/v1/admin/bookings', {
    token: s.token,
    payload: { bookingCalendarId: s.calendarId, productId: s.productId, customerId, startsAt, ...extra },
  });
}

/** A customer at the desk ('Mostrador'), made by the shop's staff: its id. */
export async function deskCustomer(t: TestApp, s: OnlineShop): Promise<number> {
  const res = await call(t, 'POST', '/v1/admin/customers', {
    token: s.token,
    payload: { name: 'Mostrador' },
  });
  return res.body.data.id;
}

/** The rows a raw SQL query answers, on PGlite as on PostgreSQL. */
export async function sqlRows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result = await t.database.db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
