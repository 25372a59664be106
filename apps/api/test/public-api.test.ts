import { ErrorCode } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicRateLimit } from '../src/modules/public/public.routes.js';
import { company, createCalendar, createCustomer, createProduct, everyDay } from './factories.js';
import {
  buildTestApp,
  call,
  expectError,
  failingFields,
  pngImage,
  type TestApp,
  uploadFile,
} from './helpers.js';

/*
 * The public API of issue 20 (`/v1/public/{licenseCode}`): the company's face, its products sold online
 * in the customer's language, their availability, checkouts paid with a gift voucher, bad input and
 * another company's ids.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://shop.example.test' } });
});
afterAll(async () => {
  await t?.close();
});

/** The company's (Madrid's) date `offsetDays` from today. */
const madridDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' });
const localDay = (offsetDays: number) => madridDate.format(new Date(Date.now() + offsetDays * 86_400_000));
const madridHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Madrid',
  hour: '2-digit',
  minute: '2-digit',
});

async function shop() {
  const c = await company(t);
  const settings = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      companyName: 'Spa Mar',
      locale: 'es',
      otherLanguages: ['en', 'ca'],
      giftVouchers: { daysQuantityForAGiftVoucherExpiration: 365, numberOfBookings: 1 },
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const calendar = await createCalendar(t, c.token, {
    schedule: everyDay([{ openAt: '10:00', closedAt: '12:00' }]),
    duration: 60,
    maximumConcurrentBookings: 3,
  });
  const massage = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Masaje',
    description: 'Relajante',
    type: 'bookable',
    durationInMinutes: 60,
    publicDuration: 50,
    price: 45.5,
    sellOnline: true,
    bookingCalendarId: calendar.id,
  });
  const gift = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Masaje regalo',
    type: 'bookable_gift',
    durationInMinutes: 60,
    price: 45,
    sellOnline: true,
    bookingCalendarId: calendar.id,
  });
  const hidden = await createProduct(t, c.token, { taxId: c.taxId, name: 'Aceite', price: 10 });
  const translated = await call(t, 'PUT', `/v1/admin/products/${massage.id}/translations`, {
    token: c.token,
    payload: [{ language: 'en', name: 'Massage', description: 'Relaxing' }],
  });
  expect(translated.status, JSON.stringify(translated.body)).toBe(200);
  return { ...c, calendarId: calendar.id, massageId: massage.id, giftId: gift.id, hiddenId: hidden.id };
}

describe('Public API', () => {
  it("answers the company's face; an unknown or switched-off license is 404", async () => {
    const s = await shop();
    const res = await call(t, 'GET', `/v1/public/${s.code}/company`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      name: 'Spa Mar',
      logoUrl: null,
      color: '#0f766e',
      languages: ['es', 'en', 'ca'],
      mainLanguage: 'es',
      timeZone: 'Europe/Madrid',
    });
    await call(t, 'PUT', '/v1/admin/settings', { token: s.token, payload: { widgetColor: '#1D4ED8' } });
    expect((await call(t, 'GET', `/v1/public/${s.code}/company`)).body.data.color).toBe('#1d4ed8');
    expectError(await call(t, 'GET', '/v1/public/no-such-license/company'), 404, ErrorCode.notFound);
    await t.database.db.execute(sql`update licenses set status = 'inactive' where id = ${s.license.id}`);
    expectError(await call(t, 'GET', `/v1/public/${s.code}/company`), 404, ErrorCode.notFound);
  });

  it("tells staff where the company's widget is served, from PUBLIC_URL", async () => {
    const s = await shop();
    const res = await call(t, 'GET', '/v1/admin/settings/widget', { token: s.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      licenseCode: s.code,
      scriptUrl: 'https://shop.example.test/widget.js',
      frameUrl: `https://shop.example.test/widget/${encodeURIComponent(s.code)}`,
    });
    expect((await call(t, 'GET', '/v1/admin/settings/widget')).status).toBe(401);
  });

  it('serves the logo and the images of products sold online, nothing else', async () => {
    const s = await shop();
    const png = await pngImage(4, 4);
    const logo = (await uploadFile(t, s.token, png, 'logo.png')).body.data.id;
    const other = (await uploadFile(t, s.token, png, 'private.png')).body.data.id;
    await call(t, 'PUT', '/v1/admin/settings', { token: s.token, payload: { logo } });
    const face = (await call(t, 'GET', `/v1/public/${s.code}/company`)).body.data;
    expect(face.logoUrl).toBe(`https://shop.example.test/v1/public/${s.code}/files/${logo}`);
    const file = await t.app.inject({ method: 'GET', url: new URL(face.logoUrl).pathname });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expectError(await call(t, 'GET', `/v1/public/${s.code}/files/${other}`), 404, ErrorCode.notFound);
  });

  it('lists the products sold online in the language asked, else the main one', async () => {
    const s = await shop();
    const en = await call(t, 'GET', `/v1/public/${s.code}/products`, { query: { language: 'en' } });
    expect(en.status, JSON.stringify(en.body)).toBe(200);
    expect(en.body.data.items).toEqual([
      {
        id: s.massageId,
        name: 'Massage',
        description: 'Relaxing',
        price: 45.5,
        duration: 50,
        imageUrl: null,
        bookable: true,
      },
      expect.objectContaining({ id: s.giftId, name: 'Masaje regalo', bookable: true }),
    ]);
    const fallback = await call(t, 'GET', `/v1/public/${s.code}/products`, { query: { language: 'de' } });
    expect(fallback.body.data.items[0]).toMatchObject({ name: 'Masaje', description: 'Relajante' });
    const bad = await call(t, 'GET', `/v1/public/${s.code}/products`, { query: { language: 'xx' } });
    expectError(bad, 400, ErrorCode.validation);
    expect(failingFields(bad)).toEqual(['language']);
  });

  it('answers the start times per company day, DST days included, and counts bookings', async () => {
    const s = await shop();
    const res = await call(t, 'GET', `/v1/public/${s.code}/products/${s.massageId}/availability`, {
      query: { from: localDay(1), to: localDay(4) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const days = res.body.data.days as { date: string; slots: { startsAt: string; freePlaces: number }[] }[];
    expect(days.map((d) => d.date)).toEqual([localDay(1), localDay(2), localDay(3)]);
    // 10:00 and 11:00 Madrid time each day, three places each.
    for (const d of days) {
      expect(d.slots).toHaveLength(2);
      expect(d.slots.every((x) => x.freePlaces === 3)).toBe(true);
    }
    // A booking of two places leaves one.
    const customer = await createCustomer(t, s.token, { name: 'Ana' });
    const start = days[1]!.slots[0]!.startsAt;
    const booked = await call(t, 'POST', '/v1/admin/bookings', {
      token: s.token,
      payload: {
        bookingCalendarId: s.calendarId,
        productId: s.massageId,
        customerId: customer.id,
        startsAt: start,
        quantity: 2,
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const again = await call(t, 'GET', `/v1/public/${s.code}/products/${s.massageId}/availability`, {
      query: { from: localDay(2), to: localDay(3) },
    });
    expect(again.body.data.days[0].slots[0]).toEqual({ startsAt: start, freePlaces: 1 });
    // The spring DST change in Madrid (28 March 2027 is 23 hours long): 10:00 local is 08:00 UTC.
    const dst = await call(t, 'GET', `/v1/public/${s.code}/products/${s.massageId}/availability`, {
      query: { from: '2027-03-27', to: '2027-03-29' },
    });
    expect(dst.body.data.days).toEqual([
      {
        date: '2027-03-27',
        slots: [
          { startsAt: '2027-03-27T09:00:00.000Z', freePlaces: 3 },
          { startsAt: '2027-03-27T10:00:00.000Z', freePlaces: 3 },
        ],
      },
      {
        date: '2027-03-28',
        slots: [
          { startsAt: '2027-03-28T08:00:00.000Z', freePlaces: 3 },
          { startsAt: '2027-03-28T09:00:00.000Z', freePlaces: 3 },
        ],
      },
    ]);
  });

  it("honours the calendar's forecast, notice and closings, and refuses a checkout they rule out", async () => {
    const s = await shop();
    await call(t, 'PUT', `/v1/admin/booking-calendars/${s.calendarId}`, {
      token: s.token,
      payload: {
        name: 'Sala',
        schedule: everyDay([{ openAt: '10:00', closedAt: '12:00' }]),
        duration: 60,
        maximumConcurrentBookings: 3,
        maximumDaysOfBookingForecast: 3,
        minimumMinutesInAdvanceForBooking: 2 * 24 * 60,
      },
    });
    const closed = await call(t, 'POST', `/v1/admin/booking-calendars/${s.calendarId}/schedule-anomalies`, {
      token: s.token,
      payload: { type: 'close', startDate: `${localDay(3)}T11:00:00`, endDate: `${localDay(3)}T12:00:00` },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const res = await call(t, 'GET', `/v1/public/${s.code}/products/${s.massageId}/availability`, {
      query: { from: localDay(0), to: localDay(6) },
    });
    const days = res.body.data.days as { date: string; slots: { startsAt: string }[] }[];
    // Two days' notice (nothing today or tomorrow), a forecast of three days (nothing after the third),
    // and the third day's 11:00 closed: its 10:00 alone.
    const slotsOf = (offset: number) => days.find((d) => d.date === localDay(offset))!.slots;
    expect(slotsOf(0)).toEqual([]);
    expect(slotsOf(1)).toEqual([]);
    expect(slotsOf(3).map((x) => madridHour.format(new Date(x.startsAt)))).toEqual(['10:00']);
    for (const offset of [4, 5]) expect(slotsOf(offset)).toEqual([]);
    const tooSoon = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: {
        productId: s.giftId,
        startsAt: `${localDay(1)}T10:00:00`,
        customer: { name: 'Ana', email: 'ana@example.es', phone: '+34600123456' },
        language: 'es',
        payment: { method: 'giftVoucher', code: 'ABCDEFGHJKLM' },
      },
    });
    expectError(tooSoon, 409, ErrorCode.bookingTooSoon);
  });

  it('refuses bad ranges, products not sold online and another company’s products', async () => {
    const s = await shop();
    const other = await shop();
    const url = (id: number) => `/v1/public/${s.code}/products/${id}/availability`;
    const range = (from: string, to: string) => ({ query: { from, to } });
    const tooLong = await call(t, 'GET', url(s.massageId), range('2030-01-01', '2030-03-05'));
    expectError(tooLong, 400, ErrorCode.validation);
    expect(failingFields(tooLong)).toEqual(['to']);
    const notADate = await call(t, 'GET', url(s.massageId), range('2030-02-30', 'tomorrow'));
    expect(failingFields(notADate).sort()).toEqual(['from', 'to']);
    expectError(
      await call(t, 'GET', url(s.hiddenId), range(localDay(1), localDay(2))),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'GET', url(other.massageId), range(localDay(1), localDay(2))),
      404,
      ErrorCode.notFound,
    );
  });
});

describe('Public checkout', () => {
  const body = (s: { massageId: number }, overrides: Record<string, unknown> = {}) => ({
    productId: s.massageId,
    startsAt: `${localDay(2)}T10:00:00`,
    quantity: 1,
    customer: { name: 'Lucía', surname: 'Martín', email: 'lucia@example.es', phone: '+34600123456' },
    language: 'en',
    payment: { method: 'online' },
    ...overrides,
  });

  it('names each failing field of a bad checkout', async () => {
    const s = await shop();
    const res = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: {
        productId: 'x',
        startsAt: '',
        customer: { name: '', email: 'nope', phone: '600' },
        language: 'xx',
        payment: { method: 'cash' },
      },
    });
    expectError(res, 400, ErrorCode.validation);
    expect(failingFields(res).sort()).toEqual(
      [
        'customer.email',
        'customer.name',
        'customer.phone',
        'language',
        'payment.method',
        'productId',
        'startsAt',
      ].sort(),
    );
    const other = await shop();
    const foreign = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: body(other),
    });
    expectError(foreign, 400, ErrorCode.validation);
    expect(failingFields(foreign)).toEqual(['productId']);
    // A gift product is booked with its voucher, never sold as a booking (its sale would give a voucher too).
    const gift = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: body(s, { productId: s.giftId }),
    });
    expectError(gift, 400, ErrorCode.validation);
    expect(failingFields(gift)).toEqual(['payment.method']);
  });

  it('makes one customer of parallel checkouts by a new address', async () => {
    const s = await shop();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
          payload: body(s, { payment: { method: 'giftVoucher', code: 'ABCDEFGHJKLM' } }),
        }),
      ),
    );
    const customers = await call(t, 'GET', '/v1/admin/customers', { token: s.token });
    expect(customers.body.data.items).toHaveLength(1);
  });

  it('refuses an online checkout while the company has no gateway (409), leaving nothing behind', async () => {
    const s = await shop();
    const res = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, { payload: body(s) });
    expectError(res, 409, ErrorCode.onlinePaymentsNotConfigured);
    const holds = await t.database.db.execute(
      sql`select id from booking_holds where license_id = ${s.license.id}`,
    );
    expect(Array.isArray(holds) ? holds : (holds as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('books at once with a gift voucher, for the customer found by email, and answers its code', async () => {
    const s = await shop();
    const buyer = await createCustomer(t, s.token, { name: 'Lucía', email: 'LUCIA@example.es' });
    const sale = await call(t, 'POST', '/v1/admin/orders', {
      token: s.token,
      payload: {
        customerId: buyer.id,
        status: 'paid',
        paymentMethod: 'transfer',
        lines: [{ productId: s.giftId, quantity: 1, unitPrice: 45 }],
      },
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const vouchers = await call(t, 'GET', '/v1/admin/gift-vouchers', { token: s.token });
    const code = vouchers.body.data.items[0].code as string;
    const startsAt = `${localDay(2)}T10:00:00`;
    const res = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: body(s, { productId: s.giftId, startsAt, payment: { method: 'giftVoucher', code } }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'confirmed',
      checkout: null,
      payUrl: null,
      booking: { productId: s.giftId, quantity: 1 },
    });
    expect(res.body.data.booking.bookingCode).toMatch(new RegExp(`^B1\\.${s.license.id}\\.\\d+\\.`));
    const bookings = await call(t, 'GET', '/v1/admin/bookings', { token: s.token });
    expect(bookings.body.data.items).toMatchObject([{ customerId: buyer.id, giftVoucherCode: code }]);
    // The voucher is used up: a second booking with it is refused.
    const again = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: body(s, { productId: s.giftId, startsAt, payment: { method: 'giftVoucher', code } }),
    });
    expect(again.status).toBe(409);
  });

  it('a new customer is created from the checkout; an unknown checkout token is 404', async () => {
    const s = await shop();
    const res = await call(t, 'POST', `/v1/public/${s.code}/checkouts`, {
      payload: body(s, { payment: { method: 'giftVoucher', code: 'ABCDEFGHJKLM' } }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const customers = await call(t, 'GET', '/v1/admin/customers', { token: s.token });
    expect(customers.body.data.items).toMatchObject([
      { contactName: 'Lucía', contactSurname: 'Martín', contactEmail: 'lucia@example.es' },
    ]);
    expectError(
      await call(t, 'GET', `/v1/public/${s.code}/checkouts/${'a'.repeat(43)}`),
      404,
      ErrorCode.notFound,
    );
  });

  it('is documented under its own tag, without a security requirement', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/v1/public/{licenseCode}/checkouts'].post;
    expect(op.tags).toEqual(['public']);
    expect(op.security).toEqual([]);
    // Every public route is rate limited, its reads too.
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, { responses: object }>>,
    )) {
      if (!path.startsWith('/v1/public/')) continue;
      for (const operation of Object.values(methods))
        expect(Object.keys(operation.responses)).toContain('429');
    }
    expect(Object.keys(doc.paths['/v1/admin/bookings'].get.responses)).not.toContain('429');
  });
});

describe('Public API: CORS and rate limit', () => {
  it("lets only the company's widget and web origins read it, preflight included", async () => {
    const s = await shop();
    await call(t, 'PUT', '/v1/admin/settings', {
      token: s.token,
      payload: { widgetUrl: 'https://widget.spamar.example/book', web: 'https://www.spamar.example' },
    });
    const url = `/v1/public/${s.code}/products`;
    for (const origin of ['https://widget.spamar.example', 'https://www.spamar.example']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers.vary).toContain('Origin');
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: `/v1/public/${s.code}/checkouts`,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers).toMatchObject({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
      });
    }
    // A refusal is readable by the widget too.
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/public/${s.code}/checkouts`,
      headers: { origin: 'https://www.spamar.example' },
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['access-control-allow-origin']).toBe('https://www.spamar.example');
    // Any other origin (another site, another company's, a look-alike) gets no permission.
    for (const origin of [
      'https://evil.example',
      'http://www.spamar.example',
      'https://www.spamar.example.evil',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    }
    const other = await shop();
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/public/${other.code}/products`,
      headers: { origin: 'https://www.spamar.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // An unknown path under the public API is the house's 404, preflight or not.
    expectError(await call(t, 'GET', `/v1/public/${s.code}/nothing-here`), 404, ErrorCode.notFound);
  });

  it('slows down one address per company (429 with Retry-After), not the others', async () => {
    const s = await shop();
    const other = await shop();
    const get = (code: string, ip: string) =>
      t.app.inject({ method: 'GET', url: `/v1/public/${code}/company`, remoteAddress: ip });
    const statuses: number[] = [];
    for (let i = 0; i <= publicRateLimit.max; i++) statuses.push((await get(s.code, '10.0.0.7')).statusCode);
    expect(statuses.slice(0, publicRateLimit.max).every((x) => x === 200)).toBe(true);
    const limited = await get(s.code, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.code).toBe(ErrorCode.tooManyAttempts);
    // Another address, or the same address on another company, goes on.
    expect((await get(s.code, '10.0.0.8')).statusCode).toBe(200);
    expect((await get(other.code, '10.0.0.7')).statusCode).toBe(200);
  });
});
