// List exports on PostgreSQL: `npm run build && npx tsx --conditions=source apps/api/bench/export.ts`
// (EXPORT_ROWS=… for another size than 100,000).
// A license with 100,000 orders (and 10,000 customers) seeded in bulk SQL; then the built API started as
// `npm start` starts it (the root package.json's start command, its Node flags included, background
// jobs on) on that database, and the orders list exported from it as CSV and as XLSX over HTTP, the body
// read as it streams, each run timed end to end with the server's peak RSS (/proc, every 50 ms) and
// its CPU. Goal (issue 18): ≤ 10 s, < 300 MB.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportRowsHeader } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../src/db/client.js';
import { readingForExport } from '../src/lib/list.js';
import { cursorMarker, cursorReading } from '../src/modules/exports/list-cursor.js';
import { createOrdersRepository } from '../src/modules/orders/orders.repository.js';
import { rssOf, startBuiltApi } from './load.js';
import { benchApp, benchCompany } from './support.js';

const rowsWanted = Number(process.env.EXPORT_ROWS ?? 100_000);
const b = await benchApp();
const db = b.database.db;
const { license, headers } = await benchCompany(b);

const started = performance.now();
await db.execute(sql`
  insert into customers (license_id, name, surname, email, phone, company)
  select ${license.id}, 'Cliente ' || i, 'Bench ' || i, 'cliente' || i || '@example.es', '+3468900' || lpad(i::text, 4, '0'),
    case when i % 3 = 0 then 'Empresa ' || i || ', S.L.' end
  from generate_series(1, 10000) as i`);
const [{ first: customer } = { first: 0 }] = (
  await db.execute<{ first: number }>(
    sql`select min(id) as first from customers where license_id = ${license.id}`,
  )
).rows;
await db.execute(sql`
  insert into orders (license_id, code, customer_id, status, payment_method, tax_base_cents, total_cents,
    payment_date, invoice_code, notes, created_at, updated_at)
  select ${license.id}, i, ${customer}::int + i % 10000, (array['paid','awaiting_payment','draft'])[1 + i % 3],
    (array['cash','card','online'])[1 + i % 3], 2893 + i % 1000, 3500 + i % 1000,
    case when i % 3 = 0 then t end, case when i % 3 = 0 then 'F2026-' || i end, 'Pedido "' || i || '"; nota', t, t
  from generate_series(1, ${rowsWanted}) as i,
    lateral (select now() - (${rowsWanted} - i) * interval '5 minutes' as t) as x`);
await db.execute(sql`vacuum analyze`);
console.log(
  `seeded ${rowsWanted} orders and 10,000 customers in ${(performance.now() - started).toFixed(0)} ms (${b.database.kind})`,
);

if (!b.databaseUrl) throw new Error('the export bench measures a server process: PostgreSQL only');
const dataDir = mkdtempSync(path.join(tmpdir(), 'mostrador-bench-'));
const api = await startBuiltApi({ DATABASE_URL: b.databaseUrl, DATA_DIR: dataDir });
const base = api.baseUrl;
console.log(`API started as \`${api.startScript}\` (pid ${api.pid})`);

/** The server's resident memory and CPU time (user + system, seconds), from /proc. */
const serverRss = () => rssOf(api.pid);
const serverCpu = () => {
  const fields = readFileSync(`/proc/${api.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
await new Promise((r) => setTimeout(r, 2000));
console.log(`API RSS at rest ${(serverRss() / 2 ** 20).toFixed(0)} MB`);

const columns = [
  { key: 'code', label: 'Código' },
  { key: 'createdAt', label: 'Fecha' },
  { key: 'name', label: 'Nombre' },
  { key: 'surname', label: 'Apellidos' },
  { key: 'companyName', label: 'Empresa' },
  { key: 'contactEmail', label: 'Email' },
  { key: 'contactPhone', label: 'Teléfono' },
  { key: 'amount', label: 'Importe' },
  {
    key: 'status',
    label: 'Estado',
    values: { paid: 'Pagado', awaiting_payment: 'Pendiente de pago', draft: 'Borrador' },
  },
  { key: 'paymentMethod', label: 'Forma de pago' },
  { key: 'paymentDate', label: 'Fecha de pago' },
  { key: 'invoiceCode', label: 'Factura' },
];

async function exportOnce(format: 'csv' | 'xlsx', orders: Record<string, 'asc' | 'desc'>) {
  const before = serverRss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, serverRss());
  }, 50);
  const cpu = serverCpu();
  const start = performance.now();
  const res = await fetch(`${base}/v1/admin/exports/orders`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ format, columns, orders }),
  });
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  const firstByte = performance.now() - start;
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).byteLength;
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, serverRss());
  console.log(
    `orders → ${format.padEnd(4)} sorted by ${JSON.stringify(orders).padEnd(20)} ${res.headers.get(exportRowsHeader)} rows, ${(bytes / 1e6).toFixed(1)} MB: ` +
      `first byte ${firstByte.toFixed(0)} ms, total ${(ms / 1000).toFixed(2)} s (API CPU ${(serverCpu() - cpu).toFixed(2)} s); API RSS before ${(before / 2 ** 20).toFixed(0)} MB, peak ${(peak / 2 ** 20).toFixed(0)} MB`,
  );
  return { ms, peak };
}

const formats = (process.env.EXPORT_FORMATS ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
const results = [];
for (const orders of [{}, { amount: 'asc' as const }, {}]) {
  for (const format of formats) results.push(await exportOnce(format, orders));
}
await api.stop();
rmSync(dataDir, { recursive: true, force: true });

// The database's part alone: the orders list's own page query (the repository's), every row in pages of
// 2,000, by growing OFFSETs or through the export's cursor, in one repeatable-read transaction each.
for (const orders of [{}, { amount: 'asc' as const }]) {
  for (const mode of ['offset', 'cursor'] as const) {
    const start = performance.now();
    let rows = 0;
    await db.transaction(
      async (tx) => {
        const handle = mode === 'cursor' ? cursorReading(tx as unknown as Tx, 2000) : tx;
        const reading = { counted: false, ...(mode === 'cursor' ? { cursorLimit: cursorMarker } : {}) };
        const repo = createOrdersRepository(handle);
        for (let page = 1; ; page++) {
          const { result } = await readingForExport(reading, () =>
            repo.list(license.id, { orders, page, limit: 2000, timeZone: 'Europe/Madrid' }),
          );
          rows += result.rows.length;
          if (result.rows.length < 2000) break;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    console.log(
      `orders list query, sorted by ${JSON.stringify(orders).padEnd(20)} ${rows} rows by ${mode.padEnd(6)}: ${(performance.now() - start).toFixed(0)} ms`,
    );
  }
}

const worst = results.reduce((a, r) => ({ ms: Math.max(a.ms, r.ms), peak: Math.max(a.peak, r.peak) }));
console.log(
  `worst: ${(worst.ms / 1000).toFixed(2)} s, peak RSS ${(worst.peak / 2 ** 20).toFixed(0)} MB (goal ≤ 10 s, < 300 MB)`,
);
await b.close();
