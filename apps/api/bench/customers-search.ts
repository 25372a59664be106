// Customer search on a license with 100,000 customers: `npx tsx apps/api/bench/customers-search.ts`.
import { sql } from 'drizzle-orm';
import { benchApp, timeIt } from './support.js';

const b = await benchApp();
const { license } = await b.services.licenses.create({
  name: 'Bench',
  code: 'bench',
  adminUsername: 'owner',
  adminPassword: 'bench-password',
});
const started = performance.now();
await b.database.db.execute(sql`
  insert into customers (license_id, name, surname, company, vat, email, phone, city)
  select ${license.id},
    (array['Ana','Lucía','María','Carmen','Javier','Pablo','Sergio','Elena','Marta','Jorge'])[1 + i % 10] || ' ' || i,
    (array['García','Fernández','González','Rodríguez','López','Martínez','Sánchez','Pérez','Gómez','Martín'])[1 + (i / 10) % 10],
    case when i % 7 = 0 then 'Empresa ' || i || ' S.L.' end,
    'B' || lpad(i::text, 8, '0'),
    'cliente' || i || '@example.es',
    '+346' || lpad(i::text, 8, '0'),
    'Madrid'
  from generate_series(1, 100000) as i`);
await b.database.db.execute(sql`analyze customers`);
console.log(
  `seeded 100,000 customers in ${(performance.now() - started).toFixed(0)} ms (${b.database.kind})`,
);
const login = await b.app.inject({
  method: 'POST',
  url: '/v1/admin/authentication/employee-password-login',
  payload: { license: 'bench', username: 'owner', password: 'bench-password' },
});
const token = login.json().data as string;
const headers = { authorization: `Bearer ${token}` };
const terms = ['garcía', 'cliente4242', '+3460004', 'B0009', 'empresa 77', 'lucía 5', 'nobody-at-all'];
let i = 0;
await timeIt('GET /v1/admin/customers?query=<term> (server, through app.inject)', async () => {
  const term = terms[i++ % terms.length]!;
  const res = await b.app.inject({
    method: 'GET',
    url: `/v1/admin/customers?query=${encodeURIComponent(term)}`,
    headers,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
for (const term of terms) {
  await timeIt(
    `  query=${term}`,
    () =>
      b.app.inject({ method: 'GET', url: `/v1/admin/customers?query=${encodeURIComponent(term)}`, headers }),
    40,
    5,
  );
}
await timeIt('GET /v1/admin/customers (first page, default sort)', async () => {
  await b.app.inject({ method: 'GET', url: '/v1/admin/customers', headers });
});
await b.close();
