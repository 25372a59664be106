import { ErrorCode } from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { balanceMovements, customerBalances } from '../src/modules/balances/balances.table.js';
import {
  packSessionsFor,
  returnPackSession,
  spendPackSession,
} from '../src/modules/balances/booking-sessions.js';
import { products } from '../src/modules/products/products.table.js';
import { company, createCalendar, createCustomer, createProduct, everyDay } from './factories.js';
import { buildTestApp, call, failingFields, type TestApp } from './helpers.js';

/*
 * Packs and credits: a pack's sessions pay bookings (spendPackSession / returnPackSession, called by the
 * bookings service in the booking's transaction), one at a time under the balance row's lock.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

/** A company with a massage, a facial, a pack of massages, a customer holding `sessions` of it, and another. */
async function packCompany(sessions = 5) {
  const c = await company(t);
  const { token } = c;
  const calendarId = (await createCalendar(t, token, { name: 'Cabina', schedule: everyDay(), duration: 30 }))
    .id;
  const massage = await createProduct(t, token, {
    taxId: c.taxId,
    name: 'Masaje',
    type: 'bookable',
    price: 45,
    durationInMinutes: 60,
    bookingCalendarId: calendarId,
  });
  const facial = await createProduct(t, token, {
    taxId: c.taxId,
    name: 'Facial',
    type: 'bookable',
    price: 30,
    durationInMinutes: 60,
    bookingCalendarId: calendarId,
  });
  const pack = await createProduct(t, token, {
    taxId: c.taxId,
    name: '5 masajes',
    type: 'pack',
    price: 200,
    packSessions: 5,
    packProductIds: [massage.id],
  });
  const ana = await createCustomer(t, token, { name: 'Ana', surname: 'García' });
  const luis = await createCustomer(t, token, { name: 'Luis', surname: 'Pérez' });
  const [balance] = await t.database.db
    .insert(customerBalances)
    .values({
      licenseId: c.license.id,
      customerId: ana.id,
      productId: pack.id,
      kind: 'pack',
      initial: 5,
      remaining: sessions,
    })
    .returning();
  return {
    ...c,
    calendarId,
    massageId: massage.id,
    facialId: facial.id,
    packId: pack.id,
    anaId: ana.id,
    luisId: luis.id,
    balanceId: balance!.id,
  };
}
type PackCompany = Awaited<ReturnType<typeof packCompany>>;

let minute = 0;
/** A booking of the massage for Ana (unpaid, through the API), at a start of its own. */
const booking = (c: PackCompany, productId = c.massageId) => minuteBooking(c, c.anaId, productId);

/** A booking for `customerId` (unpaid, through the API), at a start of its own. */
async function minuteBooking(c: PackCompany, customerId: number, productId = c.massageId) {
  const day = 1 + (minute % 27);
  const hour = 9 + Math.floor(minute / 27);
  minute++;
  const res = await call(t, 'POST', '/v1/admin/bookings', {
    token: c.token,
    payload: {
      bookingCalendarId: c.calendarId,
      productId,
      customerId,
      startsAt: `2027-04-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { id: number }).id;
}

const remaining = async (id: number) =>
  (await t.database.db.select().from(customerBalances).where(eq(customerBalances.id, id)))[0]!.remaining;
const movements = (id: number) =>
  t.database.db
    .select()
    .from(balanceMovements)
    .where(eq(balanceMovements.balanceId, id))
    .orderBy(balanceMovements.id);

async function refusalOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

const spend = (
  c: PackCompany,
  bookingId: number,
  over: Partial<Parameters<typeof spendPackSession>[2]> = {},
) =>
  t.database.db.transaction((tx) =>
    spendPackSession(tx, c.license.id, {
      balanceId: c.balanceId,
      customerId: c.anaId,
      productId: c.massageId,
      bookingId,
      userId: null,
      ...over,
    }),
  );
const giveBack = (c: PackCompany, bookingId: number, licenseId = c.license.id) =>
  t.database.db.transaction((tx) =>
    returnPackSession(tx, licenseId, { balanceId: c.balanceId, bookingId, userId: null }),
  );

describe('pack sessions paying bookings', () => {
  it('a session pays a booking and comes back once when it is returned', async () => {
    const c = await packCompany();
    const b = await booking(c);
    await spend(c, b);
    expect(await remaining(c.balanceId)).toBe(4);
    await giveBack(c, b);
    await giveBack(c, b);
    expect(await remaining(c.balanceId)).toBe(5);
    expect((await movements(c.balanceId)).map((m) => [m.reason, m.delta, m.bookingId])).toEqual([
      ['booking', -1, b],
      ['booking_returned', 1, b],
    ]);
    // Spent again after its return (a booking moved back to confirmed is a new spend): one more return.
    await spend(c, b);
    await giveBack(c, b);
    await giveBack(c, b);
    expect(await remaining(c.balanceId)).toBe(5);
  });

  it('a booking the pack never paid gets nothing back', async () => {
    const c = await packCompany(3);
    const b = await booking(c);
    await giveBack(c, b);
    expect(await remaining(c.balanceId)).toBe(3);
    expect(await movements(c.balanceId)).toEqual([]);
  });

  it('refuses another product, an expired pack, no sessions left, another customer and another license', async () => {
    const c = await packCompany(1);
    const facial = await booking(c, c.facialId);
    expect(await refusalOf(spend(c, facial, { productId: c.facialId }))).toBe(ErrorCode.packNotForProduct);
    const b = await booking(c);
    expect(await refusalOf(spend(c, b, { customerId: c.luisId }))).toBe(ErrorCode.validation);
    const other = await company(t);
    expect(await refusalOf(spend({ ...c, license: other.license }, b))).toBe(ErrorCode.validation);
    expect(await refusalOf(giveBack(c, b, other.license.id))).toBe(ErrorCode.notFound);
    await t.database.db
      .update(customerBalances)
      .set({ expiresAt: new Date(Date.now() - DAY) })
      .where(eq(customerBalances.id, c.balanceId));
    expect(await refusalOf(spend(c, b))).toBe(ErrorCode.balanceExpired);
    expect(await packSessionsFor(t.database.db, c.license.id, c.anaId, c.massageId)).toEqual([]);
    await t.database.db
      .update(customerBalances)
      .set({ expiresAt: new Date(Date.now() + DAY) })
      .where(eq(customerBalances.id, c.balanceId));
    expect(
      (await packSessionsFor(t.database.db, c.license.id, c.anaId, c.massageId)).map((p) => p.id),
    ).toEqual([c.balanceId]);
    expect(await packSessionsFor(t.database.db, c.license.id, c.anaId, c.facialId)).toEqual([]);
    expect(await packSessionsFor(t.database.db, other.license.id, c.anaId, c.massageId)).toEqual([]);
    await spend(c, b);
    const second = await booking(c);
    expect(await refusalOf(spend(c, second))).toBe(ErrorCode.packSessionsExhausted);
    expect(await packSessionsFor(t.database.db, c.license.id, c.anaId, c.massageId)).toEqual([]);
    expect(await remaining(c.balanceId)).toBe(0);
  });

  it('20 parallel spends of the last session: exactly one succeeds, the others are refused', async () => {
    const c = await packCompany(1);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await booking(c));
    const results = await Promise.allSettled(ids.map((id) => spend(c, id)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe(ErrorCode.packSessionsExhausted);
    expect(await remaining(c.balanceId)).toBe(0);
    const spent = await t.database.db
      .select()
      .from(balanceMovements)
      .where(and(eq(balanceMovements.balanceId, c.balanceId), eq(balanceMovements.reason, 'booking')));
    expect(spent).toHaveLength(1);
  });
});

/** Books the massage (or `productId`) for `customerId` at the next start, paid with a session of `balanceId`. */
async function bookWithPack(
  c: PackCompany,
  over: {
    balanceId?: number;
    customerId?: number;
    productId?: number;
    quantity?: number;
    giftVoucherCode?: string;
  } = {},
) {
  const day = 1 + (minute % 27);
  const hour = 9 + Math.floor(minute / 27);
  minute++;
  return call(t, 'POST', '/v1/admin/bookings', {
    token: c.token,
    payload: {
      bookingCalendarId: c.calendarId,
      productId: c.massageId,
      customerId: c.anaId,
      startsAt: `2027-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`,
      balanceId: c.balanceId,
      ...over,
    },
  });
}

type BookingAnswer = {
  id: number;
  bookingCalendarId: number;
  customerId: number;
  startsAt: string;
  price: number;
  orderId: number | null;
  balanceId: number | null;
  balanceName: string | null;
};

const cancelBooking = (c: PackCompany, b: BookingAnswer) =>
  call(t, 'PUT', `/v1/admin/bookings/${b.id}`, {
    token: c.token,
    payload: {
      bookingCalendarId: b.bookingCalendarId,
      customerId: b.customerId,
      startsAt: b.startsAt,
      quantity: 1,
      price: 0,
      status: 'cancelled',
    },
  });

const bookingsOf = async (c: PackCompany) =>
  (await call(t, 'GET', '/v1/admin/bookings?limit=100', { token: c.token })).body.data.items as {
    id: number;
    balanceName: string | null;
    price: number;
  }[];

describe('booking with a pack session through the API', () => {
  it('books at price 0 without an order, naming the pack; the drawer lists the packs that may pay it', async () => {
    const c = await packCompany(2);
    const usable = await call(
      t,
      'GET',
      `/v1/admin/customers/${c.anaId}/pack-sessions?productId=${c.massageId}`,
      {
        token: c.token,
      },
    );
    expect(usable.status, JSON.stringify(usable.body)).toBe(200);
    expect(usable.body.data.items).toEqual([
      expect.objectContaining({ id: c.balanceId, productName: '5 masajes', remaining: 2, initial: 5 }),
    ]);
    const res = await bookWithPack(c);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body.data as BookingAnswer;
    expect(b).toMatchObject({ price: 0, orderId: null, balanceId: c.balanceId, balanceName: '5 masajes' });
    expect((await call(t, 'GET', `/v1/admin/bookings/${b.id}`, { token: c.token })).body.data).toMatchObject({
      balanceId: c.balanceId,
      balanceName: '5 masajes',
    });
    expect((await bookingsOf(c)).find((x) => x.id === b.id)).toMatchObject({
      balanceName: '5 masajes',
      price: 0,
    });
    expect(await remaining(c.balanceId)).toBe(1);
    expect((await movements(c.balanceId)).map((m) => [m.reason, m.delta, m.bookingId])).toEqual([
      ['booking', -1, b.id],
    ]);
    // The facial is not in the pack: nothing offered for it; none for a customer without packs.
    const facial = await call(
      t,
      'GET',
      `/v1/admin/customers/${c.anaId}/pack-sessions?productId=${c.facialId}`,
      {
        token: c.token,
      },
    );
    expect(facial.body.data.items).toEqual([]);
    const luis = await call(
      t,
      'GET',
      `/v1/admin/customers/${c.luisId}/pack-sessions?productId=${c.massageId}`,
      {
        token: c.token,
      },
    );
    expect(luis.body.data.items).toEqual([]);
  });

  it('a booking paid with a session keeps its customer and quantity; its notes still change', async () => {
    const c = await packCompany(3);
    const b = (await bookWithPack(c)).body.data as BookingAnswer;
    const put = (over: Record<string, unknown>) =>
      call(t, 'PUT', `/v1/admin/bookings/${b.id}`, {
        token: c.token,
        payload: {
          bookingCalendarId: b.bookingCalendarId,
          customerId: b.customerId,
          startsAt: b.startsAt,
          quantity: 1,
          price: 0,
          ...over,
        },
      });
    for (const over of [{ customerId: c.luisId }, { quantity: 2 }]) {
      const refused = await put(over);
      expect(refused.status, JSON.stringify(refused.body)).toBe(409);
      expect(refused.body.error.code).toBe(1000203);
    }
    const noted = await put({ notes: 'Trae toalla' });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(noted.body.data).toMatchObject({
      customerId: c.anaId,
      quantity: 1,
      notes: 'Trae toalla',
      price: 0,
    });
    expect(await remaining(c.balanceId)).toBe(2);
  });

  it('a booking cancelled or deleted in time gives its session back once; a late one keeps it spent', async () => {
    const c = await packCompany(5);
    const first = (await bookWithPack(c)).body.data as BookingAnswer;
    const second = (await bookWithPack(c)).body.data as BookingAnswer;
    expect(await remaining(c.balanceId)).toBe(3);
    const cancelled = await cancelBooking(c, first);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', balanceName: '5 masajes' });
    expect(await remaining(c.balanceId)).toBe(4);
    // Deleting the cancelled booking gives nothing more back.
    expect((await call(t, 'DELETE', `/v1/admin/bookings/${first.id}`, { token: c.token })).status).toBe(200);
    expect(await remaining(c.balanceId)).toBe(4);
    expect((await call(t, 'DELETE', `/v1/admin/bookings/${second.id}`, { token: c.token })).status).toBe(200);
    expect(await remaining(c.balanceId)).toBe(5);
    expect((await movements(c.balanceId)).map((m) => [m.reason, m.delta])).toEqual([
      ['booking', -1],
      ['booking', -1],
      ['booking_returned', 1],
      ['booking_returned', 1],
    ]);

    // A year's notice: any booking before then is late, its session spent.
    const settings = await call(t, 'PUT', '/v1/admin/settings', {
      token: c.token,
      payload: { bookings: { freeCancellationHours: 8760 } },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const late = (await bookWithPack(c)).body.data as BookingAnswer;
    const lateDeleted = (await bookWithPack(c)).body.data as BookingAnswer;
    expect((await cancelBooking(c, late)).status).toBe(200);
    expect((await call(t, 'DELETE', `/v1/admin/bookings/${lateDeleted.id}`, { token: c.token })).status).toBe(
      200,
    );
    expect(await remaining(c.balanceId)).toBe(3);
  });

  it("refuses, writing nothing: another customer's or license's balance, another product, no session left, with a voucher, more than one unit", async () => {
    const c = await packCompany(1);
    const other = await company(t);
    const before = (await bookingsOf(c)).length;
    const expectField = (
      res: Awaited<ReturnType<typeof bookWithPack>>,
      status: number,
      code: number,
      field: string,
    ) => {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect((res.body.error.details as { field: string }[]).map((d) => d.field)).toContain(field);
    };
    expectField(await bookWithPack(c, { customerId: c.luisId }), 400, ErrorCode.validation, 'balanceId');
    const foreign = await packCompany(3);
    expectField(
      await bookWithPack(c, { balanceId: foreign.balanceId }),
      400,
      ErrorCode.validation,
      'balanceId',
    );
    expectField(
      await bookWithPack(c, { productId: c.facialId }),
      409,
      ErrorCode.packNotForProduct,
      'balanceId',
    );
    expectField(await bookWithPack(c, { quantity: 2 }), 400, ErrorCode.validation, 'quantity');
    expectField(
      await bookWithPack(c, { giftVoucherCode: 'ABCD-EFGH-JKMN' }),
      400,
      ErrorCode.validation,
      'balanceId',
    );
    expect((await bookingsOf(c)).length).toBe(before);
    expect(await remaining(c.balanceId)).toBe(1);
    expect(await remaining(foreign.balanceId)).toBe(3);
    expect((await bookWithPack(c)).status).toBe(201);
    expectField(await bookWithPack(c), 409, ErrorCode.packSessionsExhausted, 'balanceId');
    expect((await bookingsOf(c)).length).toBe(before + 1);
    // Another license's customer is not found on the drawer's read.
    const probe = await call(
      t,
      'GET',
      `/v1/admin/customers/${c.anaId}/pack-sessions?productId=${c.massageId}`,
      {
        token: other.token,
      },
    );
    expect(probe.status).toBe(404);
    // Nor is another license's product taken for one of the company's.
    const foreignProduct = await call(
      t,
      'GET',
      `/v1/admin/customers/${c.anaId}/pack-sessions?productId=${foreign.massageId}`,
      { token: c.token },
    );
    expect(foreignProduct.status).toBe(400);
  });

  it('a booking paid with a session cannot be charged in an order', async () => {
    const c = await packCompany(2);
    const b = (await bookWithPack(c)).body.data as BookingAnswer;
    const res = await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        customerId: c.anaId,
        status: 'draft',
        paymentMethod: 'transfer',
        lines: [{ productId: c.massageId, quantity: 1, unitPrice: 45, bookingId: b.id }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });

  it('20 parallel bookings on the last session: exactly one succeeds, the others get 1000187', async () => {
    const c = await packCompany(1);
    const answers = await Promise.all(Array.from({ length: 20 }, () => bookWithPack(c)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) {
      expect(a.status, JSON.stringify(a.body)).toBe(409);
      expect(a.body.error.code).toBe(ErrorCode.packSessionsExhausted);
    }
    expect(await remaining(c.balanceId)).toBe(0);
    expect((await bookingsOf(c)).filter((b) => b.balanceName !== null)).toHaveLength(1);
  });
});

/** Sells `lines` to `customerId` (paid by transfer: no register needed); answers the call's answer. */
const sell = (
  c: { token: string },
  customerId: number | null,
  lines: { productId: number; quantity: number; unitPrice: number }[],
  status: 'paid' | 'draft' = 'paid',
) =>
  call(t, 'POST', '/v1/admin/orders', {
    token: c.token,
    payload: { ...(customerId === null ? {} : { customerId }), status, paymentMethod: 'transfer', lines },
  });

const balancesOf = (c: { token: string }, customerId: number) =>
  call(t, 'GET', `/v1/admin/customers/${customerId}/balances`, { token: c.token });

describe('granting on a paid sale', () => {
  it('a paid sale gives one balance per unit of each pack and credit line, with its granted movement', async () => {
    const c = await packCompany();
    const bono = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Bono 100 €',
      type: 'credit',
      price: 100,
    });
    const gift = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Saldo 50',
      type: 'credit',
      price: 45,
    });
    await t.database.db.update(products).set({ creditCents: 5000 }).where(eq(products.id, gift.id));
    const res = await sell(c, c.luisId, [
      { productId: c.packId, quantity: 2, unitPrice: 200 },
      { productId: bono.id, quantity: 1, unitPrice: 90 },
      { productId: gift.id, quantity: 1, unitPrice: 45 },
      { productId: c.massageId, quantity: 1, unitPrice: 45 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = (res.body.data as { id: number }).id;
    const answer = await balancesOf(c, c.luisId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const items = answer.body.data.items as {
      productName: string;
      kind: string;
      initial: number;
      remaining: number;
      orderId: number;
      movements: { reason: string; delta: number; orderId: number }[];
    }[];
    expect(items.map((b) => [b.productName, b.kind, b.initial, b.remaining, b.orderId])).toEqual([
      ['Saldo 50', 'credit', 50, 50, orderId],
      ['Bono 100 €', 'credit', 100, 100, orderId],
      ['5 masajes', 'pack', 5, 5, orderId],
      ['5 masajes', 'pack', 5, 5, orderId],
    ]);
    expect(items[0]!.movements).toMatchObject([{ reason: 'granted', delta: 50, orderId }]);
    expect(items[3]!.movements).toMatchObject([{ reason: 'granted', delta: 5, orderId }]);
  });

  it('a draft gives nothing; updated to paid it gives its balances once', async () => {
    const c = await packCompany();
    const lines = [{ productId: c.packId, quantity: 1, unitPrice: 200 }];
    const res = await sell(c, c.luisId, lines, 'draft');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = (res.body.data as { id: number }).id;
    expect((await balancesOf(c, c.luisId)).body.data.items).toEqual([]);
    const paid = await call(t, 'PUT', `/v1/admin/orders/${orderId}`, {
      token: c.token,
      payload: { customerId: c.luisId, status: 'paid', paymentMethod: 'transfer', lines },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const saved = (
      paid.body.data.lines as { id: number; productId: number; quantity: number; unitPrice: number }[]
    ).map(({ id, productId, quantity, unitPrice }) => ({ id, productId, quantity, unitPrice }));
    const again = await call(t, 'PUT', `/v1/admin/orders/${orderId}`, {
      token: c.token,
      payload: {
        customerId: c.luisId,
        status: 'paid',
        paymentMethod: 'transfer',
        notes: 'otra vez',
        lines: saved,
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await balancesOf(c, c.luisId)).body.data.items).toHaveLength(1);
  });

  it('a pack or credit sale without a customer is refused before anything is written', async () => {
    const c = await packCompany();
    const res = await sell(c, null, [{ productId: c.packId, quantity: 1, unitPrice: 200 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.code).toBe(ErrorCode.balanceSaleWithoutCustomer);
  });

  it("another license's customer is not found", async () => {
    const c = await packCompany();
    const other = await company(t);
    expect((await balancesOf(other, c.anaId)).status).toBe(404);
    expect((await balancesOf(c, c.anaId)).body.data.items).toHaveLength(1);
  });
});

/** A company whose customer Ana holds credit balances of the given euros (bought, oldest first). */
async function creditCompany(...euros: number[]) {
  const c = await packCompany();
  const bono = await createProduct(t, c.token, { taxId: c.taxId, name: 'Bono', type: 'credit', price: 100 });
  const cream = await createProduct(t, c.token, {
    taxId: c.taxId,
    name: 'Crema',
    type: 'regular',
    price: 10,
  });
  const ids: number[] = [];
  for (const e of euros) {
    await t.database.db
      .update(products)
      .set({ creditCents: Math.round(e * 100) })
      .where(eq(products.id, bono.id));
    const res = await sell(c, c.anaId, [{ productId: bono.id, quantity: 1, unitPrice: e }]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const rows = await t.database.db
    .select()
    .from(customerBalances)
    .where(and(eq(customerBalances.customerId, c.anaId), eq(customerBalances.kind, 'credit')))
    .orderBy(customerBalances.id);
  for (const r of rows) ids.push(r.id);
  return { ...c, bonoId: bono.id, creamId: cream.id, creditIds: ids };
}

const payWithCredit = (
  c: { token: string; anaId: number },
  lines: { productId: number; quantity: number; unitPrice: number }[],
  status: 'paid' | 'draft' = 'paid',
  customerId: number | null = c.anaId,
) =>
  call(t, 'POST', '/v1/admin/orders', {
    token: c.token,
    payload: { ...(customerId === null ? {} : { customerId }), status, paymentMethod: 'credit', lines },
  });

describe('credit as a payment method', () => {
  it('spends the total line by line from the oldest balance first, to the cent', async () => {
    const c = await creditCompany(10, 50);
    const res = await payWithCredit(c, [
      { productId: c.creamId, quantity: 1, unitPrice: 7.35 },
      { productId: c.creamId, quantity: 2, unitPrice: 4.1 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const order = res.body.data as { id: number; lines: { id: number }[] };
    expect(await remaining(c.creditIds[0]!)).toBe(0);
    expect(await remaining(c.creditIds[1]!)).toBe(5000 - (735 + 820 - 1000));
    const [l1, l2] = order.lines;
    const spent = (await movements(c.creditIds[0]!)).concat(await movements(c.creditIds[1]!));
    expect(
      spent.filter((m) => m.reason === 'order').map((m) => [m.balanceId, m.delta, m.orderLineId, m.orderId]),
    ).toEqual([
      [c.creditIds[0], -735, l1!.id, order.id],
      [c.creditIds[0], -265, l2!.id, order.id],
      [c.creditIds[1], -555, l2!.id, order.id],
    ]);
  });

  it('refuses credit short of the total or without a customer, writing nothing', async () => {
    const c = await creditCompany(10);
    const short = await payWithCredit(c, [{ productId: c.creamId, quantity: 1, unitPrice: 10.01 }]);
    expect(short.status, JSON.stringify(short.body)).toBe(409);
    expect(short.body.error.code).toBe(ErrorCode.creditNotEnough);
    const nobody = await payWithCredit(
      c,
      [{ productId: c.creamId, quantity: 1, unitPrice: 1 }],
      'paid',
      null,
    );
    expect(nobody.status, JSON.stringify(nobody.body)).toBe(400);
    expect(await remaining(c.creditIds[0]!)).toBe(1000);
    expect((await movements(c.creditIds[0]!)).map((m) => m.reason)).toEqual(['granted']);
    // A draft with credit spends nothing until it is paid.
    const lines = [{ productId: c.creamId, quantity: 1, unitPrice: 10 }];
    const draft = await payWithCredit(c, lines, 'draft');
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(await remaining(c.creditIds[0]!)).toBe(1000);
    const paid = await call(t, 'PUT', `/v1/admin/orders/${(draft.body.data as { id: number }).id}`, {
      token: c.token,
      payload: { customerId: c.anaId, status: 'paid', paymentMethod: 'credit', lines },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await remaining(c.creditIds[0]!)).toBe(0);
  });

  it('20 parallel orders spending the last euros: exactly one succeeds, the others get 409', async () => {
    const c = await creditCompany(5);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        payWithCredit(c, [{ productId: c.creamId, quantity: 1, unitPrice: 5 }]),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) {
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      expect(r.body.error.code).toBe(ErrorCode.creditNotEnough);
    }
    expect(await remaining(c.creditIds[0]!)).toBe(0);
  });
});

const refund = (c: { token: string }, id: number, payload: Record<string, unknown> = {}) =>
  call(t, 'POST', `/v1/admin/orders/${id}/refund`, { token: c.token, payload });

describe('refunds', () => {
  it('a credit-paid sale refunded in credit returns each line to the balances it came from, to the cent', async () => {
    const c = await creditCompany(10, 50);
    const res = await payWithCredit(c, [
      { productId: c.creamId, quantity: 1, unitPrice: 7.35 },
      { productId: c.creamId, quantity: 3, unitPrice: 4.1 },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = res.body.data as { id: number; lines: { id: number }[] };
    expect(await remaining(c.creditIds[0]!)).toBe(0);
    expect(await remaining(c.creditIds[1]!)).toBe(5000 - (735 + 1230 - 1000));
    // One unit of the second line (4.10 €): back to the newest balance it was paid from.
    const one = await refund(c, sale.id, { lines: [{ lineId: sale.lines[1]!.id, quantity: 1 }] });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(one.body.data.paymentMethod).toBe('credit');
    expect(await remaining(c.creditIds[1]!)).toBe(5000 - 965 + 410);
    // The rest: every cent back where it came from.
    const rest = await refund(c, sale.id);
    expect(rest.status, JSON.stringify(rest.body)).toBe(201);
    expect(await remaining(c.creditIds[0]!)).toBe(1000);
    expect(await remaining(c.creditIds[1]!)).toBe(5000);
    expect((await movements(c.creditIds[1]!)).map((m) => [m.reason, m.delta])).toEqual([
      ['granted', 5000],
      ['order', -965],
      ['refund', 410],
      ['refund', 555],
    ]);
    // A sale paid otherwise is not given back in credit.
    const cash = await sell(c, c.anaId, [{ productId: c.creamId, quantity: 1, unitPrice: 3 }]);
    const refused = await refund(c, (cash.body.data as { id: number }).id, { paymentMethod: 'credit' });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    // Her figures count money once: the credits bought (10 + 50 €) and the cream paid in cash (3 €), not the
    // sale paid with that credit nor its refunds in credit; the orders themselves all count.
    const summary = await call(t, 'GET', `/v1/admin/customers/${c.anaId}/summary`, { token: c.token });
    expect(summary.body.data.orders).toMatchObject({
      paidOrders: 4,
      refunds: 2,
      paidCents: 6300,
      refundedCents: 0,
      totalSpentCents: 6300,
    });
  });

  it('refunding a pack or credit sale revokes its untouched balances, and is refused once they are used', async () => {
    const c = await packCompany();
    const sold = await sell(c, c.luisId, [{ productId: c.packId, quantity: 2, unitPrice: 200 }]);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const sale = sold.body.data as { id: number; lines: { id: number }[] };
    const [first, second] = await t.database.db
      .select()
      .from(customerBalances)
      .where(eq(customerBalances.orderLineId, sale.lines[0]!.id))
      .orderBy(customerBalances.id);
    // One session of the first pack used: one unit may still be refunded (the untouched pack), not two.
    const b = await minuteBooking(c, c.luisId);
    await t.database.db.transaction((tx) =>
      spendPackSession(tx, c.license.id, {
        balanceId: first!.id,
        customerId: c.luisId,
        productId: c.massageId,
        bookingId: b,
        userId: null,
      }),
    );
    const both = await refund(c, sale.id);
    expect(both.status, JSON.stringify(both.body)).toBe(409);
    expect(both.body.error.code).toBe(ErrorCode.balanceAlreadySpent);
    expect(await remaining(second!.id)).toBe(5);
    const one = await refund(c, sale.id, { lines: [{ lineId: sale.lines[0]!.id, quantity: 1 }] });
    expect(one.status, JSON.stringify(one.body)).toBe(201);
    expect(await remaining(second!.id)).toBe(0);
    expect(await remaining(first!.id)).toBe(4);
    expect((await movements(second!.id)).map((m) => [m.reason, m.delta])).toEqual([
      ['granted', 5],
      ['revoked', -5],
    ]);
  });
});

describe('pack and credit products', () => {
  it('a pack needs its sessions and bookable products of the company; a credit gives its amount or price', async () => {
    const c = await packCompany();
    const other = await packCompany();
    const post = (payload: Record<string, unknown>) =>
      call(t, 'POST', '/v1/admin/products', {
        token: c.token,
        payload: { taxType: c.taxId, price: 100, ...payload },
      });
    const missing = await post({ name: 'Bono', type: 'pack' });
    expect(missing.status).toBe(400);
    expect(failingFields(missing).sort()).toEqual(['packProductIds', 'packSessions']);
    const cream = await createProduct(t, c.token, { taxId: c.taxId, name: 'Crema' });
    const foreign = await post({
      name: 'Bono',
      type: 'pack',
      packSessions: 3,
      packProductIds: [c.massageId, other.massageId, cream.id],
    });
    expect(foreign.status).toBe(400);
    expect(failingFields(foreign)).toEqual(['packProductIds.1', 'packProductIds.2']);
    const pack = await post({
      name: '3 sesiones',
      type: 'pack',
      packSessions: 3,
      packProductIds: [c.massageId, c.facialId],
    });
    expect(pack.status, JSON.stringify(pack.body)).toBe(201);
    expect(pack.body.data).toMatchObject({ packSessions: 3, creditAmount: null });
    expect([...pack.body.data.packProductIds].sort()).toEqual([c.massageId, c.facialId].sort());
    // PUT replaces the pack's products.
    const id = pack.body.data.id as number;
    const put = await call(t, 'PUT', `/v1/admin/products/${id}`, {
      token: c.token,
      payload: {
        taxType: c.taxId,
        price: 100,
        name: '3 sesiones',
        type: 'pack',
        packSessions: 4,
        packProductIds: [c.facialId],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ packSessions: 4, packProductIds: [c.facialId] });
    const got = await call(t, 'GET', `/v1/admin/products/${id}`, { token: c.token });
    expect(got.body.data).toMatchObject({ packSessions: 4, packProductIds: [c.facialId] });
    // The facial is in a pack: it is not deleted.
    const del = await call(t, 'DELETE', `/v1/admin/products/${c.facialId}`, { token: c.token });
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe(ErrorCode.productInPack);
    const credit = await post({ name: 'Bono 100', type: 'credit', price: 90 });
    expect(credit.body.data).toMatchObject({ creditAmount: 90, packSessions: null, packProductIds: [] });
    const more = await post({ name: 'Bono 120', type: 'credit', price: 100, creditAmount: 120 });
    expect(more.body.data).toMatchObject({ creditAmount: 120 });
    const zero = await post({ name: 'Bono 0', type: 'credit', price: 100, creditAmount: 0 });
    expect(failingFields(zero)).toEqual(['creditAmount']);
  });
});
