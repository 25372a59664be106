// The dashboard and the reports on a large company, on PostgreSQL:
// `npx tsx --conditions=source apps/api/bench/reports.ts` (BENCH_BOOKINGS, BENCH_ORDERS to change the
// million bookings and 300,000 orders; BENCH_RUNS the timed runs per case).
// Seeds one license with three years of bookings over five calendars and ten products (attendance marked
// in the past, 5 % cancelled), 300,000 paid orders with one or two lines (3 % refunded by a refund order
// with its negative lines), 60,000 customers; then times each dashboard and report query through
// app.inject, p50/p95 over the runs. Goal (issue 18): p95 ≤ 100 ms each.
import { sql } from 'drizzle-orm';
import { benchApp, benchCompany, timeIt } from './support.js';

const bookingsCount = Number(process.env.BENCH_BOOKINGS ?? 1_000_000);
const ordersCount = Number(process.env.BENCH_ORDERS ?? 300_000);
const runs = Number(process.env.BENCH_RUNS ?? 60);

const b = await benchApp();
const db = b.database.db;
const { license, headers, seeded } = await benchCompany(b);
const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const res = await b.app.inject({ method, url, headers, payload: payload as never });
  return { status: res.statusCode, body: res.json() };
};
const created = async (url: string, payload: unknown) => {
  const res = await inject('POST', url, payload);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
};

const calendars: number[] = [];
if (seeded) {
  const kept = await db.execute<{ id: number }>(
    sql`select id from booking_calendars where license_id = ${license.id} order by id`,
  );
  calendars.push(...kept.rows.map((r) => Number(r.id)));
} else await seed();

async function seed() {
  const tax = await created('/v1/admin/taxes', { name: 'IVA 21%', percentage: 21 });
  const shop = [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '21:00' },
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
  for (const name of ['Circuito termal', 'Sala de masajes', 'Cabina 2', 'Clases de yoga', 'Pista de pádel']) {
    calendars.push(
      await created('/v1/admin/booking-calendars', {
        name,
        schedule,
        duration: 30,
        maximumConcurrentBookings: 40,
      }),
    );
  }
  const products: number[] = [];
  for (let i = 0; i < 10; i++) {
    products.push(
      await created('/v1/admin/products', {
        name: `${['Masaje', 'Facial', 'Yoga', 'Pádel', 'Ritual'][i % 5]} ${i}`,
        type: i < 5 ? 'bookable' : 'regular',
        price: 20 + i * 5,
        taxType: tax,
        durationInMinutes: i < 5 ? 60 : undefined,
        bookingCalendarId: i < 5 ? calendars[i] : undefined,
      }),
    );
  }

  // Three years up to a month ahead: 2024-01-01 … today + 30 days.
  const span = sql`(now() + interval '30 days' - timestamptz '2024-01-01 00:00+01')`;
  let started = performance.now();
  await db.execute(sql`
  insert into customers (license_id, name, surname, email, created_at, updated_at)
  select ${license.id}, 'Cliente', 'Bench ' || i, 'cliente' || i || '@example.es', t, t
  from generate_series(1, 60000) as i,
    lateral (select timestamptz '2024-01-01 00:00+01' + ${span} * (i / 60000.0) as t) as x`);
  const [{ first: customer } = { first: 0 }] = (
    await db.execute<{ first: number }>(
      sql`select min(id) as first from customers where license_id = ${license.id}`,
    )
  ).rows;
  await db.execute(sql`
  insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
    spaces, price_cents, status, attended)
  select ${license.id}, (array[${sql.raw(calendars.join(','))}])[1 + i % 5],
    (array[${sql.raw(products.slice(0, 5).join(','))}])[1 + i % 5], ${customer}::int + ((i::bigint * 7919) % 60000)::int,
    s, s + interval '60 minutes', 1 + i % 3, 1 + i % 3, 2000 + (i % 50) * 100,
    case when i % 20 = 0 then 'cancelled' else 'confirmed' end,
    case when s < now() and i % 20 <> 0 then i % 10 <> 0 end
  from generate_series(1, ${bookingsCount}) as i,
    lateral (select date_trunc('day', timestamptz '2024-01-01 00:00+01' + ${span} * (i / ${bookingsCount}::float))
      + interval '8 hours' + (i % 24) * interval '30 minutes' as s) as x`);
  console.log(
    `seeded 60,000 customers and ${bookingsCount.toLocaleString('en')} bookings in ${(performance.now() - started).toFixed(0)} ms`,
  );

  started = performance.now();
  await db.execute(sql`
  insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
    payment_date, created_at, updated_at)
  select ${license.id}, i, ${customer}::int + i % 60000, case when i % 33 = 0 then 'refunded' else 'paid' end,
    (array['cash','card','online','transfer','credit'])[1 + i % 5], 4132, 5000, t, t, t
  from generate_series(1, ${ordersCount}) as i,
    lateral (select timestamptz '2024-01-01 00:00+01' + (now() - timestamptz '2024-01-01 00:00+01') * (i / ${ordersCount}::float) as t) as x`);
  await db.execute(sql`
  insert into order_lines (license_id, order_id, product_id, quantity, unit_price_cents, tax_percentage,
    tax_base_cents, total_cents, refunded_quantity)
  select ${license.id}::int, o.id, (array[${sql.raw(products.join(','))}])[1 + o.code % 10], 1, 3000, 2100, 2479, 3000,
    case when o.status = 'refunded' then 1 else 0 end
  from orders o where o.license_id = ${license.id}
  union all
  select ${license.id}::int, o.id, (array[${sql.raw(products.join(','))}])[1 + (o.code + 3) % 10], 1, 2000, 2100, 1653, 2000, 0
  from orders o where o.license_id = ${license.id}`);
  // Each refunded sale gets a refund order a day later giving its first line back.
  await db.execute(sql`
  insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
    payment_date, original_order_id, created_at, updated_at)
  select license_id, ${ordersCount} + code, customer_id, 'paid', payment_method, -2479, -3000,
    payment_date + interval '1 day', id, payment_date + interval '1 day', payment_date + interval '1 day'
  from orders where license_id = ${license.id} and status = 'refunded'`);
  await db.execute(sql`
  insert into order_lines (license_id, order_id, product_id, quantity, unit_price_cents, tax_percentage,
    tax_base_cents, total_cents, original_line_id)
  select r.license_id, r.id, l.product_id, -1, 3000, 2100, -2479, -3000, l.id
  from orders r
  join lateral (select * from order_lines where order_id = r.original_order_id order by id limit 1) l on true
  where r.license_id = ${license.id} and r.original_order_id is not null`);
  // Seeded in a few statements, each summary row was rewritten thousands of times in one transaction:
  // the dead versions bloat them (booking_hours: 89 MB for 65,000 rows, a year's sum 127 ms). The
  // application writes a booking or a sale per transaction, whose updates of a summary row are HOT and
  // pruned on the page (measured: 60,000 single-row upserts over 2,000 rows, 99.7 % HOT, 128 kB), so
  // compact them as those writes would have left them; then, as autovacuum leaves tables that are mostly
  // read, the visibility map lets index-only scans skip the heap.
  await db.execute(
    sql`vacuum full booking_hours, order_hours, order_line_hours, booking_days, order_days, order_line_days`,
  );
  await db.execute(sql`vacuum analyze`);
  console.log(
    `seeded ${ordersCount.toLocaleString('en')} orders with their lines and refunds in ${(performance.now() - started).toFixed(0)} ms`,
  );
}

const today = new Date().toISOString().slice(0, 10);
const year = today.slice(0, 4);
const monthStart = `${today.slice(0, 7)}-01`;
const cases: [string, string][] = [
  ['dashboard, today', `/v1/admin/reports/dashboard?from=${today}&to=${today}`],
  ['dashboard, this month', `/v1/admin/reports/dashboard?from=${monthStart}&to=${today}`],
  ['dashboard, this year', `/v1/admin/reports/dashboard?from=${year}-01-01&to=${year}-12-31`],
  ['bookings report, this month', `/v1/admin/reports/bookings?from=${monthStart}&to=${today}`],
  ['bookings report, this year', `/v1/admin/reports/bookings?from=${year}-01-01&to=${year}-12-31`],
  [
    'bookings report, a calendar over a year',
    `/v1/admin/reports/bookings?from=${year}-01-01&to=${year}-12-31&calendarId=${calendars[1]}`,
  ],
  ['sales report, this month', `/v1/admin/reports/sales?from=${monthStart}&to=${today}`],
  ['sales report, this year', `/v1/admin/reports/sales?from=${year}-01-01&to=${year}-12-31`],
];
const results: string[] = [];
for (const [label, url] of cases) {
  const sample = await inject('GET', url);
  if (sample.status !== 200) {
    console.log(`${label}: ${sample.status} ${JSON.stringify(sample.body).slice(0, 200)}`);
    continue;
  }
  const { p95 } = await timeIt(`GET ${label}`, () => inject('GET', url), runs, 5);
  results.push(`${label}: p95 ${p95.toFixed(1)} ms ${p95 <= 100 ? 'ok' : 'OVER 100 ms'}`);
}
console.log(results.join('\n'));
await b.close();
