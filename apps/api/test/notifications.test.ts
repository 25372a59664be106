import type { Booking, BookingCalendar, Customer, Mail, MailListItem, Product } from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { bookings, mails } from '../src/db/schema.js';
import type { JobRuntime } from '../src/jobs/runtime.js';
import { zonedToInstant } from '../src/lib/time.js';
import {
  bookable,
  type Company,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  readList,
} from './factories.js';
import { buildTestApp, call, type TestApp, unique } from './helpers.js';
import { appOn, durableDatabase, sleep, startTestJobs, until } from './mail-jobs-support.js';
import { startSmtpServer } from './smtp-test-server.js';

/**
 * The reminder and birthday scheduler (`services.notifications.run(now)`), run at chosen instants: the
 * hour in the company's zone across DST changes, once per booking and per year, what gets none, the
 * mail it queues; then delivered by the worker, after a restart, and by two processes on one server.
 *
 * Bookings must start in the future (the API refuses past starts), so the dates are in 2027: in
 * Europe/Madrid the clocks go forward on 28 March (01:00 UTC, UTC+1 → UTC+2) and back on 31 October
 * (01:00 UTC, UTC+2 → UTC+1); Atlantic/Canary changes at the same instants, one hour behind.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://reservas.example.es' } });
});
afterAll(() => t?.close());

interface NotificationSetting {
  status: boolean;
  hour: number;
  daysInAdvance: number;
  subject: string;
  body: string;
}

const reminderText = {
  subject: 'Recordatorio para {{customerName}}: {{bookingDate}}, {{bookingTime}}',
  body: 'Hola, {{customerName}}:\nle esperamos el {{bookingDate}} a las {{bookingTime}} para {{productName}} en {{calendarName}}.\n{{companyName}} · {{companyAddress}}',
};
const greetingText = {
  subject: '¡Feliz cumpleaños, {{customerName}}!',
  body: 'Muchas felicidades de parte de {{companyName}} ({{companyAddress}}). {{bookingDate}}',
};
const off: NotificationSetting = { status: false, hour: 9, daysInAdvance: 1, subject: 'x', body: '' };

async function saveSettings(token: string, payload: Record<string, unknown>) {
  const res = await call(t, 'PUT', '/v1/admin/settings', { token, payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/**
 * The companies of the running test with a notification switched on: each is switched off after its
 * test, so one test's runs of the scheduler (which go over every license) queue nothing for another.
 */
const switchedOn: Company[] = [];
afterEach(async () => {
  for (const c of switchedOn.splice(0)) {
    await saveSettings(c.token, { notifications: { booking: off, birthday: off } });
  }
});

interface Shop extends Company {
  calendar: BookingCalendar;
  product: Product;
}

/** A hairdresser in `timeZone` with its reminder and greeting settings, a calendar and a 60-minute cut. */
async function shop(
  options: {
    timeZone?: string;
    booking?: Partial<NotificationSetting>;
    birthday?: Partial<NotificationSetting>;
  } = {},
): Promise<Shop> {
  const c = await company(t);
  await saveSettings(c.token, {
    companyName: 'Peluquería Ana',
    street: 'Calle Mayor 1',
    postalCode: '28013',
    city: 'Madrid',
    country: 'España',
    locale: 'es',
    timeZone: options.timeZone ?? 'Europe/Madrid',
    notifications: {
      booking: { ...off, ...reminderText, ...options.booking },
      birthday: { ...off, ...greetingText, ...options.birthday },
    },
  });
  if (options.booking?.status || options.birthday?.status) switchedOn.push(c);
  const calendar = await createCalendar(t, c.token, { name: 'Sillón 1', maximumConcurrentBookings: 100 });
  const product = await createProduct(t, c.token, {
    taxId: c.taxId,
    ...bookable(60),
    name: 'Corte de pelo',
    price: 20,
  });
  return { ...c, calendar, product };
}

const reminderAt9 = { status: true, hour: 9, daysInAdvance: 1 };

function customer(s: Shop, overrides: Parameters<typeof createCustomer>[2] = {}): Promise<Customer> {
  return createCustomer(t, s.token, {
    name: 'Laura',
    email: `${unique('cliente')}@example.com`,
    ...overrides,
  });
}

/** A booking of the cut at `startsAt`, the company's local time (e.g. '2027-11-02T10:00:00'). */
async function book(s: Shop, startsAt: string, who?: Customer): Promise<Booking> {
  return createBooking(t, s.token, {
    bookingCalendarId: s.calendar.id,
    productId: s.product.id,
    customerId: (who ?? (await customer(s))).id,
    startsAt,
    quantity: 1,
  });
}

/** The company's mails of `kind`, oldest first. */
async function mailsOf(s: Company, kind: 'booking_reminder' | 'birthday'): Promise<MailListItem[]> {
  const list = await readList<MailListItem>(t, s.token, '/v1/admin/mails', {
    filters: { kind: { eq: kind } },
    orders: { id: 'asc' },
    limit: '100',
  });
  return list.items;
}

async function mailOf(s: Company, id: number): Promise<Mail> {
  const res = await call(t, 'GET', `/v1/admin/mails/${id}`, { token: s.token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const run = (iso: string) => t.services.notifications.run(new Date(iso));

describe('a reminder goes out at its hour on the company clock, across DST changes', () => {
  it('Europe/Madrid in autumn: on the day the clocks go back and the day after, 09:00 is 08:00 UTC', async () => {
    const s = await shop({ booking: reminderAt9 });
    // Reminder on Sunday 31 October (the change, at 01:00 UTC) and on Monday 1 November (UTC+1).
    const onChangeDay = await book(s, '2027-11-01T10:00:00');
    const dayAfter = await book(s, '2027-11-02T10:00:00');

    expect(await run('2027-10-31T07:00:00Z')).toBe(0); // 08:00 CET (09:00 by the summer clock)
    expect(await run('2027-10-31T07:59:59Z')).toBe(0);
    expect(await run('2027-10-31T08:00:00Z')).toBe(1);
    expect((await mailsOf(s, 'booking_reminder')).map((m) => m.contactId)).toEqual([onChangeDay.customerId]);

    expect(await run('2027-11-01T07:00:00Z')).toBe(0);
    expect(await run('2027-11-01T07:59:00Z')).toBe(0);
    expect(await run('2027-11-01T08:00:00Z')).toBe(1);
    expect((await mailsOf(s, 'booking_reminder')).map((m) => m.contactId)).toEqual([
      onChangeDay.customerId,
      dayAfter.customerId,
    ]);
  });

  it('Europe/Madrid in summer (UTC+2): 09:00 is 07:00 UTC', async () => {
    const s = await shop({ booking: reminderAt9 });
    await book(s, '2027-06-16T10:00:00');
    expect(await run('2027-06-15T06:59:00Z')).toBe(0);
    expect(await run('2027-06-15T07:00:00Z')).toBe(1);
  });

  it('Europe/Madrid in spring: the day before, of and after the clocks go forward', async () => {
    const s = await shop({ booking: reminderAt9 });
    for (const day of ['28', '29', '30']) await book(s, `2027-03-${day}T10:00:00`);
    // Saturday 27 March is still UTC+1.
    expect(await run('2027-03-27T07:00:00Z')).toBe(0);
    expect(await run('2027-03-27T07:59:00Z')).toBe(0);
    expect(await run('2027-03-27T08:00:00Z')).toBe(1);
    // Sunday 28 March: UTC+2 from 01:00 UTC.
    expect(await run('2027-03-28T06:59:00Z')).toBe(0);
    expect(await run('2027-03-28T07:00:00Z')).toBe(1);
    // Monday 29 March.
    expect(await run('2027-03-29T06:59:00Z')).toBe(0);
    expect(await run('2027-03-29T07:00:00Z')).toBe(1);
    expect(await mailsOf(s, 'booking_reminder')).toHaveLength(3);
  });

  it('an hour the spring change skips (02:00 on 28 March) comes with the change, at 03:00 CEST', async () => {
    const s = await shop({ booking: { status: true, hour: 2, daysInAdvance: 1 } });
    await book(s, '2027-03-29T10:00:00');
    expect(await run('2027-03-28T00:59:59Z')).toBe(0); // 01:59:59 CET
    expect(await run('2027-03-28T01:00:00Z')).toBe(1); // 03:00 CEST
  });

  it('Atlantic/Canary: 09:00 is 09:00 UTC in winter and 08:00 UTC in summer', async () => {
    const s = await shop({ timeZone: 'Atlantic/Canary', booking: reminderAt9 });
    await book(s, '2027-11-02T10:00:00');
    await book(s, '2027-06-16T10:00:00');
    // 09:00 in Madrid is not the hour here.
    expect(await run('2027-11-01T08:00:00Z')).toBe(0);
    expect(await run('2027-11-01T08:59:00Z')).toBe(0);
    expect(await run('2027-11-01T09:00:00Z')).toBe(1);
    expect(await run('2027-06-15T07:59:00Z')).toBe(0);
    expect(await run('2027-06-15T08:00:00Z')).toBe(1);
    // The booking's time in the mail is the company's: 10:00 in the islands (10:00 UTC in November).
    const [winter] = await mailsOf(s, 'booking_reminder');
    expect(winter!.subject).toBe('Recordatorio para Laura: martes, 2 de noviembre de 2027, 10:00');
  });

  it('several days in advance counts calendar days in the zone, the change between them', async () => {
    const s = await shop({ booking: { status: true, hour: 9, daysInAdvance: 3 } });
    // Reminded on Friday 29 October (UTC+2) for Monday 1 November (UTC+1).
    await book(s, '2027-11-01T09:00:00');
    expect(await run('2027-10-29T06:59:00Z')).toBe(0);
    expect(await run('2027-10-29T07:00:00Z')).toBe(1);
  });
});

describe('once per booking', () => {
  it('a second run, later the same day, queues nothing more', async () => {
    const s = await shop({ booking: reminderAt9 });
    await book(s, '2027-11-02T10:00:00');
    expect(await run('2027-11-01T08:00:00Z')).toBe(1);
    expect(await run('2027-11-01T08:00:00Z')).toBe(0);
    expect(await run('2027-11-01T08:01:00Z')).toBe(0);
    expect(await run('2027-11-01T22:59:00Z')).toBe(0); // 23:59 local
    // The day of the booking itself is not a reminder day for it.
    expect(await run('2027-11-02T08:00:00Z')).toBe(0);
    expect(await mailsOf(s, 'booking_reminder')).toHaveLength(1);
  });

  it('two runs at once queue one reminder between them', async () => {
    const s = await shop({ booking: reminderAt9 });
    await book(s, '2027-11-02T10:00:00');
    await book(s, '2027-11-02T12:00:00');
    const counts = await Promise.all([
      run('2027-11-01T08:00:00Z'),
      run('2027-11-01T08:00:00Z'),
      run('2027-11-01T08:00:00Z'),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    const queued = await mailsOf(s, 'booking_reminder');
    expect(queued).toHaveLength(2);
    expect(new Set(queued.map((m) => m.contactId)).size).toBe(2);
  });

  it('an edit that keeps the day (notes, another time that day) earns no second reminder', async () => {
    const s = await shop({ booking: reminderAt9 });
    const booking = await book(s, '2027-11-02T10:00:00');
    expect(await run('2027-11-01T08:00:00Z')).toBe(1);
    const edit = (startsAt: string, notes: string) =>
      call(t, 'PUT', `/v1/admin/bookings/${booking.id}`, {
        token: s.token,
        payload: {
          bookingCalendarId: booking.bookingCalendarId,
          customerId: booking.customerId,
          startsAt,
          quantity: 1,
          notes,
          price: 20,
          overrideRescheduleRules: true,
        },
      });
    expect((await edit('2027-11-02T10:00:00', 'Trae una foto')).status).toBe(200);
    expect(await run('2027-11-01T08:30:00Z')).toBe(0);
    expect((await edit('2027-11-02T17:00:00', 'Por la tarde')).status).toBe(200);
    expect(await run('2027-11-01T09:00:00Z')).toBe(0);
    expect(await mailsOf(s, 'booking_reminder')).toHaveLength(1);
  });

  it('a booking moved to another day is reminded for the new day, when that reminder is due', async () => {
    const s = await shop({ booking: reminderAt9 });
    const booking = await book(s, '2027-11-02T10:00:00');
    expect(await run('2027-11-01T08:00:00Z')).toBe(1);
    const moved = await call(t, 'PUT', `/v1/admin/bookings/${booking.id}`, {
      token: s.token,
      payload: {
        bookingCalendarId: booking.bookingCalendarId,
        customerId: booking.customerId,
        startsAt: '2027-11-04T11:00:00',
        quantity: 1,
        price: 20,
        overrideRescheduleRules: true,
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await run('2027-11-01T09:00:00Z')).toBe(0);
    expect(await run('2027-11-02T08:00:00Z')).toBe(0);
    expect(await run('2027-11-03T07:59:00Z')).toBe(0);
    expect(await run('2027-11-03T08:00:00Z')).toBe(1);
    expect(await run('2027-11-03T12:00:00Z')).toBe(0);
    const reminders = await mailsOf(s, 'booking_reminder');
    expect(reminders).toHaveLength(2);
    expect(reminders[1]!.subject).toBe('Recordatorio para Laura: jueves, 4 de noviembre de 2027, 11:00');
  });
});

describe('who gets no reminder', () => {
  it('cancelled and deleted bookings, customers without an email, bookings already begun', async () => {
    const s = await shop({ booking: { status: true, hour: 9, daysInAdvance: 0 } });
    const cancelled = await book(s, '2027-11-02T10:00:00');
    const deleted = await book(s, '2027-11-02T11:00:00');
    await book(s, '2027-11-02T12:00:00', await customer(s, { email: null, name: 'Sin correo' }));
    const early = await book(s, '2027-11-02T09:00:00');
    const kept = await book(s, '2027-11-02T13:00:00');
    // No API call cancels a booking yet (refunds delete it): the status is set as a cancellation would.
    await t.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    expect((await call(t, 'DELETE', `/v1/admin/bookings/${deleted.id}`, { token: s.token })).status).toBe(
      200,
    );

    // Reminded the same day at 09:30: the 09:00 booking has begun by then.
    expect(await run('2027-11-02T08:30:00Z')).toBe(1);
    expect((await mailsOf(s, 'booking_reminder')).map((m) => m.contactId)).toEqual([kept.customerId]);
    expect(await run('2027-11-02T11:00:00Z')).toBe(0);
    expect(early.startsAt < '2027-11-02T08:30:00Z').toBe(true);
  });

  it('a booking made after the reminder hour of its reminder day (its confirmation just went)', async () => {
    // The rule: only bookings created at or before the reminder's moment (the hour on the reminder
    // day) are reminded. A booking made now for the day after tomorrow, with the reminder two days
    // ahead at 00:00: its moment was today at 00:00, before it was made.
    const s = await shop({ booking: { status: true, hour: 0, daysInAdvance: 2 } });
    const zone = 'Europe/Madrid';
    const now = new Date();
    const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now).split('-').map(Number);
    const inTwoDays = new Date(Date.UTC(y!, m! - 1, d! + 2));
    const day = inTwoDays.toISOString().slice(0, 10);
    await book(s, `${day}T10:00:00`);
    expect(await t.services.notifications.run(now)).toBe(0);
    expect(await mailsOf(s, 'booking_reminder')).toHaveLength(0);

    // One day ahead, the same booking is reminded at 00:00 tomorrow, a moment after it was made.
    await saveSettings(s.token, {
      notifications: {
        booking: { ...reminderText, status: true, hour: 0, daysInAdvance: 1 },
        birthday: off,
      },
    });
    const tomorrow = zonedToInstant({ year: y!, month: m!, day: d! + 1 }, zone);
    expect(await t.services.notifications.run(new Date(tomorrow.getTime() - 1000))).toBe(0);
    expect(await t.services.notifications.run(tomorrow)).toBe(1);
  });

  it('none while the reminder is switched off, even with the greeting on', async () => {
    const s = await shop({ booking: { ...reminderAt9, status: false }, birthday: { status: true } });
    await book(s, '2027-11-02T10:00:00');
    expect(await run('2027-11-01T08:00:00Z')).toBe(0);
    expect(await mailsOf(s, 'booking_reminder')).toHaveLength(0);
    // Switched on, the same instant queues it.
    await saveSettings(s.token, {
      notifications: { booking: { ...reminderText, ...reminderAt9 }, birthday: off },
    });
    expect(await run('2027-11-01T08:00:00Z')).toBe(1);
  });
});

describe('the reminder mail', () => {
  it("is the company's text with the placeholders filled, in the customer's language", async () => {
    const s = await shop({ booking: reminderAt9 });
    const laura = await customer(s, { name: 'Laura', surname: 'Smith', language: 'en' });
    const pedro = await customer(s, { name: 'Pedro', surname: 'Gómez <Jr>' });
    await book(s, '2027-11-02T10:00:00', laura);
    await book(s, '2027-11-02T16:30:00', pedro);
    expect(await run('2027-11-01T08:00:00Z')).toBe(2);

    const [forLaura, forPedro] = await Promise.all(
      (await mailsOf(s, 'booking_reminder')).map((m) => mailOf(s, m.id)),
    );
    expect(forLaura).toMatchObject({
      kind: 'booking_reminder',
      type: 'customer',
      contactId: laura.id,
      contactEmail: laura.email,
      status: 'waiting',
      language: 'en',
      subject: 'Recordatorio para Laura Smith: Tuesday, 2 November 2027, 10:00',
    });
    expect(forLaura!.text).toContain(
      'Hola, Laura Smith:\nle esperamos el Tuesday, 2 November 2027 a las 10:00 para Corte de pelo en Sillón 1.\nPeluquería Ana · Calle Mayor 1, 28013 Madrid, España',
    );
    expect(forLaura!.html).toContain('<html lang="en"');
    expect(forLaura!.html).toContain('Tuesday, 2 November 2027 a las 10:00 para Corte de pelo en Sillón 1.');

    // No language of his own: the company's (Spanish); his name is escaped in the HTML.
    expect(forPedro).toMatchObject({
      contactId: pedro.id,
      language: 'es',
      subject: 'Recordatorio para Pedro Gómez <Jr>: martes, 2 de noviembre de 2027, 16:30',
    });
    expect(forPedro!.text).toContain('le esperamos el martes, 2 de noviembre de 2027 a las 16:30');
    expect(forPedro!.html).toContain('<html lang="es"');
    expect(forPedro!.html).toContain('Hola, Pedro Gómez &lt;Jr&gt;:');
    expect(forPedro!.html).not.toContain('<Jr>');
  });
});

describe('birthday greetings', () => {
  it('once a year, at the hour, on the birthday in the company zone', async () => {
    const s = await shop({ birthday: { status: true, hour: 9 } });
    const ana = await customer(s, {
      name: 'Ana',
      surname: 'López',
      birthdate: '1990-03-15',
      language: 'de',
    });
    await customer(s, { name: 'Sin correo', email: null, birthdate: '1990-03-15' });
    await customer(s, { name: 'Mañana', birthdate: '1990-03-16' });
    await customer(s, { name: 'Sin fecha' });

    expect(await run('2027-03-15T07:59:00Z')).toBe(0); // 08:59 CET
    expect(await run('2027-03-15T08:00:00Z')).toBe(1);
    expect(await run('2027-03-15T08:00:00Z')).toBe(0);
    expect(await run('2027-03-15T22:59:00Z')).toBe(0); // 23:59 CET
    expect(await run('2028-03-15T07:59:00Z')).toBe(0);
    expect(await run('2028-03-15T08:00:00Z')).toBe(1);
    expect(await run('2028-03-15T12:00:00Z')).toBe(0);

    const greetings = await mailsOf(s, 'birthday');
    expect(greetings.map((g) => g.contactId)).toEqual([ana.id, ana.id]);
    const mail = await mailOf(s, greetings[0]!.id);
    expect(mail).toMatchObject({
      kind: 'birthday',
      type: 'customer',
      contactEmail: ana.email,
      language: 'de',
      subject: '¡Feliz cumpleaños, Ana López!',
    });
    // A booking's placeholder has no value in a greeting: it stays as written.
    expect(mail.text).toContain(
      'Muchas felicidades de parte de Peluquería Ana (Calle Mayor 1, 28013 Madrid, España). {{bookingDate}}',
    );
    expect(mail.html).toContain('<html lang="de"');
  });

  it('the day is the company’s: at 00:00 on the 16th in Madrid, still the 15th in UTC', async () => {
    const s = await shop({ birthday: { status: true, hour: 0 } });
    await customer(s, { birthdate: '1990-03-16' });
    expect(await run('2027-03-15T22:59:00Z')).toBe(0);
    expect(await run('2027-03-15T23:00:00Z')).toBe(1);
  });

  it('those born on 29 February are greeted on the 28th in other years, on the 29th in leap years', async () => {
    const s = await shop({ birthday: { status: true, hour: 9 } });
    const leapling = await customer(s, { name: 'Bisiesto', birthdate: '2000-02-29' });
    const eve = await customer(s, { name: 'Víspera', birthdate: '1999-02-28' });
    expect(await run('2027-02-28T08:00:00Z')).toBe(2);
    expect(await run('2027-03-01T08:00:00Z')).toBe(0);
    expect(await run('2028-02-28T08:00:00Z')).toBe(1);
    expect(await run('2028-02-29T07:59:00Z')).toBe(0);
    expect(await run('2028-02-29T08:00:00Z')).toBe(1);
    const greeted = (await mailsOf(s, 'birthday')).map((g) => g.contactId);
    expect(greeted.slice(0, 2).sort()).toEqual([leapling.id, eve.id].sort());
    expect(greeted.slice(2)).toEqual([eve.id, leapling.id]);
  });

  it('none while the greeting is switched off', async () => {
    const s = await shop({ booking: reminderAt9, birthday: { status: false, hour: 9 } });
    await customer(s, { birthdate: '1990-03-15' });
    expect(await run('2027-03-15T08:00:00Z')).toBe(0);
    expect(await mailsOf(s, 'birthday')).toHaveLength(0);
  });
});

describe('the worker delivers what the scheduler queues', () => {
  let jobs: JobRuntime;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    jobs = await startTestJobs(t);
  });
  afterAll(async () => {
    await jobs?.stop();
    await smtp?.close();
  });

  it('a reminder queued by a run goes over SMTP, once, with its Message-ID, and is marked sent', async () => {
    const s = await shop({ booking: reminderAt9 });
    await saveSettings(s.token, {
      mail: { host: '127.0.0.1', port: smtp.port, security: 'none', fromMailAddress: 'hola@ana.example' },
    });
    const laura = await customer(s, { name: 'Laura', surname: 'Smith', language: 'en' });
    await book(s, '2027-11-02T10:00:00', laura);
    expect(await run('2027-11-01T08:00:00Z')).toBe(1);
    const [item] = await mailsOf(s, 'booking_reminder');
    const queued = await mailOf(s, item!.id);
    const sent = await until(
      () => mailOf(s, item!.id),
      (m) => m.status === 'sent',
    );
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(1);
    const received = smtp.received.filter((r) => r.parsed.messageId === queued.messageId);
    expect(received).toHaveLength(1);
    expect(received[0]!.envelopeTo).toEqual([laura.email]);
    expect(received[0]!.parsed.subject).toBe(
      'Recordatorio para Laura Smith: Tuesday, 2 November 2027, 10:00',
    );
    expect(received[0]!.parsed.text).toContain('le esperamos el Tuesday, 2 November 2027 a las 10:00');
    expect(received[0]!.parsed.html).toContain('Corte de pelo');
    expect(received[0]!.parsed.from?.text).toContain('hola@ana.example');
    // A later run the same day sends nothing more.
    expect(await run('2027-11-01T10:00:00Z')).toBe(0);
  }, 60_000);
});

describe('after a restart', () => {
  it('a reminder already queued is not queued again by the restarted process', async () => {
    const target = await durableDatabase();
    let first: TestApp | undefined;
    let second: TestApp | undefined;
    try {
      first = await appOn(await target.open());
      const s = await company(first);
      const put = await call(first, 'PUT', '/v1/admin/settings', {
        token: s.token,
        payload: { notifications: { booking: { ...reminderText, ...reminderAt9 }, birthday: off } },
      });
      expect(put.status).toBe(200);
      const calendar = await createCalendar(first, s.token, { maximumConcurrentBookings: 10 });
      const product = await createProduct(first, s.token, { taxId: s.taxId, ...bookable(60) });
      const who = await createCustomer(first, s.token, { name: 'Laura', email: 'laura@example.com' });
      const booking = await createBooking(first, s.token, {
        bookingCalendarId: calendar.id,
        productId: product.id,
        customerId: who.id,
        startsAt: '2027-11-02T10:00:00',
      });
      expect(await first.services.notifications.run(new Date('2027-11-01T08:00:00Z'))).toBe(1);
      await first.close();
      first = undefined;

      second = await appOn(await target.open());
      expect(await second.services.notifications.run(new Date('2027-11-01T08:00:00Z'))).toBe(0);
      expect(await second.services.notifications.run(new Date('2027-11-01T15:00:00Z'))).toBe(0);
      const rows = await second.database.db
        .select({ id: mails.id })
        .from(mails)
        .where(and(eq(mails.kind, 'booking_reminder'), eq(mails.contactId, booking.customerId)));
      expect(rows).toHaveLength(1);
    } finally {
      await first?.close();
      await second?.close();
      await target.drop();
    }
  }, 120_000);
});

// Two API processes on one PostgreSQL server. PGlite is one process's embedded database, so there is no
// second process to share it with: this describe is declared only in the PostgreSQL suite
// (`npm run test:pg`, which runs every API test file with TEST_DATABASE_URL set).
if (process.env.TEST_DATABASE_URL) {
  describe('two processes on one PostgreSQL server', () => {
    it('both schedulers at the same hour and both workers: each of 50 reminders delivered once', async () => {
      // The second process: its own pool, services and pg-boss instance on the same database.
      const other = await appOn(await openDatabase({ url: t.database.url! }));
      const smtp = await startSmtpServer();
      const runtimes: JobRuntime[] = [];
      try {
        const s = await shop({ booking: reminderAt9 });
        const customers = await Promise.all(
          Array.from({ length: 50 }, (_, i) => customer(s, { name: `Cliente ${i}` })),
        );
        // All at 10:00 on one day: the calendar takes 100 at once.
        for (const who of customers) await book(s, '2027-11-02T10:00:00', who);
        runtimes.push(await startTestJobs(t), await startTestJobs(other));
        // The server is set after the bookings: their confirmations go too, the count is of reminders.
        await saveSettings(s.token, {
          mail: { host: '127.0.0.1', port: smtp.port, security: 'none', fromMailAddress: 'hola@ana.example' },
        });

        const at = new Date('2027-11-01T08:00:00Z');
        const counts = await Promise.all([
          t.services.notifications.run(at),
          other.services.notifications.run(at),
          t.services.notifications.run(at),
          other.services.notifications.run(at),
        ]);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(50);

        const rows = () =>
          t.database.db
            .select({ id: mails.id, status: mails.status, messageId: mails.messageId })
            .from(mails)
            .where(and(eq(mails.licenseId, s.license.id), eq(mails.kind, 'booking_reminder')));
        const sent = await until(rows, (r) => r.length === 50 && r.every((m) => m.status === 'sent'), 60_000);
        expect(new Set(sent.map((m) => m.messageId)).size).toBe(50);
        // Wait for stragglers: a second delivery would come now.
        await sleep(3000);
        const delivered = new Map<string, number>();
        for (const r of smtp.received) {
          const id = r.parsed.messageId!;
          delivered.set(id, (delivered.get(id) ?? 0) + 1);
        }
        for (const m of sent) expect(delivered.get(m.messageId), m.messageId).toBe(1);
        const reminderSubjects = smtp.received.filter((r) => r.parsed.subject?.startsWith('Recordatorio'));
        expect(reminderSubjects).toHaveLength(50);
        expect(await mailsOf(s, 'booking_reminder')).toHaveLength(50);
      } finally {
        for (const r of runtimes) await r.stop();
        await smtp.close();
        await other.close();
      }
    }, 120_000);
  });
}
