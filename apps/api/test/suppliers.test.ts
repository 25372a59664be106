import {
  ErrorCode,
  type ProductListItem,
  type Supplier,
  type SupplierBody,
  type SupplierListItem,
  type SupplierSettlement,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.js';
import {
  type Company,
  company,
  createCustomer,
  createProduct,
  csvFileLines,
  downloadReport,
  expectQueryRefusals,
  readList,
  xlsxFile,
} from './factories.js';
import { buildTestApp, call, createEmployee, expectError, failingFields, type TestApp } from './helpers.js';

/*
 * Suppliers: CRUD with their customer, activation, the products that name them (their list column, and
 * the delete they keep from happening), and the settlement report of what their products sold.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = '/v1/admin/suppliers';

/** POST /admin/suppliers: a unique name unless told; fails the test unless created. */
async function createSupplier(token: string, overrides: Partial<SupplierBody> = {}): Promise<Supplier> {
  const res = await call(t, 'POST', url, {
    token,
    payload: { name: `Proveedor ${Math.random().toString(36).slice(2, 8)}`, ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Supplier;
}

const names = (items: { name: string }[]) => items.map((i) => i.name);

describe('suppliers', () => {
  it('creates, reads, lists, changes and deletes a supplier with its customer', async () => {
    const c = await company(t);
    const customer = await createCustomer(t, c.token, { name: 'Marta', surname: 'Ruiz' });
    const created = await createSupplier(c.token, {
      name: '  Cosmética Natural  ',
      customerId: customer.id,
      startsAt: '2026-03-01',
      commissionType: 'percentage',
      commissionQuantity: 12.5,
      automaticActivation: false,
      appLoginUrl: 'https://app.example.es/login',
      passwordChangeUrl: 'https://app.example.es/password',
    });
    expect(created).toMatchObject({
      name: 'Cosmética Natural',
      customerId: customer.id,
      customerName: 'Marta Ruiz',
      status: 'inactive',
      startsAt: '2026-03-01',
      commissionType: 'percentage',
      commissionQuantity: 12.5,
      automaticActivation: false,
      appLoginUrl: 'https://app.example.es/login',
      passwordChangeUrl: 'https://app.example.es/password',
      productCount: 0,
    });
    const got = await call(t, 'GET', `${url}/${created.id}`, { token: c.token });
    expect(got.body.data).toEqual(created);

    const list = await readList<SupplierListItem>(t, c.token, url);
    expect(list.total).toBe(1);
    expect(list.items[0]).toEqual({
      id: created.id,
      name: 'Cosmética Natural',
      customerName: 'Marta',
      customerSurname: 'Ruiz',
      status: 'inactive',
      startsAt: '2026-03-01',
      customerId: customer.id,
      commissionType: 'percentage',
      commissionQuantity: 12.5,
      automaticActivation: false,
      createdAt: created.createdAt,
    });

    const put = await call(t, 'PUT', `${url}/${created.id}`, {
      token: c.token,
      payload: {
        name: 'Cosmética Natural SL',
        commissionType: 'money',
        commissionQuantity: 1.5,
        appLoginUrl: '',
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({
      name: 'Cosmética Natural SL',
      customerId: null,
      customerName: null,
      status: 'inactive',
      startsAt: null,
      commissionType: 'money',
      commissionQuantity: 1.5,
      appLoginUrl: null,
    });

    expect((await call(t, 'DELETE', `${url}/${created.id}`, { token: c.token })).status).toBe(200);
    expectError(await call(t, 'GET', `${url}/${created.id}`, { token: c.token }), 404, ErrorCode.notFound);
  });

  it('starts active with automaticActivation, inactive without, as status says when sent; PUT keeps it', async () => {
    const { token } = await company(t);
    expect((await createSupplier(token, { automaticActivation: true })).status).toBe('active');
    expect((await createSupplier(token)).status).toBe('inactive');
    expect((await createSupplier(token, { automaticActivation: true, status: 'inactive' })).status).toBe(
      'inactive',
    );
    const s = await createSupplier(token, { status: 'active' });
    const put = await call(t, 'PUT', `${url}/${s.id}`, { token, payload: { name: 'Otro nombre' } });
    expect(put.body.data.status).toBe('active');
  });

  it('activates and deactivates', async () => {
    const { token } = await company(t);
    const s = await createSupplier(token);
    const on = await call(t, 'POST', `${url}/${s.id}/activate`, { token });
    expect(on.status).toBe(200);
    expect(on.body.data.status).toBe('active');
    const off = await call(t, 'POST', `${url}/${s.id}/deactivate`, { token });
    expect(off.body.data.status).toBe('inactive');
    expectError(await call(t, 'POST', `${url}/999999/activate`, { token }), 404, ErrorCode.notFound);
  });

  it('refuses bad input naming each field', async () => {
    const { token } = await company(t);
    for (const [payload, fields] of [
      [{}, ['name']],
      [{ name: '   ' }, ['name']],
      [{ name: 'A', commissionType: 'percentage' }, ['commissionQuantity']],
      [{ name: 'A', commissionQuantity: 5 }, ['commissionType']],
      [{ name: 'A', commissionType: 'percentage', commissionQuantity: 100.01 }, ['commissionQuantity']],
      [{ name: 'A', commissionType: 'money', commissionQuantity: 1.234 }, ['commissionQuantity']],
      [{ name: 'A', commissionType: 'money', commissionQuantity: -1 }, ['commissionQuantity']],
      [{ name: 'A', commissionType: 'fixed', commissionQuantity: 1 }, ['commissionType']],
      [{ name: 'A', startsAt: '2026-02-30' }, ['startsAt']],
      [{ name: 'A', startsAt: '1/3/2026' }, ['startsAt']],
      [{ name: 'A', status: 'paused' }, ['status']],
      [{ name: 'A', appLoginUrl: 'not a url' }, ['appLoginUrl']],
      [{ name: 'A', passwordChangeUrl: 'ftp://example.es/x' }, ['passwordChangeUrl']],
      [{ name: 'A', customerId: 'Marta' }, ['customerId']],
    ] as const) {
      const res = await call(t, 'POST', url, { token, payload });
      expect(
        failingFields(res).map((f) => f.replace(/^body\./, '')),
        JSON.stringify(payload),
      ).toEqual(fields);
    }
    expect((await readList(t, token, url)).total).toBe(0);
    // 100 % and whole euros are fine.
    await createSupplier(token, { commissionType: 'percentage', commissionQuantity: 100 });
    await createSupplier(token, { commissionType: 'money', commissionQuantity: 150.25 });
  });

  it('sorts by name by default, searches the name and filters by status and customer', async () => {
    const { token } = await company(t);
    const customer = await createCustomer(t, token, { name: 'Zoe', surname: 'Alba' });
    const b = await createSupplier(token, {
      name: 'Bodega Ñandú',
      status: 'active',
      customerId: customer.id,
    });
    const a = await createSupplier(token, { name: 'Aceites del Sur', startsAt: '2026-01-10' });
    const c = await createSupplier(token, {
      name: 'Cerámica Ibérica',
      status: 'active',
      startsAt: '2025-05-01',
    });
    expect(names((await readList<SupplierListItem>(t, token, url)).items)).toEqual([a.name, b.name, c.name]);
    const order = async (orders: unknown) =>
      (await readList<SupplierListItem>(t, token, url, { orders })).items.map((i) => i.id);
    expect(await order({ name: 'desc' })).toEqual([c.id, b.id, a.id]);
    expect(await order({ startsAt: 'asc' })).toEqual([c.id, a.id, b.id]);
    expect((await order({ customerSurname: 'asc' }))[0]).toBe(b.id);
    const found = async (query: Record<string, unknown>) =>
      (await readList<SupplierListItem>(t, token, url, query)).items.map((i) => i.id);
    expect(await found({ query: 'nandu' })).toEqual([b.id]);
    expect(await found({ query: 'CERAMICA' })).toEqual([c.id]);
    expect(await found({ filters: { status: { eq: 'active' } } })).toEqual([b.id, c.id]);
    expect(await found({ filters: { customerId: { eq: customer.id } } })).toEqual([b.id]);
    expect(await found({ filters: { customerName: { eq: 'Zoe' } } })).toEqual([b.id]);
    expect(await found({ filters: { startsAt: { gte: '2026-01-01' } } })).toEqual([a.id]);
    const bad = await call(t, 'GET', url, {
      token,
      query: { filters: JSON.stringify({ colour: { eq: 1 } }) },
    });
    expect(bad.status).toBe(400);
  });

  it('needs the suppliers permissions: find to read, create, edit (activation too) and delete', async () => {
    const c = await company(t);
    const s = await createSupplier(c.token);
    const reader = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'suppliers_find' },
    ]);
    const nobody = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'products_find' },
    ]);
    expectError(await call(t, 'GET', url, { token: nobody.token }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'GET', `${url}/${s.id}`, { token: nobody.token }), 403, ErrorCode.forbidden);
    expect((await call(t, 'GET', url, { token: reader.token })).status).toBe(200);
    expect((await call(t, 'GET', `${url}/${s.id}`, { token: reader.token })).status).toBe(200);
    for (const [method, path, payload] of [
      ['POST', url, { name: 'X' }],
      ['PUT', `${url}/${s.id}`, { name: 'X' }],
      ['POST', `${url}/${s.id}/activate`, undefined],
      ['POST', `${url}/${s.id}/deactivate`, undefined],
      ['DELETE', `${url}/${s.id}`, undefined],
    ] as const) {
      expectError(await call(t, method, path, { token: reader.token, payload }), 403, ErrorCode.forbidden);
    }
    // The settlement needs suppliers_find and orders_find.
    const report = `/v1/admin/reports/supplier-settlement?from=2026-01-01&to=2026-01-31`;
    expectError(await call(t, 'GET', report, { token: reader.token }), 403, ErrorCode.forbidden);
    const both = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'suppliers_find' },
      { scope: 'can_do', permission: 'orders_find' },
    ]);
    expect((await call(t, 'GET', report, { token: both.token })).status).toBe(200);
  });

  it("answers 404 for another company's supplier and refuses its ids in a body", async () => {
    const mine = await company(t);
    const theirs = await company(t);
    const their = await createSupplier(theirs.token);
    const theirCustomer = await createCustomer(t, theirs.token);
    for (const [method, path, payload] of [
      ['GET', `${url}/${their.id}`, undefined],
      ['PUT', `${url}/${their.id}`, { name: 'Mío' }],
      ['DELETE', `${url}/${their.id}`, undefined],
      ['POST', `${url}/${their.id}/activate`, undefined],
      ['POST', `${url}/${their.id}/deactivate`, undefined],
    ] as const) {
      expectError(await call(t, method, path, { token: mine.token, payload }), 404, ErrorCode.notFound);
    }
    expect((await readList(t, mine.token, url)).total).toBe(0);
    const withCustomer = await call(t, 'POST', url, {
      token: mine.token,
      payload: { name: 'A', customerId: theirCustomer.id },
    });
    expect(failingFields(withCustomer)).toEqual(['customerId']);
    expect(withCustomer.body.error.details[0].message).toBe('unknown customer');
    const product = await call(t, 'POST', '/v1/admin/products', {
      token: mine.token,
      payload: { name: 'Crema', type: 'regular', price: 10, taxType: mine.taxId, supplierId: their.id },
    });
    expect(failingFields(product)).toEqual(['supplierId']);
    expect(product.body.error.details[0].message).toBe('unknown supplier');
    // Their supplier is still theirs, unchanged.
    expect((await call(t, 'GET', `${url}/${their.id}`, { token: theirs.token })).body.data).toEqual(their);
  });

  it('keeps a supplier its products name (409 1000170) and lets it go once they have another', async () => {
    const c = await company(t);
    const s = await createSupplier(c.token);
    const product = await createProduct(t, c.token, { taxId: c.taxId, supplierId: s.id });
    expect(product.supplierId).toBe(s.id);
    expect((await call(t, 'GET', `${url}/${s.id}`, { token: c.token })).body.data.productCount).toBe(1);
    expectError(
      await call(t, 'DELETE', `${url}/${s.id}`, { token: c.token }),
      409,
      ErrorCode.supplierHasProducts,
    );
    expect((await call(t, 'GET', `${url}/${s.id}`, { token: c.token })).status).toBe(200);
    const put = await call(t, 'PUT', `/v1/admin/products/${product.id}`, {
      token: c.token,
      payload: { name: product.name, type: 'regular', price: 10, taxType: c.taxId, supplierId: null },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await call(t, 'DELETE', `${url}/${s.id}`, { token: c.token })).status).toBe(200);
  });
});

describe("the product list's supplier column", () => {
  it("shows the supplier's name, sorts and filters by it (the products-by-supplier screen)", async () => {
    const c = await company(t);
    const a = await createSupplier(c.token, { name: 'Aromas' });
    const b = await createSupplier(c.token, { name: 'Bálsamos' });
    const p1 = await createProduct(t, c.token, { taxId: c.taxId, name: 'Vela', supplierId: b.id });
    const p2 = await createProduct(t, c.token, { taxId: c.taxId, name: 'Aceite', supplierId: a.id });
    const p3 = await createProduct(t, c.token, { taxId: c.taxId, name: 'Crema' });
    const products = '/v1/admin/products';
    const all = await readList<ProductListItem>(t, c.token, products);
    expect(all.items.map((i) => [i.name, i.supplier])).toEqual([
      ['Aceite', 'Aromas'],
      ['Crema', null],
      ['Vela', 'Bálsamos'],
    ]);
    const ids = async (query: Record<string, unknown>) =>
      (await readList<ProductListItem>(t, c.token, products, query)).items.map((i) => i.id);
    expect(await ids({ orders: { supplier: 'asc' } })).toEqual([p2.id, p1.id, p3.id]);
    expect(await ids({ orders: { supplier: 'desc' } })).toEqual([p3.id, p1.id, p2.id]);
    expect(await ids({ filters: { supplier: { eq: 'Bálsamos' } } })).toEqual([p1.id]);
    expect(await ids({ filters: { supplier: { isNull: true } } })).toEqual([p3.id]);
    expect(await ids({ filters: { supplierId: { eq: a.id } } })).toEqual([p2.id]);
    // A renamed supplier is named so at once.
    await call(t, 'PUT', `/v1/admin/suppliers/${a.id}`, { token: c.token, payload: { name: 'Aromas Bio' } });
    expect(await ids({ filters: { supplier: { eq: 'Aromas Bio' } } })).toEqual([p2.id]);
  });
});

/** Today's date in Madrid (the company's zone) and the days around it. */
function madridDay(offsetDays = 0): string {
  const now = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(now);
}

describe('the supplier settlement report', () => {
  let c: Company;
  let report: (query: Record<string, string>) => ReturnType<typeof call>;
  const download = (format: string) =>
    downloadReport(t, c.token, '/v1/admin/reports/supplier-settlement', {
      from: madridDay(-1),
      to: madridDay(1),
      format,
    });

  async function sell(lines: { productId: number; quantity: number; unitPrice: number }[], status = 'paid') {
    const res = await call(t, 'POST', '/v1/admin/orders', {
      token: c.token,
      payload: { status, paymentMethod: 'transfer', lines },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; lines: { id: number; productId: number }[] };
  }

  beforeAll(async () => {
    c = await company(t);
    report = (query) => call(t, 'GET', '/v1/admin/reports/supplier-settlement', { token: c.token, query });
    // Aromas takes 12.5 % (its cream); its oil has a commission of its own, 1.25 € a unit.
    const aromas = await createSupplier(c.token, {
      name: 'Aromas',
      commissionType: 'percentage',
      commissionQuantity: 12.5,
    });
    // Barro takes 2 € a unit.
    const barro = await createSupplier(c.token, {
      name: 'Barro',
      commissionType: 'money',
      commissionQuantity: 2,
    });
    await createSupplier(c.token, { name: 'Sin ventas', commissionType: 'money', commissionQuantity: 1 });
    const cream = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Crema',
      price: 45.5,
      supplierId: aromas.id,
    });
    const oil = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Aceite',
      price: 9.99,
      supplierId: aromas.id,
      supplierCommissionType: 'money',
      supplierCommissionQuantity: 1.25,
    });
    const jar = await createProduct(t, c.token, {
      taxId: c.taxId,
      name: 'Jarra',
      price: 20,
      supplierId: barro.id,
    });
    const own = await createProduct(t, c.token, { taxId: c.taxId, name: 'Propio', price: 7 });

    // Two creams, three oils, a jar and a product of the company's own, paid; then one cream refunded.
    const sale = await sell([
      { productId: cream.id, quantity: 2, unitPrice: 45.5 },
      { productId: oil.id, quantity: 3, unitPrice: 9.99 },
      { productId: jar.id, quantity: 1, unitPrice: 20 },
      { productId: own.id, quantity: 4, unitPrice: 7 },
    ]);
    const creamLine = sale.lines.find((l) => l.productId === cream.id)!;
    const refund = await call(t, 'POST', `/v1/admin/orders/${sale.id}/refund`, {
      token: c.token,
      payload: { lines: [{ lineId: creamLine.id, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    // Not counted: a draft, and a jar paid long before the period.
    await sell([{ productId: jar.id, quantity: 5, unitPrice: 20 }], 'draft');
    const old = await sell([{ productId: jar.id, quantity: 7, unitPrice: 20 }]);
    await t.database.db
      .update(orders)
      .set({ paymentDate: new Date('2020-06-15T10:00:00Z') })
      .where(eq(orders.id, old.id));
  });

  it('gives per supplier the units, sales, commission and what is owed, to the cent', async () => {
    const res = await report({ from: madridDay(-1), to: madridDay(1) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as SupplierSettlement;
    // Aromas: creams 2 − 1 = 1 unit, 91 − 45.50 = 45.50 €, 12.5 % = 5.6875 → 5.69 €; oils 3 units, 29.97 €,
    // 3 × 1.25 = 3.75 €. Barro: 1 jar, 20 €, 2 €.
    expect(data.suppliers).toEqual([
      {
        supplierId: expect.any(Number),
        supplierName: 'Aromas',
        commissionType: 'percentage',
        commissionQuantity: 12.5,
        units: 4,
        sales: 75.47,
        commission: 9.44,
        payable: 66.03,
      },
      {
        supplierId: expect.any(Number),
        supplierName: 'Barro',
        commissionType: 'money',
        commissionQuantity: 2,
        units: 1,
        sales: 20,
        commission: 2,
        payable: 18,
      },
    ]);
    expect(data.totals).toEqual({ units: 5, sales: 95.47, commission: 11.44, payable: 84.03 });
    expect(data.from).toBe(madridDay(-1));
  });

  it('reads whole company days: the old sale counts in its own period only', async () => {
    const june = (await report({ from: '2020-06-15', to: '2020-06-15' })).body.data as SupplierSettlement;
    expect(june.suppliers.map((i) => [i.supplierName, i.units, i.sales, i.commission])).toEqual([
      ['Barro', 7, 140, 14],
    ]);
    const before = (await report({ from: '2020-06-01', to: '2020-06-14' })).body.data as SupplierSettlement;
    expect(before.suppliers).toEqual([]);
    expect(before.totals).toEqual({ units: 0, sales: 0, commission: 0, payable: 0 });
  });

  it('exports a CSV a Spanish spreadsheet opens', async () => {
    const lines = csvFileLines(
      await download('csv'),
      `liquidacion-proveedores-${madridDay(-1)}-${madridDay(1)}.csv`,
    );
    expect(lines).toEqual([
      'Proveedor;Unidades;Ventas;Comisión;A pagar',
      'Aromas;4;75,47;9,44;66,03',
      'Barro;1;20,00;2,00;18,00',
      'Total;5;95,47;11,44;84,03',
    ]);
  });

  it('exports an XLSX workbook: bold frozen header, units and amounts as numbers in euros', async () => {
    const workbook = await xlsxFile(
      await download('xlsx'),
      `liquidacion-proveedores-${madridDay(-1)}-${madridDay(1)}.xlsx`,
    );
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Liquidación']);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Proveedor',
      'Unidades',
      'Ventas',
      'Comisión',
      'A pagar',
    ]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Aromas', 4, 75.47, 9.44, 66.03]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'Barro', 1, 20, 2, 18]);
    const totals = sheet.getRow(4);
    expect(totals.values).toEqual([undefined, 'Total', 5, 95.47, 11.44, 84.03]);
    expect(totals.font?.bold).toBe(true);
    for (const column of [3, 4, 5]) expect(totals.getCell(column).numFmt).toBe('#,##0.00 "€"');
    expect(totals.getCell(2).numFmt).toBe('0');
    expect(sheet.rowCount).toBe(4);
  });

  it('refuses a period that ends before it starts, or bad dates', async () => {
    await expectQueryRefusals(report, [
      [{ from: '2026-02-01', to: '2026-01-31' }, 'to'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
      [{ from: '2020-01-01', to: '2026-01-01' }, 'to'],
      [{ to: '2026-01-01' }, 'from'],
    ]);
  });
});
