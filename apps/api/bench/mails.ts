// Mail figures: what queueing a mail adds to the request that causes it, how fast the worker sends to a
// local SMTP server, and the mail list on a license with 1,000,000 mails.
// `npx tsx --conditions=source apps/api/bench/mails.ts` (BENCH_PGLITE=1 for the embedded database).
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { startJobs } from '../src/jobs/runtime.js';
import { benchApp, benchCompany, timeIt } from './support.js';

const b = await benchApp();
const { license, headers } = await benchCompany(b);
const post = async (url: string, payload: unknown) => {
  const res = await b.app.inject({ method: 'POST', url, headers, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

// A local SMTP server that accepts everything.
let accepted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      accepted++;
      callback(null, 'Ok');
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as { port: number }).port;
await b.app.inject({
  method: 'PUT',
  url: '/v1/admin/settings',
  headers,
  payload: {
    companyName: 'Bench S.L.',
    mail: { host: '127.0.0.1', port: smtpPort, security: 'none', fromMailAddress: 'bench@example.es' },
  },
});

// 1. Queueing: a booking for a customer with an email (its confirmation, with the .ics, is queued in
// the booking's transaction) against one for a customer without.
const tax = await post('/v1/admin/taxes', { name: 'IVA 21%', percentage: 21 });
const day = { openAt: '00:00', closedAt: '23:59' };
const schedule = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [day]]),
);
const calendar = await post('/v1/admin/booking-calendars', {
  name: 'Sala',
  schedule,
  duration: 15,
  maxSpaces: 100000,
});
const product = await post('/v1/admin/products', {
  name: 'Sesión',
  type: 'bookable',
  durationInMinutes: 15,
  price: 20,
  taxType: tax.id,
});
const withEmail = await post('/v1/admin/customers', { name: 'Ana', email: 'ana@example.es' });
const withoutEmail = await post('/v1/admin/customers', { name: 'Luis' });
let slot = 0;
const booking = (customerId: number) => async () => {
  // Local times (read in the company zone) from 08:00 to 20:00, 48 a day.
  const n = slot++;
  const start = new Date(Date.UTC(2030, 0, 1 + Math.floor(n / 48), 8) + (n % 48) * 15 * 60_000);
  await post('/v1/admin/bookings', {
    bookingCalendarId: calendar.id,
    productId: product.id,
    customerId,
    startsAt: start.toISOString().slice(0, 19),
    quantity: 1,
  });
};
// Alternated, so that both see the same machine (a load on it would otherwise fall on one of them).
const quietTimes: number[] = [];
const mailedTimes: number[] = [];
const addQuiet = booking(withoutEmail.id);
const addMailed = booking(withEmail.id);
for (let i = 0; i < 20; i++) {
  await addQuiet();
  await addMailed();
}
for (let i = 0; i < 300; i++) {
  let start = performance.now();
  await addQuiet();
  quietTimes.push(performance.now() - start);
  start = performance.now();
  await addMailed();
  mailedTimes.push(performance.now() - start);
}
const pct = (times: number[], q: number) =>
  [...times].sort((x, y) => x - y)[Math.floor(q * (times.length - 1))]!;
for (const [label, times] of [
  ['POST /v1/admin/bookings, customer without email (no mail)', quietTimes],
  ['POST /v1/admin/bookings, customer with email (confirmation queued)', mailedTimes],
] as const)
  console.log(`${label}: p50 ${pct(times, 0.5).toFixed(2)} ms, p95 ${pct(times, 0.95).toFixed(2)} ms`);
console.log(
  `  queueing the confirmation adds ${(pct(mailedTimes, 0.5) - pct(quietTimes, 0.5)).toFixed(2)} ms at p50`,
);
// The composer alone: read the booking, render the mail and its .ics, store the .ics, write the rows.
const [someBooking] = (
  await b.database.db.execute(
    sql`select id from bookings where license_id = ${license.id} and customer_id = ${withEmail.id} limit 1`,
  )
).rows as { id: number }[];
// Rolled back, so that what is timed is the work the confirmation adds to a booking's transaction,
// without the commit's flush to disk the booking pays anyway.
const rolledBack = async (
  work: (tx: Parameters<Parameters<typeof b.database.db.transaction>[0]>[0]) => Promise<unknown>,
) => {
  await b.database.db
    .transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    })
    .catch(() => undefined);
};
const alone = await timeIt('  the confirmation alone (composer in a transaction, rolled back)', () =>
  rolledBack((tx) =>
    b.services.mailComposer.bookingChanged(tx, license.id, someBooking!.id, 'booking_created'),
  ),
);
const empty = await timeIt('  an empty transaction, rolled back', () =>
  rolledBack((tx) => tx.execute(sql`select 1`)),
);
console.log(`  queueing a confirmation adds ${(alone.p50 - empty.p50).toFixed(2)} ms of work at p50`);

// 2. The worker: 2,000 waiting mails sent to the local server.
const count = 2000;
const ids: number[] = [];
await b.database.db.transaction(async (tx) => {
  for (let i = 0; i < count; i++) {
    ids.push(
      await b.services.mails.queue(tx, {
        licenseId: license.id,
        type: 'customer',
        kind: 'test',
        contactId: null,
        contactEmail: `cliente${i}@example.es`,
        language: 'es',
        subject: `Prueba ${i}`,
        html: `<p>Hola ${i}</p>`,
        text: `Hola ${i}`,
        attachments: [],
      }),
    );
  }
});
const silent = { warn: () => undefined, error: (o: object, m: string) => console.error(m, o) };
const jobs = await startJobs({
  database: b.database,
  config: { MAIL_RETRY_LIMIT: 3, MAIL_RETRY_DELAY_SECONDS: 1 },
  mails: b.services.mails,
  settings: b.services.settings,
  storage: b.services.storage,
  notifications: b.services.notifications,
  smtp: b.services.smtp,
  log: silent,
});
const before = accepted;
const started = performance.now();
b.services.mails.dispatch(ids);
for (;;) {
  const [row] = (
    await b.database.db.execute(
      sql`select count(*)::int as n from mails where license_id = ${license.id} and kind = 'test' and status = 'sent'`,
    )
  ).rows as { n: number }[];
  if (row!.n >= count) break;
  await new Promise((r) => setTimeout(r, 50));
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `worker: ${count} mails sent in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(0)} mails/s (${accepted - before} accepted by the server)`,
);
await jobs.stop();

// 3. The list on 1,000,000 mails.
const seedStart = performance.now();
await b.database.db.execute(sql`
  insert into mails (license_id, type, kind, contact_id, contact_email, language, subject, html, text, status, error, error_code, attempts, message_id, created_at, sent_at)
  select ${license.id}, 'customer',
    (array['booking_created','booking_reminder','birthday','order_receipt'])[1 + i % 4],
    i % 50000, 'cliente' || (i % 50000) || '@example.es', 'es',
    'Reserva ' || i || ' confirmada', '<p>Hola</p>', 'Hola, su reserva ' || i,
    case when i % 100 = 0 then 'failed' when i % 37 = 0 then 'waiting' else 'sent' end,
    case when i % 100 = 0 then '550 5.1.1 mailbox unavailable' end,
    case when i % 100 = 0 then 'permanent' end,
    1, '<' || i || '@bench>', now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
  from generate_series(1, 1000000) as i`);
// What autovacuum does after such a load (its insert threshold): statistics, and the visibility map
// that lets counts be answered from an index alone.
await b.database.db.execute(sql`vacuum analyze mails`);
console.log(
  `seeded 1,000,000 mails in ${(performance.now() - seedStart).toFixed(0)} ms (${b.database.kind})`,
);
const get = (url: string) => async () => {
  const res = await b.app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(res.body);
};
const q = (o: object) => encodeURIComponent(JSON.stringify(o));
await timeIt('GET /v1/admin/mails (first page, createdAt desc)', get('/v1/admin/mails'), 100, 10);
await timeIt('GET /v1/admin/mails?page=100', get('/v1/admin/mails?page=100'), 50, 5);
await timeIt(
  'GET /v1/admin/mails?filters={status: failed}',
  get(`/v1/admin/mails?filters=${q({ status: { eq: 'failed' } })}`),
  100,
  10,
);
await timeIt('GET /v1/admin/mails?query=cliente4242@', get('/v1/admin/mails?query=cliente4242%40'), 50, 5);
await timeIt('GET /v1/admin/mails?query=reserva 77777', get('/v1/admin/mails?query=reserva%2077777'), 50, 5);
await timeIt('GET /v1/admin/mails/health', get('/v1/admin/mails/health'), 50, 5);
await timeIt('notifications tick (nothing due)', () => b.services.notifications.run(new Date()), 50, 5);
smtp.close();
await b.close();
