import type { Mail, MailListItem } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobRuntime, startJobs } from '../src/jobs/runtime.js';
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
import { buildTestApp, call, type TestApp } from './helpers.js';
import { startSmtpServer } from './smtp-test-server.js';

const silent = process.env.JOBS_LOG
  ? {
      warn: (o: object, m: string) => console.warn(m, o),
      error: (o: object, m: string) => console.error(m, o),
    }
  : { warn: () => undefined, error: () => undefined };

export async function startTestJobs(
  t: TestApp,
  overrides: { retryLimit?: number } = {},
): Promise<JobRuntime> {
  return startJobs({
    database: t.database,
    config: { MAIL_RETRY_LIMIT: overrides.retryLimit ?? 3, MAIL_RETRY_DELAY_SECONDS: 1 },
    mails: t.services.mails,
    settings: t.services.settings,
    storage: t.services.storage,
    notifications: t.services.notifications,
    smtp: t.services.smtp,
    log: silent,
  });
}

async function mailOf(t: TestApp, token: string, id: number): Promise<Mail> {
  const res = await call(t, 'GET', `/v1/admin/mails/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let t: TestApp;
let jobs: JobRuntime;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let c: Company;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://reservas.example.es' } });
  smtp = await startSmtpServer();
  jobs = await startTestJobs(t);
  c = await company(t);
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      companyName: 'Peluquería Ana',
      mail: {
        host: '127.0.0.1',
        port: smtp.port,
        security: 'none',
        fromMailAddress: 'hola@peluqueria.example',
      },
    },
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await t?.close();
});

describe('booking confirmation', () => {
  it('is queued with the booking and delivered over SMTP in the customer language, with an .ics', async () => {
    const customer = await createCustomer(t, c.token, {
      name: 'Laura',
      surname: 'Smith',
      email: 'laura@example.com',
      language: 'en',
    });
    const calendar = await createCalendar(t, c.token);
    const product = await createProduct(t, c.token, { taxId: c.taxId, ...bookable(60), name: 'Corte' });
    const before = smtp.received.length;
    const booking = await createBooking(t, c.token, {
      bookingCalendarId: calendar.id,
      productId: product.id,
      customerId: customer.id,
      startsAt: '2027-03-10T10:00:00',
      quantity: 1,
    });
    const [received] = (await smtp.waitFor(before + 1)).slice(before);
    const list = await readList<MailListItem>(t, c.token, '/v1/admin/mails', {
      filters: { contactId: { eq: customer.id } },
    });
    expect(list.items).toHaveLength(1);
    const item = list.items[0]!;
    expect(item.kind).toBe('booking_created');
    const mail = await until(
      () => mailOf(t, c.token, item.id),
      (m) => m.status === 'sent',
    );
    expect(mail.sentAt).not.toBeNull();
    expect(mail.language).toBe('en');
    expect(received!.envelopeTo).toEqual(['laura@example.com']);
    expect(received!.parsed.messageId).toBe(mail.messageId);
    expect(received!.parsed.subject).toBe(mail.subject);
    expect(received!.parsed.from?.text).toContain('hola@peluqueria.example');
    expect(received!.parsed.html).toContain('Corte');
    expect(received!.parsed.text).toContain('Corte');
    const ics = received!.parsed.attachments.find((a) => a.contentType.startsWith('text/calendar'));
    expect(ics?.content.toString()).toContain(`UID:booking-${booking.id}@reservas.example.es`);
    expect(mail.attachments.map((a) => a.name)).toEqual([`booking-${booking.id}.ics`]);
  });
});
