// Invoice figures: issuing a full invoice (number, Verifactu record; its PDF is rendered by the minute
// job) as the request staff make, and the chain check over 100,000 records.
// `npx tsx --conditions=source apps/api/bench/invoices.ts` (BENCH_PGLITE=1 for the embedded database).
import { eq, sql } from 'drizzle-orm';
import { companySettings } from '../src/db/schema.js';
import { checkChain } from '../src/modules/invoices/chain-check.js';
import { benchApp, benchCompany, timeIt } from './support.js';

const b = await benchApp();
const { license, headers } = await benchCompany(b);
const call = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
  const res = await b.app.inject({ method, url, headers, payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

await call('PUT', '/v1/admin/settings', {
  billing: {
    legalName: 'Bench S.L.',
    street: 'Calle 1',
    postalCode: '28001',
    city: 'Madrid',
    state: 'Madrid',
    country: 'España',
    fullSeries: '',
    simplifiedSeries: 'T',
    rectifyingSeries: 'R',
    simplifiedInvoices: false,
    simplifiedInvoiceLimit: 400,
  },
  verifactu: { status: false, environment: 'test', taxId: 'B12345674' },
});
// Verifactu on, as the billing screen leaves it once the certificate is uploaded.
const [row] = await b.database.db
  .select({ data: companySettings.data })
  .from(companySettings)
  .where(eq(companySettings.licenseId, license.id));
const data = row!.data as Record<string, Record<string, unknown>>;
data.verifactu = { ...data.verifactu, status: true };
await b.database.db.update(companySettings).set({ data }).where(eq(companySettings.licenseId, license.id));

const tax = await call('POST', '/v1/admin/taxes', { name: 'IVA 21%', percentage: 21 });
const product = await call('POST', '/v1/admin/products', {
  name: 'Sesión',
  type: 'regular',
  price: 40,
  taxType: tax.id,
});
const customer = await call('POST', '/v1/admin/customers', { name: 'Ana', vat: 'B87654321' });
const sale = () =>
  call('POST', '/v1/admin/orders', {
    customerId: customer.id,
    status: 'paid',
    paymentMethod: 'transfer',
    lines: [{ productId: product.id, quantity: 2, unitPrice: 40 }],
  });
const orders: number[] = [];
for (let i = 0; i < 330; i++) orders.push((await sale()).id);
let next = 0;
await timeIt(
  'POST /v1/admin/orders/{id}/invoice (F1 with its Verifactu record)',
  () => call('POST', `/v1/admin/orders/${orders[next++]}/invoice`, {}),
  300,
  30,
);

// The chain check over 100,000 records: the records written by the same code (the issuing service's
// chain step) in one transaction per thousand, the bench's own sales skipped.
const target = 100_000;
const started = performance.now();
const [orderRow] = (
  await b.database.db.execute(sql`select id, code from orders where license_id = ${license.id} limit 1`)
).rows as { id: number; code: number }[];
const settings = await b.services.settings.ofLicense(license.id);
const lines = [
  {
    productId: product.id,
    productName: 'Sesión',
    quantity: 2,
    unitPriceCents: 4000,
    discountCents: 0,
    taxPercentage: 2100,
    taxBaseCents: 6612,
    totalCents: 8000,
  },
];
let made = (await checkChain(b.database.db, license.id)).checked;
while (made < target) {
  await b.database.db.transaction(async (tx) => {
    for (let i = 0; i < 1000 && made < target; i++, made++) {
      await b.services.invoices.issue(tx, {
        licenseId: license.id,
        settings: { ...settings, billing: { ...settings.billing, fullSeries: 'B' } },
        order: orderRow!,
        customerId: null,
        type: 'F2',
        recipient: null,
        lines: lines.map((l) => ({ ...l, description: l.productName })),
        language: 'es',
        createdBy: null,
      });
    }
  });
}
console.log(
  `seeded ${target} chained records in ${((performance.now() - started) / 1000).toFixed(1)} s (${b.database.kind})`,
);
await b.database.db.execute(sql`vacuum analyze verifactu_records`);
await timeIt(
  `chain check of ${target} records`,
  async () => {
    const result = await checkChain(b.database.db, license.id);
    if (!result.ok || result.checked !== target) throw new Error(JSON.stringify(result));
  },
  5,
  1,
);
await b.close();
