// Bookings on PostgreSQL: `npx tsx --conditions=source apps/api/bench/bookings.ts` (BENCH_PGLITE=1 for the
// embedded database; BENCH_LIST_ROWS to change the million bookings of the list part).
// (a) the availability endpoint over 60 days of a calendar holding 10,000 bookings, through app.inject;
// (b) rounds of ten booking requests at once on one calendar; (c) the bookings list's first page.
import { sql } from 'drizzle-orm';
import { benchApp, benchCompany, timeIt } from './support.js';

const b = await benchApp();
const db = b.database.db;
const { license, headers } = await benchCompany(b);
const inject = async (
  method: 'GET' | 'POST',
  url: string,
  options: { query?: Record<string, string>; payload?: unknown } = {},
) => {
  const res = await b.app.inject({
    method,
    url,
    headers,
    query: options.query,
    payload: options.payload as never,
  });
  return { status: res.statusCode, body: res.json() };
};
const created = async (url: string, payload: unknown) => {
  const res = await inject('POST', url, { payload });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
};

const DAY = 86_400_000;
/** The company's local date `days` from today (Europe/Madrid is within a day of UTC). */
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const taxId = await created('/v1/admin/taxes', { name: 'IVA 21%', percentage: 21 });
const shop = [
  { openAt: '09:00', closedAt: '14:00' },
  { openAt: '16:00', closedAt: '20:00' },
];
const schedule = {
  monday: shop,
  tuesday: shop,
  wednesday: shop,
  thursday: shop,
  friday: shop,
  saturday: [{ openAt: '10:00', closedAt: '14:00' }],
  sunday: [],
};
const calendarId = await created('/v1/admin/booking-calendars', {
  name: 'Circuito termal',
  schedule,
  duration: 30,
  maximumConcurrentBookings: 40,
});
const productId = await created('/v1/admin/products', {
  name: 'Circuito termal 60 min',
  type: 'bookable',
  price: 35,
  taxType: taxId,
  durationInMinutes: 60,
  bookingCalendarId: calendarId,
});
await db.execute(sql`
  insert into customers (license_id, name, surname, email, phone)
  select ${license.id}, (array['Lucía','María','Carmen','Javier','Antonio','Manuel','Laura','David'])[1 + i % 8],
    (array['García','Fernández','González','Rodríguez','López','Martínez','Sánchez','Pérez'])[1 + (i / 8) % 8] || ' ' || i,
    'cliente' || i || '@example.es', '+346' || lpad(i::text, 8, '0')
  from generate_series(1, 10000) as i`);
const [{ first: firstCustomer } = { first: 0 }] = (
  await db.execute<{ first: number }>(
    sql`select min(id) as first from customers where license_id = ${license.id}`,
  )
).rows;

// (a) 10,000 bookings over the 60 days from tomorrow, inside the opening hours, 60 minutes, 1–2 spaces.
let started = performance.now();
await db.execute(sql`
  insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
    spaces, price_cents)
  select ${license.id}, ${calendarId}, ${productId}, ${firstCustomer}::int + i % 10000, s, s + interval '60 minutes',
    1 + i % 2, 1 + i % 2, 3500
  from generate_series(1, 10000) as i,
    lateral (select (date_trunc('day', now() at time zone 'Europe/Madrid') + (1 + i % 60) * interval '1 day'
      + interval '9 hours' + ((i / 60) % 18) * interval '30 minutes') at time zone 'Europe/Madrid' as s) as x`);
// As autovacuum leaves a table that is mostly read: its visibility map lets index-only scans skip the heap.
await db.execute(sql`vacuum analyze bookings`);
console.log(
  `seeded 10,000 bookings on one calendar in ${(performance.now() - started).toFixed(0)} ms (${b.database.kind})`,
);
const from = dayFromToday(1);
const to = dayFromToday(61);
const availabilityUrl = `/v1/admin/booking-calendars/${calendarId}/availability`;
const availabilityQuery = { from, to, productId: String(productId) };
const sample = await inject('GET', availabilityUrl, { query: availabilityQuery });
if (sample.status !== 200) throw new Error(JSON.stringify(sample.body));
const items = sample.body.data.items as { status: string; freeSpaces: number }[];
const availability = await timeIt(
  `(a) GET availability ${from}..${to} (60 days, 10,000 bookings) [${items.length} items, ${
    items.filter((i) => i.status === 'reservable').length
  } reservable, min free ${Math.min(...items.map((i) => i.freeSpaces))}]`,
  () => inject('GET', availabilityUrl, { query: availabilityQuery }),
  200,
  20,
);

// (b) Ten requests at once on the calendar, each round at one start: some get the free places, the rest
// must be refused for capacity only.
const rounds = 20;
const roundTimes: number[] = [];
let accepted = 0;
let full = 0;
for (let round = 0; round < rounds; round++) {
  const day = dayFromToday(70 + round);
  if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) continue; // closed on Sundays
  const startsAt = `${day}T10:00`;
  // Fill the slot to 35 of 40 first, so that 5 of the 10 fit.
  await db.execute(sql`
    insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
      spaces, price_cents)
    select ${license.id}, ${calendarId}, ${productId}, ${firstCustomer}, s, s + interval '60 minutes', 35, 35, 3500
    from (select (${`${day} 10:00`}::timestamp at time zone 'Europe/Madrid') as s) as x`);
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      inject('POST', '/v1/admin/bookings', {
        payload: { bookingCalendarId: calendarId, productId, customerId: firstCustomer + i, startsAt },
      }),
    ),
  );
  roundTimes.push(performance.now() - t0);
  for (const r of results) {
    if (r.status === 201) accepted++;
    else if (r.status === 409 && r.body.error.code === 1000124) full++;
    else throw new Error(`unexpected answer: ${r.status} ${JSON.stringify(r.body)}`);
  }
}
roundTimes.sort((x, y) => x - y);
const q = (p: number) =>
  roundTimes[Math.min(roundTimes.length - 1, Math.floor(p * roundTimes.length))]!.toFixed(2);
console.log(
  `(b) ${roundTimes.length} rounds of 10 parallel POST /v1/admin/bookings at one start with 5 places left: ` +
    `${accepted} booked, ${full} refused bookingFull, nothing else; a round takes p50 ${q(0.5)} ms, p95 ${q(0.95)} ms`,
);

// (c) The list on a license with a million bookings over five calendars, ten products and two years.
const listRows = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const calendars = [calendarId];
for (const name of ['Sala de masajes', 'Cabina 2', 'Clases de yoga', 'Pista de pádel']) {
  calendars.push(await created('/v1/admin/booking-calendars', { name, schedule, duration: 30 }));
}
const products = [productId];
for (let i = 1; i < 10; i++) {
  products.push(
    await created('/v1/admin/products', {
      name: `${['Masaje', 'Facial', 'Yoga', 'Pádel', 'Ritual'][i % 5]} ${i}`,
      type: 'bookable',
      price: 20 + i * 5,
      taxType: taxId,
      durationInMinutes: 30 + (i % 4) * 15,
    }),
  );
}
const existing = 10_000 + accepted + roundTimes.length;
started = performance.now();
await db.execute(sql`
  insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
    spaces, price_cents, attended, notes)
  select ${license.id}, (array[${sql.raw(calendars.join(','))}])[1 + (i / 7) % 5],
    (array[${sql.raw(products.join(','))}])[1 + i % 10], ${firstCustomer}::int + ((i::bigint * 7919) % 10000)::int,
    s, s + interval '60 minutes', 1 + i % 3, 1 + i % 3, 2000 + (i % 50) * 100,
    case when s < now() then i % 10 <> 0 end, case when i % 20 = 0 then 'Nota ' || i end
  from generate_series(1, ${listRows - existing}) as i,
    lateral (select timestamptz '2025-06-01 07:00+00' + (i % 730) * interval '1 day'
      + ((i / 730) % 24) * interval '30 minutes' as s) as x`);
// As autovacuum leaves a table that is mostly read: its visibility map lets index-only scans skip the heap.
await db.execute(sql`vacuum analyze bookings`);
const [{ n } = { n: 0 }] = (
  await db.execute<{ n: number }>(
    sql`select count(*)::int as n from bookings where license_id = ${license.id}`,
  )
).rows;
console.log(
  `seeded the license to ${n.toLocaleString('en')} bookings in ${(performance.now() - started).toFixed(0)} ms`,
);

const list = async (query: Record<string, string>) => {
  const res = await inject('GET', '/v1/admin/bookings', { query });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data as { total: number; totalCapped?: boolean; items: unknown[] };
};
const cases: [string, Record<string, string>][] = [
  ['first page, default sort (date desc)', {}],
  [
    'a calendar and a month, default sort',
    {
      filters: JSON.stringify({
        bookingCalendarId: { eq: calendars[1] },
        date: { gte: '2026-03-01', lt: '2026-04-01' },
      }),
    },
  ],
  [
    'a calendar and a day (the calendar view)',
    {
      filters: JSON.stringify({
        bookingCalendarId: { eq: calendars[2] },
        date: { gte: '2026-05-12', lt: '2026-05-13' },
      }),
      limit: '500',
    },
  ],
  ['a customer', { filters: JSON.stringify({ customerId: { eq: firstCustomer + 123 } }) }],
  [
    'unmarked attendance, date asc',
    { filters: JSON.stringify({ attended: { isNull: true } }), orders: '{"date":"asc"}' },
  ],
  ['search: a customer’s email', { query: 'cliente4321@' }],
  ['search: a product name', { query: 'ritual' }],
  ['page 100 of 50', { page: '100' }],
];
const results: Record<string, number> = {};
for (const [label, query] of cases) {
  const page = await list(query);
  const total = `${page.total}${page.totalCapped ? '+' : ''}`;
  const { p95 } = await timeIt(
    `(c) GET /v1/admin/bookings ${label} [total ${total}]`,
    () => list(query),
    100,
    10,
  );
  results[label] = p95;
}
console.log(
  `summary: availability p95 ${availability.p95.toFixed(2)} ms (aim < 20 ms); list worst p95 ${Math.max(
    ...Object.values(results),
  ).toFixed(2)} ms`,
);
await b.close();
