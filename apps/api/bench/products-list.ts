// The product list on a license with 20,000 products:
// `npx tsx --conditions=source apps/api/bench/products-list.ts` (BENCH_PGLITE=1 for the embedded database).
import { sql } from 'drizzle-orm';
import { bookingCalendars } from '../src/db/schema.js';
import { benchApp, timeIt } from './support.js';

const b = await benchApp();
const { license } = await b.services.licenses.create({
  name: 'Bench',
  code: 'bench',
  adminUsername: 'owner',
  adminPassword: 'bench-password',
});
const tax = await b.services.taxes.create({ licenseId: license.id } as never, {
  name: 'IVA 21%',
  percentage: 21,
});
const started = performance.now();
const week = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
const calendarIds = (
  await b.database.db
    .insert(bookingCalendars)
    .values(
      ['Sala de masajes', 'Cabina 2', 'Circuito termal', 'Clases de yoga', 'Pista de pádel'].map((name) => ({
        licenseId: license.id,
        name,
        schedule: week,
        duration: 30,
      })),
    )
    .returning({ id: bookingCalendars.id })
).map((c) => c.id);
// Every type, a tenth disabled, a third sold online, prices from 0.50 to 500 €, a few suppliers and calendars.
await b.database.db.execute(sql`
  insert into products (license_id, reference, name, description, price_cents, type, tax_id, status, sell_online,
    duration_in_minutes, booking_calendar_id, supplier_id)
  select ${license.id},
    case when i % 5 <> 0 then 'REF-' || lpad(i::text, 6, '0') end,
    (array['Masaje','Tratamiento facial','Bono','Circuito termal','Aceite','Crema','Suscripción','Tarjeta regalo','Vela','Programa'])[1 + i % 10]
      || ' ' || (array['relajante','de lavanda','premium','express','de almendras','hidratante','deportivo','para dos'])[1 + (i / 10) % 8]
      || ' ' || i,
    'Descripción del producto ' || i || case when i % 50 = 0 then ' con aceites esenciales' else '' end,
    50 + (i * 37) % 50000,
    (array['subscription','pack','credit','bookable','bookable_gift','bookings_subscription','program_subscription',
      'supplier_subscription','credit_subscription','regular'])[1 + (i / 7) % 10],
    ${tax.id},
    case when i % 10 = 0 then 'disabled' else 'enabled' end,
    i % 3 = 0,
    case when (i / 7) % 10 in (3, 4, 5) then 30 + (i % 4) * 15 end,
    case when (i / 7) % 10 in (3, 4, 5) then (array[${sql.raw(calendarIds.join(','))}])[1 + i % 5] end,
    case when i % 40 = 0 then 1 + i % 3 end
  from generate_series(1, 20000) as i`);
await b.database.db.execute(sql`analyze products`);
console.log(`seeded 20,000 products in ${(performance.now() - started).toFixed(0)} ms (${b.database.kind})`);
const login = await b.app.inject({
  method: 'POST',
  url: '/v1/admin/authentication/employee-password-login',
  payload: { license: 'bench', username: 'owner', password: 'bench-password' },
});
const headers = { authorization: `Bearer ${login.json().data as string}` };
const get = async (query: Record<string, string>) => {
  const res = await b.app.inject({ method: 'GET', url: '/v1/admin/products', query, headers });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as { total: number; items: unknown[] };
};
const cases: [string, Record<string, string>][] = [
  ['first page, default sort (name asc)', {}],
  [
    'filtered: type bookable, enabled, sold online',
    {
      filters: JSON.stringify({
        type: { eq: 'bookable' },
        status: { eq: 'enabled' },
        sellOnline: { eq: true },
      }),
    },
  ],
  [
    'filtered: price 10 to 20 €, by price',
    {
      filters: JSON.stringify({ price: { gte: 10, lte: 20 } }),
      orders: JSON.stringify({ price: 'asc' }),
    },
  ],
  ['filtered: a supplier', { filters: JSON.stringify({ supplierId: { eq: 2 } }) }],
  [
    'filtered: a calendar, disabled',
    {
      filters: JSON.stringify({ bookingCalendarId: { eq: calendarIds[0] }, status: { eq: 'disabled' } }),
    },
  ],
  [
    'filtered: a calendar by name',
    { filters: JSON.stringify({ bookingCalendarName: { eq: 'Circuito termal' } }) },
  ],
  ['sorted: calendar name', { orders: JSON.stringify({ bookingCalendarName: 'asc' }) }],
  ['search: query=masaje', { query: 'masaje' }],
  ['search: query=esenciales (few matches)', { query: 'esenciales' }],
  ['search: query=ref-0123 (one match)', { query: 'ref-0123' }],
  ['page 100 of 50', { page: '100' }],
];
const results: Record<string, number> = {};
for (const [label, query] of cases) {
  const { total } = await get(query);
  const { p95 } = await timeIt(`GET /v1/admin/products ${label} [total ${total}]`, () => get(query), 200, 20);
  results[label] = p95;
}
const worst = Math.max(...Object.values(results));
console.log(`worst p95 ${worst.toFixed(2)} ms (aim: under 25 ms)`);
await b.close();
