import type { SalesReport } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/modules/orders/orders.table.js';
import { products } from '../src/modules/products/products.table.js';
import {
  createProduct,
  csvFileLines,
  downloadReport,
  expectQueryRefusals,
  reportData,
  xlsxFile,
} from './factories.js';
import { buildTestApp, call, createEmployee, type TestApp } from './helpers.js';
import { created, type Order, openRegister, type SalesCompany, salesCompany } from './sales-fixtures.js';

/**
 * GET /admin/reports/sales on a hand-built set of sales and refunds in a Europe/Madrid company, each
 * paid at a chosen instant: the company's days (23:30 on 31 December is December), refunds in their own
 * period, partial and whole, every payment method (credit included), products and types, the refunds'
 * list and its cap, permissions, validation and the files.
 */
let t: TestApp;
let c: SalesCompany;
let bonoId: number;
const ids: Record<string, Order> = {};

const report = (query: Record<string, string>, token = c.token) =>
  call(t, 'GET', '/v1/admin/reports/sales', { token, query });

const dataOf = async (query: Record<string, string>) => reportData<SalesReport>(await report(query));

const download = (format: string, from = '2025-12-01', to = '2025-12-31') =>
  downloadReport(t, c.token, '/v1/admin/reports/sales', { from, to, format });

async function sell(payload: Record<string, unknown>, paidAt: string): Promise<Order> {
  const order = await created(
    await call(t, 'POST', '/v1/admin/orders', { token: c.token, payload: { status: 'paid', ...payload } }),
  );
  await paidOn(order.id, paidAt);
  return order;
}

async function refund(saleId: number, payload: Record<string, unknown>, paidAt: string): Promise<Order> {
  const order = await created(
    await call(t, 'POST', `/v1/admin/orders/${saleId}/refund`, { token: c.token, payload }),
  );
  await paidOn(order.id, paidAt);
  return order;
}

const paidOn = (id: number, paidAt: string) =>
  t.database.db
    .update(orders)
    .set({ paymentDate: new Date(paidAt) })
    .where(eq(orders.id, id));

const none = { salesCount: 0, sales: 0, refundsCount: 0, refunds: 0, net: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  c = await salesCompany(t);
  await openRegister(t, c.token);
  const bono = await createProduct(t, c.token, { taxId: c.taxId, name: 'Bono', type: 'credit', price: 20 });
  bonoId = bono.id;
  await t.database.db.update(products).set({ creditCents: 2000 }).where(eq(products.id, bono.id));

  // December 2025 (CET, UTC+1).
  // S5: Ana buys 20 € of credit by transfer on 5 December; S4: she pays an oil (10 €) with it on the 6th.
  ids.s5 = await sell(
    {
      customerId: c.customerId,
      paymentMethod: 'transfer',
      lines: [{ productId: bonoId, quantity: 1, unitPrice: 20 }],
    },
    '2025-12-05T10:00:00Z',
  );
  ids.s4 = await sell(
    {
      customerId: c.customerId,
      paymentMethod: 'credit',
      lines: [{ productId: c.oilId, quantity: 1, unitPrice: 10 }],
    },
    '2025-12-06T10:00:00Z',
  );
  // S1: two massages with 5 € off (85 €) and an oil (10 €) by transfer, 10 December.
  ids.s1 = await sell(
    {
      customerId: c.customerId,
      paymentMethod: 'transfer',
      lines: [
        { productId: c.massageId, quantity: 2, unitPrice: 45, discount: 5 },
        { productId: c.oilId, quantity: 1, unitPrice: 10 },
      ],
    },
    '2025-12-10T10:00:00Z',
  );
  const [massageLine, oilLine] = ids.s1.lines as { id: number }[];
  // R1: one massage back (42,50 €) on 20 December; R2: the oil back (10 €) on 15 January.
  ids.r1 = await refund(
    ids.s1.id,
    { lines: [{ lineId: massageLine!.id, quantity: 1 }] },
    '2025-12-20T12:00:00Z',
  );
  ids.r2 = await refund(ids.s1.id, { lines: [{ lineId: oilLine!.id, quantity: 1 }] }, '2026-01-15T12:00:00Z');
  // S2: three oils in cash at 23:30 local on 31 December (22:30 UTC): December.
  ids.s2 = await sell(
    { paymentMethod: 'cash', lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10 }] },
    '2025-12-31T22:30:00Z',
  );
  // S3: a massage by external billing at 00:30 local on 1 January (31 December 23:30 UTC): January;
  // R3 gives it all back on 20 January (S3 turns refunded and still counts as a January sale).
  ids.s3 = await sell(
    { paymentMethod: 'external_billing', lines: [{ productId: c.massageId, quantity: 1, unitPrice: 45 }] },
    '2025-12-31T23:30:00Z',
  );
  ids.r3 = await refund(ids.s3.id, {}, '2026-01-20T09:00:00Z');
  // Never counted: a draft and an order awaiting payment.
  for (const status of ['draft', 'awaiting_payment'])
    await created(
      await call(t, 'POST', '/v1/admin/orders', {
        token: c.token,
        payload: {
          status,
          customerId: c.customerId,
          paymentMethod: 'transfer',
          lines: [{ productId: c.oilId, quantity: 9, unitPrice: 10 }],
        },
      }),
    );
});

afterAll(async () => {
  await t?.close();
});

describe('the sales report', () => {
  it('adds up December by payment method, credit included, 23:30 on the 31st in', async () => {
    const data = await dataOf({ from: '2025-12-01', to: '2025-12-31' });
    expect(data.from).toBe('2025-12-01');
    expect(data.byPaymentMethod).toEqual([
      { paymentMethod: 'cash', salesCount: 1, sales: 30, refundsCount: 0, refunds: 0, net: 30 },
      { paymentMethod: 'online', ...none },
      { paymentMethod: 'card', ...none },
      { paymentMethod: 'transfer', salesCount: 2, sales: 115, refundsCount: 1, refunds: 42.5, net: 72.5 },
      { paymentMethod: 'external_billing', ...none },
      { paymentMethod: 'credit', salesCount: 1, sales: 10, refundsCount: 0, refunds: 0, net: 10 },
    ]);
    expect(data.totals).toEqual({ salesCount: 4, sales: 155, refundsCount: 1, refunds: 42.5, net: 112.5 });
  });

  it('gives per product the units sold minus refunded and the money both ways, and per type', async () => {
    const data = await dataOf({ from: '2025-12-01', to: '2025-12-31' });
    expect(data.byProduct).toEqual([
      {
        productId: c.oilId,
        productName: 'Aceite',
        productType: 'regular',
        units: 5,
        salesCount: 3,
        sales: 50,
        refundsCount: 0,
        refunds: 0,
        net: 50,
      },
      {
        productId: c.massageId,
        productName: 'Masaje',
        productType: 'bookable',
        units: 1,
        salesCount: 1,
        sales: 85,
        refundsCount: 1,
        refunds: 42.5,
        net: 42.5,
      },
      {
        productId: bonoId,
        productName: 'Bono',
        productType: 'credit',
        units: 1,
        salesCount: 1,
        sales: 20,
        refundsCount: 0,
        refunds: 0,
        net: 20,
      },
    ]);
    expect(data.byProductType).toEqual([
      { productType: 'credit', units: 1, salesCount: 1, sales: 20, refundsCount: 0, refunds: 0, net: 20 },
      {
        productType: 'bookable',
        units: 1,
        salesCount: 1,
        sales: 85,
        refundsCount: 1,
        refunds: 42.5,
        net: 42.5,
      },
      { productType: 'regular', units: 5, salesCount: 3, sales: 50, refundsCount: 0, refunds: 0, net: 50 },
    ]);
  });

  it('counts a refund in the period it was paid, apart from its sale, and lists it', async () => {
    const december = await dataOf({ from: '2025-12-01', to: '2025-12-31' });
    expect(december.refunds).toEqual([
      {
        orderId: ids.r1.id,
        code: ids.r1.code,
        originalOrderId: ids.s1.id,
        originalCode: ids.s1.code,
        paymentDate: '2025-12-20T12:00:00.000Z',
        paymentMethod: 'transfer',
        amount: 42.5,
        customerName: 'Ana García',
      },
    ]);
    const january = await dataOf({ from: '2026-01-01', to: '2026-01-31' });
    expect(january.totals).toEqual({ salesCount: 1, sales: 45, refundsCount: 2, refunds: 55, net: -10 });
    expect(january.byPaymentMethod.find((m) => m.paymentMethod === 'external_billing')).toEqual({
      paymentMethod: 'external_billing',
      salesCount: 1,
      sales: 45,
      refundsCount: 1,
      refunds: 45,
      net: 0,
    });
    expect(
      january.byProduct.map((p) => [
        p.productName,
        p.units,
        p.salesCount,
        p.sales,
        p.refundsCount,
        p.refunds,
        p.net,
      ]),
    ).toEqual([
      ['Masaje', 0, 1, 45, 1, 45, 0],
      ['Aceite', -1, 0, 0, 1, 10, -10],
    ]);
    // Newest first; the sale without a customer gives a refund without one.
    expect(january.refunds.map((r) => [r.orderId, r.amount, r.customerName])).toEqual([
      [ids.r3.id, 45, null],
      [ids.r2.id, 10, 'Ana García'],
    ]);
  });

  it('reads whole company days: 31 December local holds 23:30, 1 January holds 00:30', async () => {
    const last = await dataOf({ from: '2025-12-31', to: '2025-12-31' });
    expect(last.totals).toEqual({ salesCount: 1, sales: 30, refundsCount: 0, refunds: 0, net: 30 });
    const first = await dataOf({ from: '2026-01-01', to: '2026-01-01' });
    expect(first.totals).toEqual({ salesCount: 1, sales: 45, refundsCount: 0, refunds: 0, net: 45 });
    const empty = await dataOf({ from: '2025-11-01', to: '2025-11-30' });
    expect(empty.totals).toEqual(none);
    expect(empty.byProduct).toEqual([]);
    expect(empty.byProductType).toEqual([]);
    expect(empty.refunds).toEqual([]);
    expect(empty.byPaymentMethod).toHaveLength(6);
  });

  it('lists the newest 200 refunds; the file has them all', async () => {
    // 201 refunds of a cent on 1–2 June 2024, written as rows (no lines: the list reads the orders).
    const base = Date.parse('2024-06-01T08:00:00Z');
    await t.database.db.insert(orders).values(
      Array.from({ length: 201 }, (_, i) => ({
        licenseId: c.license.id,
        code: 900_000 + i,
        status: 'paid' as const,
        paymentMethod: 'transfer' as const,
        taxBaseCents: -1,
        totalCents: -1,
        paymentDate: new Date(base + i * 600_000),
        originalOrderId: ids.s1.id,
      })),
    );
    const data = await dataOf({ from: '2024-06-01', to: '2024-06-02' });
    expect(data.refunds).toHaveLength(200);
    expect(data.refunds[0]!.code).toBe(900_200);
    expect(data.refunds.at(-1)!.code).toBe(900_001);
    expect(data.totals).toEqual({ salesCount: 0, sales: 0, refundsCount: 201, refunds: 2.01, net: -2.01 });
    const lines = csvFileLines(
      await download('csv', '2024-06-01', '2024-06-02'),
      'informe-ventas-2024-06-01-2024-06-02.csv',
    );
    const header = lines.indexOf('Devoluciones');
    expect(lines.slice(header + 2)).toHaveLength(201);
  });

  it('needs orders_find', async () => {
    const without = await createEmployee(t, c.code, c.token, [
      { scope: 'can_do', permission: 'bookings_find' },
    ]);
    expect((await report({ from: '2025-12-01', to: '2025-12-31' }, without.token)).status).toBe(403);
    const reader = await createEmployee(t, c.code, c.token, [{ scope: 'can_do', permission: 'orders_find' }]);
    const res = await report({ from: '2025-12-01', to: '2025-12-31' }, reader.token);
    expect(res.status).toBe(200);
    expect(res.body.data.totals.net).toBe(112.5);
  });

  it('refuses bad input naming the field', async () => {
    await expectQueryRefusals(report, [
      [{ from: '2025-12-32', to: '2025-12-31' }, 'from'],
      [{ from: '2025-12-02', to: '2025-12-01' }, 'to'],
      [{ from: '2022-01-01', to: '2025-12-31' }, 'to'],
      [{ from: '2025-12-01' }, 'to'],
      [{ from: '2025-12-01', to: '2025-12-31', format: 'pdf' }, 'format'],
    ]);
  });
});

describe('the sales report as a file', () => {
  it('exports a CSV a Spanish spreadsheet opens, each table under its name', async () => {
    const lines = csvFileLines(await download('csv'), 'informe-ventas-2025-12-01-2025-12-31.csv');
    const figures = 'Ventas;Importe vendido;Devoluciones;Importe devuelto;Neto';
    expect(lines).toEqual([
      'Por método de pago',
      `Método de pago;${figures}`,
      'Efectivo;1;30,00;0;0,00;30,00',
      'Online;0;0,00;0;0,00;0,00',
      'Tarjeta;0;0,00;0;0,00;0,00',
      'Transferencia;2;115,00;1;42,50;72,50',
      'Facturación externa;0;0,00;0;0,00;0,00',
      'Saldo del cliente;1;10,00;0;0,00;10,00',
      'Total;4;155,00;1;42,50;112,50',
      '',
      'Por producto',
      `Producto;Tipo;Unidades;${figures}`,
      'Aceite;Producto;5;3;50,00;0;0,00;50,00',
      'Masaje;Servicio reservable;1;1;85,00;1;42,50;42,50',
      'Bono;Saldo;1;1;20,00;0;0,00;20,00',
      '',
      'Por tipo de producto',
      `Tipo;Unidades;${figures}`,
      'Saldo;1;1;20,00;0;0,00;20,00',
      'Servicio reservable;1;1;85,00;1;42,50;42,50',
      'Producto;5;3;50,00;0;0,00;50,00',
      '',
      'Devoluciones',
      'Devolución;Venta;Fecha de pago;Método de pago;Importe;Cliente',
      `${ids.r1.code};${ids.s1.code};2025-12-20 13:00;Transferencia;42,50;Ana García`,
    ]);
  });

  it('exports an XLSX workbook: a sheet per table, bold headers, amounts in euros, local dates', async () => {
    const workbook = await xlsxFile(await download('xlsx'), 'informe-ventas-2025-12-01-2025-12-31.xlsx');
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Por método de pago',
      'Por producto',
      'Por tipo de producto',
      'Devoluciones',
    ]);
    const methods = workbook.getWorksheet('Por método de pago')!;
    expect(methods.getRow(1).font?.bold).toBe(true);
    const transfer = methods.getRow(5);
    expect(transfer.values).toEqual([undefined, 'Transferencia', 2, 115, 1, 42.5, 72.5]);
    expect(transfer.getCell(3).numFmt).toBe('#,##0.00 "€"');
    expect(transfer.getCell(6).numFmt).toBe('#,##0.00 "€"');
    expect(methods.getRow(8).values).toEqual([undefined, 'Total', 4, 155, 1, 42.5, 112.5]);
    const byProduct = workbook.getWorksheet('Por producto')!;
    expect(byProduct.getRow(3).values).toEqual([
      undefined,
      'Masaje',
      'Servicio reservable',
      1,
      1,
      85,
      1,
      42.5,
      42.5,
    ]);
    const refunds = workbook.getWorksheet('Devoluciones')!;
    const r1 = refunds.getRow(2);
    expect(r1.getCell(1).value).toBe(ids.r1.code);
    // 13:00 on the company's clock (12:00 UTC), as the spreadsheet shows it.
    expect(r1.getCell(3).value).toEqual(new Date('2025-12-20T13:00:00Z'));
    expect(r1.getCell(3).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(r1.getCell(5).value).toBe(42.5);
    expect(r1.getCell(6).value).toBe('Ana García');
  });
});
