import {
  type Booking,
  ErrorCode,
  formatCents,
  type Mail,
  type MailHealth,
  type MailListItem,
  type Settings,
} from '@mostrador/contract';
import { and, eq, like } from 'drizzle-orm';
import jsQR from 'jsqr';
import type { AddressObject } from 'mailparser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, files, mailAttachments, mails } from '../src/db/schema.js';
import { queueNames } from '../src/jobs/job-queue.js';
import { noMailServerMessage } from '../src/jobs/mail-worker.js';
import { type JobRuntime, startJobs } from '../src/jobs/runtime.js';
import { qrCodeMimeType } from '../src/modules/mails/qr-image.js';
import {
  bookable,
  type Company,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createFile,
  createProduct,
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
import { created, createOrder, openRegister, type SalesCompany, salesCompany } from './sales-fixtures.js';
import {
  closedPort,
  type ReceivedMail,
  type SmtpServerOptions,
  type SmtpTestServer,
  startSmtpServer,
} from './smtp-test-server.js';

/**
 * The outbox through the API with real parts: mails are queued by the changes that cause them, the
 * job runtime (pg-boss in the test database) sends them over SMTP to servers started here, which parse
 * what they get. Every case makes its own company, pointed at a server of its own when it needs one
 * that refuses. One retry per mail (retryLimit 1, 1 s apart): enough for "450 then 250", and a refused
 * connection runs out of tries quickly.
 */

const publicUrl = 'https://reservas.example.es';

/** The job runtime of the test app as `main.ts` starts it, trying a mail again 1 s after a temporary failure. */
function startTestJobs(app: TestApp, overrides: { retryLimit?: number } = {}): Promise<JobRuntime> {
  const quiet = { warn: () => undefined, error: () => undefined };
  const log = process.env.JOBS_LOG
    ? {
        warn: (o: object, m: string) => console.warn(m, o),
        error: (o: object, m: string) => console.error(m, o),
      }
    : quiet;
  return startJobs({
    database: app.database,
    config: { MAIL_RETRY_LIMIT: overrides.retryLimit ?? 3, MAIL_RETRY_DELAY_SECONDS: 1 },
    mails: app.services.mails,
    settings: app.services.settings,
    storage: app.services.storage,
    notifications: app.services.notifications,
    smtp: app.services.smtp,
    log,
  });
}

/** Reads every 100 ms until `ok` holds for the value, which it answers; fails after 15 s showing the last. */
async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let t: TestApp;
let jobs: JobRuntime;
/** A server that accepts everything; most companies send through it. */
let smtp: SmtpTestServer;
const servers: SmtpTestServer[] = [];

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: publicUrl } });
  smtp = await startSmtpServer();
  jobs = await startTestJobs(t, { retryLimit: 1 });
});

afterAll(async () => {
  await jobs?.stop();
  for (const server of [smtp, ...servers]) await server?.close();
  await t?.close();
});

async function smtpServer(options: SmtpServerOptions): Promise<SmtpTestServer> {
  const server = await startSmtpServer(options);
  servers.push(server);
  return server;
}

// ---------------------------------------------------------------------------------------------------
// Companies and what makes them send

interface MailCompany extends Company {
  name: string;
  /** The sender address of its mail server settings. */
  from: string;
  settings: Settings;
}

/** PUT /admin/settings as `token`; fails the test unless it is a 200; answers the settings. */
async function saveSettings(token: string, payload: Record<string, unknown>): Promise<Settings> {
  const res = await call(t, 'PUT', '/v1/admin/settings', { token, payload });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The mail server section pointing at a local port, without TLS. */
const mailSection = (port: number, from: string, extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  security: 'none',
  fromMailAddress: from,
  ...extra,
});

/**
 * A fresh company (or `base`) named `name`, sending through the server on `port` (the accepting one
 * unless told; `null`: no mail server at all).
 */
async function mailCompany(
  options: { port?: number | null; name?: string; mail?: Record<string, unknown>; base?: Company } = {},
): Promise<MailCompany> {
  const c = options.base ?? (await company(t));
  const name = options.name ?? `Peluquería ${c.code}`;
  const from = `hola@${c.code}.example`;
  const settings = await saveSettings(c.token, {
    companyName: name,
    ...(options.port === null ? {} : { mail: mailSection(options.port ?? smtp.port, from, options.mail) }),
  });
  return { ...c, name, from, settings };
}

/** The sales fixtures (products, calendar, Ana García with an email, Luis without) with mail and the register open. */
async function salesMailCompany(): Promise<SalesCompany & MailCompany> {
  const sales = await salesCompany(t);
  const c = await mailCompany({ base: sales });
  await openRegister(t, c.token);
  return { ...sales, ...c };
}

interface Agenda {
  calendarId: number;
  productId: number;
}

/** A calendar open every day (09–14, 16–20, a start every 30 min) and a 60-minute bookable product. */
async function agenda(c: Company, productName = 'Corte de pelo'): Promise<Agenda> {
  const calendar = await createCalendar(t, c.token);
  const product = await createProduct(t, c.token, { taxId: c.taxId, ...bookable(60), name: productName });
  return { calendarId: calendar.id, productId: product.id };
}

const book = (c: Company, a: Agenda, customerId: number, startsAt: string): Promise<Booking> =>
  createBooking(t, c.token, {
    bookingCalendarId: a.calendarId,
    productId: a.productId,
    customerId,
    startsAt,
    quantity: 1,
  });

/** PUT /admin/bookings/{id}: the booking at another start (staff override the product's rules). */
async function moveBooking(c: Company, booking: Booking, startsAt: string, notes?: string) {
  const res = await call(t, 'PUT', `/v1/admin/bookings/${booking.id}`, {
    token: c.token,
    payload: {
      bookingCalendarId: booking.bookingCalendarId,
      customerId: booking.customerId,
      startsAt,
      quantity: booking.quantity,
      price: booking.price,
      notes,
      overrideRescheduleRules: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Booking;
}

let customerCount = 0;

/** A booking for a new customer at `email`: its confirmation is the company's newest mail; its id. */
async function queueOneMail(c: Company, email = `cliente${++customerCount}@example.com`): Promise<number> {
  const a = await agenda(c);
  const customer = await createCustomer(t, c.token, { name: 'Marta', email });
  await book(c, a, customer.id, '2027-06-07T10:00');
  return onlyMail(c, { contactId: { eq: customer.id } }).then((m) => m.id);
}

// ---------------------------------------------------------------------------------------------------
// Reading mails

async function mailOf(token: string, id: number): Promise<Mail> {
  const res = await call(t, 'GET', `/v1/admin/mails/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function mailsOf(c: Company, query: Record<string, unknown> = {}): Promise<MailListItem[]> {
  return (await readList<MailListItem>(t, c.token, '/v1/admin/mails', query)).items;
}

/** The one mail of the company matching `filters` (fails unless there is exactly one). */
async function onlyMail(c: Company, filters: Record<string, unknown>): Promise<MailListItem> {
  const items = await mailsOf(c, { filters });
  expect(items, JSON.stringify(items)).toHaveLength(1);
  return items[0]!;
}

const idsOf = (items: { id: number }[]) => items.map((i) => i.id);

/** The mail once the worker is done with it (sent or failed). */
const settled = (c: Company, id: number) =>
  until(
    () => mailOf(c.token, id),
    (m) => m.status !== 'waiting',
  );

/** The mail once sent, and what the SMTP server received for it (matched by Message-ID). */
async function delivered(
  c: Company,
  id: number,
  server: SmtpTestServer = smtp,
): Promise<{ mail: Mail; received: ReceivedMail }> {
  const mail = await settled(c, id);
  expect(mail.status, mail.error ?? '').toBe('sent');
  return { mail, received: await server.message(mail.messageId) };
}

/** The text of the received mail's .ics attachment. */
function icsOf(received: ReceivedMail): string {
  const ics = received.parsed.attachments.filter((a) => a.contentType === 'text/calendar');
  expect(ics).toHaveLength(1);
  return ics[0]!.content.toString('utf8');
}

const icsField = (ics: string, name: string) => new RegExp(`^${name}:(.*)\r$`, 'm').exec(ics)?.[1];

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value);

async function health(c: Company): Promise<MailHealth> {
  const res = await call(t, 'GET', '/v1/admin/mails/health', { token: c.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The calendar day of `instant` in Madrid (the companies' zone), and the day after, as YYYY-MM-DD. */
function madridDays(instant: Date) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(instant);
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + 1, 12)).toISOString().slice(0, 10);
  return { day, next };
}

// ---------------------------------------------------------------------------------------------------

describe('booking confirmations', () => {
  it('sends the confirmation over SMTP: headers, both parts and the .ics, in the customer’s language', async () => {
    const c = await mailCompany({ name: 'Peluquería Ana' });
    const a = await agenda(c, 'Corte de pelo');
    const laura = await createCustomer(t, c.token, {
      name: 'Laura',
      surname: 'Smith',
      email: 'laura@example.com',
      language: 'en',
    });
    const booking = await book(c, a, laura.id, '2027-03-10T10:00');

    // Queued in the booking's transaction: the row is there when the answer comes.
    const [item, ...others] = await mailsOf(c);
    expect(others).toEqual([]);
    expect(item).toMatchObject({
      kind: 'booking_created',
      type: 'customer',
      contactId: laura.id,
      contactEmail: 'laura@example.com',
    });

    const { mail, received } = await delivered(c, item!.id);
    expect(mail).toMatchObject({
      status: 'sent',
      attempts: 1,
      error: null,
      errorCode: null,
      language: 'en',
      resentFromId: null,
    });
    expect(Date.parse(mail.sentAt!)).toBeGreaterThanOrEqual(Date.parse(mail.createdAt));
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@reservas\.example\.es>$/);

    const p = received.parsed;
    expect(received.envelopeTo).toEqual(['laura@example.com']);
    expect(addresses(p.from)).toEqual([{ name: 'Peluquería Ana', address: c.from }]);
    expect(addresses(p.to)).toEqual([{ name: '', address: 'laura@example.com' }]);
    expect(p.messageId).toBe(mail.messageId);
    expect(p.subject).toBe(mail.subject);
    // 10:00 on the company's clock (Madrid), in English.
    expect(mail.subject).toBe('Booking confirmed: Corte de pelo, 10 Mar 2027, 10:00');

    // An HTML part and a plain-text part saying the same, both in English.
    expect(received.raw).toMatch(/Content-Type: multipart\/alternative/);
    const html = p.html as string;
    expect(html).toContain('<html lang="en"');
    for (const text of ['Booking confirmed', 'Hello Laura Smith,', 'Corte de pelo', '10:00–11:00']) {
      expect(html).toContain(text);
      expect(p.text).toContain(text);
    }
    expect(p.text).toContain('Date: Wednesday, 10 March 2027');
    expect(p.text).toContain(`Booking number: ${booking.id}`);
    expect(p.text?.trim()).toBe(mail.text.trim());

    // The .ics: an iTIP REQUEST for the booking, in UTC, with a UID built from PUBLIC_URL.
    const ics = icsOf(received);
    const attachment = p.attachments.find((x) => x.contentType === 'text/calendar')!;
    expect(attachment.filename).toBe(`booking-${booking.id}.ics`);
    expect(icsField(ics, 'METHOD')).toBe('REQUEST');
    expect(icsField(ics, 'UID')).toBe(`booking-${booking.id}@reservas.example.es`);
    expect(icsField(ics, 'SEQUENCE')).toBe('0');
    expect(icsField(ics, 'DTSTART')).toBe('20270310T090000Z');
    expect(icsField(ics, 'DTEND')).toBe('20270310T100000Z');
    expect(icsField(ics, 'SUMMARY')).toBe('Corte de pelo');
    expect(icsField(ics, 'STATUS')).toBe('CONFIRMED');

    // The attachments are kept with the mail, no file of the license: the same bytes, from the mail's
    // own attachment route. The booking's QR (inline in the HTML) can be downloaded too.
    expect(mail.attachments).toEqual([
      {
        id: expect.any(Number),
        fileId: null,
        name: `booking-${booking.id}-qr.png`,
        mimeType: 'image/png',
        size: expect.any(Number),
      },
      {
        id: expect.any(Number),
        fileId: null,
        name: `booking-${booking.id}.ics`,
        mimeType: 'text/calendar',
        size: attachment.size,
      },
    ]);
    const icsEntry = mail.attachments[1]!;
    expect(attachment.content.toString('utf8')).toBe(ics);
    const [row] = await t.database.db
      .select({ fileId: mailAttachments.fileId, content: mailAttachments.content })
      .from(mailAttachments)
      .where(and(eq(mailAttachments.mailId, mail.id), eq(mailAttachments.position, icsEntry.id)));
    expect(row?.fileId).toBeNull();
    expect(Buffer.from(row!.content!).toString('utf8')).toBe(ics);
    expect(
      await t.database.db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.licenseId, c.license.id), like(files.name, '%.ics'))),
    ).toEqual([]);
    const file = await call(t, 'GET', `/v1/admin/mails/${mail.id}/attachments/${icsEntry.id}`, {
      token: c.token,
    });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^text\/calendar/);
    expect(file.headers['content-disposition']).toContain(`filename="booking-${booking.id}.ics"`);
    expect(file.body).toBe(ics);
  });

  it('writes in the company’s main language when the customer has none, and in the new one once it changes', async () => {
    const c = await mailCompany();
    const a = await agenda(c, 'Masaje');
    const pedro = await createCustomer(t, c.token, { name: 'Pedro', email: 'pedro@example.es' });
    await book(c, a, pedro.id, '2027-03-11T10:00');
    const es = await delivered(c, (await onlyMail(c, { contactId: { eq: pedro.id } })).id);
    expect(es.mail.language).toBe('es');
    expect(es.received.parsed.subject).toBe('Reserva confirmada: Masaje, 11 mar 2027, 10:00');
    expect(es.received.parsed.html).toContain('<html lang="es"');
    expect(es.received.parsed.text).toContain('Hola, Pedro:');
    expect(es.received.parsed.text).toContain('jueves, 11 de marzo de 2027');

    await saveSettings(c.token, { locale: 'de' });
    await book(c, a, pedro.id, '2027-03-12T10:00');
    const [newest] = await mailsOf(c);
    const de = await delivered(c, newest!.id);
    expect(de.mail.language).toBe('de');
    expect(de.received.parsed.subject).toMatch(/^Buchung bestätigt: .+, 12\.03\.2027, 10:00$/);
    expect(de.received.parsed.html).toContain('<html lang="de"');
    expect(de.received.parsed.text).toContain('Guten Tag Pedro,');
    expect(de.received.parsed.text).toContain('Freitag, 12. März 2027');
  });

  it('sends a booking_moved mail with a higher SEQUENCE when it moves, and a CANCEL when it is deleted', async () => {
    const c = await mailCompany();
    const a = await agenda(c, 'Tinte');
    const eva = await createCustomer(t, c.token, { name: 'Eva', email: 'eva@example.es' });
    const booking = await book(c, a, eva.id, '2027-04-05T10:00');
    const made = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_created' } })).id);
    const made_ = icsOf(made.received);

    // Changing only the notes keeps the date: no mail.
    await moveBooking(c, booking, '2027-04-05T10:00', 'Con flequillo');
    expect(await mailsOf(c)).toHaveLength(1);

    const moved = await moveBooking(c, booking, '2027-04-06T16:30');
    expect(moved.rescheduleCount).toBe(1);
    const change = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_moved' } })).id);
    expect(change.mail).toMatchObject({ contactId: eva.id, language: 'es' });
    expect(change.received.parsed.subject).toBe('Reserva modificada: Tinte, 6 abr 2027, 16:30');
    expect(change.received.parsed.text).toContain('Fecha anterior');
    expect(change.received.parsed.text).toContain('lunes, 5 de abril de 2027, 10:00');
    expect(change.received.parsed.text).toContain('16:30–17:30');
    const changed = icsOf(change.received);
    expect(icsField(changed, 'METHOD')).toBe('REQUEST');
    expect(icsField(changed, 'UID')).toBe(icsField(made_, 'UID'));
    expect(Number(icsField(changed, 'SEQUENCE'))).toBeGreaterThan(Number(icsField(made_, 'SEQUENCE')));
    // April is summer time in Madrid: 16:30 local is 14:30 UTC.
    expect(icsField(changed, 'DTSTART')).toBe('20270406T143000Z');

    const removed = await call(t, 'DELETE', `/v1/admin/bookings/${booking.id}`, { token: c.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const cancel = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_cancelled' } })).id);
    expect(cancel.received.parsed.subject).toBe('Reserva cancelada: Tinte, 6 abr 2027, 16:30');
    expect(cancel.mail.attachments.map((x) => x.name)).toEqual([`booking-${booking.id}.ics`]);
    const cancelled = icsOf(cancel.received);
    expect(icsField(cancelled, 'METHOD')).toBe('CANCEL');
    expect(icsField(cancelled, 'STATUS')).toBe('CANCELLED');
    expect(icsField(cancelled, 'UID')).toBe(icsField(made_, 'UID'));
    expect(Number(icsField(cancelled, 'SEQUENCE'))).toBeGreaterThan(Number(icsField(changed, 'SEQUENCE')));

    expect((await mailsOf(c)).map((m) => m.kind)).toEqual([
      'booking_cancelled',
      'booking_moved',
      'booking_created',
    ]);
  });

  it('sends nothing to a customer without email, whatever happens to the booking', async () => {
    const c = await mailCompany();
    const a = await agenda(c);
    const luis = await createCustomer(t, c.token, { name: 'Luis' });
    const booking = await book(c, a, luis.id, '2027-03-15T10:00');
    await moveBooking(c, booking, '2027-03-15T11:00');
    const removed = await call(t, 'DELETE', `/v1/admin/bookings/${booking.id}`, { token: c.token });
    expect(removed.status).toBe(200);
    expect(await readList(t, c.token, '/v1/admin/mails')).toMatchObject({ items: [], total: 0 });
    expect(await health(c)).toEqual({
      waiting: 0,
      failedLastWeek: 0,
      oldestWaitingAt: null,
      blockedBy: null,
      lastError: null,
    });
  });

  it('queues a confirmation only with a booking that is written: a refused one leaves no mail', async () => {
    const c = await mailCompany();
    const a = await agenda(c);
    const first = await createCustomer(t, c.token, { name: 'Marta', email: 'marta.llena@example.com' });
    const second = await createCustomer(t, c.token, { name: 'Pau', email: 'pau.tarde@example.com' });
    const booked = await book(c, a, first.id, '2027-04-12T10:00');
    // The mail is rendered before the booking's transaction and written with its row: the answer is
    // the booking as written, and its mail tells its number.
    expect(booked).toMatchObject({ customerId: first.id, status: 'confirmed', orderId: null });
    const mail = await onlyMail(c, { contactId: { eq: first.id } });
    expect((await mailOf(c.token, mail.id)).text).toContain(String(booked.id));
    const refused = await call(t, 'POST', '/v1/admin/bookings', {
      token: c.token,
      payload: {
        bookingCalendarId: a.calendarId,
        productId: a.productId,
        customerId: second.id,
        startsAt: '2027-04-12T10:00',
        quantity: 1,
      },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(
      await readList(t, c.token, '/v1/admin/mails', { filters: { contactId: { eq: second.id } } }),
    ).toMatchObject({
      items: [],
      total: 0,
    });
    // Nothing else either: the refused one's .ics and QR were never files, and only the written mail
    // has attachment rows (its QR and its .ics).
    expect(
      await t.database.db.select({ id: files.id }).from(files).where(eq(files.licenseId, c.license.id)),
    ).toEqual([]);
    const rows = await t.database.db
      .select({ mailId: mailAttachments.mailId })
      .from(mailAttachments)
      .innerJoin(mails, eq(mails.id, mailAttachments.mailId))
      .where(eq(mails.licenseId, c.license.id));
    expect(rows).toEqual([{ mailId: mail.id }, { mailId: mail.id }]);
  });

  it('confirms a booking sold in an order and cancels it when the order is refunded in full', async () => {
    const c = await salesMailCompany();
    const order = await created(
      await createOrder(t, c, {
        customerId: c.customerId,
        lines: [
          {
            productId: c.massageId,
            quantity: 1,
            unitPrice: 45,
            booking: { bookingCalendarId: c.calendarId, startsAt: '2027-03-01T10:00' },
          },
        ],
      }),
    );
    const bookingId = order.lines[0].bookingId as number;
    const confirmation = await onlyMail(c, { kind: { eq: 'booking_created' } });
    expect(confirmation).toMatchObject({ contactId: c.customerId, contactEmail: 'ana@example.es' });
    const made = await delivered(c, confirmation.id);
    expect(made.received.parsed.subject).toBe('Reserva confirmada: Masaje, 1 mar 2027, 10:00');
    expect(icsField(icsOf(made.received), 'UID')).toBe(`booking-${bookingId}@reservas.example.es`);

    await created(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/refund`, { token: c.token, payload: {} }),
    );
    const cancel = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_cancelled' } })).id);
    expect(cancel.mail).toMatchObject({ contactId: c.customerId, contactEmail: 'ana@example.es' });
    expect(cancel.received.parsed.subject).toBe('Reserva cancelada: Masaje, 1 mar 2027, 10:00');
    const ics = icsOf(cancel.received);
    expect(icsField(ics, 'METHOD')).toBe('CANCEL');
    expect(icsField(ics, 'UID')).toBe(`booking-${bookingId}@reservas.example.es`);
  });

  it('tells the customer when a draft order’s booking line is replaced, and when the order is deleted', async () => {
    const c = await salesMailCompany();
    const line = (startsAt: string) => ({
      productId: c.massageId,
      quantity: 1,
      unitPrice: 45,
      booking: { bookingCalendarId: c.calendarId, startsAt },
    });
    const order = await created(
      await createOrder(t, c, {
        status: 'draft',
        customerId: c.customerId,
        lines: [line('2027-03-02T10:00')],
      }),
    );
    const first = order.lines[0].bookingId as number;
    await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_created' } })).id);
    // The line replaced by one at another time: the first booking is cancelled, the new one confirmed.
    const edited = await call(t, 'PUT', `/v1/admin/orders/${order.id}`, {
      token: c.token,
      payload: {
        customerId: c.customerId,
        status: 'draft',
        paymentMethod: 'cash',
        lines: [line('2027-03-03T11:00')],
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const second = edited.body.data.lines[0].bookingId as number;
    const cancelled = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_cancelled' } })).id);
    expect(icsField(icsOf(cancelled.received), 'UID')).toBe(`booking-${first}@reservas.example.es`);
    const confirmations = await mailsOf(c, { filters: { kind: { eq: 'booking_created' } } });
    expect(confirmations).toHaveLength(2);
    const confirmed = await delivered(c, confirmations[0]!.id);
    expect(icsField(icsOf(confirmed.received), 'UID')).toBe(`booking-${second}@reservas.example.es`);
    // The order deleted: its booking's cancellation.
    expect((await call(t, 'DELETE', `/v1/admin/orders/${order.id}`, { token: c.token })).status).toBe(200);
    const cancellations = await mailsOf(c, { filters: { kind: { eq: 'booking_cancelled' } } });
    expect(cancellations).toHaveLength(2);
    const gone = await delivered(c, cancellations[0]!.id);
    expect(icsField(icsOf(gone.received), 'METHOD')).toBe('CANCEL');
    expect(icsField(icsOf(gone.received), 'UID')).toBe(`booking-${second}@reservas.example.es`);
  });
});

/** The text a QR code in a PNG holds, read as a phone would read it (jsqr over its pixels). */
async function qrText(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('QR codes in the mails', () => {
  it('a booking’s confirmation shows its code as an inline QR that reads back as the booking; its move too, its cancellation none', async () => {
    const c = await mailCompany();
    const a = await agenda(c, 'Manicura');
    const rosa = await createCustomer(t, c.token, { name: 'Rosa', email: 'rosa@example.es', language: 'en' });
    const booking = await book(c, a, rosa.id, '2027-05-03T10:00');
    const { mail, received } = await delivered(
      c,
      (await onlyMail(c, { kind: { eq: 'booking_created' } })).id,
    );
    const html = received.parsed.html as string;
    expect(html).toContain('src="cid:booking-qr"');
    expect(received.parsed.text).toContain('Show this QR code at the reception when you arrive.');
    const inline = received.parsed.attachments.filter((x) => x.cid === 'booking-qr');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatchObject({
      contentType: 'image/png',
      contentDisposition: 'inline',
      related: true,
      filename: `booking-${booking.id}-qr.png`,
    });
    const code = await qrText(inline[0]!.content);
    expect(code).toMatch(/^B1\.\d+\.\d+\.[A-Za-z0-9_-]{22}$/);
    expect(t.services.checkIn.readBookingCode(code!)).toEqual({
      licenseId: c.license.id,
      bookingId: booking.id,
    });
    // The booking's creation drew nothing: the mail's row keeps the code, drawn as it was sent.
    const [kept] = await t.database.db
      .select({ mimeType: mailAttachments.mimeType, content: mailAttachments.content })
      .from(mailAttachments)
      .where(and(eq(mailAttachments.mailId, mail.id), eq(mailAttachments.contentId, 'booking-qr')));
    expect(kept?.mimeType).toBe(qrCodeMimeType);
    expect(Buffer.from(kept!.content as Uint8Array).toString('utf8')).toBe(code);
    // The plain text gives the code to type; the reception's lookup finds the booking by it.
    expect(received.parsed.text).toContain(`Check-in code: ${code}`);
    const found = await call(t, 'POST', '/v1/admin/check-in/lookups', { token: c.token, payload: { code } });
    expect(found.body.data).toMatchObject({ kind: 'booking', booking: { id: booking.id } });
    // Staff see the image in the mail, as a data URL.
    expect(mail.html).not.toContain('cid:booking-qr');
    expect(mail.html).toMatch(/<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="Check-in code: B1\./);

    await moveBooking(c, booking, '2027-05-04T16:00');
    const moved = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_moved' } })).id);
    const movedQr = moved.received.parsed.attachments.find((x) => x.cid === 'booking-qr');
    expect(await qrText(movedQr!.content)).toBe(code);

    const removed = await call(t, 'DELETE', `/v1/admin/bookings/${booking.id}`, { token: c.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const cancel = await delivered(c, (await onlyMail(c, { kind: { eq: 'booking_cancelled' } })).id);
    expect(cancel.received.parsed.attachments.filter((x) => x.cid)).toEqual([]);
    expect(cancel.received.parsed.html).not.toContain('cid:');
  });

  it('a gift voucher mail shows each code as an inline QR that reads back as the code', async () => {
    const c = await mailCompany();
    const calendar = await createCalendar(t, c.token);
    const gift = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Circuito spa regalo',
      type: 'bookable_gift',
      price: 60,
      durationInMinutes: 60,
      bookingCalendarId: calendar.id,
    });
    const ana = await createCustomer(t, c.token, { name: 'Ana', email: 'ana-regalo@example.es' });
    const order = await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: {
        customerId: ana.id,
        status: 'paid',
        paymentMethod: 'transfer',
        lines: [{ productId: gift.id, quantity: 2, unitPrice: 60 }],
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const codes = (await readList<{ code: string }>(t, c.token, '/v1/admin/gift-vouchers')).items
      .map((v) => v.code)
      .sort();
    expect(codes).toHaveLength(2);
    const { mail, received } = await delivered(c, (await onlyMail(c, { kind: { eq: 'gift_voucher' } })).id);
    const html = received.parsed.html as string;
    const inline = received.parsed.attachments.filter((x) => x.cid?.startsWith('qr-'));
    expect(inline.map((x) => x.cid).sort()).toEqual(codes.map((code) => `qr-${code}`));
    for (const part of inline) {
      const code = part.cid!.slice(3);
      expect(html).toContain(`src="cid:${part.cid}"`);
      expect(part).toMatchObject({
        contentType: 'image/png',
        contentDisposition: 'inline',
        filename: `${code}.png`,
      });
      expect(await qrText(part.content)).toBe(code);
    }
    expect(received.parsed.text).toContain('Enseña el código QR del bono en la recepción, o da su código.');
    const found = await call(t, 'POST', '/v1/admin/check-in/lookups', {
      token: c.token,
      payload: { code: codes[0] },
    });
    expect(found.body.data).toMatchObject({ kind: 'giftVoucher', giftVoucher: { code: codes[0] } });
    expect(mail.html).not.toContain('cid:qr-');
  });
});

describe('delivery', () => {
  it('tries again after a 450 and delivers on the second try, with the same Message-ID', async () => {
    const busy = await smtpServer({
      reply: (attempt) =>
        attempt === 1 ? { code: 450, message: 'Mailbox busy, try again later' } : undefined,
    });
    const c = await mailCompany({ port: busy.port });
    const id = await queueOneMail(c);
    const { mail, received } = await delivered(c, id, busy);
    expect(mail).toMatchObject({ status: 'sent', attempts: 2, error: null, errorCode: null });
    expect(busy.attempts).toBe(2);
    expect(busy.received).toHaveLength(1);
    expect(busy.refused).toHaveLength(1);
    expect(busy.refused[0]).toContain(`Message-ID: ${mail.messageId}`);
    expect(received.parsed.messageId).toBe(mail.messageId);
  });

  it('fails a mail for good on a 550, with the server’s reply, and does not try again', async () => {
    const refusing = await smtpServer({
      reply: () => ({ code: 550, message: 'Mailbox unavailable: no such user here' }),
    });
    const c = await mailCompany({ port: refusing.port });
    const id = await queueOneMail(c);
    const mail = await settled(c, id);
    expect(mail).toMatchObject({ status: 'failed', errorCode: 'permanent', attempts: 1, sentAt: null });
    expect(mail.error).toMatch(/^550\b.*Mailbox unavailable: no such user here/);
    // The job ended there: nothing is scheduled to try it again. The worker fails the mail before pg-boss
    // records the job's end, so the job is read once it has one.
    const sendJobs = await until(
      () => jobs.boss.findJobs(queueNames.mailSend, { key: String(id) }),
      (found) => found.every((j) => j.state !== 'active'),
    );
    expect(sendJobs.map((j) => ({ state: j.state, retryCount: j.retryCount }))).toEqual([
      { state: 'failed', retryCount: 0 },
    ]);
    expect(refusing.attempts).toBe(1);
    expect(refusing.received).toEqual([]);
    expect(await health(c)).toMatchObject({
      waiting: 0,
      failedLastWeek: 1,
      blockedBy: null,
      lastError: mail.error,
    });
  });

  it('sends with the mail server saved last: a mail the old one refused goes through the new one when resent', async () => {
    const refusing = await smtpServer({ reply: () => ({ code: 554, message: 'Sender rejected' }) });
    const c = await mailCompany({ port: refusing.port });
    const id = await queueOneMail(c);
    expect(await settled(c, id)).toMatchObject({ status: 'failed', errorCode: 'permanent' });
    await saveSettings(c.token, { mail: mailSection(smtp.port, `nuevo@${c.code}.example`) });
    const res = await call(t, 'POST', `/v1/admin/mails/${id}/resend`, { token: c.token, payload: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { mail, received } = await delivered(c, res.body.data.id);
    expect(mail).toMatchObject({ attempts: 1, resentFromId: id });
    expect(addresses(received.parsed.from)).toEqual([{ name: c.name, address: `nuevo@${c.code}.example` }]);
    expect(refusing.attempts).toBe(1);
  });

  it('keeps a mail waiting after a refused connection, then fails it once its tries are used up', async () => {
    const c = await mailCompany({ port: await closedPort() });
    const id = await queueOneMail(c);
    const first = await until(
      () => mailOf(c.token, id),
      (m) => m.attempts > 0,
    );
    expect(first).toMatchObject({ status: 'waiting', errorCode: 'temporary', attempts: 1, sentAt: null });
    expect(first.error).toMatch(/ECONNREFUSED/);
    const last = await settled(c, id);
    expect(last).toMatchObject({
      status: 'failed',
      errorCode: 'attempts_exhausted',
      attempts: 2,
      sentAt: null,
    });
    expect(last.error).toMatch(/ECONNREFUSED/);
  });

  it('lets mails wait while no mail server is set, says why, and sends them once it is saved', async () => {
    const c = await mailCompany({ port: null });
    const ids = [await queueOneMail(c), await queueOneMail(c)];
    const parked = [];
    for (const id of ids)
      parked.push(
        await until(
          () => mailOf(c.token, id),
          (m) => m.errorCode !== null,
        ),
      );
    for (const mail of parked) {
      expect(mail).toMatchObject({
        status: 'waiting',
        errorCode: 'no_mail_server',
        attempts: 0,
        sentAt: null,
      });
      expect(mail.error).toBe(noMailServerMessage);
      expect(mail.error).toMatch(/No mail server is configured/);
    }
    expect(await health(c)).toEqual({
      waiting: 2,
      failedLastWeek: 0,
      oldestWaitingAt: parked[0]!.createdAt,
      blockedBy: 'no_mail_server',
      lastError: noMailServerMessage,
    });
    const listed = await mailsOf(c, { filters: { status: { eq: 'waiting' } } });
    expect(listed.map((m) => [m.id, m.errorCode])).toEqual([
      [ids[1], 'no_mail_server'],
      [ids[0], 'no_mail_server'],
    ]);

    // Saving the mail server sends what waited (the update-settings workflow dispatches them).
    await saveSettings(c.token, { mail: mailSection(smtp.port, `hola@${c.code}.example`) });
    for (const id of ids) {
      const { mail, received } = await delivered(c, id);
      expect(mail).toMatchObject({ attempts: 1, error: null, errorCode: null });
      expect(received.envelopeTo).toEqual([mail.contactEmail]);
    }
    expect(await health(c)).toEqual({
      waiting: 0,
      failedLastWeek: 0,
      oldestWaitingAt: null,
      blockedBy: null,
      lastError: null,
    });
  });
});

describe('GET /admin/mails', () => {
  it('lists newest first, filters by status, type, kind and day, and searches subject and address', async () => {
    const picky = await smtpServer({
      reply: (_attempt, raw) =>
        raw.includes('rechazado@example.com') ? { code: 550, message: 'User unknown' } : undefined,
    });
    const c = await mailCompany({ port: picky.port });
    const manicure = await agenda(c, 'Manicura');
    const pedicure = { calendarId: manicure.calendarId, productId: (await agenda(c, 'Pedicura')).productId };
    const clara = await createCustomer(t, c.token, { name: 'Clara', email: 'clara@example.es' });
    const rechazado = await createCustomer(t, c.token, { name: 'Rafa', email: 'rechazado@example.com' });
    const b1 = await book(c, manicure, clara.id, '2027-05-03T10:00');
    const [m1] = await mailsOf(c);
    await book(c, pedicure, rechazado.id, '2027-05-03T11:00');
    const [m2] = await mailsOf(c);
    await moveBooking(c, b1, '2027-05-03T12:00');
    const [m3] = await mailsOf(c);
    const sent1 = await settled(c, m1!.id);
    const failed2 = await settled(c, m2!.id);
    const sent3 = await settled(c, m3!.id);
    expect([sent1.status, failed2.status, sent3.status]).toEqual(['sent', 'failed', 'sent']);

    const ids = async (query: Record<string, unknown>) => idsOf(await mailsOf(c, query));
    // Default sort: createdAt desc.
    const all = await readList<MailListItem>(t, c.token, '/v1/admin/mails');
    expect(all.total).toBe(3);
    expect(idsOf(all.items)).toEqual([m3!.id, m2!.id, m1!.id]);
    const times = all.items.map((i) => Date.parse(i.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(await ids({ orders: { createdAt: 'asc' } })).toEqual([m1!.id, m2!.id, m3!.id]);
    expect(await ids({ limit: '2', page: '2' })).toEqual([m1!.id]);

    // Filters.
    expect(await ids({ filters: { status: { eq: 'failed' } } })).toEqual([m2!.id]);
    expect(await ids({ filters: { status: { eq: 'sent' } } })).toEqual([m3!.id, m1!.id]);
    expect(await ids({ filters: { kind: { eq: 'booking_moved' } } })).toEqual([m3!.id]);
    expect(await ids({ filters: { kind: { in: ['booking_created'] } } })).toEqual([m2!.id, m1!.id]);
    expect(await ids({ filters: { type: { eq: 'customer' } } })).toEqual([m3!.id, m2!.id, m1!.id]);
    expect(await ids({ filters: { type: { eq: 'user' } } })).toEqual([]);
    // A plain date is the company's midnight (Madrid).
    const { day, next } = madridDays(new Date(m1!.createdAt));
    expect(await ids({ filters: { createdAt: { gte: day } } })).toHaveLength(3);
    expect(await ids({ filters: { createdAt: { lte: day } } })).toEqual([]);
    expect(await ids({ filters: { createdAt: { gte: day, lte: next } } })).toHaveLength(3);
    expect(await ids({ filters: { createdAt: { gte: next } } })).toEqual([]);
    expect(await ids({ filters: { createdAt: { gte: day }, status: { eq: 'failed' } } })).toEqual([m2!.id]);

    // The search: subject and address, any case, taken literally.
    expect(await ids({ query: 'pedicura' })).toEqual([m2!.id]);
    expect(await ids({ query: 'RECHAZADO@' })).toEqual([m2!.id]);
    expect(await ids({ query: 'Manicura' })).toEqual([m3!.id, m1!.id]);
    expect(await ids({ query: 'clara@example.es' })).toEqual([m3!.id, m1!.id]);
    expect(await ids({ query: 'modificada' })).toEqual([m3!.id]);
    expect(await ids({ query: '%' })).toEqual([]);

    // Unknown or ill-typed filters name the field.
    const unknown = await call(t, 'GET', '/v1/admin/mails', {
      token: c.token,
      query: { filters: JSON.stringify({ bounces: { eq: 1 } }) },
    });
    expect(failingFields(unknown)).toEqual(['filters.bounces']);
    const typed = await call(t, 'GET', '/v1/admin/mails', {
      token: c.token,
      query: { filters: JSON.stringify({ createdAt: { gte: 'ayer' }, contactId: { eq: 'x' } }) },
    });
    expect(failingFields(typed)).toEqual(['filters.createdAt.gte', 'filters.contactId.eq']);

    // A row: the spec's columns; body is the start of the plain-text part.
    const row = all.items[1]!;
    expect(row).toEqual({
      id: m2!.id,
      type: 'customer',
      kind: 'booking_created',
      contactId: rechazado.id,
      createdAt: failed2.createdAt,
      sentAt: null,
      status: 'failed',
      subject: failed2.subject,
      body: failed2.text.slice(0, 200),
      contactEmail: 'rechazado@example.com',
      error: failed2.error,
      errorCode: 'permanent',
      attempts: 1,
    });
    expect(failed2.text.length).toBeGreaterThan(200);
    expect(row.body).toHaveLength(200);
    expect(failed2.error).toContain('User unknown');

    // One mail: the whole HTML and text, and its attachments.
    expect(sent3.html).toContain('<html lang="es"');
    expect(sent3.html).toContain('Reserva modificada');
    expect(sent3.text).toContain('Reserva modificada');
    expect(sent3.attachments).toEqual([
      {
        id: expect.any(Number),
        fileId: null,
        name: `booking-${b1.id}-qr.png`,
        mimeType: 'image/png',
        size: expect.any(Number),
      },
      {
        id: expect.any(Number),
        fileId: null,
        name: `booking-${b1.id}.ics`,
        mimeType: 'text/calendar',
        size: expect.any(Number),
      },
    ]);
  });

  it('sends the company logo inline (cid:logo) and shows it to staff as a data URL', async () => {
    const c = await mailCompany();
    const logo = await createFile(t, c.token, await pngImage(600, 200), 'logo.png', 'image');
    await saveSettings(c.token, { logo: logo.id });
    const id = await queueOneMail(c);
    const { received } = await delivered(c, id);
    const html = received.parsed.html as string;
    expect(html).toContain('src="cid:logo"');
    const inline = received.parsed.attachments.filter((a) => a.cid === 'logo');
    expect(inline).toHaveLength(1);
    expect(inline[0]).toMatchObject({
      contentType: 'image/png',
      contentDisposition: 'inline',
      related: true,
    });
    const meta = await sharp(inline[0]!.content).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeLessThanOrEqual(480);

    const shown = await mailOf(c.token, id);
    expect(shown.html).not.toContain('cid:logo');
    expect(shown.html).toMatch(/<img src="data:image\/[a-z]+;base64,[A-Za-z0-9+/=]+"/);
    // The logo is part of the layout, not an attachment to download (the booking's QR is).
    expect(shown.attachments.map((a) => a.mimeType)).toEqual(['image/png', 'text/calendar']);
  });
});

describe('GET /admin/mails/{id}/attachments/{attachmentId}', () => {
  it('downloads a mail’s attachment of either kind, for who may read the mail, in its license only', async () => {
    const c = await mailCompany();
    const id = await queueOneMail(c);
    const mail = await mailOf(c.token, id);
    const ics = mail.attachments.find((a) => a.mimeType === 'text/calendar');
    expect(ics).toMatchObject({ fileId: null, mimeType: 'text/calendar' });
    const path = `/v1/admin/mails/${id}/attachments/${ics!.id}`;
    const answer = await call(t, 'GET', path, { token: c.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('BEGIN:VCALENDAR');
    expect(Buffer.byteLength(answer.body as string)).toBe(ics!.size);

    // Reading the mail is enough (mails_find); without it, 403.
    const reader = await createEmployee(t, c.code, c.token, [{ scope: 'can_do', permission: 'mails_find' }]);
    expect((await call(t, 'GET', path, { token: reader.token })).body).toBe(answer.body);
    const stranger = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    expectError(await call(t, 'GET', path, { token: stranger.token }), 403, ErrorCode.forbidden);
    // Another license's mail, or an attachment the mail has not: 404.
    const other = await company(t);
    expectError(await call(t, 'GET', path, { token: other.token }), 404, ErrorCode.notFound);
    expectError(
      await call(t, 'GET', `/v1/admin/mails/${id}/attachments/77`, { token: c.token }),
      404,
      ErrorCode.notFound,
    );

    // A mail whose attachment is a file of the license (as invoices' PDFs, and every mail queued before
    // attachments were kept with their mail): the same route answers the file's bytes, and a copy
    // attaches the same file.
    const pdf = await createFile(t, c.token, Buffer.from('%PDF-1.4 factura'), 'factura.pdf');
    const withFile = await t.database.db.transaction((tx) =>
      t.services.mails.queue(tx, {
        licenseId: c.license.id,
        type: 'customer',
        kind: 'invoice',
        contactId: null,
        contactEmail: 'factura@example.es',
        language: 'es',
        subject: 'Factura',
        html: '<p>Factura</p>',
        text: 'Factura',
        attachments: [{ fileId: pdf.id }],
      }),
    );
    const filed = await mailOf(c.token, withFile);
    expect(filed.attachments).toEqual([
      { id: 0, fileId: pdf.id, name: 'factura.pdf', mimeType: expect.any(String), size: 16 },
    ]);
    const bytes = await call(t, 'GET', `/v1/admin/mails/${withFile}/attachments/0`, { token: c.token });
    expect(bytes.status).toBe(200);
    expect(String(bytes.body)).toBe('%PDF-1.4 factura');
    const copy = await call(t, 'POST', `/v1/admin/mails/${withFile}/resend`, { token: c.token, payload: {} });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect((copy.body.data as Mail).attachments).toEqual(filed.attachments);
    const sent = await delivered(c, (copy.body.data as Mail).id);
    expect(sent.received.parsed.attachments.map((a) => a.content.toString())).toEqual(['%PDF-1.4 factura']);
  });
});

describe('POST /admin/mails/{id}/resend', () => {
  it('sends a copy to the same address or to another customer’s, never to an unknown address', async () => {
    const c = await mailCompany();
    const a = await agenda(c, 'Depilación');
    const ana = await createCustomer(t, c.token, { name: 'Ana', email: 'ana@example.es' });
    const berta = await createCustomer(t, c.token, { name: 'Berta', email: 'berta@example.es' });
    await book(c, a, ana.id, '2027-03-20T10:00');
    const original = await delivered(c, (await onlyMail(c, { contactId: { eq: ana.id } })).id);

    const again = await call(t, 'POST', `/v1/admin/mails/${original.mail.id}/resend`, {
      token: c.token,
      payload: {},
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const copy = again.body.data as Mail;
    expect(copy).toMatchObject({
      resentFromId: original.mail.id,
      kind: 'booking_created',
      type: 'customer',
      contactId: ana.id,
      contactEmail: 'ana@example.es',
      language: 'es',
      subject: original.mail.subject,
      html: original.mail.html,
      text: original.mail.text,
      body: original.mail.body,
      attachments: original.mail.attachments,
    });
    expect(copy.id).not.toBe(original.mail.id);
    expect(copy.messageId).not.toBe(original.mail.messageId);
    const sentCopy = await delivered(c, copy.id);
    expect(sentCopy.received.envelopeTo).toEqual(['ana@example.es']);
    expect(sentCopy.received.parsed.subject).toBe(original.received.parsed.subject);
    expect(sentCopy.received.parsed.text).toBe(original.received.parsed.text);
    expect(icsOf(sentCopy.received)).toBe(icsOf(original.received));

    const toBerta = await call(t, 'POST', `/v1/admin/mails/${original.mail.id}/resend`, {
      token: c.token,
      payload: { email: 'Berta@Example.es' },
    });
    expect(toBerta.status, JSON.stringify(toBerta.body)).toBe(201);
    expect(toBerta.body.data).toMatchObject({
      resentFromId: original.mail.id,
      contactId: berta.id,
      contactEmail: 'berta@example.es',
    });
    const sentToBerta = await delivered(c, toBerta.body.data.id);
    expect(sentToBerta.received.envelopeTo).toEqual(['berta@example.es']);

    // An address no customer of the license has: 1000032, even if another license's customer has it.
    const nobody = await call(t, 'POST', `/v1/admin/mails/${original.mail.id}/resend`, {
      token: c.token,
      payload: { email: 'nadie@example.com' },
    });
    expectError(nobody, 404, ErrorCode.noCustomerWithEmail);
    expect(nobody.body.error.code).toBe(1000032);
    expect(nobody.body.error.details).toEqual([{ field: 'email', message: expect.any(String) }]);
    const other = await company(t);
    await createCustomer(t, other.token, { name: 'Otra', email: 'otra@example.es' });
    expectError(
      await call(t, 'POST', `/v1/admin/mails/${original.mail.id}/resend`, {
        token: c.token,
        payload: { email: 'otra@example.es' },
      }),
      404,
      ErrorCode.noCustomerWithEmail,
    );

    // Reading needs mails_find, resending mails_resend.
    const reader = await createEmployee(t, c.code, c.token, [{ scope: 'can_do', permission: 'mails_find' }]);
    expect((await mailOf(reader.token, original.mail.id)).id).toBe(original.mail.id);
    expectError(
      await call(t, 'POST', `/v1/admin/mails/${original.mail.id}/resend`, {
        token: reader.token,
        payload: {},
      }),
      403,
      ErrorCode.forbidden,
    );

    // Another license's mail is not found.
    expectError(
      await call(t, 'GET', `/v1/admin/mails/${original.mail.id}`, { token: other.token }),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'POST', `/v1/admin/mails/${original.mail.id}/resend`, {
        token: other.token,
        payload: {},
      }),
      404,
      ErrorCode.notFound,
    );
    expect(await readList(t, other.token, '/v1/admin/mails')).toMatchObject({ total: 0 });

    // The original and the two copies; nothing else was queued.
    expect(idsOf(await mailsOf(c))).toEqual([toBerta.body.data.id, copy.id, original.mail.id]);
  });
});

describe('POST /admin/orders/{id}/mail', () => {
  it('sends a paid order’s receipt to its customer or a customer’s address, with its code and total', async () => {
    const c = await salesMailCompany();
    const order = await created(
      await createOrder(t, c, {
        customerId: c.customerId,
        lines: [{ productId: c.oilId, quantity: 2, unitPrice: 617.25 }],
      }),
    );
    expect(order).toMatchObject({ status: 'paid', total: 1234.5 });
    const res = await call(t, 'POST', `/v1/admin/orders/${order.id}/mail`, { token: c.token, payload: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({
      kind: 'order_receipt',
      type: 'customer',
      contactId: c.customerId,
      contactEmail: 'ana@example.es',
      language: 'es',
      subject: `Recibo de su pedido ${order.code}`,
      attachments: [],
    });
    const { received } = await delivered(c, res.body.data.id);
    expect(received.envelopeTo).toEqual(['ana@example.es']);
    expect(received.parsed.subject).toBe(`Recibo de su pedido ${order.code}`);
    // Spanish euro format: thousands with a dot, cents with a comma, the sign after.
    const total = formatCents(123_450);
    expect(total).toMatch(/^1\.234,50\s€$/);
    for (const part of [received.parsed.text!, received.parsed.html as string]) {
      expect(part).toContain('Importe total');
      expect(part).toContain(total);
      expect(part).toContain('Aceite');
      expect(part).toContain('Hola, Ana García:');
    }
    expect(received.parsed.text).toMatch(new RegExp(`Importe total:? *${total}`));

    const berta = await createCustomer(t, c.token, { name: 'Berta', email: 'berta@example.es' });
    const toBerta = await call(t, 'POST', `/v1/admin/orders/${order.id}/mail`, {
      token: c.token,
      payload: { email: 'berta@example.es' },
    });
    expect(toBerta.status, JSON.stringify(toBerta.body)).toBe(201);
    expect(toBerta.body.data).toMatchObject({ contactId: berta.id, contactEmail: 'berta@example.es' });
    expect((await delivered(c, toBerta.body.data.id)).received.envelopeTo).toEqual(['berta@example.es']);

    const unknown = await call(t, 'POST', `/v1/admin/orders/${order.id}/mail`, {
      token: c.token,
      payload: { email: 'nadie@example.com' },
    });
    expectError(unknown, 404, ErrorCode.noCustomerWithEmail);

    const awaiting = await created(
      await createOrder(t, c, { status: 'awaiting_payment', customerId: c.customerId }),
    );
    const notPaid = await call(t, 'POST', `/v1/admin/orders/${awaiting.id}/mail`, {
      token: c.token,
      payload: {},
    });
    expectError(notPaid, 409, ErrorCode.orderNotPaidForReceipt);
    expect(notPaid.body.error.code).toBe(1000142);

    for (const customerId of [null, c.noEmailCustomerId]) {
      const paid = await created(await createOrder(t, c, { customerId }));
      const noEmail = await call(t, 'POST', `/v1/admin/orders/${paid.id}/mail`, {
        token: c.token,
        payload: {},
      });
      expectError(noEmail, 409, ErrorCode.noEmailToSendTo);
      expect(noEmail.body.error.code).toBe(1000143);
    }

    const other = await company(t);
    expectError(
      await call(t, 'POST', `/v1/admin/orders/${order.id}/mail`, { token: other.token, payload: {} }),
      404,
      ErrorCode.notFound,
    );
    // Only the two receipts were queued.
    expect(
      (await mailsOf(c, { filters: { kind: { eq: 'order_receipt' } } })).map((m) => m.contactEmail),
    ).toEqual(['berta@example.es', 'ana@example.es']);
  });
});

describe('mail settings', () => {
  it('sends a test mail with the saved settings and reports the server’s answer', async () => {
    const c = await mailCompany({ name: 'Taller Sur' });
    const ok = await call(t, 'POST', '/v1/admin/settings/mail/test', {
      token: c.token,
      payload: { email: 'prueba@example.com' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toEqual({ ok: true, response: expect.stringMatching(/^250 /), responseCode: 250 });
    const arrived = await smtp.find((m) => m.envelopeTo.includes('prueba@example.com'));
    expect(arrived.parsed.subject).toBe('Correo de prueba de Taller Sur');
    expect(addresses(arrived.parsed.from)).toEqual([{ name: 'Taller Sur', address: c.from }]);
    expect(arrived.parsed.text).toContain('Correo de prueba');
    // Sent at once, not through the outbox.
    expect(await mailsOf(c)).toEqual([]);

    const refusing = await smtpServer({ reply: () => ({ code: 550, message: 'Relay access denied' }) });
    const refused = await mailCompany({ port: refusing.port });
    const no = await call(t, 'POST', '/v1/admin/settings/mail/test', {
      token: refused.token,
      payload: { email: 'prueba@example.com' },
    });
    expect(no.status).toBe(200);
    expect(no.body.data).toEqual({
      ok: false,
      response: expect.stringMatching(/^550\b.*Relay access denied/),
      responseCode: 550,
    });

    const nowhere = await mailCompany({ port: await closedPort() });
    const unreachable = await call(t, 'POST', '/v1/admin/settings/mail/test', {
      token: nowhere.token,
      payload: { email: 'prueba@example.com' },
    });
    expect(unreachable.body.data).toEqual({
      ok: false,
      response: expect.stringMatching(/ECONNREFUSED/),
      responseCode: null,
    });

    const unset = await company(t);
    expectError(
      await call(t, 'POST', '/v1/admin/settings/mail/test', {
        token: unset.token,
        payload: { email: 'prueba@example.com' },
      }),
      409,
      ErrorCode.mailServerNotConfigured,
    );
    const reader = await createEmployee(t, c.code, c.token, [{ scope: 'can_do', permission: 'mails_find' }]);
    expectError(
      await call(t, 'POST', '/v1/admin/settings/mail/test', {
        token: reader.token,
        payload: { email: 'prueba@example.com' },
      }),
      403,
      ErrorCode.forbidden,
    );
  });

  it('keeps the password write-only and encrypted, and logs in with it', async () => {
    const secured = await smtpServer({ auth: { user: 'buzon', pass: 'clave-secreta-1' } });
    const c = await mailCompany({ port: secured.port, mail: { user: 'buzon', pass: 'clave-secreta-1' } });
    expect(c.settings.mail).toEqual({
      host: '127.0.0.1',
      port: secured.port,
      user: 'buzon',
      fromMailAddress: c.from,
      supplierFromMailAddress: null,
      security: 'none',
      passSet: true,
    });
    const read = await call(t, 'GET', '/v1/admin/settings', { token: c.token });
    expect(read.body.data.mail.passSet).toBe(true);
    expect(JSON.stringify(read.body)).not.toContain('clave-secreta-1');
    const [row] = await t.database.db
      .select({ secrets: companySettings.secrets })
      .from(companySettings)
      .where(eq(companySettings.licenseId, c.license.id));
    expect(Object.keys(row!.secrets)).toEqual(['mail.pass']);
    expect(JSON.stringify(row!.secrets)).not.toContain('clave-secreta-1');

    // The worker logs in with the stored password.
    const { received } = await delivered(c, await queueOneMail(c), secured);
    expect(received.envelopeTo).toHaveLength(1);
    expect(secured.logins).toEqual([{ username: 'buzon', password: 'clave-secreta-1' }]);

    // Saving the section without the password keeps it.
    const kept = await saveSettings(c.token, { mail: { fromMailAddress: `otro@${c.code}.example` } });
    expect(kept.mail).toMatchObject({
      passSet: true,
      user: 'buzon',
      fromMailAddress: `otro@${c.code}.example`,
    });
    const test = await call(t, 'POST', '/v1/admin/settings/mail/test', {
      token: c.token,
      payload: { email: 'prueba@example.com' },
    });
    expect(test.body.data).toMatchObject({ ok: true, responseCode: 250 });
    expect(secured.logins.at(-1)).toEqual({ username: 'buzon', password: 'clave-secreta-1' });

    // Another password is the one used; the server refuses it.
    await saveSettings(c.token, { mail: { pass: 'otra-clave' } });
    const wrong = await call(t, 'POST', '/v1/admin/settings/mail/test', {
      token: c.token,
      payload: { email: 'prueba@example.com' },
    });
    expect(wrong.body.data).toMatchObject({ ok: false, responseCode: 535 });
    expect(secured.logins.at(-1)).toEqual({ username: 'buzon', password: 'otra-clave' });
    // The worker too, from the next mail on: the server refuses the login for good.
    const refused = await settled(c, await queueOneMail(c));
    expect(refused).toMatchObject({ status: 'failed', errorCode: 'permanent', attempts: 1 });
    expect(refused.error).toMatch(/^535\b/);
    expect(secured.logins.at(-1)).toEqual({ username: 'buzon', password: 'otra-clave' });
    expect(secured.received).toHaveLength(2);

    // null clears it.
    const cleared = await saveSettings(c.token, { mail: { pass: null } });
    expect(cleared.mail.passSet).toBe(false);
  });

  it('previews a notification with sample values, the body escaped', async () => {
    const c = await mailCompany({ name: 'Spa Luna' });
    const preview = (payload: Record<string, unknown>, token = c.token) =>
      call(t, 'POST', '/v1/admin/settings/notifications/preview', { token, payload });

    const before = madridDays(new Date());
    const res = await preview({
      kind: 'booking',
      subject: 'Recordatorio para {{customerName}}',
      body: 'Hola {{customerName}}:\nle esperamos el {{bookingDate}} a las {{bookingTime}} en {{companyName}}.\n<script>alert(1)</script> & "fin"',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = madridDays(new Date());
    // The sample booking is tomorrow at 10:00 on the company's clock.
    const longDate = (day: string) =>
      new Intl.DateTimeFormat('es-ES', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Madrid',
      }).format(new Date(`${day}T12:00:00Z`));
    const dates = [longDate(before.next), longDate(after.next)];
    const { subject, html, text } = res.body.data as { subject: string; html: string; text: string };
    expect(subject).toBe('Recordatorio para Ana García');
    // (Both days are expected only if Madrid's midnight passed during the call.)
    expect(dates.map((d) => `le esperamos el ${d} a las 10:00 en Spa Luna.`)).toContain(
      /le esperamos el .* en Spa Luna\./.exec(text)?.[0],
    );
    expect(text).toContain('Hola Ana García:');
    expect(text).toContain('<script>alert(1)</script> & "fin"');
    expect(html).toContain('Hola Ana García:');
    expect(html).toContain('Spa Luna');
    expect(dates.some((d) => html.includes(d))).toBe(true);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;fin&quot;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('{{');
    expect(html).toContain('<html lang="es"');

    // A birthday greeting offers no booking placeholders: they stay as written. Another language.
    const birthday = await preview({
      kind: 'birthday',
      subject: 'Happy birthday, {{customerName}}!',
      body: 'From all of us at {{companyName}} ({{bookingDate}})',
      language: 'en',
    });
    expect(birthday.status).toBe(200);
    expect(birthday.body.data.subject).toBe('Happy birthday, Ana García!');
    expect(birthday.body.data.text).toContain('From all of us at Spa Luna ({{bookingDate}})');
    expect(birthday.body.data.html).toContain('<html lang="en"');

    const reader = await createEmployee(t, c.code, c.token, [{ scope: 'can_do', permission: 'mails_find' }]);
    expectError(
      await preview({ kind: 'birthday', subject: 'x', body: 'y' }, reader.token),
      403,
      ErrorCode.forbidden,
    );
  });
});
