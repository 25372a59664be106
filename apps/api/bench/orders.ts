// Sales on PostgreSQL: `npx tsx --conditions=source apps/api/bench/orders.ts` (BENCH_PGLITE=1 for the
// embedded database).
// (a) POST /admin/orders with 10 lines, one of them booking a start on a calendar that already holds
//     10,000 bookings, on a license with 100,000 orders, through app.inject;
// (b) the open register's summary (GET /admin/cash-register/open) over a day of 5,000 orders (3 lines
//     each, cash and card, 3 % refunds), and closing it.
import { sql } from 'drizzle-orm';
import { benchApp, benchCompany, timeIt } from './support.js';

const b = await benchApp();
const db = b.database.db;
const { license, headers } = await benchCompany(b);
const inject = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
  const res = await b.app.inject({ method, url, headers, payload: payload as never });
  return { status: res.statusCode, body: res.json() };
};
const created = async (url: string, payload: unknown) => {
  const res = await inject('POST', url, payload);
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
};
const DAY = 86_400_000;
const dayFromToday = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const tax21 = await created('/v1/admin/taxes', { name: 'IVA 21%', percentage: 21 });
const tax10 = await created('/v1/admin/taxes', { name: 'IVA 10%', percentage: 10 });
const hours = [{ openAt: '09:00', closedAt: '21:00' }];
const schedule = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, hours]),
);
const calendarId = await created('/v1/admin/booking-calendars', {
  name: 'Circuito termal',
  schedule,
  duration: 30,
  maximumConcurrentBookings: 40,
});
const bookableId = await created('/v1/admin/products', {
  name: 'Circuito termal 60 min',
  type: 'bookable',
  price: 35,
  taxType: tax21,
  durationInMinutes: 60,
  bookingCalendarId: calendarId,
});
const regular: number[] = [];
for (let i = 0; i < 20; i++)
  regular.push(
    await created('/v1/admin/products', {
      name: `${['Aceite', 'Crema', 'Toalla', 'Bono', 'Gorro'][i % 5]} ${i}`,
      type: 'regular',
      price: 5 + i * 1.5,
      taxType: i % 2 ? tax21 : tax10,
    }),
  );
await db.execute(sql`
  insert into customers (license_id, name, surname, email)
  select ${license.id}, 'Cliente', 'Bench ' || i, 'cliente' || i || '@example.es'
  from generate_series(1, 10000) as i`);
const [{ first: customer } = { first: 0 }] = (
  await db.execute<{ first: number }>(
    sql`select min(id) as first from customers where license_id = ${license.id}`,
  )
).rows;

// 10,000 bookings over the next 60 days and 100,000 past orders of the license (their lines too).
let started = performance.now();
await db.execute(sql`
  insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
    spaces, price_cents)
  select ${license.id}, ${calendarId}, ${bookableId}, ${customer}::int + i % 10000, s, s + interval '60 minutes', 1, 1, 3500
  from generate_series(1, 10000) as i,
    lateral (select (date_trunc('day', now() at time zone 'Europe/Madrid') + (1 + i % 60) * interval '1 day'
      + interval '9 hours' + ((i / 60) % 22) * interval '30 minutes') at time zone 'Europe/Madrid' as s) as x`);
await db.execute(sql`
  insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
    payment_date, created_at, updated_at)
  select ${license.id}, i, ${customer}::int + i % 10000, 'paid', (array['cash','card','online'])[1 + i % 3],
    2893, 3500, t, t, t
  from generate_series(1, 100000) as i,
    lateral (select now() - (100000 - i) * interval '10 minutes' as t) as x`);
await db.execute(sql`
  insert into order_lines (license_id, order_id, product_id, quantity, unit_price_cents, tax_percentage,
    tax_base_cents, total_cents)
  select ${license.id}, o.id, ${regular[0]!}, 1, 3500, 2100, 2893, 3500 from orders o where o.license_id = ${license.id}`);
await db.execute(sql`vacuum analyze`);
console.log(
  `seeded 10,000 bookings and 100,000 orders in ${(performance.now() - started).toFixed(0)} ms (${b.database.kind})`,
);

// (a) Orders of 10 lines, one booking a start of its own (the calendar's grid over the next days).
await created('/v1/admin/cash-register/open', { initialAmount: 300 });
let n = 0;
const order = () => {
  const i = n++;
  const startsAt = `${dayFromToday(2 + Math.floor(i / 22))}T${String(9 + Math.floor((i % 22) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
  return {
    customerId: customer + (i % 10000),
    status: 'paid',
    paymentMethod: i % 2 ? 'card' : 'cash',
    notes: `Bench ${i}`,
    lines: [
      {
        productId: bookableId,
        quantity: 1,
        unitPrice: 35,
        booking: { bookingCalendarId: calendarId, startsAt },
      },
      ...Array.from({ length: 9 }, (_, k) => ({
        productId: regular[(i + k) % regular.length]!,
        quantity: 1 + (k % 3),
        unitPrice: 5 + k,
        discount: k === 0 ? 1 : 0,
      })),
    ],
  };
};
await timeIt(
  '(a) POST /v1/admin/orders, 10 lines with one booking',
  async () => {
    const res = await inject('POST', '/v1/admin/orders', order());
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  },
  200,
  20,
);

// (b) A fresh register with a day of 5,000 orders (3 lines each), 3 % of them refunded.
const closed = await inject('PATCH', '/v1/admin/cash-register/close', { notes: 'Bench' });
if (closed.status !== 200) throw new Error(JSON.stringify(closed.body));
const registerId = await created('/v1/admin/cash-register/open', { initialAmount: 300 });
started = performance.now();
await db.execute(sql`
  insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
    payment_date, cash_register_id, original_order_id, created_at, updated_at)
  select ${license.id}, 200000 + i, ${customer}::int + i % 10000, 'paid', (array['cash','card'])[1 + i % 2],
    case when i % 33 = 0 then -2479 else 2479 end, case when i % 33 = 0 then -3000 else 3000 end, t,
    ${registerId}, case when i % 33 = 0 then (select min(id) from orders where license_id = ${license.id}) end, t, t
  from generate_series(1, 5000) as i, lateral (select now() - (5000 - i) * interval '10 seconds' as t) as x`);
await db.execute(sql`
  insert into order_lines (license_id, order_id, cash_register_id, product_id, quantity, unit_price_cents,
    tax_percentage, tax_base_cents, total_cents)
  select ${license.id}, o.id, o.cash_register_id, (array[${sql.raw(regular.join(','))}])[1 + (o.code + k) % ${regular.length}],
    sign(o.total_cents), 1000, 2100, sign(o.total_cents) * 826, sign(o.total_cents) * 1000
  from orders o, generate_series(1, 3) as k where o.cash_register_id = ${registerId}`);
await db.execute(sql`vacuum analyze`);
console.log(
  `seeded a register with 5,000 orders and 15,000 lines in ${(performance.now() - started).toFixed(0)} ms`,
);
const sample = await inject('GET', '/v1/admin/cash-register/open');
const s = sample.body.data;
console.log(
  `    summary: ${s.ordersCount} sales ${s.ordersAmount} €, ${s.refundsCount} refunds ${s.refundsAmount} €, cash ${s.currentCashAmount} €, ${s.productsSoldCash.length} product lines sold in cash`,
);
await timeIt(
  '(b) GET /v1/admin/cash-register/open over 5,000 orders',
  () => inject('GET', '/v1/admin/cash-register/open'),
  200,
  20,
);
if (process.env.BENCH_EXPLAIN === '1') {
  const queries = [
    sql`select payment_method, original_order_id is not null, count(*), sum(total_cents) from orders
      where license_id = ${license.id} and cash_register_id = ${registerId} and status in ('paid', 'refunded')
      group by 1, 2`,
    sql`select o.payment_method, o.original_order_id is not null, p.name, l.unit_price_cents, sum(l.quantity),
      sum(l.total_cents) from order_lines l join orders o on o.id = l.order_id join products p on p.id = l.product_id
      where l.cash_register_id = ${registerId} and o.license_id = ${license.id} and o.cash_register_id = ${registerId}
        and o.status in ('paid', 'refunded')
      group by 1, 2, p.id, 3, 4 order by 3, 4`,
  ];
  for (const q of queries) {
    const plan = await db.execute<Record<string, string>>(sql`explain (analyze, buffers) ${q}`);
    console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
  }
}
const t0 = performance.now();
const close = await inject('PATCH', '/v1/admin/cash-register/close', { notes: 'Cuadra' });
if (close.status !== 200) throw new Error(JSON.stringify(close.body));
console.log(`    closing it (figures, report, file): ${(performance.now() - t0).toFixed(1)} ms`);
await b.close();
