import {
  type Anomaly,
  type AnomalyBody,
  type Booking,
  type BookingBody,
  type BookingCalendar,
  type BookingCalendarBody,
  type Customer,
  type CustomerBody,
  type ListResult,
  type OpenRange,
  type Product,
  type ProductBody,
  type StoredFile,
  type Tax,
  type TaxBody,
  type WeeklySchedule,
  weekdays,
} from '@mostrador/contract';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bootstrapPlatform } from '../src/modules/licenses/bootstrap.js';
import { call, createLicense, failingFields, login, type TestApp, unique, uploadFile } from './helpers.js';

/**
 * Records made through the API (`app.inject`), as a client makes them: each factory POSTs a valid body
 * with unique defaults, `overrides` on top, fails the test with the answer unless it is a 201, and returns
 * the created record as the contract types it. A test names only what it asserts on.
 */

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
type Answer = { status: number; body: any };

/** The record a 201 answers; anything else fails the test, showing the answer. */
function createdRecord<T>(res: Answer): T {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as T;
}

// ---------------------------------------------------------------------------------------------------
// Weekly schedules

/** 09:00–14:00 and 16:00–20:00. */
export const morningAndAfternoon: readonly OpenRange[] = [
  { openAt: '09:00', closedAt: '14:00' },
  { openAt: '16:00', closedAt: '20:00' },
];

/** Open every day of the week with these ranges (09:00–14:00 and 16:00–20:00 unless told). */
export function everyDay(ranges: readonly OpenRange[] = morningAndAfternoon): WeeklySchedule {
  return Object.fromEntries(weekdays.map((day) => [day, ranges.map((r) => ({ ...r }))])) as WeeklySchedule;
}

/** Open Monday to Friday with these ranges (09:00–14:00 and 16:00–20:00 unless told), closed at the weekend. */
export function weekdaysOnly(ranges: readonly OpenRange[] = morningAndAfternoon): WeeklySchedule {
  return { ...everyDay(ranges), saturday: [], sunday: [] };
}

// ---------------------------------------------------------------------------------------------------
// A company

export type Owner = Awaited<ReturnType<typeof createLicense>>;

/** A license with its owner's token (every company permission) and the tax its products use. */
export interface Company extends Owner {
  tax: Tax;
  taxId: number;
}

/**
 * A license (`createLicense`: the owner, his token, the code and password) with one tax, IVA 21 % unless
 * `tax` says otherwise: what creating a product needs.
 */
export async function company(
  t: TestApp,
  options: { code?: string; tax?: Partial<TaxBody> } = {},
): Promise<Company> {
  const owner = await createLicense(t, options.code ? { code: options.code } : {});
  const tax = await createTax(t, owner.token, { name: 'IVA 21%', percentage: 21, ...options.tax });
  return { ...owner, tax, taxId: tax.id };
}

// ---------------------------------------------------------------------------------------------------
// The platform

/** The platform license and its SUPER_ADMIN: his login, his token, his user id and the license's id. */
export interface Platform {
  code: string;
  username: string;
  password: string;
  token: string;
  userId: number;
  licenseId: number;
}

/** The platform license as a first start creates it (`bootstrapPlatform`), its SUPER_ADMIN signed in. */
export async function platformLicense(t: TestApp): Promise<Platform> {
  const code = unique('platform-');
  const username = 'root';
  const password = 'root-password-1';
  const boot = await bootstrapPlatform(t.database.db, t.services.licenses, {
    license: code,
    username,
    password,
  });
  expect(boot.created).toBe(true);
  const token = await login(t, { license: code, username, password });
  const info = await call(t, 'GET', '/v1/admin/users/info', { token });
  expect(info.status, JSON.stringify(info.body)).toBe(200);
  return { code, username, password, token, userId: info.body.data.id, licenseId: info.body.data.licenseId };
}

// ---------------------------------------------------------------------------------------------------
// Records

/** POST /admin/taxes: a unique name, 21 % unless told. */
export async function createTax(t: TestApp, token: string, overrides: Partial<TaxBody> = {}): Promise<Tax> {
  const payload: TaxBody = { name: unique('IVA '), percentage: 21, ...overrides };
  return createdRecord<Tax>(await call(t, 'POST', '/v1/admin/taxes', { token, payload }));
}

/** POST /admin/customers: a unique name and nothing else unless told. */
export async function createCustomer(
  t: TestApp,
  token: string,
  overrides: Partial<CustomerBody> = {},
): Promise<Customer> {
  const payload: CustomerBody = { name: unique('Cliente '), ...overrides };
  return createdRecord<Customer>(await call(t, 'POST', '/v1/admin/customers', { token, payload }));
}

/** POST /admin/files: `data` uploaded as `filename`; `kind: 'image'` asks the server to check it is one. */
export async function createFile(
  t: TestApp,
  token: string,
  data: Buffer,
  filename: string,
  kind?: 'image' | 'any',
): Promise<StoredFile> {
  return createdRecord<StoredFile>(await uploadFile(t, token, data, filename, kind));
}

/** The fields that make a product bookable on a calendar: `{ type: 'bookable', durationInMinutes }`. */
export const bookable = (durationInMinutes = 60) => ({ type: 'bookable' as const, durationInMinutes });

/**
 * POST /admin/products with the tax `taxId`: a regular product with a unique name at 10 € unless told;
 * spread `bookable(minutes)` into the overrides for one booked on a calendar.
 */
export async function createProduct(
  t: TestApp,
  token: string,
  { taxId, ...overrides }: { taxId: number } & Partial<Omit<ProductBody, 'taxType'>>,
): Promise<Product> {
  const payload: ProductBody = {
    name: unique('Producto '),
    type: 'regular',
    price: 10,
    ...overrides,
    taxType: taxId,
  };
  return createdRecord<Product>(await call(t, 'POST', '/v1/admin/products', { token, payload }));
}

/**
 * POST /admin/booking-calendars: a unique name, open every day 09:00–14:00 and 16:00–20:00 with a start
 * every 30 minutes, the API's defaults for the rest (one space, no notice, no forecast limit) unless told.
 */
export async function createCalendar(
  t: TestApp,
  token: string,
  overrides: Partial<BookingCalendarBody> = {},
): Promise<BookingCalendar> {
  const payload: BookingCalendarBody = {
    name: unique('Sala '),
    schedule: everyDay(),
    duration: 30,
    ...overrides,
  };
  return createdRecord<BookingCalendar>(
    await call(t, 'POST', '/v1/admin/booking-calendars', { token, payload }),
  );
}

/** POST /admin/booking-calendars/{id}/schedule-anomalies: an opening or a closing, as given. */
export async function createAnomaly(
  t: TestApp,
  token: string,
  calendarId: number,
  body: AnomalyBody,
): Promise<Anomaly> {
  const res = await call(t, 'POST', `/v1/admin/booking-calendars/${calendarId}/schedule-anomalies`, {
    token,
    payload: body,
  });
  return createdRecord<Anomaly>(res);
}

/** POST /admin/bookings: the calendar, product, customer and start must be given. */
export async function createBooking(t: TestApp, token: string, body: BookingBody): Promise<Booking> {
  return createdRecord<Booking>(await call(t, 'POST', '/v1/admin/bookings', { token, payload: body }));
}

// ---------------------------------------------------------------------------------------------------
// Lists

/**
 * GET a list endpoint as the owner of `token`; `filters` and `orders` may be given as objects (sent as
 * JSON). Fails the test unless the answer is a 200.
 */
export async function readList<Item = { id: number } & Record<string, unknown>>(
  t: TestApp,
  token: string,
  path: string,
  query: Record<string, unknown> = {},
): Promise<ListResult<Item>> {
  const sent = Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const res = await call(t, 'GET', path, { token, query: sent });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ListResult<Item>;
}

// ---------------------------------------------------------------------------------------------------
// Reports

/** A report's JSON answer as a client reads it: its `data`; anything but a 200 fails the test, showing it. */
export function reportData<T>(res: Answer): T {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

/** Each query string is refused with a 400 naming exactly its field (`querystring.` left off). */
export async function expectQueryRefusals(
  read: (query: Record<string, string>) => Promise<Answer>,
  cases: readonly (readonly [query: Readonly<Record<string, string>>, field: string])[],
) {
  for (const [query, field] of cases) {
    const res = await read(query);
    expect(
      failingFields(res).map((f) => f.replace(/^querystring\./, '')),
      JSON.stringify(query),
    ).toEqual([field]);
  }
}

/** A report route's file as a browser downloads it: GET `path` with `query`, its `format` among them. */
export function downloadReport(
  t: TestApp,
  token: string,
  path: string,
  query: Record<string, string | number>,
): Promise<LightMyRequestResponse> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return t.app.inject({
    method: 'GET',
    url: `${path}?${search}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/**
 * A report's CSV file: a 200 of text/csv, an attachment named `fileName`, a byte-order mark first and a
 * CRLF after the last line; its lines (the mark and the final CRLF dropped).
 */
export function csvFileLines(res: LightMyRequestResponse, fileName: string): string[] {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  expect(res.headers['content-disposition']).toContain(`attachment; filename="${fileName}"`);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  expect(res.body.endsWith('\r\n')).toBe(true);
  return res.body.slice(1, -2).split('\r\n');
}

/** A report's XLSX file (a 200 of the XLSX type, an attachment named `fileName`, a zip), read back. */
export async function xlsxFile(res: LightMyRequestResponse, fileName: string): Promise<ExcelJS.Workbook> {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(res.headers['content-disposition']).toContain(`attachment; filename="${fileName}"`);
  expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as never);
  return workbook;
}
