import {
  ErrorCode,
  type ExportableList,
  type ExportBody,
  eurosToCents,
  exportableLists,
  exportRowsHeader,
} from '@mostrador/contract';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../../test-support/csv.js';
import type { Tx } from '../src/db/client.js';
import { csvCell, csvText, dateTimeNumFmt, moneyNumFmt } from '../src/lib/tabular.js';
import { exportListOf } from '../src/modules/exports/export-lists.js';
import { cursorMarker, cursorReading } from '../src/modules/exports/list-cursor.js';
import { orders } from '../src/modules/orders/orders.table.js';
import {
  bookable,
  type Company,
  company,
  createAnomaly,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  createTax,
  type Platform,
  platformLicense,
  readList,
} from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields } from './helpers.js';

const t = await buildTestApp();
const zone = 'Europe/Madrid';
afterAll(() => t.close());

/** POST /admin/exports/{list}: the status, headers and the raw bytes. */
async function exported(token: string, list: ExportableList, body: ExportBody) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/exports/${list}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

/** A CSV export's lines (BOM and the final CRLF checked and dropped), each split into its cells. */
function csvLines(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return parseCsv(text);
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

let a: Company;
let b: Company;
let platform: Platform;
let customerA: number;
let customerB: number;
let calendarA: number;
let calendarB: number;

/** Orders seeded in bulk in license A: codes 1…12,000, one a minute from 28 March 2026 23:00 UTC. */
const orderCount = 12_000;
/** Every tenth order is a draft, the rest paid: 10,800 paid ones, past the lists' 10,000-row cap. */
const paidCount = orderCount - orderCount / 10;
const centsOf = (code: number) => (code % 5 === 0 ? -(code % 1000) - 1 : 1000 + code);

beforeAll(async () => {
  a = await company(t);
  b = await company(t);
  platform = await platformLicense(t);
  customerA = (await createCustomer(t, a.token, { name: 'Ana; "la jefa"', surname: 'Pérez' })).id;
  await createCustomer(t, a.token, { name: 'Bruno', surname: 'Díaz', email: 'bruno@example.es' });
  await createCustomer(t, a.token, { name: 'Carla', surname: 'Ruiz', company: 'Ruiz, S.L.' });
  customerB = (await createCustomer(t, b.token, { name: 'Ana de B' })).id;
  await createTax(t, a.token, { name: 'IVA reducido', percentage: 10 });
  const calendar = await createCalendar(t, a.token, { name: 'Sala grande', maximumConcurrentBookings: 5 });
  calendarA = calendar.id;
  await createCalendar(t, a.token, { name: 'Sala pequeña' });
  calendarB = (await createCalendar(t, b.token, { name: 'Sala de B' })).id;
  await createAnomaly(t, a.token, calendarA, {
    type: 'close',
    startDate: '2026-12-24T09:00',
    endDate: '2026-12-24T14:00',
    reason: 'Nochebuena',
  });
  await createAnomaly(t, a.token, calendarA, {
    type: 'close',
    startDate: '2026-12-31T09:00',
    endDate: '2026-12-31T14:00',
    reason: 'Nochevieja',
  });
  const product = await createProduct(t, a.token, {
    taxId: a.taxId,
    name: 'Masaje',
    price: 45.5,
    ...bookable(60),
  });
  await call(t, 'PUT', `/v1/admin/products/${product.id}`, {
    token: a.token,
    payload: { name: 'Masaje', price: 45.5, taxType: a.taxId, ...bookable(60), bookingCalendarId: calendarA },
  });
  await createProduct(t, a.token, { taxId: a.taxId, name: 'Aceite; "bio"', price: 12.99 });
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  for (const [i, hour] of ['10:00', '11:00'].entries()) {
    await createBooking(t, a.token, {
      bookingCalendarId: calendarA,
      productId: product.id,
      customerId: customerA,
      startsAt: `${day}T${hour}`,
      quantity: 1 + i,
    });
  }
  await createEmployee(t, a.code, a.token, [{ scope: 'can_do', permission: 'orders_find' }]);
  expect(
    (await call(t, 'POST', '/v1/admin/suppliers', { token: a.token, payload: { name: 'Proveedor' } })).status,
  ).toBe(201);
  expect(
    (
      await call(t, 'POST', '/v1/admin/cash-register/open', {
        token: a.token,
        payload: { initialAmount: 150.25 },
      })
    ).status,
  ).toBe(201);
  const db = t.database.db;
  await db.execute(sql`
    insert into mails (license_id, type, kind, contact_email, language, subject, html, text, message_id)
    select ${a.license.id}, 'customer', 'order_receipt', 'cliente' || i || '@example.es', 'es',
      'Su pedido ' || i, '<p>Hola</p>', 'Hola', 'msg-' || i || '@test'
    from generate_series(1, 3) as i`);
  await db.execute(sql`
    insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
      payment_date, created_at, updated_at)
    select ${a.license.id}, i, case when i % 2 = 0 then ${customerA}::int end,
      case when i % 10 = 0 then 'draft' else 'paid' end, 'cash',
      case when i % 5 = 0 then -(i % 1000) - 1 else 1000 + i end,
      case when i % 5 = 0 then -(i % 1000) - 1 else 1000 + i end,
      case when i % 10 = 0 then null else ts end, ts, ts
    from generate_series(1, ${orderCount}) as i,
      lateral (select timestamptz '2026-03-28 23:00:00+00' + i * interval '1 minute' as ts) as x`);
  await db.execute(sql`
    insert into orders (license_id, code, status, payment_method, tax_base_cents, total_cents, created_at, updated_at)
    values (${b.license.id}, 1, 'paid', 'cash', 100, 121, now(), now())`);
}, 120_000);

/**
 * Per list: its GET path (the same rows as the screen), a filter and a sort of that list, and the
 * token that reads it.
 */
const cases: Record<
  ExportableList,
  () => {
    path: string;
    filters: ExportBody['filters'];
    orders: ExportBody['orders'];
    token: string;
    scope?: ExportBody['scope'];
    min: number;
  }
> = {
  orders: () => ({
    path: '/v1/admin/orders',
    filters: { code: { lte: 300 } },
    orders: { amount: 'desc' },
    token: a.token,
    min: 300,
  }),
  bookings: () => ({
    path: '/v1/admin/bookings',
    filters: { status: { eq: 'confirmed' } },
    orders: { quantity: 'desc' },
    token: a.token,
    min: 2,
  }),
  customers: () => ({
    path: '/v1/admin/customers',
    filters: { contactName: { like: 'a' } },
    orders: { contactName: 'desc' },
    token: a.token,
    min: 2,
  }),
  products: () => ({
    path: '/v1/admin/products',
    filters: { price: { gt: 1 } },
    orders: { price: 'asc' },
    token: a.token,
    min: 2,
  }),
  calendars: () => ({
    path: '/v1/admin/booking-calendars',
    filters: { name: { like: 'Sala' } },
    orders: { name: 'desc' },
    token: a.token,
    min: 2,
  }),
  anomalies: () => ({
    path: `/v1/admin/booking-calendars/${calendarA}/schedule-anomalies`,
    filters: { type: { eq: 'close' } },
    orders: { startsAt: 'desc' },
    token: a.token,
    scope: { calendarId: calendarA },
    min: 2,
  }),
  employees: () => ({
    path: '/v1/admin/users',
    filters: { enabled: { eq: true } },
    orders: { name: 'desc' },
    token: a.token,
    min: 2,
  }),
  mails: () => ({
    path: '/v1/admin/mails',
    filters: { status: { eq: 'waiting' } },
    orders: { createdAt: 'desc' },
    token: a.token,
    min: 3,
  }),
  licenses: () => ({
    path: '/v1/admin/licenses',
    filters: { status: { eq: 'active' } },
    orders: { code: 'asc' },
    token: platform.token,
    min: 3,
  }),
  subscriptions: () => ({
    path: '/v1/admin/subscriptions',
    filters: { status: { neq: 'cancelled' } },
    orders: { createdAt: 'desc' },
    token: a.token,
    min: 0,
  }),
  suppliers: () => ({
    path: '/v1/admin/suppliers',
    filters: { name: { like: 'Prov' } },
    orders: { name: 'asc' },
    token: a.token,
    min: 1,
  }),
  giftVouchers: () => ({
    path: '/v1/admin/gift-vouchers',
    filters: { status: { eq: 'active' } },
    orders: { createdAt: 'desc' },
    token: a.token,
    min: 0,
  }),
  cashRegisters: () => ({
    path: '/v1/admin/cash-register',
    filters: { id: { gt: 0 } },
    orders: { startsAt: 'desc' },
    token: a.token,
    min: 1,
  }),
  invoices: () => ({
    path: '/v1/admin/invoices',
    filters: { annulled: { eq: false } },
    orders: { issuedAt: 'desc' },
    token: a.token,
    min: 0,
  }),
  taxes: () => ({
    path: '/v1/admin/taxes',
    filters: { percentage: { gte: 5 } },
    orders: { percentage: 'asc' },
    token: a.token,
    min: 2,
  }),
};

describe('every list', () => {
  for (const list of exportableLists) {
    it(`${list}: the list's rows, filtered and sorted as the list, in the columns asked and their order`, async () => {
      const c = cases[list]();
      const fields = exportListOf(list).fields;
      // Every field of the item, last first: the file follows the order asked.
      const keys = Object.keys(fields).reverse();
      const columns = keys.map((key) => ({ key, label: `«${key}»` }));
      const res = await exported(c.token, list, {
        format: 'csv',
        columns,
        filters: c.filters,
        orders: c.orders,
        ...(c.scope ? { scope: c.scope } : {}),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${list}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );

      const listed = await readList<Record<string, unknown>>(t, c.token, c.path, {
        filters: c.filters,
        orders: c.orders,
        limit: 500,
      });
      expect(listed.items.length).toBeGreaterThanOrEqual(c.min);
      expect(res.headers[exportRowsHeader]).toBe(String(listed.total));
      const lines = csvLines(res.text);
      expect(lines[0]).toEqual(keys.map((k) => `«${k}»`));
      const expected = listed.items.map((item) =>
        keys.map((key) => {
          const type = fields[key]!;
          const value = item[key];
          return csvText(
            { key, label: key, type },
            type === 'money' && typeof value === 'number' ? eurosToCents(value) : value,
            zone,
          );
        }),
      );
      expect(lines.slice(1)).toEqual(expected);
    });
  }
});

describe('orders', () => {
  const columns = [
    { key: 'code', label: 'Nº' },
    { key: 'amount', label: 'Importe (€)' },
    { key: 'createdAt', label: 'Fecha; hora' },
    { key: 'status', label: 'Estado', values: { paid: 'Pagado', draft: 'Borrador' } },
    { key: 'name', label: 'Cliente' },
  ];

  it('names a refund as the list does, not by the status it is stored with', async () => {
    const c = await company(t);
    await t.database.db.execute(sql`
      insert into orders (license_id, code, status, payment_method, tax_base_cents, total_cents, payment_date,
        created_at, updated_at)
      values (${c.license.id}, 1, 'refunded', 'cash', 1000, 1210, now(), now(), now())`);
    await t.database.db.execute(sql`
      insert into orders (license_id, code, status, payment_method, tax_base_cents, total_cents, payment_date,
        original_order_id, created_at, updated_at)
      select license_id, 2, 'paid', 'cash', -1000, -1210, now(), id, now(), now()
      from orders where license_id = ${c.license.id} and code = 1`);
    const res = await exported(c.token, 'orders', {
      format: 'csv',
      columns: [
        { key: 'code', label: 'Nº' },
        { key: 'status', label: 'Estado', values: { refunded: 'Devuelto', refund: 'Devolución' } },
      ],
      orders: { code: 'asc' },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(csvLines(res.text)).toEqual([
      ['Nº', 'Estado'],
      ['1', 'Devuelto'],
      ['2', 'Devolución'],
    ]);
  });

  it('exports more than 10,000 rows completely, counted at the start, in the sort asked, dates in Madrid across the DST change', async () => {
    const res = await exported(a.token, 'orders', {
      format: 'csv',
      columns,
      filters: { status: { eq: 'paid' } },
      orders: { createdAt: 'asc' },
    });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(res.headers[exportRowsHeader]).toBe(String(paidCount));
    const lines = csvLines(res.text);
    expect(lines[0]).toEqual(['Nº', 'Importe (€)', 'Fecha; hora', 'Estado', 'Cliente']);
    const rows = lines.slice(1);
    expect(rows).toHaveLength(paidCount);
    const codes = rows.map((r) => Number(r[0]));
    const wanted = Array.from({ length: orderCount }, (_, i) => i + 1).filter((code) => code % 10 !== 0);
    expect(codes).toEqual(wanted);
    const byCode = new Map(rows.map((r) => [Number(r[0]), r]));
    // Code 119: 00:59 UTC on 29 March, 01:59 in Madrid (CET); code 121: 01:01 UTC, 03:01 (CEST).
    expect(byCode.get(119)).toEqual(['119', '11,19', '29/03/2026 01:59', 'Pagado', '']);
    expect(byCode.get(121)).toEqual(['121', '11,21', '29/03/2026 03:01', 'Pagado', '']);
    // Negative cents; the customer's name with the separator and quotes.
    expect(byCode.get(115)).toEqual(['115', '-1,16', '29/03/2026 01:55', 'Pagado', '']);
    expect(byCode.get(2)).toEqual(['2', '10,02', '29/03/2026 00:02', 'Pagado', 'Ana; "la jefa"']);
    expect(res.text).toContain('\r\n2;10,02;29/03/2026 00:02;Pagado;"Ana; ""la jefa"""\r\n');
    expect(byCode.get(12_001)).toBeUndefined();
  }, 120_000);

  it('sorts by the amount as the list does, past the cap too', async () => {
    const res = await exported(a.token, 'orders', {
      format: 'csv',
      columns: [
        { key: 'amount', label: 'A' },
        { key: 'code', label: 'C' },
      ],
      orders: { amount: 'asc' },
    });
    expect(res.status).toBe(200);
    const rows = csvLines(res.text).slice(1);
    expect(rows).toHaveLength(orderCount);
    const expected = Array.from({ length: orderCount }, (_, i) => i + 1)
      .map((code) => ({ code, cents: centsOf(code) }))
      .sort((x, y) => x.cents - y.cents || x.code - y.code)
      .map(({ code, cents }) => [
        `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`,
        String(code),
      ]);
    expect(rows).toEqual(expected);
  }, 120_000);

  it('writes XLSX: euros as numbers with the euro format, dates as the Madrid wall time, coded values as words', async () => {
    const res = await exported(a.token, 'orders', {
      format: 'xlsx',
      columns,
      filters: { code: { in: [115, 119, 121, 2] } },
      orders: { code: 'asc' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(res.headers[exportRowsHeader]).toBe('4');
    const sheet = await workbookOf(res.bytes);
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((c) => c.label)]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(5);
    const row = (n: number) => sheet.getRow(n);
    expect(row(2).getCell(1).value).toBe(2);
    expect(row(2).getCell(5).value).toBe('Ana; "la jefa"');
    expect(row(3).getCell(1).value).toBe(115);
    expect(row(3).getCell(2).value).toBe(-1.16);
    expect(row(3).getCell(2).numFmt).toBe(moneyNumFmt);
    expect(row(4).getCell(2).value).toBe(11.19);
    expect(row(4).getCell(2).numFmt).toBe(moneyNumFmt);
    expect(row(4).getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 29, 1, 59)));
    expect(row(4).getCell(3).numFmt).toBe(dateTimeNumFmt);
    expect(row(5).getCell(3).value).toEqual(new Date(Date.UTC(2026, 2, 29, 3, 1)));
    expect(row(5).getCell(4).value).toBe('Pagado');
  });

  it('searches as the list does', async () => {
    const res = await exported(a.token, 'orders', {
      format: 'csv',
      columns: [{ key: 'code', label: 'C' }],
      query: 'la jefa',
      filters: { code: { lte: 10 } },
    });
    expect(res.status).toBe(200);
    expect(
      csvLines(res.text)
        .slice(1)
        .map((r) => Number(r[0]))
        .sort((x, y) => x - y),
    ).toEqual([2, 4, 6, 8, 10]);
  });
});

describe('scope and refusals', () => {
  it('never exports another license’s rows: its ids in filters match nothing', async () => {
    const own = await exported(b.token, 'orders', { format: 'csv', columns: [{ key: 'code', label: 'C' }] });
    expect(own.status).toBe(200);
    expect(own.headers[exportRowsHeader]).toBe('1');
    expect(csvLines(own.text)).toEqual([['C'], ['1']]);
    const foreign = await exported(b.token, 'orders', {
      format: 'csv',
      columns: [{ key: 'code', label: 'C' }],
      filters: { customerId: { eq: customerA } },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers[exportRowsHeader]).toBe('0');
    expect(csvLines(foreign.text)).toEqual([['C']]);
    const customers = await exported(a.token, 'customers', {
      format: 'csv',
      columns: [{ key: 'id', label: 'id' }],
      filters: { id: { eq: customerB } },
    });
    expect(csvLines(customers.text)).toEqual([['id']]);
  });

  it('answers 403 without the list’s find permission, and to a company for the licenses', async () => {
    const clerk = await createEmployee(t, a.code, a.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    const body: ExportBody = { format: 'csv', columns: [{ key: 'code', label: 'C' }] };
    expectError(await callExport(clerk.token, 'orders', body), 403, ErrorCode.forbidden);
    expect(
      (await exported(clerk.token, 'customers', { format: 'csv', columns: [{ key: 'id', label: 'id' }] }))
        .status,
    ).toBe(200);
    expectError(
      await callExport(a.token, 'licenses', { format: 'csv', columns: [{ key: 'id', label: 'id' }] }),
      403,
      ErrorCode.forbidden,
    );
  });

  it('refuses, before any byte, an unknown column, filter, operator or sort, and a missing scope', async () => {
    expect(
      failingFields(
        await callExport(a.token, 'orders', {
          format: 'csv',
          columns: [
            { key: 'code', label: 'C' },
            { key: 'password', label: 'P' },
            { key: 'lines', label: 'L' },
          ],
        }),
      ),
    ).toEqual(['columns.1.key', 'columns.2.key']);
    expect(
      failingFields(
        await callExport(a.token, 'orders', {
          format: 'csv',
          columns: [{ key: 'code', label: 'C' }],
          filters: { nope: { eq: 1 }, code: { near: 1 } },
          orders: { total: 'asc' },
        }),
      ),
    ).toEqual(['filters.nope', 'filters.code.near', 'orders.total']);
    expect(
      failingFields(
        await callExport(a.token, 'orders', {
          format: 'csv',
          columns: [{ key: 'code', label: 'C' }],
          filters: { amount: { eq: 'ten' } },
        }),
      ),
    ).toEqual(['filters.amount.eq']);
    expect(
      failingFields(await callExport(a.token, 'orders', { format: 'pdf', columns: [] } as never)),
    ).toEqual(expect.arrayContaining(['format']));
    expect(
      failingFields(
        await callExport(a.token, 'anomalies', { format: 'csv', columns: [{ key: 'id', label: 'id' }] }),
      ),
    ).toEqual(['scope.calendarId']);
    // Another license's calendar is unknown here, as on its list.
    expectError(
      await callExport(a.token, 'anomalies', {
        format: 'csv',
        columns: [{ key: 'id', label: 'id' }],
        scope: { calendarId: calendarB },
      }),
      404,
      ErrorCode.notFound,
    );
  });

  it('leaves the public list capped at the 10,000th row', async () => {
    const res = await call(t, 'GET', '/v1/admin/orders', {
      token: a.token,
      query: { page: '201', limit: '50' },
    });
    expect(failingFields(res)).toEqual(['page']);
    const first = await readList(t, a.token, '/v1/admin/orders', { limit: 1 });
    expect(first).toMatchObject({ total: 10_000, totalCapped: true });
  });

  it('serves other requests after an export (the transaction ended)', async () => {
    await exported(a.token, 'orders', {
      format: 'xlsx',
      columns: [{ key: 'code', label: 'C' }],
      filters: { code: { lte: 5000 } },
    });
    const res = await call(t, 'POST', '/v1/admin/customers', {
      token: a.token,
      payload: { name: 'Después' },
    });
    expect(res.status).toBe(201);
  });
});

/** The export as `call` answers it (JSON body), for refusals. */
function callExport(token: string, list: ExportableList, payload: ExportBody) {
  return call(t, 'POST', `/v1/admin/exports/${list}`, { token, payload });
}

describe('the cursor', () => {
  it('reads a query marked by its LIMIT page after page, and refuses a marker elsewhere', async () => {
    await t.database.db.transaction(async (tx) => {
      const db = cursorReading(tx as unknown as Tx, 2);
      const page = () =>
        db
          .select({ code: orders.code, createdAt: orders.createdAt })
          .from(orders)
          .where(and(eq(orders.licenseId, a.license.id), lte(orders.code, 5)))
          .orderBy(asc(orders.code))
          .limit(cursorMarker);
      const first = await page();
      expect(first.map((r) => r.code)).toEqual([1, 2]);
      // Mapped as drizzle maps the query's own answer.
      expect(first[0]!.createdAt).toEqual(new Date('2026-03-28T23:01:00Z'));
      expect((await page()).map((r) => r.code)).toEqual([3, 4]);
      expect((await page()).map((r) => r.code)).toEqual([5]);
      expect(await page()).toEqual([]);
      // Other queries run as they are.
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.licenseId, b.license.id));
      expect(count!.n).toBe(1);
      await expect(
        db.select({ code: orders.code }).from(orders).limit(1).offset(cursorMarker),
      ).rejects.toThrow(/does not end with its LIMIT/);
    });
  });
});

// A csvCell sanity check tying the test's parser to the writer's quoting.
it('parses what the writer quotes', () => {
  expect(csvLines(`\uFEFF${['a;b', 'c"d', 'e\nf'].map(csvCell).join(';')}\r\n`)).toEqual([
    ['a;b', 'c"d', 'e\nf'],
  ]);
});
