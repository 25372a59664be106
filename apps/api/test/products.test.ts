import { ErrorCode, languages, type ProductListItem } from '@mostrador/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orderLines, orders, products, productTranslations, suppliers } from '../src/db/schema.js';
import {
  bookable,
  company,
  createCalendar,
  createCustomer,
  createFile,
  createProduct,
  createTax,
  readList,
} from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  expectError,
  failingFields,
  pngImage,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/products';

async function getProduct(token: string, id: number) {
  const res = await call(t, 'GET', `${url}/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const list = (token: string, query: Record<string, string> = {}) =>
  readList<ProductListItem>(t, token, url, query);

const ids = (items: { id: number }[]) => items.map((x) => x.id);

/** An order line selling the product, as the sales work will write it. */
async function sellInAnOrder(licenseId: number, productId: number) {
  const [order] = await t.database.db
    .insert(orders)
    .values({
      licenseId,
      code: Math.floor(Math.random() * 1e9),
      status: 'paid',
      paymentMethod: 'transfer',
      taxBaseCents: 3719,
      totalCents: 4500,
    })
    .returning();
  await t.database.db.insert(orderLines).values({
    licenseId,
    orderId: order!.id,
    productId,
    quantity: 1,
    unitPriceCents: 4500,
    discountCents: 0,
  });
}

const nullTypeFields = {
  durationInMinutes: null,
  publicDuration: null,
  spacesOccupiedInTheCalendar: null,
  canCustomersChangeTheBookingDate: false,
  howManyTimesCanCustomerRescheduleBooking: null,
  periodicity: null,
  freeSubscriptionTrialDays: null,
  daysToPaySubscriptionRenewal: null,
  periodicityOfSubscriptionPayment: null,
};

describe('product CRUD', () => {
  it('creates a bookable product with every field and answers them all on GET', async () => {
    const { token, taxId } = await company(t);
    const image = (await createFile(t, token, await pngImage(4, 4), 'masaje.png')).id;
    const calendarId = (await createCalendar(t, token)).id;
    const created = await createProduct(t, token, {
      taxId,
      reference: '  MAS-60  ',
      name: '  Masaje relajante  ',
      description: 'Masaje de cuerpo entero con aceites esenciales.',
      price: 45.5,
      image,
      type: 'bookable',
      status: 'disabled',
      sellOnline: true,
      durationInMinutes: 75,
      publicDuration: 60,
      spacesOccupiedInTheCalendar: 2,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 2,
      supplierCommissionType: 'percentage',
      supplierCommissionQuantity: 12.5,
      bookingCalendarId: calendarId,
    });
    expect(created).toEqual({
      id: expect.any(Number),
      reference: 'MAS-60',
      name: 'Masaje relajante',
      description: 'Masaje de cuerpo entero con aceites esenciales.',
      price: 45.5,
      image,
      type: 'bookable',
      taxType: taxId,
      status: 'disabled',
      sellOnline: true,
      durationInMinutes: 75,
      publicDuration: 60,
      spacesOccupiedInTheCalendar: 2,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 2,
      periodicity: null,
      freeSubscriptionTrialDays: null,
      daysToPaySubscriptionRenewal: null,
      periodicityOfSubscriptionPayment: null,
      supplierCommissionType: 'percentage',
      supplierCommissionQuantity: 12.5,
      bookingCalendarId: calendarId,
      supplierId: null,
      packSessions: null,
      packProductIds: [],
      creditAmount: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await getProduct(token, created.id)).toEqual(created);
  });

  it('takes the defaults: enabled, not online, one space, no reference, no image', async () => {
    const { token, taxId } = await company(t);
    const regular = await createProduct(t, token, {
      taxId,
      name: 'Crema hidratante',
      type: 'regular',
      price: 12,
    });
    expect(regular).toMatchObject({
      reference: null,
      description: null,
      image: null,
      status: 'enabled',
      sellOnline: false,
      supplierCommissionType: null,
      supplierCommissionQuantity: null,
      bookingCalendarId: null,
      supplierId: null,
      ...nullTypeFields,
    });
    const bookable = await createProduct(t, token, {
      taxId,
      name: 'Masaje',
      type: 'bookable',
      price: 40,
      durationInMinutes: 60,
    });
    expect(bookable).toMatchObject({
      spacesOccupiedInTheCalendar: 1,
      canCustomersChangeTheBookingDate: false,
      howManyTimesCanCustomerRescheduleBooking: null,
      publicDuration: null,
      periodicity: null,
    });
    // A subscription without a periodicity is charged every month (the spec's default).
    const membership = await createProduct(t, token, {
      taxId,
      name: 'Cuota mensual',
      type: 'subscription',
      price: 59,
    });
    expect(membership).toMatchObject({
      periodicity: { quantity: 1, unit: 'month' },
      durationInMinutes: null,
      spacesOccupiedInTheCalendar: null,
      freeSubscriptionTrialDays: null,
    });
  });

  it('keeps the subscription fields for subscription types and the booking fields for bookable ones', async () => {
    const { token, taxId } = await company(t);
    const subscription = {
      periodicity: { quantity: 3, unit: 'month' },
      freeSubscriptionTrialDays: 7,
      daysToPaySubscriptionRenewal: 5,
      periodicityOfSubscriptionPayment: 'monthly',
    } as const;
    const booking = {
      durationInMinutes: 45,
      publicDuration: 40,
      spacesOccupiedInTheCalendar: 3,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 1,
    } as const;
    const classOf = await createProduct(t, token, {
      taxId,
      name: 'Clase',
      type: 'bookable',
      price: 10,
      durationInMinutes: 30,
    });
    const both = await createProduct(t, token, {
      taxId,
      name: 'Suscripción de reservas',
      type: 'bookings_subscription',
      price: 80,
      packSessions: 4,
      packProductIds: [classOf.id],
      ...subscription,
      ...booking,
    });
    expect(both).toMatchObject({ ...subscription, ...booking });
    for (const type of ['program_subscription', 'supplier_subscription', 'credit_subscription'] as const) {
      const p = await createProduct(t, token, {
        taxId,
        name: type,
        type,
        price: 10,
        packProductIds: [classOf.id],
        ...subscription,
      });
      expect(p, type).toMatchObject({ ...subscription, durationInMinutes: null });
    }
    for (const type of ['bookable', 'bookable_gift'] as const) {
      const p = await createProduct(t, token, {
        taxId,
        name: type,
        type,
        price: 10,
        ...booking,
        ...subscription,
      });
      expect(p, type).toMatchObject({
        ...booking,
        periodicity: null,
        freeSubscriptionTrialDays: null,
        daysToPaySubscriptionRenewal: null,
        periodicityOfSubscriptionPayment: null,
      });
    }
    // Fields that do not apply to the type are not kept.
    const sessionOf = await createProduct(t, token, {
      taxId,
      name: 'Sesión',
      type: 'bookable',
      price: 10,
      durationInMinutes: 30,
    });
    for (const type of ['pack', 'credit', 'regular'] as const) {
      const p = await createProduct(t, token, {
        taxId,
        name: type,
        type,
        price: 10,
        ...(type === 'pack' ? { packSessions: 2, packProductIds: [sessionOf.id] } : {}),
        ...booking,
        ...subscription,
      });
      expect(p, type).toMatchObject(nullTypeFields);
    }
    // The number of date changes only counts when customers may change the date.
    const fixed = await createProduct(t, token, {
      taxId,
      name: 'Fija',
      type: 'bookable',
      price: 10,
      durationInMinutes: 30,
      canCustomersChangeTheBookingDate: false,
      howManyTimesCanCustomerRescheduleBooking: 3,
    });
    expect(fixed.howManyTimesCanCustomerRescheduleBooking).toBeNull();
  });

  it('links only products booked on a calendar to one: another type stores no calendar', async () => {
    const { token, taxId } = await company(t);
    const calendarId = (await createCalendar(t, token)).id;
    const cream = await createProduct(t, token, {
      taxId,
      name: 'Crema',
      type: 'regular',
      price: 10,
      bookingCalendarId: calendarId,
    });
    expect(cream.bookingCalendarId).toBeNull();
    // And so the calendar can go, nothing being booked on it.
    expect((await call(t, 'DELETE', `/v1/admin/booking-calendars/${calendarId}`, { token })).status).toBe(
      200,
    );
  });

  it('replaces every field with PUT', async () => {
    const { token, taxId } = await company(t);
    const tax10 = (await createTax(t, token, { name: 'IVA 10%', percentage: 10 })).id;
    const created = await createProduct(t, token, {
      taxId,
      reference: 'A-1',
      name: 'Masaje',
      description: 'Antes',
      price: 40,
      type: 'bookable',
      durationInMinutes: 60,
      sellOnline: true,
    });
    const session = await createProduct(t, token, {
      taxId,
      name: 'Sesión',
      type: 'bookable',
      price: 10,
      durationInMinutes: 30,
    });
    const next = {
      reference: 'B-2',
      name: 'Bono 5 masajes',
      description: 'Después',
      price: 180,
      type: 'pack',
      packSessions: 5,
      packProductIds: [session.id],
      taxType: tax10,
      status: 'disabled',
      sellOnline: false,
    };
    const updated = await call(t, 'PUT', `${url}/${created.id}`, { token, payload: next });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: created.id,
      ...next,
      taxType: tax10,
      durationInMinutes: null,
      supplierId: null,
      createdAt: created.createdAt,
    });
    expect(await getProduct(token, created.id)).toEqual(updated.body.data);
    // What a PUT leaves out takes its default: the body is the whole product.
    const cleared = await call(t, 'PUT', `${url}/${created.id}`, {
      token,
      payload: {
        name: 'Bono',
        type: 'pack',
        price: 180,
        taxType: tax10,
        packSessions: 5,
        packProductIds: [session.id],
      },
    });
    expect(cleared.body.data).toMatchObject({ reference: null, description: null, status: 'enabled' });
  });

  it('deletes a product with its translations', async () => {
    const { token, taxId } = await company(t);
    const kept = await createProduct(t, token, { taxId, name: 'Kept', type: 'regular', price: 1 });
    const gone = await createProduct(t, token, {
      taxId,
      name: 'Gone',
      reference: 'GONE',
      type: 'regular',
      price: 1,
    });
    await call(t, 'PUT', `${url}/${gone.id}/translations`, {
      token,
      payload: [{ language: 'en', name: 'Gone (en)', description: null }],
    });
    const removed = await call(t, 'DELETE', `${url}/${gone.id}`, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    expectError(await call(t, 'GET', `${url}/${gone.id}`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'DELETE', `${url}/${gone.id}`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'GET', `${url}/${gone.id}/translations`, { token }), 404, ErrorCode.notFound);
    const left = await t.database.db
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.productId, gone.id));
    expect(left).toEqual([]);
    expect(ids((await list(token)).items)).toEqual([kept.id]);
    // Its reference is free again.
    await createProduct(t, token, { taxId, name: 'Again', reference: 'gone', type: 'regular', price: 1 });
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a session', async () => {
    const { token, taxId } = await company(t);
    const body = { name: 'x', type: 'regular', price: 1, taxType: taxId };
    expectError(await call(t, 'GET', `${url}/999999`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'PUT', `${url}/999999`, { token, payload: body }), 404, ErrorCode.notFound);
    expectError(await call(t, 'DELETE', `${url}/999999`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'GET', `${url}/999999/translations`, { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', `${url}/999999/translations`, { token, payload: [] }),
      404,
      ErrorCode.notFound,
    );
    expect(failingFields(await call(t, 'GET', `${url}/abc`, { token }))).toEqual(['id']);
    expect(failingFields(await call(t, 'GET', `${url}/0`, { token }))).toEqual(['id']);
    expectError(await call(t, 'GET', url), 401, ErrorCode.unauthenticated);
    expectError(await call(t, 'POST', url, { payload: body }), 401, ErrorCode.unauthenticated);
    expectError(await call(t, 'GET', `${url}/1/translations`), 401, ErrorCode.unauthenticated);
  });
});

describe('product validation', () => {
  it('refuses bad input naming the field, and saves nothing', async () => {
    const { token, taxId } = await company(t);
    const base = {
      name: 'Masaje',
      type: 'bookable',
      price: 45,
      taxType: taxId,
      durationInMinutes: 60,
    } as const;
    const subscription = { name: 'Cuota', type: 'subscription', price: 30, taxType: taxId } as const;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, type: 'service' }, 'type'],
      [{ ...base, type: 'BOOKABLE' }, 'type'],
      [{ ...base, type: undefined }, 'type'],
      [{ ...base, status: 'archived' }, 'status'],
      [{ ...base, status: null }, 'status'],
      [{ ...base, price: -0.01 }, 'price'],
      [{ ...base, price: -45 }, 'price'],
      [{ ...base, price: 45.999 }, 'price'],
      [{ ...base, price: 0.001 }, 'price'],
      [{ ...base, price: '45' }, 'price'],
      [{ ...base, price: undefined }, 'price'],
      [{ ...base, price: 10_000_000.01 }, 'price'],
      [{ ...base, name: undefined }, 'name'],
      [{ ...base, name: '   ' }, 'name'],
      [{ ...base, name: 'x'.repeat(161) }, 'name'],
      [{ ...base, description: 'x'.repeat(4001) }, 'description'],
      [{ ...base, reference: 'x'.repeat(65) }, 'reference'],
      [{ ...base, taxType: undefined }, 'taxType'],
      [{ ...base, taxType: null }, 'taxType'],
      [{ ...base, taxType: 'IVA' }, 'taxType'],
      [{ ...base, image: 0 }, 'image'],
      [{ ...base, sellOnline: 'yes' }, 'sellOnline'],
      [{ ...base, durationInMinutes: undefined }, 'durationInMinutes'],
      [{ ...base, durationInMinutes: null }, 'durationInMinutes'],
      [{ ...base, durationInMinutes: 0 }, 'durationInMinutes'],
      [{ ...base, durationInMinutes: 7.5 }, 'durationInMinutes'],
      [{ ...base, type: 'bookable_gift', durationInMinutes: undefined }, 'durationInMinutes'],
      [
        {
          ...base,
          type: 'bookings_subscription',
          packSessions: 1,
          packProductIds: [1],
          durationInMinutes: undefined,
        },
        'durationInMinutes',
      ],
      [{ ...base, type: 'bookings_subscription', packProductIds: [1] }, 'packSessions'],
      [{ ...base, type: 'bookings_subscription', packSessions: 4 }, 'packProductIds'],
      [{ ...base, type: 'bookings_subscription', packSessions: 4, packProductIds: [] }, 'packProductIds'],
      [{ ...base, type: 'bookings_subscription', packSessions: 0, packProductIds: [1] }, 'packSessions'],
      [{ ...subscription, type: 'program_subscription' }, 'packProductIds'],
      [{ ...subscription, type: 'program_subscription', packProductIds: [] }, 'packProductIds'],
      [{ ...subscription, type: 'credit_subscription', price: 0 }, 'creditAmount'],
      [{ ...subscription, type: 'credit_subscription', creditAmount: 0 }, 'creditAmount'],
      [{ ...base, spacesOccupiedInTheCalendar: 0 }, 'spacesOccupiedInTheCalendar'],
      [{ ...base, howManyTimesCanCustomerRescheduleBooking: -1 }, 'howManyTimesCanCustomerRescheduleBooking'],
      [{ ...subscription, periodicity: { quantity: 0, unit: 'month' } }, 'periodicity.quantity'],
      [{ ...subscription, periodicity: { quantity: -1, unit: 'month' } }, 'periodicity.quantity'],
      [{ ...subscription, periodicity: { quantity: 1.5, unit: 'month' } }, 'periodicity.quantity'],
      [{ ...subscription, periodicity: { quantity: 1, unit: 'fortnight' } }, 'periodicity.unit'],
      [{ ...subscription, periodicity: { quantity: 1, unit: 'months' } }, 'periodicity.unit'],
      [{ ...subscription, periodicity: { quantity: 1 } }, 'periodicity.unit'],
      [{ ...subscription, periodicity: '1 month' }, 'periodicity'],
      [{ ...subscription, periodicity: null }, 'periodicity'],
      [{ ...subscription, periodicityOfSubscriptionPayment: 'daily' }, 'periodicityOfSubscriptionPayment'],
      [{ ...subscription, freeSubscriptionTrialDays: -1 }, 'freeSubscriptionTrialDays'],
      [{ ...subscription, daysToPaySubscriptionRenewal: 1.5 }, 'daysToPaySubscriptionRenewal'],
      [{ ...base, supplierCommissionType: 'fixed', supplierCommissionQuantity: 5 }, 'supplierCommissionType'],
      [{ ...base, supplierCommissionType: 'percentage' }, 'supplierCommissionQuantity'],
      [{ ...base, supplierCommissionQuantity: 5 }, 'supplierCommissionType'],
      [
        { ...base, supplierCommissionType: 'percentage', supplierCommissionQuantity: 100.01 },
        'supplierCommissionQuantity',
      ],
      [
        { ...base, supplierCommissionType: 'money', supplierCommissionQuantity: -1 },
        'supplierCommissionQuantity',
      ],
      [
        { ...base, supplierCommissionType: 'money', supplierCommissionQuantity: 1.234 },
        'supplierCommissionQuantity',
      ],
      [{ ...base, bookingCalendarId: 0 }, 'bookingCalendarId'],
      [{ ...base, supplierId: 'Juan' }, 'supplierId'],
      [{ ...base, supplierId: 2_147_483_648 }, 'supplierId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t, 'POST', url, { token, payload });
      expect(
        [...new Set(failingFields(res))],
        `${field} ${JSON.stringify(payload[field.split('.')[0]!])}`,
      ).toEqual([field]);
    }
    expect((await list(token)).total).toBe(0);
    // The limits themselves are fine.
    await createProduct(t, token, { ...base, price: 0, taxId });
    await createProduct(t, token, { ...base, price: 10_000_000, taxId });
    await createProduct(t, token, { ...subscription, periodicity: { quantity: 1, unit: 'day' }, taxId });
    await createProduct(t, token, {
      ...base,
      supplierCommissionType: 'percentage',
      supplierCommissionQuantity: 100,
      taxId,
    });
    await createProduct(t, token, {
      ...base,
      supplierCommissionType: 'money',
      supplierCommissionQuantity: 150.25,
      taxId,
    });
    expect((await list(token)).total).toBe(5);
  });

  it('validates a PUT the same way and leaves the product unchanged', async () => {
    const { token, taxId } = await company(t);
    const body = { name: 'Cuota', type: 'subscription', price: 30, taxType: taxId } as const;
    const created = await createProduct(t, token, { ...body, taxId });
    for (const [payload, field] of [
      [{ ...body, type: 'other' }, 'type'],
      [{ ...body, price: -1 }, 'price'],
      [{ ...body, price: 1.111 }, 'price'],
      [{ ...body, periodicity: { quantity: 0, unit: 'year' } }, 'periodicity.quantity'],
      [{ ...body, periodicity: { quantity: 2, unit: 'decade' } }, 'periodicity.unit'],
      [{ ...body, status: 'gone' }, 'status'],
      [{ ...body, type: 'bookable' }, 'durationInMinutes'],
    ] as const) {
      const res = await call(t, 'PUT', `${url}/${created.id}`, { token, payload });
      expect(failingFields(res), field).toEqual([field]);
    }
    expect(await getProduct(token, created.id)).toEqual(created);
  });
});

describe('product tax and image', () => {
  it('takes only a tax, an image file, a calendar and a supplier of the company itself', async () => {
    const mine = await company(t);
    const theirs = await company(t);
    const theirImage = (await createFile(t, theirs.token, await pngImage(4, 4), 'theirs.png')).id;
    const pdf = (await createFile(t, mine.token, Buffer.from('%PDF-1.4\n%%EOF\n'), 'tarifa.pdf')).id;
    const theirCalendar = (await createCalendar(t, theirs.token)).id;
    const body = { name: 'Masaje', type: 'regular', price: 10, taxType: mine.taxId } as const;
    for (const [payload, field, message] of [
      [{ ...body, taxType: theirs.taxId }, 'taxType', 'unknown tax'],
      [{ ...body, taxType: 999999 }, 'taxType', 'unknown tax'],
      [{ ...body, image: theirImage }, 'image', 'unknown file'],
      [{ ...body, image: 999999 }, 'image', 'unknown file'],
      [{ ...body, image: pdf }, 'image', 'file is not an image'],
      [
        { ...body, type: 'bookable', durationInMinutes: 60, bookingCalendarId: theirCalendar },
        'bookingCalendarId',
        'unknown booking calendar',
      ],
      // The company has no supplier: no supplier id is its own.
      [{ ...body, supplierId: 3 }, 'supplierId', 'unknown supplier'],
    ] as const) {
      const res = await call(t, 'POST', url, { token: mine.token, payload });
      expect(failingFields(res)).toEqual([field]);
      expect(res.body.error.details[0].message).toBe(message);
    }
    const both = await call(t, 'POST', url, {
      token: mine.token,
      payload: { ...body, taxType: theirs.taxId, image: theirImage },
    });
    expect(failingFields(both)).toEqual(['taxType', 'image']);
    expect((await list(mine.token)).total).toBe(0);

    const created = await createProduct(t, mine.token, { ...body, taxId: mine.taxId });
    const res = await call(t, 'PUT', `${url}/${created.id}`, {
      token: mine.token,
      payload: { ...body, taxType: theirs.taxId },
    });
    expect(failingFields(res)).toEqual(['taxType']);
    expect(await getProduct(mine.token, created.id)).toEqual(created);
  });

  it('keeps a tax that products use (taxInUse) and lets it go once they are gone', async () => {
    const { token, taxId } = await company(t);
    const product = await createProduct(t, token, { taxId, name: 'Crema', type: 'regular', price: 10 });
    expectError(await call(t, 'DELETE', `/v1/admin/taxes/${taxId}`, { token }), 409, ErrorCode.taxInUse);
    expect((await call(t, 'GET', `/v1/admin/taxes/${taxId}`, { token })).status).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${product.id}`, { token })).status).toBe(200);
    expect((await call(t, 'DELETE', `/v1/admin/taxes/${taxId}`, { token })).status).toBe(200);
  });
});

describe('product reference (SKU)', () => {
  it('refuses a reference already used in the company, in any letter case (productReferenceExists)', async () => {
    const { token, taxId } = await company(t);
    const body = { name: 'Aceite', type: 'regular', price: 15, taxType: taxId } as const;
    const first = await createProduct(t, token, { ...body, reference: 'ACE-100', taxId });
    for (const reference of ['ACE-100', 'ace-100', '  Ace-100 ']) {
      const res = await call(t, 'POST', url, { token, payload: { ...body, reference } });
      expectError(res, 409, ErrorCode.productReferenceExists);
      expect(res.body.error.details).toEqual([{ field: 'reference', message: expect.any(String) }]);
    }
    expect(ids((await list(token)).items)).toEqual([first.id]);

    const other = await createProduct(t, token, { ...body, reference: 'ACE-200', taxId });
    const res = await call(t, 'PUT', `${url}/${other.id}`, {
      token,
      payload: { ...body, reference: 'Ace-100' },
    });
    expectError(res, 409, ErrorCode.productReferenceExists);
    expect((await getProduct(token, other.id)).reference).toBe('ACE-200');
    // Keeping one's own reference, in another case, is no conflict.
    const same = await call(t, 'PUT', `${url}/${other.id}`, {
      token,
      payload: { ...body, reference: 'ace-200' },
    });
    expect(same.status).toBe(200);
    expect(same.body.data.reference).toBe('ace-200');
  });

  it('allows any number of products without a reference', async () => {
    const { token, taxId } = await company(t);
    const body = { name: 'Sin SKU', type: 'regular', price: 1, taxType: taxId } as const;
    for (const reference of [undefined, null, '', '   ', '']) {
      const p = await createProduct(t, token, { ...body, reference, taxId });
      expect(p.reference).toBeNull();
    }
    expect((await list(token)).total).toBe(5);
  });

  it('lets another company use the same reference', async () => {
    const a = await company(t);
    const b = await company(t);
    await createProduct(t, a.token, {
      taxId: a.taxId,
      name: 'A',
      type: 'regular',
      price: 1,
      reference: 'SKU-1',
    });
    const inB = await createProduct(t, b.token, {
      taxId: b.taxId,
      name: 'B',
      type: 'regular',
      price: 1,
      reference: 'sku-1',
    });
    expect(inB.reference).toBe('sku-1');
  });

  it('lets exactly one of two simultaneous creates with the same reference through', async () => {
    const { token, taxId } = await company(t);
    const payload = (reference: string) => ({
      name: 'Race',
      type: 'regular',
      price: 1,
      taxType: taxId,
      reference,
    });
    const results = await Promise.all([
      call(t, 'POST', url, { token, payload: payload('RACE') }),
      call(t, 'POST', url, { token, payload: payload('race') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.code).toBe(ErrorCode.productReferenceExists);
    expect((await list(token)).total).toBe(1);
  });
});

describe('subscription products: what they give and name', () => {
  it('a bookings_subscription keeps its sessions and products, a program_subscription its products, a credit_subscription its credit', async () => {
    const { token, taxId } = await company(t);
    const yoga = await createProduct(t, token, { taxId, name: 'Yoga', ...bookable(60) });
    const cream = await createProduct(t, token, { taxId, name: 'Crema', type: 'regular', price: 5 });
    const monthly = { periodicity: { quantity: 1, unit: 'month' } } as const;
    const sessions = await createProduct(t, token, {
      taxId,
      name: '4 clases al mes',
      type: 'bookings_subscription',
      price: 50,
      durationInMinutes: 60,
      packSessions: 4,
      packProductIds: [yoga.id, yoga.id],
      creditAmount: 10,
      ...monthly,
    });
    expect(sessions).toMatchObject({ packSessions: 4, packProductIds: [yoga.id], creditAmount: null });
    const program = await createProduct(t, token, {
      taxId,
      name: 'Programa yoga',
      type: 'program_subscription',
      price: 39,
      packSessions: 4,
      packProductIds: [yoga.id],
      ...monthly,
    });
    expect(program).toMatchObject({ packSessions: null, packProductIds: [yoga.id], creditAmount: null });
    const credit = await createProduct(t, token, {
      taxId,
      name: 'Saldo mensual',
      type: 'credit_subscription',
      price: 45,
      creditAmount: 50,
      packProductIds: [yoga.id],
      ...monthly,
    });
    expect(credit).toMatchObject({ packSessions: null, packProductIds: [], creditAmount: 50 });
    // Only the company's products booked on a calendar.
    const foreign = await company(t);
    const theirs = await createProduct(t, foreign.token, {
      taxId: foreign.taxId,
      name: 'Suyo',
      ...bookable(60),
    });
    for (const id of [cream.id, theirs.id]) {
      const res = await call(t, 'POST', url, {
        token,
        payload: {
          name: 'P',
          type: 'program_subscription',
          price: 10,
          taxType: taxId,
          packProductIds: [yoga.id, id],
        },
      });
      expect(failingFields(res)).toEqual(['packProductIds.1']);
    }
  });

  it('a product that subscriptions use does not change type (1000201), until they are gone', async () => {
    const { token, taxId } = await company(t);
    const body = {
      name: 'Saldo mensual',
      type: 'credit_subscription',
      price: 45,
      taxType: taxId,
      periodicity: { quantity: 1, unit: 'month' },
    } as const;
    const plan = await createProduct(t, token, { ...body, taxId });
    const customer = await createCustomer(t, token, { name: 'Ana' });
    const sub = await call(t, 'POST', '/v1/admin/subscriptions', {
      token,
      payload: {
        customerId: customer.id,
        productId: plan.id,
        startsAt: '2027-03-01',
        paymentMethod: 'transfer',
      },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);
    const res = await call(t, 'PUT', `${url}/${plan.id}`, {
      token,
      payload: { ...body, type: 'subscription' },
    });
    expectError(res, 409, ErrorCode.productTypeLockedBySubscription);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'type' })]);
    expect(res.body.error.code).toBe(1000201);
    // Other changes are fine.
    const renamed = await call(t, 'PUT', `${url}/${plan.id}`, { token, payload: { ...body, price: 50 } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await call(t, 'DELETE', `/v1/admin/subscriptions/${sub.body.data.id}`, { token })).status).toBe(
      200,
    );
    const changed = await call(t, 'PUT', `${url}/${plan.id}`, {
      token,
      payload: { ...body, type: 'subscription' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  });
});

describe('products used in an order', () => {
  it('cannot be deleted (1000020) nor change type (1000044); other changes are fine', async () => {
    const { token, taxId, license } = await company(t);
    const body = {
      name: 'Masaje',
      type: 'bookable',
      price: 45,
      taxType: taxId,
      durationInMinutes: 60,
    } as const;
    const sold = await createProduct(t, token, { ...body, taxId });
    const unsold = await createProduct(t, token, { ...body, name: 'Otro masaje', taxId });
    await sellInAnOrder(license.id, sold.id);

    const removed = await call(t, 'DELETE', `${url}/${sold.id}`, { token });
    expectError(removed, 409, ErrorCode.productUsedInOrder);
    expect(removed.body.error.code).toBe(1000020);
    expect(await getProduct(token, sold.id)).toEqual(sold);

    for (const type of ['bookable_gift', 'regular', 'subscription']) {
      const res = await call(t, 'PUT', `${url}/${sold.id}`, { token, payload: { ...body, type } });
      expectError(res, 409, ErrorCode.productTypeLocked);
      expect(res.body.error.code).toBe(1000044);
    }
    expect(await getProduct(token, sold.id)).toEqual(sold);

    const renamed = await call(t, 'PUT', `${url}/${sold.id}`, {
      token,
      payload: { ...body, name: 'Masaje relajante', price: 50, durationInMinutes: 90 },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Masaje relajante', price: 50, type: 'bookable' });

    // A product in no order changes type and is deleted.
    const changed = await call(t, 'PUT', `${url}/${unsold.id}`, {
      token,
      payload: { ...body, type: 'regular' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${unsold.id}`, { token })).status).toBe(200);
    // The database holds the line's product too.
    await expect(t.database.db.execute(sql`delete from products where id = ${sold.id}`)).rejects.toThrow();
  });

  it('sold and booked answers 1000020, then 1000127 once only its booking is left', async () => {
    const { token, taxId, license } = await company(t);
    const calendarId = (await createCalendar(t, token)).id;
    const product = await createProduct(t, token, {
      taxId,
      name: 'Masaje',
      type: 'bookable',
      price: 45,
      durationInMinutes: 60,
      bookingCalendarId: calendarId,
    });
    const customer = await createCustomer(t, token, { name: 'Ana' });
    const startsAt = new Date('2030-03-04T10:00:00Z');
    await t.database.db.insert(bookings).values({
      licenseId: license.id,
      bookingCalendarId: calendarId,
      productId: product.id,
      customerId: customer.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60_000),
      quantity: 1,
      spaces: 1,
      priceCents: 4500,
    });
    await sellInAnOrder(license.id, product.id);

    // Both tables refuse the delete; the order line names the refusal.
    expectError(
      await call(t, 'DELETE', `${url}/${product.id}`, { token }),
      409,
      ErrorCode.productUsedInOrder,
    );
    await t.database.db.delete(orderLines).where(eq(orderLines.productId, product.id));
    expectError(
      await call(t, 'DELETE', `${url}/${product.id}`, { token }),
      409,
      ErrorCode.productHasBookings,
    );
    expect(await getProduct(token, product.id)).toEqual(product);
  });
});

describe('product translations', () => {
  it('answers one entry per interface language, the main language’s being the product’s own', async () => {
    const { token, taxId } = await company(t);
    const p = await createProduct(t, token, {
      taxId,
      name: 'Masaje relajante',
      description: 'Sesenta minutos',
      type: 'regular',
      price: 1,
    });
    const res = await call(t, 'GET', `${url}/${p.id}/translations`, { token });
    expect(res.status).toBe(200);
    // A new company's main language is Spanish.
    expect(res.body.data).toEqual(
      languages.map((language) =>
        language === 'es'
          ? { language, name: 'Masaje relajante', description: 'Sesenta minutos' }
          : { language, name: null, description: null },
      ),
    );
  });

  it('round-trips every language; the main language’s entry renames the product', async () => {
    const { token, taxId } = await company(t);
    const p = await createProduct(t, token, { taxId, name: 'Masaje', type: 'regular', price: 1 });
    const all = languages.map((language) => ({
      language,
      name: `Nombre ${language}`,
      description: `Descripción ${language}\ncon dos líneas`,
    }));
    const put = await call(t, 'PUT', `${url}/${p.id}/translations`, { token, payload: [...all].reverse() });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toEqual(all);
    expect((await call(t, 'GET', `${url}/${p.id}/translations`, { token })).body.data).toEqual(all);
    expect(await getProduct(token, p.id)).toMatchObject({
      name: 'Nombre es',
      description: 'Descripción es\ncon dos líneas',
    });

    // A PUT replaces: left out or empty is not translated; leaving out the main language keeps it.
    const next = await call(t, 'PUT', `${url}/${p.id}/translations`, {
      token,
      payload: [
        { language: 'en', name: ' Relaxing massage ', description: '' },
        { language: 'ca', name: '', description: null },
        { language: 'fr', name: null, description: 'Seulement la description' },
      ],
    });
    expect(next.status).toBe(200);
    expect(next.body.data).toEqual(
      languages.map((language) => {
        if (language === 'es')
          return { language, name: 'Nombre es', description: 'Descripción es\ncon dos líneas' };
        if (language === 'en') return { language, name: 'Relaxing massage', description: null };
        if (language === 'fr') return { language, name: null, description: 'Seulement la description' };
        return { language, name: null, description: null };
      }),
    );

    // Saving the product saves its main-language texts.
    await call(t, 'PUT', `${url}/${p.id}`, {
      token,
      payload: { name: 'Masaje descontracturante', type: 'regular', price: 1, taxType: taxId },
    });
    const after = (await call(t, 'GET', `${url}/${p.id}/translations`, { token })).body.data;
    expect(after.find((e: { language: string }) => e.language === 'es')).toEqual({
      language: 'es',
      name: 'Masaje descontracturante',
      description: null,
    });
    expect(after.find((e: { language: string }) => e.language === 'en').name).toBe('Relaxing massage');
  });

  it('refuses an unknown or repeated language, and a main language without a name', async () => {
    const { token, taxId } = await company(t);
    const p = await createProduct(t, token, { taxId, name: 'Masaje', type: 'regular', price: 1 });
    const put = (payload: unknown) => call(t, 'PUT', `${url}/${p.id}/translations`, { token, payload });
    expect(failingFields(await put([{ language: 'xx', name: 'a', description: null }]))).toEqual([
      '0.language',
    ]);
    expect(
      failingFields(
        await put([
          { language: 'en', name: 'a', description: null },
          { language: 'zz', name: 'b', description: null },
        ]),
      ),
    ).toEqual(['1.language']);
    expect(failingFields(await put([{ language: 'EN', name: 'a' }]))).toEqual(['0.language']);
    expect(
      failingFields(
        await put([
          { language: 'en', name: 'a' },
          { language: 'en', name: 'b' },
        ]),
      ),
    ).toEqual(['1.language']);
    expect(failingFields(await put([{ language: 'es', name: '  ', description: 'x' }]))).toEqual(['0.name']);
    expect(failingFields(await put([{ language: 'en', name: 'x'.repeat(161) }]))).toEqual(['0.name']);
    expect(failingFields(await put({ language: 'en', name: 'a' }))).toEqual(['body']);
    const unchanged = (await call(t, 'GET', `${url}/${p.id}/translations`, { token })).body.data;
    expect(unchanged.filter((e: { name: string | null }) => e.name !== null)).toEqual([
      { language: 'es', name: 'Masaje', description: null },
    ]);
  });

  it('follows the company’s main language when it changes', async () => {
    const { token, taxId } = await company(t);
    const a = await createProduct(t, token, { taxId, name: 'Zumo', type: 'regular', price: 1 });
    const b = await createProduct(t, token, {
      taxId,
      name: 'Aceite',
      description: 'De almendras',
      type: 'regular',
      price: 1,
    });
    await call(t, 'PUT', `${url}/${a.id}/translations`, {
      token,
      payload: [{ language: 'en', name: 'Apple juice' }],
    });
    await call(t, 'PUT', `${url}/${b.id}/translations`, {
      token,
      payload: [{ language: 'en', name: 'Oil', description: 'Almond' }],
    });
    expect((await list(token)).items.map((i) => i.name)).toEqual(['Aceite', 'Zumo']);
    const settings = await call(t, 'PUT', '/v1/admin/settings', { token, payload: { locale: 'en' } });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    // The list now shows and sorts the English names; the Spanish ones stay as translations.
    expect((await list(token)).items.map((i) => i.name)).toEqual(['Apple juice', 'Oil']);
    expect(await getProduct(token, b.id)).toMatchObject({ name: 'Oil', description: 'Almond' });
    const translations = (await call(t, 'GET', `${url}/${b.id}/translations`, { token })).body.data;
    expect(translations.filter((e: { name: string | null }) => e.name !== null)).toEqual([
      { language: 'es', name: 'Aceite', description: 'De almendras' },
      { language: 'en', name: 'Oil', description: 'Almond' },
    ]);
    // The main language's name is now required in English.
    const res = await call(t, 'PUT', `${url}/${b.id}/translations`, {
      token,
      payload: [
        { language: 'es', name: 'Aceite' },
        { language: 'en', name: '' },
      ],
    });
    expect(failingFields(res)).toEqual(['1.name']);
  });

  it('needs products_find to read and products_edit to write', async () => {
    const owner = await company(t);
    const p = await createProduct(t, owner.token, {
      taxId: owner.taxId,
      name: 'Masaje',
      type: 'regular',
      price: 1,
    });
    const as = async (permissions: string[]) =>
      (
        await createEmployee(
          t,
          owner.code,
          owner.token,
          permissions.map((permission) => ({ scope: 'can_do' as const, permission })),
        )
      ).token;
    const path = `${url}/${p.id}/translations`;
    const payload = [{ language: 'en', name: 'Massage' }];
    const others = ['products_create', 'products_edit', 'products_delete'];
    const noFind = await as(others);
    expectError(await call(t, 'GET', path, { token: noFind }), 403, ErrorCode.forbidden);
    const noEdit = await as(['products_find', 'products_create', 'products_delete']);
    expectError(await call(t, 'PUT', path, { token: noEdit, payload }), 403, ErrorCode.forbidden);
    expect((await call(t, 'GET', path, { token: noEdit })).body.data[3]).toEqual({
      language: 'en',
      name: null,
      description: null,
    });
    const editor = await as(['products_edit']);
    expect((await call(t, 'PUT', path, { token: editor, payload })).status).toBe(200);
  });
});

describe('translation screen', () => {
  it('PATCH changes only the languages sent; an entry without texts removes that language', async () => {
    const { token, taxId } = await company(t);
    const p = await createProduct(t, token, { taxId, name: 'Masaje', type: 'regular', price: 1 });
    const path = `${url}/${p.id}/translations`;
    await call(t, 'PUT', path, {
      token,
      payload: [
        { language: 'en', name: 'Massage' },
        { language: 'ca', name: 'Massatge', description: 'Relaxant' },
      ],
    });
    const patched = await call(t, 'PATCH', path, {
      token,
      payload: [
        { language: 'fr', name: 'Massage', description: 'Relaxant' },
        { language: 'en', name: '', description: '' },
      ],
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const named = (patched.body.data as { language: string; name: string | null }[]).filter((e) => e.name);
    expect(named).toEqual([
      { language: 'ca', name: 'Massatge', description: 'Relaxant' },
      { language: 'es', name: 'Masaje', description: null },
      { language: 'fr', name: 'Massage', description: 'Relaxant' },
    ]);
    // The main language's entry renames the product and must keep a name.
    expect(
      (await call(t, 'PATCH', path, { token, payload: [{ language: 'es', name: 'Masaje largo' }] })).status,
    ).toBe(200);
    expect(await getProduct(token, p.id)).toMatchObject({ name: 'Masaje largo' });
    expect(
      failingFields(await call(t, 'PATCH', path, { token, payload: [{ language: 'es', name: ' ' }] })),
    ).toEqual(['0.name']);
    expectError(
      await call(t, 'PATCH', `${url}/999999/translations`, { token, payload: [] }),
      404,
      ErrorCode.notFound,
    );
  });

  it('lists one language beside the main one, sorted by name, searchable, filtered on what is missing', async () => {
    const { token, taxId } = await company(t);
    const a = await createProduct(t, token, {
      taxId,
      reference: 'ZUM-1',
      name: 'Zumo',
      type: 'regular',
      price: 1,
    });
    const b = await createProduct(t, token, {
      taxId,
      name: 'Aceite',
      description: 'De almendras',
      type: 'regular',
      price: 1,
    });
    await call(t, 'PATCH', `${url}/${b.id}/translations`, {
      token,
      payload: [{ language: 'en', name: 'Oil', description: 'Almond' }],
    });
    const translations = async (query: Record<string, string>) => {
      const res = await call(t, 'GET', '/v1/admin/product-translations', { token, query });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { items: unknown[]; total: number };
    };
    expect(await translations({ language: 'en' })).toMatchObject({
      total: 2,
      items: [
        {
          id: b.id,
          reference: null,
          name: 'Aceite',
          description: 'De almendras',
          translation: { name: 'Oil', description: 'Almond' },
        },
        {
          id: a.id,
          reference: 'ZUM-1',
          name: 'Zumo',
          description: null,
          translation: { name: null, description: null },
        },
      ],
    });
    const missing = await translations({
      language: 'en',
      filters: JSON.stringify({ translated: { eq: false } }),
    });
    expect(ids(missing.items as { id: number }[])).toEqual([a.id]);
    expect(ids((await translations({ language: 'en', query: 'zum' })).items as { id: number }[])).toEqual([
      a.id,
    ]);
    // The main language lists the product's own texts.
    expect((await translations({ language: 'es' })).items[0]).toMatchObject({
      translation: { name: 'Aceite', description: 'De almendras' },
    });
    const bad = await call(t, 'GET', '/v1/admin/product-translations', { token, query: { language: 'xx' } });
    expect(bad.status).toBe(400);
    expect(failingFields(bad)).toEqual(['language']);
    expect((await call(t, 'GET', '/v1/admin/product-translations', { token })).status).toBe(400);
  });

  it('needs products_edit, and shows only the caller’s company', async () => {
    const owner = await company(t);
    const other = await company(t);
    await createProduct(t, other.token, { taxId: other.taxId, name: 'Ajeno', type: 'regular', price: 1 });
    const mine = await createProduct(t, owner.token, {
      taxId: owner.taxId,
      name: 'Propio',
      type: 'regular',
      price: 1,
    });
    const res = await call(t, 'GET', '/v1/admin/product-translations', {
      token: owner.token,
      query: { language: 'en' },
    });
    expect(ids(res.body.data.items)).toEqual([mine.id]);
    const finder = (
      await createEmployee(t, owner.code, owner.token, [{ scope: 'can_do', permission: 'products_find' }])
    ).token;
    expectError(
      await call(t, 'GET', '/v1/admin/product-translations', { token: finder, query: { language: 'en' } }),
      403,
      ErrorCode.forbidden,
    );
    expectError(
      await call(t, 'PATCH', `${url}/${mine.id}/translations`, { token: finder, payload: [] }),
      403,
      ErrorCode.forbidden,
    );
    // Another company's product is unknown here.
    const theirs = (await call(t, 'GET', url, { token: other.token })).body.data.items[0].id;
    expectError(
      await call(t, 'PATCH', `${url}/${theirs}/translations`, {
        token: owner.token,
        payload: [{ language: 'en', name: 'X' }],
      }),
      404,
      ErrorCode.notFound,
    );
  });
});

describe('product list', () => {
  it('answers the spec’s list columns', async () => {
    const { token, taxId } = await company(t);
    const image = (await createFile(t, token, await pngImage(4, 4), 'p.png')).id;
    const calendarId = (await createCalendar(t, token, { name: 'Cabina 2' })).id;
    const created = await createProduct(t, token, {
      taxId,
      reference: 'MAS-60',
      name: 'Masaje',
      description: 'Relajante',
      price: 45.5,
      image,
      type: 'bookable',
      sellOnline: true,
      durationInMinutes: 60,
      bookingCalendarId: calendarId,
    });
    const res = await call(t, 'GET', url, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'limit', 'page', 'total']);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 50 });
    expect(res.body.data.items).toEqual([
      {
        id: created.id,
        image,
        reference: 'MAS-60',
        name: 'Masaje',
        description: 'Relajante',
        type: 'bookable',
        sellOnline: true,
        status: 'enabled',
        price: 45.5,
        bookingCalendarName: 'Cabina 2',
        duration: 60,
        supplier: null,
      },
    ]);
  });

  it('sorts by name ascending by default, id breaking ties, and pages that order', async () => {
    const { token, taxId } = await company(t);
    const made: Record<string, number[]> = {};
    for (const name of ['Peeling', 'Aceite', 'Masaje', 'Aceite', 'Masaje', 'Aceite']) {
      const p = await createProduct(t, token, { taxId, name, type: 'regular', price: 1 });
      made[name] = [...(made[name] ?? []), p.id];
    }
    const expected = [...made.Aceite!, ...made.Masaje!, ...made.Peeling!];
    expect(ids((await list(token)).items)).toEqual(expected);
    expect(ids((await list(token, { orders: '{"name":"asc"}' })).items)).toEqual(expected);
    expect(ids((await list(token, { orders: '{"name":"desc"}' })).items)).toEqual([...expected].reverse());
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const p = await list(token, { limit: '2', page: String(page) });
      expect(p.total).toBe(6);
      pages.push(...ids(p.items));
    }
    expect(pages).toEqual(expected);
  });

  it('orders by the other list fields', async () => {
    const { token, taxId } = await company(t);
    const a = await createProduct(t, token, {
      taxId,
      name: 'A',
      reference: 'R3',
      type: 'regular',
      price: 20,
    });
    const b = await createProduct(t, token, {
      taxId,
      name: 'B',
      reference: 'R1',
      type: 'bookable',
      price: 5.5,
      durationInMinutes: 90,
      status: 'disabled',
    });
    const c = await createProduct(t, token, {
      taxId,
      name: 'C',
      reference: 'R2',
      type: 'pack',
      price: 100,
      sellOnline: true,
      packSessions: 3,
      packProductIds: [b.id],
    });
    const order = async (orders: Record<string, string>) =>
      ids((await list(token, { orders: JSON.stringify(orders) })).items);
    expect(await order({ price: 'asc' })).toEqual([b.id, a.id, c.id]);
    expect(await order({ price: 'desc' })).toEqual([c.id, a.id, b.id]);
    expect(await order({ reference: 'asc' })).toEqual([b.id, c.id, a.id]);
    expect(await order({ type: 'asc' })).toEqual([b.id, c.id, a.id]);
    expect(await order({ status: 'desc', name: 'desc' })).toEqual([c.id, a.id, b.id]); // enabled > disabled
    expect(await order({ sellOnline: 'desc', name: 'asc' })).toEqual([c.id, a.id, b.id]);
    expect(await order({ createdAt: 'desc' })).toEqual([c.id, b.id, a.id]);
    expect(await order({ id: 'desc' })).toEqual([c.id, b.id, a.id]);
    expect((await order({ duration: 'desc' }))[2]).toBe(b.id); // nulls first when descending
  });

  it('filters by type, status, sellOnline, price, calendar, supplier, tax and more', async () => {
    const { token, taxId, license } = await company(t);
    const tax10 = (await createTax(t, token, { name: 'IVA 10%', percentage: 10 })).id;
    const calendarId = (await createCalendar(t, token, { name: 'Sala de masajes' })).id;
    const [s8, s9] = await t.database.db
      .insert(suppliers)
      .values([
        { licenseId: license.id, name: 'Proveedor A' },
        { licenseId: license.id, name: 'Proveedor B' },
      ])
      .returning();
    const massage = await createProduct(t, token, {
      taxId,
      name: 'Masaje',
      type: 'bookable',
      price: 45,
      durationInMinutes: 60,
      sellOnline: true,
      bookingCalendarId: calendarId,
    });
    const bono = await createProduct(t, token, {
      taxId: tax10,
      name: 'Bono',
      type: 'pack',
      price: 19.99,
      status: 'disabled',
      packSessions: 3,
      packProductIds: [massage.id],
    });
    const cream = await createProduct(t, token, { taxId, name: 'Crema', type: 'regular', price: 12.5 });
    // The filter reads stored links.
    for (const [id, supplierId] of [
      [massage.id, s9!.id],
      [cream.id, s8!.id],
    ] as const) {
      await t.database.db.update(products).set({ supplierId }).where(eq(products.id, id));
    }
    const found = async (filters: unknown) =>
      ids((await list(token, { filters: JSON.stringify(filters) })).items);
    expect(await found({ type: { eq: 'pack' } })).toEqual([bono.id]);
    expect(await found({ type: { in: ['pack', 'regular'] } })).toEqual([bono.id, cream.id]);
    expect(await found({ type: { nin: ['pack'] } })).toEqual([cream.id, massage.id]);
    expect(await found({ status: { eq: 'disabled' } })).toEqual([bono.id]);
    expect(await found({ status: { eq: 'enabled' } })).toEqual([cream.id, massage.id]);
    expect(await found({ sellOnline: { eq: true } })).toEqual([massage.id]);
    expect(await found({ sellOnline: { eq: false } })).toEqual([bono.id, cream.id]);
    expect(await found({ price: { eq: 19.99 } })).toEqual([bono.id]);
    expect(await found({ price: { gte: 12.5 } })).toEqual([bono.id, cream.id, massage.id]);
    expect(await found({ price: { gte: 19.99 } })).toEqual([bono.id, massage.id]);
    expect(await found({ price: { gt: 12.5, lt: 45 } })).toEqual([bono.id]);
    expect(await found({ price: { gt: 19.99, lt: 45 } })).toEqual([]);
    expect(await found({ price: { lt: 20 } })).toEqual([bono.id, cream.id]);
    expect(await found({ bookingCalendarId: { eq: calendarId } })).toEqual([massage.id]);
    expect(await found({ bookingCalendarId: { isNull: true } })).toEqual([bono.id, cream.id]);
    expect(await found({ supplierId: { eq: s8!.id } })).toEqual([cream.id]);
    expect(await found({ supplierId: { in: [s8!.id, s9!.id] } })).toEqual([cream.id, massage.id]);
    expect(await found({ supplierId: { isNull: true } })).toEqual([bono.id]);
    expect(await found({ taxType: { eq: tax10 } })).toEqual([bono.id]);
    expect(await found({ duration: { gte: 30 } })).toEqual([massage.id]);
    expect(await found({ durationInMinutes: { isNull: false } })).toEqual([massage.id]);
    expect(await found({ name: { like: 'MAS' } })).toEqual([massage.id]);
    expect(await found({ createdAt: { gte: '2000-01-01' } })).toEqual([bono.id, cream.id, massage.id]);
    expect(await found({ bookingCalendarName: { isNull: true } })).toEqual([bono.id, cream.id]);
    expect(await found({ bookingCalendarName: { eq: 'Sala de masajes' } })).toEqual([massage.id]);
    expect(await found({ type: { eq: 'regular' }, sellOnline: { eq: false } })).toEqual([cream.id]);
    const page = await list(token, { filters: JSON.stringify({ status: { eq: 'enabled' } }), limit: '1' });
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
  });

  it('finds by part of name, reference and description with query', async () => {
    const { token, taxId } = await company(t);
    const massage = await createProduct(t, token, {
      taxId,
      name: 'Masaje Relajante',
      reference: 'MAS-060',
      description: 'Con aceites esenciales',
      type: 'regular',
      price: 1,
    });
    const peeling = await createProduct(t, token, {
      taxId,
      name: 'Peeling corporal',
      reference: 'PEL-030',
      description: 'Exfoliación con sal del Himalaya',
      type: 'regular',
      price: 1,
    });
    const promo = await createProduct(t, token, { taxId, name: 'Promo 50%_off', type: 'regular', price: 1 });
    const found = async (query: string) => ids((await list(token, { query })).items);
    expect(await found('masaje')).toEqual([massage.id]);
    expect(await found('RELAJ')).toEqual([massage.id]);
    expect(await found('mas-06')).toEqual([massage.id]); // reference
    expect(await found('pel-030')).toEqual([peeling.id]);
    expect(await found('esenciales')).toEqual([massage.id]); // description
    expect(await found('exfoliacion')).toEqual([peeling.id]); // without the accent
    expect(await found('HIMALAYA')).toEqual([peeling.id]);
    expect(await found('e')).toEqual([massage.id, peeling.id]);
    expect(await found('%')).toEqual([promo.id]);
    expect(await found('_')).toEqual([promo.id]);
    expect(await found('a%a')).toEqual([]);
    expect(await found('nada parecido')).toEqual([]);
    const filtered = await list(token, {
      query: 'o',
      filters: JSON.stringify({ reference: { isNull: false } }),
    });
    expect(ids(filtered.items)).toEqual([massage.id, peeling.id]);
  });

  it('searches alike whether the matches are few (sorted after) or many (index walk)', async () => {
    const { token, taxId, license } = await company(t);
    await t.database.db.execute(sql`
      insert into products (license_id, name, price_cents, type, tax_id, description)
      select ${license.id}, 'Producto ' || lpad(i::text, 5, '0'), i, 'regular', ${taxId},
        case when i % 100 = 0 then 'Lavanda' else 'Romero' end
      from generate_series(1, 3000) as i`);
    const many = await list(token, { query: 'romero', limit: '20', page: '3' });
    expect(many.total).toBe(2970);
    const names = many.items.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Producto 00041');
    const few = await list(token, { query: 'lavanda', limit: '5', orders: '{"name":"desc"}' });
    expect(few.total).toBe(30);
    expect(few.items.map((p) => p.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Producto ${String(3000 - i * 100).padStart(5, '0')}`),
    );
    expect(few.items[0]!.price).toBe(30);
  });

  it('refuses unknown fields, operators and bad operands with 400 naming them', async () => {
    const { token } = await company(t);
    const fields = async (query: Record<string, string>) =>
      failingFields(await call(t, 'GET', url, { token, query }));
    expect(await fields({ filters: '{"licenseId":{"eq":1}}' })).toEqual(['filters.licenseId']);
    expect(await fields({ filters: '{"searchText":{"like":"a"}}' })).toEqual(['filters.searchText']);
    expect(await fields({ filters: '{"priceCents":{"eq":1}}' })).toEqual(['filters.priceCents']);
    expect(await fields({ filters: '{"type":{"regex":"a"}}' })).toEqual(['filters.type.regex']);
    expect(await fields({ filters: '{"price":{"eq":1.999}}' })).toEqual(['filters.price.eq']);
    expect(await fields({ filters: '{"price":{"eq":"cheap"}}' })).toEqual(['filters.price.eq']);
    expect(await fields({ filters: '{"sellOnline":{"eq":"yes"}}' })).toEqual(['filters.sellOnline.eq']);
    expect(await fields({ filters: '{"supplierId":{"in":[1,"x"]}}' })).toEqual(['filters.supplierId.in.1']);
    expect(await fields({ orders: '{"licenseId":"asc"}' })).toEqual(['orders.licenseId']);
    expect(await fields({ orders: '{"name":"up"}' })).toEqual(['orders.name']);
    expect(await fields({ limit: '501' })).toEqual(['limit']);
    expect(await fields({ page: '0' })).toEqual(['page']);
  });
});

describe('product money', () => {
  it('keeps euros exact: stored as cents, answered as given', async () => {
    const { token, taxId, license } = await company(t);
    const prices = [
      0, 0.01, 0.07, 0.1, 0.2, 0.3, 1.1, 1.15, 4.35, 8.2, 19.99, 33.33, 1234.56, 99999.99, 10_000_000,
    ];
    const made = [];
    for (const price of prices) {
      const p = await createProduct(t, token, { taxId, name: `P ${price}`, type: 'regular', price });
      expect(p.price).toBe(price);
      expect((await getProduct(token, p.id)).price).toBe(price);
      made.push(p.id);
    }
    const stored = await t.database.db
      .select({ cents: products.priceCents })
      .from(products)
      .where(eq(products.licenseId, license.id))
      .orderBy(products.id);
    expect(stored.map((r) => r.cents)).toEqual([
      0, 1, 7, 10, 20, 30, 110, 115, 435, 820, 1999, 3333, 123456, 9999999, 1_000_000_000,
    ]);
    const listed = await list(token, { orders: '{"price":"asc"}', limit: '100' });
    expect(listed.items.map((i) => i.price)).toEqual(prices);
    // 0.1 + 0.2 is 0.30000000000000004 in floating point: not an amount of euros.
    expect(
      failingFields(
        await call(t, 'POST', url, {
          token,
          payload: { name: 'x', type: 'regular', price: 0.1 + 0.2, taxType: taxId },
        }),
      ),
    ).toEqual(['price']);
    expect(
      failingFields(
        await call(t, 'POST', url, {
          token,
          payload: { name: 'x', type: 'regular', price: 1.005, taxType: taxId },
        }),
      ),
    ).toEqual(['price']);
    // Filters read euros exactly too.
    expect(ids((await list(token, { filters: JSON.stringify({ price: { eq: 4.35 } }) })).items)).toEqual([
      made[8],
    ]);
    expect(ids((await list(token, { filters: JSON.stringify({ price: { eq: 0.3 } }) })).items)).toEqual([
      made[5],
    ]);
    // A money commission is euros as well, a percentage hundredths of a percent.
    const commission = await createProduct(t, token, {
      taxId,
      name: 'Comisión',
      type: 'regular',
      price: 19.99,
      supplierCommissionType: 'money',
      supplierCommissionQuantity: 4.35,
    });
    expect(commission.supplierCommissionQuantity).toBe(4.35);
    const pct = await createProduct(t, token, {
      taxId,
      name: 'Porcentaje',
      type: 'regular',
      price: 19.99,
      supplierCommissionType: 'percentage',
      supplierCommissionQuantity: 33.33,
    });
    expect((await getProduct(token, pct.id)).supplierCommissionQuantity).toBe(33.33);
  });
});

describe('product permissions', () => {
  const can = (permission: string) => ({ scope: 'can_do' as const, permission });
  const all = ['products_find', 'products_create', 'products_edit', 'products_delete'];

  it('needs products_find, _create, _edit and _delete, and changes nothing when refused', async () => {
    const owner = await company(t);
    const body = { name: 'Masaje', type: 'regular', price: 10, taxType: owner.taxId } as const;
    const product = await createProduct(t, owner.token, { ...body, taxId: owner.taxId });
    const without = async (missing: string) =>
      (await createEmployee(t, owner.code, owner.token, all.filter((p) => p !== missing).map(can))).token;

    const noFind = await without('products_find');
    expectError(await call(t, 'GET', url, { token: noFind }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'GET', `${url}/${product.id}`, { token: noFind }), 403, ErrorCode.forbidden);
    const noCreate = await without('products_create');
    expectError(await call(t, 'POST', url, { token: noCreate, payload: body }), 403, ErrorCode.forbidden);
    const noEdit = await without('products_edit');
    expectError(
      await call(t, 'PUT', `${url}/${product.id}`, { token: noEdit, payload: { ...body, name: 'Changed' } }),
      403,
      ErrorCode.forbidden,
    );
    const noDelete = await without('products_delete');
    expectError(
      await call(t, 'DELETE', `${url}/${product.id}`, { token: noDelete }),
      403,
      ErrorCode.forbidden,
    );
    expect(await getProduct(owner.token, product.id)).toEqual(product);
    expect((await list(owner.token)).total).toBe(1);

    const grantOnly = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_grant', permission: 'products_find' },
    ]);
    expectError(await call(t, 'GET', url, { token: grantOnly.token }), 403, ErrorCode.forbidden);

    const only = async (permission: string) =>
      (await createEmployee(t, owner.code, owner.token, [can(permission)])).token;
    const finder = await only('products_find');
    expect((await call(t, 'GET', url, { token: finder })).status).toBe(200);
    expect((await call(t, 'GET', `${url}/${product.id}`, { token: finder })).status).toBe(200);
    const made = await call(t, 'POST', url, {
      token: await only('products_create'),
      payload: { ...body, name: 'Nuevo' },
    });
    expect(made.status).toBe(201);
    const edited = await call(t, 'PUT', `${url}/${product.id}`, {
      token: await only('products_edit'),
      payload: { ...body, name: 'Changed' },
    });
    expect(edited.status).toBe(200);
    expect(
      (await call(t, 'DELETE', `${url}/${made.body.data.id}`, { token: await only('products_delete') }))
        .status,
    ).toBe(200);
    expect(ids((await list(owner.token)).items)).toEqual([product.id]);
  });
});

describe('deleting a license', () => {
  it('takes its products, translations, taxes and order lines with it', async () => {
    const { token, taxId, license } = await company(t);
    const p = await createProduct(t, token, { taxId, name: 'Masaje', type: 'regular', price: 1 });
    await call(t, 'PUT', `${url}/${p.id}/translations`, {
      token,
      payload: [{ language: 'en', name: 'Massage' }],
    });
    await sellInAnOrder(license.id, p.id);
    await t.services.licenses.remove(license.id);
    expect(await t.database.db.select().from(products).where(eq(products.licenseId, license.id))).toEqual([]);
    expect(await t.database.db.select().from(orderLines).where(eq(orderLines.licenseId, license.id))).toEqual(
      [],
    );
  });
});

describe('product isolation', () => {
  it('never shows nor changes another company’s product', async () => {
    const mine = await company(t);
    const theirs = await company(t);
    const body = { name: 'Ajeno', type: 'regular', price: 10, taxType: theirs.taxId } as const;
    const other = await createProduct(t, theirs.token, { ...body, taxId: theirs.taxId });
    const token = mine.token;
    expectError(await call(t, 'GET', `${url}/${other.id}`, { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', `${url}/${other.id}`, { token, payload: { ...body, taxType: mine.taxId } }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'DELETE', `${url}/${other.id}`, { token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'GET', `${url}/${other.id}/translations`, { token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'PUT', `${url}/${other.id}/translations`, {
        token,
        payload: [{ language: 'en', name: 'x' }],
      }),
      404,
      ErrorCode.notFound,
    );
    expect((await list(token)).total).toBe(0);
    expect((await list(token, { query: 'ajeno' })).total).toBe(0);
    expect(await getProduct(theirs.token, other.id)).toEqual(other);
  });
});
