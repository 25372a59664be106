// The benchmark's company, seeded in bulk SQL: license `bench` with its owner, 20 calendars with a bookable
// product each and ten shop products, customers with Spanish names, phones and emails, bookings over three
// years (10,000 of them on one calendar in the next 60 days, for the availability), orders with one or two
// lines and 3 % refunded by a refund order. A marker table keeps what was seeded, so that a later run on
// the same database reuses it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../src/app.js';
import type { Db } from '../src/db/client.js';

export interface BenchSize {
  name: 'full' | 'embedded' | 'small';
  bookings: number;
  orders: number;
  customers: number;
  /** Bookings on the availability calendar within the next 60 days (part of `bookings`). */
  availabilityBookings: number;
}

export const sizes: Record<BenchSize['name'], BenchSize> = {
  full: {
    name: 'full',
    bookings: 1_000_000,
    orders: 300_000,
    customers: 100_000,
    availabilityBookings: 10_000,
  },
  embedded: {
    name: 'embedded',
    bookings: 100_000,
    orders: 30_000,
    customers: 10_000,
    availabilityBookings: 10_000,
  },
  small: { name: 'small', bookings: 10_000, orders: 3_000, customers: 1_000, availabilityBookings: 2_000 },
};

/** Bumped when the seed changes: a database seeded by another version is seeded again. */
const seedVersion = 1;
export const calendarCount = 20;
/** The calendar the booking-creation load writes on: empty, four places a half-hour, 08:00–20:00. */
export const creationCapacity = 4;

export interface BenchCompany {
  licenseId: number;
  /** Calendar ids in order: [0] carries the availability load, [calendarCount - 1] the creation load. */
  calendars: number[];
  /** The bookable product of each calendar, in the same order. */
  bookable: number[];
  seconds: number;
  reused: boolean;
}

const spanish = {
  // Frequent names more than once: a name's share of the customers follows its place here.
  names: [
    'María',
    'María',
    'Carmen',
    'Carmen',
    'Ana',
    'Laura',
    'Isabel',
    'Lucía',
    'Marta',
    'Cristina',
    'Elena',
    'Paula',
    'Sara',
    'Pilar',
    'Rosa',
    'Raquel',
    'Nuria',
    'Silvia',
    'Beatriz',
    'Julia',
    'Irene',
    'Alba',
    'Montserrat',
    'Ainhoa',
    'Nerea',
    'Antonio',
    'Antonio',
    'José',
    'José',
    'Manuel',
    'Manuel',
    'Francisco',
    'David',
    'Juan',
    'Javier',
    'Daniel',
    'Carlos',
    'Jesús',
    'Alejandro',
    'Miguel',
    'Rafael',
    'Pablo',
    'Sergio',
    'Fernando',
    'Jorge',
    'Alberto',
    'Álvaro',
    'Diego',
    'Adrián',
    'Iñaki',
    'Jordi',
    'Xabier',
  ],
  surnames: [
    'García',
    'García',
    'García',
    'Rodríguez',
    'Rodríguez',
    'González',
    'González',
    'Fernández',
    'Fernández',
    'López',
    'López',
    'Martínez',
    'Martínez',
    'Sánchez',
    'Sánchez',
    'Pérez',
    'Pérez',
    'Gómez',
    'Martín',
    'Jiménez',
    'Hernández',
    'Ruiz',
    'Díaz',
    'Moreno',
    'Muñoz',
    'Álvarez',
    'Romero',
    'Gutiérrez',
    'Alonso',
    'Navarro',
    'Torres',
    'Domínguez',
    'Ramos',
    'Vázquez',
    'Ramírez',
    'Gil',
    'Serrano',
    'Morales',
    'Molina',
    'Blanco',
    'Suárez',
    'Castro',
    'Ortega',
    'Delgado',
    'Ortiz',
    'Marín',
    'Rubio',
    'Núñez',
    'Medina',
    'Sanz',
    'Castillo',
    'Iglesias',
    'Cortés',
    'Garrido',
    'Santos',
    'Guerrero',
    'Lozano',
    'Cano',
    'Prieto',
    'Méndez',
    'Cruz',
    'Calvo',
    'Gallego',
    'Vidal',
    'León',
    'Márquez',
    'Herrera',
    'Peña',
    'Flores',
    'Cabrera',
    'Campos',
    'Vega',
    'Fuentes',
    'Carrasco',
    'Diez',
    'Aguilar',
    'Caballero',
    'Nieto',
    'Reyes',
    'Pascual',
    'Herrero',
    'Santana',
    'Lorenzo',
    'Hidalgo',
    'Montero',
    'Ibáñez',
    'Giménez',
    'Ferrer',
    'Durán',
    'Vicente',
    'Benítez',
    'Mora',
    'Santiago',
    'Arias',
    'Vargas',
    'Carmona',
    'Crespo',
    'Román',
    'Pastor',
    'Soto',
    'Sáez',
    'Velasco',
    'Etxeberria',
    'Puig',
    'Soler',
    'Bosch',
    'Aguirre',
  ],
  domains: [
    'gmail.com',
    'gmail.com',
    'gmail.com',
    'hotmail.com',
    'hotmail.es',
    'yahoo.es',
    'outlook.es',
    'telefonica.net',
  ],
  calendars: [
    'Cabina 1',
    'Cabina 2',
    'Cabina 3',
    'Sala de masajes',
    'Circuito termal',
    'Clases de yoga',
    'Pilates',
    'Pista de pádel 1',
    'Pista de pádel 2',
    'Fisioterapia',
    'Peluquería',
    'Estética',
    'Spinning',
    'Sala de reuniones',
    'Piscina',
    'Sauna',
    'Tenis',
    'Nutrición',
    'Osteopatía',
    'Pista de pádel 3',
  ],
  bookables: [
    'Tratamiento facial',
    'Limpieza de cutis',
    'Depilación',
    'Masaje relajante 60 min',
    'Circuito termal 90 min',
    'Yoga',
    'Pilates máquina',
    'Pádel 1 h',
    'Pádel 1 h',
    'Sesión de fisioterapia',
    'Corte y peinado',
    'Manicura',
    'Spinning',
    'Reunión',
    'Baño libre',
    'Sauna',
    'Tenis 1 h',
    'Consulta de nutrición',
    'Osteopatía',
    'Pádel 30 min',
  ],
  shop: [
    'Aceite de masaje',
    'Crema hidratante',
    'Toalla',
    'Gorro de piscina',
    'Botella de agua',
    'Bono regalo',
    'Camiseta',
    'Chanclas',
    'Pelotas de pádel',
    'Esterilla de yoga',
  ],
};

const textArray = (items: string[]) =>
  sql.raw(`array[${items.map((s) => `'${s.replaceAll("'", "''")}'`).join(',')}]`);

/** The kept company when the marker says this size and version were seeded, else undefined. */
async function kept(db: Db, size: BenchSize): Promise<BenchCompany | undefined> {
  const marker = await db
    .execute<{ size: string; version: number; license_id: number }>(
      sql`select size, version, license_id from bench_seed where to_regclass('bench_seed') is not null`,
    )
    .catch(() => undefined);
  const row = marker?.rows[0];
  if (!row || row.size !== size.name || Number(row.version) !== seedVersion) return undefined;
  const licenseId = Number(row.license_id);
  const calendars = await db.execute<{ id: number; product: number }>(sql`
    select c.id, (select min(p.id) from products p where p.booking_calendar_id = c.id) as product
    from booking_calendars c where c.license_id = ${licenseId} order by c.id`);
  return {
    licenseId,
    calendars: calendars.rows.map((r) => Number(r.id)),
    bookable: calendars.rows.map((r) => Number(r.product)),
    seconds: 0,
    reused: true,
  };
}

/** Seeds the bench company at `size` (on an empty database) or answers the one seeded before. */
export async function seedBench(
  db: Db,
  app: FastifyInstance,
  services: Services,
  size: BenchSize,
  log: (line: string) => void,
) {
  const before = await kept(db, size);
  if (before) return before;
  const existing = await db.execute(sql`select 1 from licenses where code = 'bench'`);
  if (existing.rows.length)
    throw new Error('the bench database holds another seed: start it afresh (--fresh)');
  const started = performance.now();
  const step = (label: string, t0: number) =>
    log(`  ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { license } = await services.licenses.create({
    name: 'Bench',
    code: 'bench',
    adminUsername: 'owner',
    adminPassword: 'bench-password',
  });
  const licenseId = license.id;
  let t0 = performance.now();
  const login = await app.inject({
    method: 'POST',
    url: '/v1/admin/authentication/employee-password-login',
    payload: { license: 'bench', username: 'owner', password: 'bench-password' },
  });
  const headers = { authorization: `Bearer ${login.json().data as string}` };
  /** Created through the API, as the company's owner would. */
  const created = async (url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({ method: 'POST', url: `/v1/admin/${url}`, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: number } }).data.id;
  };
  const tax = await created('taxes', { name: 'IVA 21%', percentage: 21 });
  const open = { openAt: '08:00', closedAt: '21:00' };
  const schedule = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, [open]]),
  );
  const calendars: number[] = [];
  const bookable: number[] = [];
  for (let i = 0; i < calendarCount; i++) {
    const creation = i === calendarCount - 1;
    const calendar = await created('booking-calendars', {
      name: spanish.calendars[i]!,
      schedule: creation
        ? Object.fromEntries(Object.keys(schedule).map((d) => [d, [{ openAt: '08:00', closedAt: '20:00' }]]))
        : schedule,
      duration: 30,
      maximumConcurrentBookings: creation ? creationCapacity : 40,
    });
    calendars.push(calendar);
    const product = await created('products', {
      name: spanish.bookables[i]!,
      type: 'bookable',
      price: 20 + (i % 8) * 5,
      taxType: tax,
      durationInMinutes: creation ? 30 : 60,
      bookingCalendarId: calendar,
    });
    bookable.push(product);
  }
  const shop: number[] = [];
  for (const [i, name] of spanish.shop.entries()) {
    shop.push(await created('products', { name, type: 'regular', price: 5 + i * 3, taxType: tax }));
  }
  step('calendars and products', t0);

  // Customers: a name, two surnames, a mobile phone written one of three ways, an email made of them.
  // hashint4 picks deterministically; two customers of 50,000 are "Eleuterio Zubizarreta" (a rare name).
  t0 = performance.now();
  await db.execute(sql`
    insert into customers (license_id, name, surname, email, phone, city, created_at, updated_at)
    select ${licenseId}, n.name, n.surname,
      translate(lower(n.name), 'áéíóúüñ', 'aeiouun') || '.' || translate(lower(split_part(n.surname, ' ', 1)), 'áéíóúüñ', 'aeiouun')
        || i || '@' || (${textArray(spanish.domains)})[1 + abs(hashint4(i * 5)) % ${spanish.domains.length}],
      case i % 3
        when 0 then '6' || substr(d, 1, 2) || ' ' || substr(d, 3, 3) || ' ' || substr(d, 6, 3)
        when 1 then '+34 6' || d
        else '6' || substr(d, 1, 2) || '-' || substr(d, 3, 3) || '-' || substr(d, 6, 3) end,
      (array['Madrid','Barcelona','Valencia','Sevilla','Bilbao','Zaragoza','Málaga','Donostia'])[1 + abs(hashint4(i * 7)) % 8],
      t, t
    from generate_series(1, ${size.customers}) as i,
      lateral (select lpad((abs(hashint4(i * 3)) % 100000000)::text, 8, '0') as d,
        now() - interval '3 years' * (1 - i / ${size.customers}::float) as t) as x,
      lateral (select
        case when i % 50000 = 7 then 'Eleuterio' else (${textArray(spanish.names)})[1 + abs(hashint4(i)) % ${spanish.names.length}] end as name,
        case when i % 50000 = 7 then 'Zubizarreta Ochandiano' else
          (${textArray(spanish.surnames)})[1 + abs(hashint4(i + 1)) % ${spanish.surnames.length}] || ' ' ||
          (${textArray(spanish.surnames)})[1 + abs(hashint4(i + 2)) % ${spanish.surnames.length}] end as surname) as n`);
  const [{ first } = { first: 0 }] = (
    await db.execute<{ first: number }>(
      sql`select min(id) as first from customers where license_id = ${licenseId}`,
    )
  ).rows;
  const firstCustomer = Number(first);
  step(`${size.customers.toLocaleString('en')} customers`, t0);

  // Bookings: the availability calendar's load in the next 60 days, the rest over 33 months back and three
  // ahead on the other calendars but the creation one, 60 minutes at half-hour starts within 08:00–21:00
  // Madrid, one to three places, 5 % cancelled, attendance marked in the past.
  t0 = performance.now();
  const others = calendars.slice(0, calendarCount - 1);
  await db.execute(sql`
    insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
      spaces, price_cents, status, attended)
    select ${licenseId}, ${calendars[0]}, ${bookable[0]}, ${firstCustomer}::int + abs(hashint4(i)) % ${size.customers},
      s, s + interval '60 minutes', 1, 1, 2000, 'confirmed', null
    from generate_series(1, ${size.availabilityBookings}) as i,
      lateral (select (date_trunc('day', now() at time zone 'Europe/Madrid') + (1 + i % 60) * interval '1 day'
        + interval '8 hours' + ((i / 60) % 24) * interval '30 minutes') at time zone 'Europe/Madrid' as s) as x`);
  await db.execute(sql`
    insert into bookings (license_id, booking_calendar_id, product_id, customer_id, starts_at, ends_at, quantity,
      spaces, price_cents, status, attended, notes)
    select ${licenseId}, (${sql.raw(`array[${others.join(',')}]`)})[1 + k], (${sql.raw(`array[${bookable.slice(0, calendarCount - 1).join(',')}]`)})[1 + k],
      ${firstCustomer}::int + abs(hashint4(i)) % ${size.customers},
      s, s + interval '60 minutes', 1 + i % 3, 1 + i % 3, 2000 + (i % 50) * 100,
      case when i % 20 = 0 then 'cancelled' else 'confirmed' end,
      case when s < now() and i % 20 <> 0 then i % 10 <> 0 end,
      case when i % 25 = 0 then 'Prefiere la cabina del fondo' end
    from generate_series(1, ${size.bookings - size.availabilityBookings}) as i,
      lateral (select abs(hashint4(i * 11)) % ${calendarCount - 1} as k) as c,
      lateral (select (date_trunc('day', (now() - interval '33 months') at time zone 'Europe/Madrid')
        + floor(1095 * (i / ${size.bookings - size.availabilityBookings}::float)) * interval '1 day'
        + interval '8 hours' + (abs(hashint4(i * 13)) % 24) * interval '30 minutes') at time zone 'Europe/Madrid' as s) as x`);
  step(`${size.bookings.toLocaleString('en')} bookings`, t0);

  // Orders: paid over the three years to now, one or two lines; each 33rd refunded by a refund order a day
  // later giving its first line back.
  t0 = performance.now();
  const all = [...bookable.slice(0, calendarCount - 1), ...shop];
  await db.execute(sql`
    insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
      payment_date, created_at, updated_at)
    select ${licenseId}, i, ${firstCustomer}::int + abs(hashint4(i * 17)) % ${size.customers},
      case when i % 33 = 0 then 'refunded' else 'paid' end,
      (array['cash','card','card','online','transfer'])[1 + i % 5], 4132, 5000, t, t, t
    from generate_series(1, ${size.orders}) as i,
      lateral (select now() - interval '3 years' * (1 - i / ${size.orders}::float) as t) as x`);
  await db.execute(sql`
    insert into order_lines (license_id, order_id, product_id, quantity, unit_price_cents, tax_percentage,
      tax_base_cents, total_cents, refunded_quantity)
    select ${licenseId}::int, o.id, (${sql.raw(`array[${all.join(',')}]`)})[1 + o.code % ${all.length}], 1, 3000, 2100, 2479, 3000,
      case when o.status = 'refunded' then 1 else 0 end
    from orders o where o.license_id = ${licenseId}
    union all
    select ${licenseId}::int, o.id, (${sql.raw(`array[${all.join(',')}]`)})[1 + (o.code + 3) % ${all.length}], 1, 2000, 2100, 1653, 2000, 0
    from orders o where o.license_id = ${licenseId}`);
  await db.execute(sql`
    insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
      payment_date, original_order_id, created_at, updated_at)
    select license_id, ${size.orders} + code, customer_id, 'paid', payment_method, -2479, -3000,
      payment_date + interval '1 day', id, payment_date + interval '1 day', payment_date + interval '1 day'
    from orders where license_id = ${licenseId} and status = 'refunded'`);
  await db.execute(sql`
    insert into order_lines (license_id, order_id, product_id, quantity, unit_price_cents, tax_percentage,
      tax_base_cents, total_cents, original_line_id)
    select r.license_id, r.id, l.product_id, -1, 3000, 2100, -2479, -3000, l.id
    from orders r
    join lateral (select * from order_lines where order_id = r.original_order_id order by id limit 1) l on true
    where r.license_id = ${licenseId} and r.original_order_id is not null`);
  step(`${size.orders.toLocaleString('en')} orders with their lines and refunds`, t0);

  // Seeded in a few statements, each summary row was rewritten thousands of times in one transaction: the
  // application writes a booking or a sale per transaction, whose summary updates are HOT and pruned on the
  // page, so compact them as those writes would have left them; then analyze, and set the visibility map
  // as autovacuum leaves tables that are mostly read.
  t0 = performance.now();
  await db.execute(
    sql`vacuum full booking_hours, order_hours, order_line_hours, booking_days, order_days, order_line_days`,
  );
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`create table bench_seed (size text not null, version int not null, license_id int not null,
    seeded_at timestamptz not null default now())`);
  await db.execute(
    sql`insert into bench_seed (size, version, license_id) values (${size.name}, ${seedVersion}, ${licenseId})`,
  );
  step('vacuum', t0);
  const seconds = (performance.now() - started) / 1000;
  return { licenseId, calendars, bookable, seconds, reused: false } satisfies BenchCompany;
}
