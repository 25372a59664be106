import { type BookingsReport, ErrorCode } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/modules/bookings/bookings.table.js';
import {
  bookable,
  type Company,
  company,
  createAnomaly,
  createCalendar,
  createCustomer,
  createProduct,
  csvFileLines,
  downloadReport,
  everyDay,
  expectQueryRefusals,
  reportData,
  xlsxFile,
} from './factories.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';

/**
 * GET /admin/reports/bookings on a hand-built set of bookings in a Europe/Madrid company: each figure
 * against its definition, the company's days (the spring change of 29 March 2026 included), anomalies,
 * cancelled bookings apart, the filters, permissions, validation, another license's ids and the files.
 */
let t: TestApp;
let c: Company;
let roomA: number; // open 00:00–24:00 every day, 2 places
let roomB: number; // open 09:00–14:00 every day, 3 places; an opening on 10 March, a closing on 11 March
let yoga: number; // 60 min, 1 place a unit
let couple: number; // 90 min, 2 places a unit
let other: { calendarId: number; productId: number };

const report = (query: Record<string, string>, token = c.token) =>
  call(t, 'GET', '/v1/admin/reports/bookings', { token, query });

const dataOf = async (query: Record<string, string>) => reportData<BookingsReport>(await report(query));

/** A booking row as the bookings service stores it (dates in the past: the API books from now on). */
async function book(b: {
  calendarId: number;
  productId: number;
  startsAt: string;
  minutes: number;
  quantity: number;
  spacesPerUnit: number;
  attended?: boolean | null;
  cancelled?: boolean;
}) {
  const customer = await createCustomer(t, c.token);
  const startsAt = new Date(b.startsAt);
  await t.database.db.insert(bookings).values({
    licenseId: c.license.id,
    bookingCalendarId: b.calendarId,
    productId: b.productId,
    customerId: customer.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + b.minutes * 60_000),
    quantity: b.quantity,
    spaces: b.quantity * b.spacesPerUnit,
    priceCents: 0,
    status: b.cancelled ? 'cancelled' : 'confirmed',
    attended: b.attended ?? null,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  c = await company(t);
  roomA = (
    await createCalendar(t, c.token, {
      name: 'Sala A',
      schedule: everyDay([{ openAt: '00:00', closedAt: '24:00' }]),
      maximumConcurrentBookings: 2,
    })
  ).id;
  roomB = (
    await createCalendar(t, c.token, {
      name: 'Sala B',
      schedule: everyDay([{ openAt: '09:00', closedAt: '14:00' }]),
      maximumConcurrentBookings: 3,
    })
  ).id;
  // 10 March: open 16:00–18:00 local too (+120 min); 11 March: closed 10:00–12:00 local (−120 min).
  await createAnomaly(t, c.token, roomB, {
    type: 'open',
    startDate: '2026-03-10T16:00:00+01:00',
    endDate: '2026-03-10T18:00:00+01:00',
  });
  await createAnomaly(t, c.token, roomB, {
    type: 'close',
    startDate: '2026-03-11T10:00:00+01:00',
    endDate: '2026-03-11T12:00:00+01:00',
  });
  yoga = (await createProduct(t, c.token, { taxId: c.taxId, name: 'Yoga', ...bookable(60) })).id;
  couple = (
    await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Pareja',
      ...bookable(90),
      spacesOccupiedInTheCalendar: 2,
    })
  ).id;

  // Sunday 29 March 2026, the spring change in Madrid (02:00 CET → 03:00 CEST):
  // 00:30 CET (28 March 23:30 UTC): Pareja ×1, 90 min, 2 places, not attended → 180 place-minutes.
  await book({
    calendarId: roomA,
    productId: couple,
    startsAt: '2026-03-28T23:30:00Z',
    minutes: 90,
    quantity: 1,
    spacesPerUnit: 2,
    attended: false,
  });
  // 10:00 CEST: Yoga ×2, attended → 120; 18:00 CEST: Yoga ×1, unmarked → 60.
  await book({
    calendarId: roomA,
    productId: yoga,
    startsAt: '2026-03-29T10:00:00+02:00',
    minutes: 60,
    quantity: 2,
    spacesPerUnit: 1,
    attended: true,
  });
  await book({
    calendarId: roomA,
    productId: yoga,
    startsAt: '2026-03-29T18:00:00+02:00',
    minutes: 60,
    quantity: 1,
    spacesPerUnit: 1,
  });
  // Cancelled at 12:00: counted as cancelled only.
  await book({
    calendarId: roomA,
    productId: yoga,
    startsAt: '2026-03-29T12:00:00+02:00',
    minutes: 60,
    quantity: 3,
    spacesPerUnit: 1,
    cancelled: true,
  });
  // Outside the company day of 29 March: 23:30 on the 28th (22:30 UTC), 00:30 on the 30th (29th 22:30 UTC).
  for (const startsAt of ['2026-03-28T22:30:00Z', '2026-03-29T22:30:00Z'])
    await book({ calendarId: roomA, productId: yoga, startsAt, minutes: 60, quantity: 1, spacesPerUnit: 1 });

  const rival = await company(t);
  const rivalCalendar = await createCalendar(t, rival.token);
  const rivalProduct = await createProduct(t, rival.token, { taxId: rival.taxId, ...bookable(60) });
  other = { calendarId: rivalCalendar.id, productId: rivalProduct.id };
});

afterAll(async () => {
  await t?.close();
});

describe('the bookings report', () => {
  it('counts the bookings of each calendar and product on the company day, cancelled ones apart', async () => {
    const data = await dataOf({ from: '2026-03-29', to: '2026-03-29' });
    expect(data.from).toBe('2026-03-29');
    expect(data.rows).toEqual([
      {
        calendarId: roomA,
        calendarName: 'Sala A',
        productId: couple,
        productName: 'Pareja',
        bookings: 1,
        places: 1,
        attended: 0,
        notAttended: 1,
        unmarked: 0,
        cancelled: 0,
        attendanceRate: 0,
        noShowRate: 1,
      },
      {
        calendarId: roomA,
        calendarName: 'Sala A',
        productId: yoga,
        productName: 'Yoga',
        bookings: 2,
        places: 3,
        attended: 1,
        notAttended: 0,
        unmarked: 1,
        cancelled: 1,
        attendanceRate: 1,
        noShowRate: 0,
      },
    ]);
  });

  it('offers 23 hours × places on the spring-change day and measures occupancy in place-minutes', async () => {
    const data = await dataOf({ from: '2026-03-29', to: '2026-03-29' });
    const [a, b] = data.calendars;
    // Sala A, open 00:00–24:00 with 2 places: 23 × 60 × 2; booked 180 + 120 + 60.
    expect(a).toEqual({
      calendarId: roomA,
      calendarName: 'Sala A',
      bookings: 3,
      places: 4,
      attended: 1,
      notAttended: 1,
      unmarked: 1,
      cancelled: 1,
      attendanceRate: 0.5,
      noShowRate: 0.5,
      offeredPlaceMinutes: 23 * 60 * 2,
      bookedPlaceMinutes: 360,
      occupancy: 360 / 2760,
    });
    // Sala B has no bookings: it is listed with what it offered (09:00–14:00, 3 places), no rates.
    expect(b).toEqual({
      calendarId: roomB,
      calendarName: 'Sala B',
      bookings: 0,
      places: 0,
      attended: 0,
      notAttended: 0,
      unmarked: 0,
      cancelled: 0,
      attendanceRate: null,
      noShowRate: null,
      offeredPlaceMinutes: 5 * 60 * 3,
      bookedPlaceMinutes: 0,
      occupancy: 0,
    });
    expect(data.totals).toEqual({
      bookings: 3,
      places: 4,
      attended: 1,
      notAttended: 1,
      unmarked: 1,
      cancelled: 1,
      attendanceRate: 0.5,
      noShowRate: 0.5,
      offeredPlaceMinutes: 2760 + 900,
      bookedPlaceMinutes: 360,
      occupancy: 360 / 3660,
    });
  });

  it('gives 25 hours on the autumn change and none for an empty period', async () => {
    const autumn = await dataOf({ from: '2026-10-25', to: '2026-10-25', calendarId: String(roomA) });
    expect(autumn.calendars.map((x) => x.offeredPlaceMinutes)).toEqual([25 * 60 * 2]);
    expect(autumn.rows).toEqual([]);
    expect(autumn.heatmap).toEqual([]);
    expect(autumn.totals.occupancy).toBe(0);
    expect(autumn.totals.attendanceRate).toBeNull();
  });

  it('adds opening anomalies and takes closing ones away', async () => {
    const opened = await dataOf({ from: '2026-03-10', to: '2026-03-10', calendarId: String(roomB) });
    expect(opened.calendars[0]!.offeredPlaceMinutes).toBe((300 + 120) * 3);
    const closed = await dataOf({ from: '2026-03-11', to: '2026-03-11', calendarId: String(roomB) });
    expect(closed.calendars[0]!.offeredPlaceMinutes).toBe((300 - 120) * 3);
    const both = await dataOf({ from: '2026-03-09', to: '2026-03-12', calendarId: String(roomB) });
    expect(both.calendars[0]!.offeredPlaceMinutes).toBe(4 * 300 * 3);
  });

  it("places the heat map's cells on the company's weekday and hour, without cancelled bookings", async () => {
    const data = await dataOf({ from: '2026-03-29', to: '2026-03-29' });
    expect(data.heatmap).toEqual([
      { weekday: 7, hour: 0, bookings: 1 },
      { weekday: 7, hour: 10, bookings: 1 },
      { weekday: 7, hour: 18, bookings: 1 },
    ]);
    // The two bookings around that day: Saturday 23:00 and Monday 00:00, local.
    const around = await dataOf({ from: '2026-03-28', to: '2026-03-30' });
    expect(around.heatmap).toEqual([
      { weekday: 1, hour: 0, bookings: 1 },
      { weekday: 6, hour: 23, bookings: 1 },
      { weekday: 7, hour: 0, bookings: 1 },
      { weekday: 7, hour: 10, bookings: 1 },
      { weekday: 7, hour: 18, bookings: 1 },
    ]);
    expect(around.totals.bookings).toBe(5);
    // A year holds both changes of the clock: each booking keeps its local weekday and hour.
    const year = await dataOf({ from: '2026-01-01', to: '2026-12-31' });
    expect(year.heatmap).toEqual(around.heatmap);
    const winter = await dataOf({ from: '2025-11-01', to: '2026-03-28' });
    expect(winter.heatmap).toEqual([{ weekday: 6, hour: 23, bookings: 1 }]);
  });

  it('keeps one calendar, or one product while the offer stays the calendar’s', async () => {
    const onlyB = await dataOf({ from: '2026-03-29', to: '2026-03-29', calendarId: String(roomB) });
    expect(onlyB.rows).toEqual([]);
    expect(onlyB.calendars.map((x) => x.calendarName)).toEqual(['Sala B']);
    expect(onlyB.heatmap).toEqual([]);

    const onlyCouple = await dataOf({ from: '2026-03-29', to: '2026-03-29', productId: String(couple) });
    expect(onlyCouple.rows.map((r) => r.productName)).toEqual(['Pareja']);
    expect(
      onlyCouple.calendars.map((x) => [x.calendarName, x.offeredPlaceMinutes, x.bookedPlaceMinutes]),
    ).toEqual([
      ['Sala A', 2760, 180],
      ['Sala B', 900, 0],
    ]);
    expect(onlyCouple.heatmap).toEqual([{ weekday: 7, hour: 0, bookings: 1 }]);
  });

  it("answers 404 for another license's calendar or product, or one that does not exist", async () => {
    const queries: Record<string, string>[] = [
      { calendarId: String(other.calendarId) },
      { productId: String(other.productId) },
      { calendarId: '2147483000' },
      { productId: '99999999999' },
    ];
    for (const query of queries) {
      const res = await report({ from: '2026-03-29', to: '2026-03-29', ...query });
      expect(res.status, JSON.stringify(query)).toBe(404);
      expect(res.body.error.code).toBe(ErrorCode.notFound);
    }
  });

  it('needs bookings_find', async () => {
    const without = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'orders_find' },
    ]);
    expect((await report({ from: '2026-03-29', to: '2026-03-29' }, without.token)).status).toBe(403);
    const reader = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'bookings_find' },
    ]);
    const res = await report({ from: '2026-03-29', to: '2026-03-29' }, reader.token);
    expect(res.status).toBe(200);
    expect(res.body.data.totals.bookings).toBe(3);
    expect((await call(t, 'GET', '/v1/admin/reports/bookings?from=2026-03-29&to=2026-03-29')).status).toBe(
      401,
    );
  });

  it('refuses bad input naming the field', async () => {
    await expectQueryRefusals(report, [
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'to'],
      [{ from: '2020-01-01', to: '2026-01-01' }, 'to'],
      [{ from: '2026-03-01', to: '2026-03-01', calendarId: 'abc' }, 'calendarId'],
      [{ from: '2026-03-01', to: '2026-03-01', productId: '0' }, 'productId'],
      [{ from: '2026-03-01', to: '2026-03-01', format: 'pdf' }, 'format'],
    ]);
  });
});

describe('the bookings report as a file', () => {
  const download = (format: string) =>
    downloadReport(t, c.token, '/v1/admin/reports/bookings', {
      from: '2026-03-29',
      to: '2026-03-29',
      format,
    });

  it('exports a CSV a Spanish spreadsheet opens, each table under its name', async () => {
    const lines = csvFileLines(await download('csv'), 'informe-reservas-2026-03-29-2026-03-29.csv');
    expect(lines).toEqual([
      'Reservas',
      'Calendario;Producto;Reservas;Plazas;Asistidas;No asistidas;Sin marcar;Canceladas;Asistencia;Ausencias',
      'Sala A;Pareja;1;1;0;1;0;0;0,0%;100,0%',
      'Sala A;Yoga;2;3;1;0;1;1;100,0%;0,0%',
      '',
      'Calendarios',
      'Calendario;Reservas;Plazas;Asistidas;No asistidas;Sin marcar;Canceladas;Asistencia;Ausencias;Plazas·minuto ofrecidas;Plazas·minuto reservadas;Ocupación',
      'Sala A;3;4;1;1;1;1;50,0%;50,0%;2760;360;13,0%',
      'Sala B;0;0;0;0;0;0;;;900;0;0,0%',
      'Total;3;4;1;1;1;1;50,0%;50,0%;3660;360;9,8%',
      '',
      'Horas punta',
      'Día;Hora;Reservas',
      'domingo;00:00;1',
      'domingo;10:00;1',
      'domingo;18:00;1',
    ]);
  });

  it('exports an XLSX workbook: a sheet per table, bold headers, numbers and percents', async () => {
    const workbook = await xlsxFile(await download('xlsx'), 'informe-reservas-2026-03-29-2026-03-29.xlsx');
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Reservas', 'Calendarios', 'Horas punta']);
    const calendars = workbook.getWorksheet('Calendarios')!;
    expect(calendars.getRow(1).font?.bold).toBe(true);
    expect(calendars.getRow(1).values).toEqual([
      undefined,
      'Calendario',
      'Reservas',
      'Plazas',
      'Asistidas',
      'No asistidas',
      'Sin marcar',
      'Canceladas',
      'Asistencia',
      'Ausencias',
      'Plazas·minuto ofrecidas',
      'Plazas·minuto reservadas',
      'Ocupación',
    ]);
    const salaA = calendars.getRow(2);
    expect(salaA.getCell(1).value).toBe('Sala A');
    expect(salaA.getCell(2).value).toBe(3);
    expect(salaA.getCell(10).value).toBe(2760);
    expect(salaA.getCell(11).value).toBe(360);
    expect(salaA.getCell(12).value).toBeCloseTo(360 / 2760, 12);
    expect(salaA.getCell(12).numFmt).toBe('0.0%');
    expect(salaA.getCell(8).numFmt).toBe('0.0%');
    expect(calendars.getRow(4).getCell(1).value).toBe('Total');
    expect(calendars.getRow(4).getCell(10).value).toBe(3660);
    const heat = workbook.getWorksheet('Horas punta')!;
    expect(heat.getRow(2).values).toEqual([undefined, 'domingo', '00:00', 1]);
    expect(workbook.getWorksheet('Reservas')!.rowCount).toBe(3);
  });

  it("labels the file in the company's language", async () => {
    await t.database.db.execute(
      sql`update company_settings set data = jsonb_set(data, '{locale}', '"en"') where license_id = ${c.license.id}`,
    );
    try {
      const lines = csvFileLines(await download('csv'), 'bookings-report-2026-03-29-2026-03-29.csv');
      expect(lines[0]).toBe('Bookings');
      expect(lines.at(-1)).toBe('Sunday;18:00;1');
      await t.database.db.execute(
        sql`update company_settings set data = jsonb_set(data, '{locale}', '"zh"') where license_id = ${c.license.id}`,
      );
      const zh = await download('xlsx');
      expect(zh.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent('预订报告-2026-03-29-2026-03-29.xlsx')}`,
      );
    } finally {
      await t.database.db.execute(
        sql`update company_settings set data = jsonb_set(data, '{locale}', '"es"') where license_id = ${c.license.id}`,
      );
    }
  });
});
