import { ErrorCode } from '@mostrador/contract';
import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import {
  companySettings,
  invoiceDocuments,
  mailAttachments,
  mails,
  verifactuRecords,
} from '../src/db/schema.js';
import { huellaOf, type VerifactuRecord } from '../src/integrations/verifactu/records.js';
import { createCustomer, csvFileLines, downloadReport, xlsxFile } from './factories.js';
import { buildTestApp, call, createLicense, expectError, failingFields, type TestApp } from './helpers.js';
import { appOn } from './mail-jobs-support.js';
import { created, createOrder, openCompany, type SalesCompany } from './sales-fixtures.js';

// Invoices: gapless numbers per series and year, full invoices that need the customer's tax id,
// simplified invoices of paid sales, rectifying invoices of refunds, annulments, and the Verifactu
// records chained with their huellas. Rows are immutable once issued.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const year = Number(
  new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(new Date()),
);
const code = (prefix: string, n: number) => `${prefix}${year}-${String(n).padStart(6, '0')}`;

const billing = {
  legalName: 'Masajes Aurora S.L.',
  street: 'Calle Mayor 1',
  postalCode: '28013',
  city: 'Madrid',
  state: 'Madrid',
  country: 'España',
  fullSeries: '',
  simplifiedSeries: 'T',
  rectifyingSeries: 'R',
  simplifiedInvoices: false,
  simplifiedInvoiceLimit: 400,
};

async function billingCompany(options: { simplified?: boolean } = {}) {
  const c = await openCompany(t);
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      billing: { ...billing, simplifiedInvoices: options.simplified ?? false },
      verifactu: { status: false, environment: 'test', taxId: 'B12345674' },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const customer = await createCustomer(t, c.token, {
    name: 'Ana',
    surname: 'García',
    company: 'Estudio Ana S.L.',
    vat: 'b-87654321',
    street: 'Gran Vía',
    streetNumber: '5',
    postalCode: '28004',
    city: 'Madrid',
    country: 'España',
  });
  return { ...c, invoiceCustomerId: customer.id };
}
type BillingCompany = Awaited<ReturnType<typeof billingCompany>>;

/** Switches Verifactu on as the billing screen leaves it once the certificate is uploaded. */
async function verifactuOn(c: SalesCompany) {
  const [row] = await t.database.db
    .select({ data: companySettings.data })
    .from(companySettings)
    .where(eq(companySettings.licenseId, c.license.id));
  const data = row!.data as Record<string, Record<string, unknown>>;
  data.verifactu = {
    ...data.verifactu,
    status: true,
    certificate: {
      holder: 'Masajes Aurora',
      taxId: 'B12345674',
      issuer: 'Test CA',
      notBefore: '2025-01-01T00:00:00.000Z',
      notAfter: '2030-01-01T00:00:00.000Z',
    },
  };
  await t.database.db
    .update(companySettings)
    .set({ data })
    .where(eq(companySettings.licenseId, c.license.id));
}

const invoice = (c: SalesCompany, orderId: number, payload: Record<string, unknown> = {}) =>
  call(t, 'POST', `/v1/admin/orders/${orderId}/invoice`, { token: c.token, payload });
const getOrder = async (c: SalesCompany, id: number) =>
  (await call(t, 'GET', `/v1/admin/orders/${id}`, { token: c.token })).body.data;
const refund = (c: SalesCompany, id: number, payload: Record<string, unknown> = {}) =>
  call(t, 'POST', `/v1/admin/orders/${id}/refund`, { token: c.token, payload });
const annul = (c: SalesCompany, id: number, reason = 'Emitida por error') =>
  call(t, 'POST', `/v1/admin/invoices/${id}/annul`, { token: c.token, payload: { reason } });
const sale = async (c: BillingCompany, payload: Record<string, unknown> = {}) =>
  created(await createOrder(t, c, { customerId: c.invoiceCustomerId, ...payload }));

describe('POST /admin/orders/{id}/invoice: the full invoice of a paid sale', () => {
  it('numbers it in the full series of the year, copies issuer, recipient, lines and VAT per rate, and records its code on the order', async () => {
    const c = await billingCompany();
    const order = await sale(c);
    const res = await invoice(c, order.id);
    const inv = await created(res);
    expect(inv).toMatchObject({
      code: code('', 1),
      type: 'F1',
      series: 'full',
      orderId: order.id,
      orderCode: order.code,
      customerId: c.invoiceCustomerId,
      language: 'es',
      issuer: {
        name: 'Masajes Aurora S.L.',
        taxId: 'B12345674',
        address: ['Calle Mayor 1', '28013 Madrid', 'Madrid, España'],
      },
      recipient: {
        name: 'Estudio Ana S.L.',
        taxId: 'B87654321',
        address: ['Gran Vía 5', '28004 Madrid', 'España'],
      },
      rectifiedInvoice: null,
      annulment: null,
      verifactu: [],
    });
    // Two massages, 5 € off (85 € at 21 %), an oil (10 € at 10 %).
    expect(inv.lines.map((l: { description: string; total: number }) => [l.description, l.total])).toEqual([
      ['Masaje', 85],
      ['Aceite', 10],
    ]);
    expect(inv.taxes).toEqual([
      { taxPercentage: 10, taxBase: 9.09, tax: 0.91 },
      { taxPercentage: 21, taxBase: 70.25, tax: 14.75 },
    ]);
    expect(inv).toMatchObject({ taxBase: 79.34, tax: 15.66, total: 95 });
    expect((await getOrder(c, order.id)).invoiceCode).toBe(inv.code);
    // The next one follows without a gap; a second invoice of the same order is refused.
    expect((await created(await invoice(c, (await sale(c)).id))).code).toBe(code('', 2));
    expectError(await invoice(c, order.id), 409, ErrorCode.orderAlreadyInvoiced);
    // An invoiced order cannot be deleted, nor change customer.
    expectError(
      await call(t, 'DELETE', `/v1/admin/orders/${order.id}`, { token: c.token }),
      409,
      ErrorCode.orderHasInvoice,
    );
    // Listed, newest first, searchable by the recipient's tax id.
    const list = await call(t, 'GET', '/v1/admin/invoices?query=B8765', { token: c.token });
    expect(list.body.data.items.map((i: { code: string }) => i.code)).toEqual([code('', 2), code('', 1)]);
    expect(list.body.data.items[1]).toMatchObject({
      type: 'F1',
      total: 95,
      annulled: false,
      verifactuState: null,
    });
  });

  it('sets the customer chosen in the dialog, and refuses what cannot be invoiced, writing nothing', async () => {
    const c = await billingCompany();
    const noVat = await createCustomer(t, c.token, { name: 'Sin NIF' });
    const badVat = await createCustomer(t, c.token, { name: 'NIF raro', vat: '123' });
    const other = await billingCompany();

    const draft = await created(await createOrder(t, c, { status: 'draft', paymentMethod: 'transfer' }));
    expectError(await invoice(c, draft.id), 409, ErrorCode.invoiceOrderNotPaid);
    const anonymous = await created(await createOrder(t, c));
    expectError(await invoice(c, anonymous.id), 409, ErrorCode.invoiceWithoutCustomer);
    expectError(
      await invoice(c, anonymous.id, { customerId: noVat.id }),
      409,
      ErrorCode.invoiceCustomerWithoutTaxId,
    );
    expectError(
      await invoice(c, anonymous.id, { customerId: badVat.id }),
      409,
      ErrorCode.invoiceCustomerTaxIdInvalid,
    );
    const theirs = await invoice(c, anonymous.id, { customerId: other.invoiceCustomerId });
    expect(theirs.status).toBe(400);
    expect(failingFields(theirs)).toEqual(['customerId']);
    expect((await invoice(other, anonymous.id)).status).toBe(404);
    const back = await created(await refund(c, anonymous.id));
    expectError(await invoice(c, back.id), 409, ErrorCode.refundNotInvoiceable);
    // Nothing was numbered by the refusals.
    const inv = await created(await invoice(c, anonymous.id, { customerId: c.invoiceCustomerId }));
    expect(inv.code).toBe(code('', 1));
    const order = await getOrder(c, anonymous.id);
    expect(order).toMatchObject({
      customerId: c.invoiceCustomerId,
      invoiceCode: inv.code,
      status: 'refunded',
    });
    // The refund made before the invoice got its rectifying invoice with it.
    const rectified = await getOrder(c, back.id);
    expect(rectified.invoiceCode).toBe(code('R', 1));
  });

  it('needs the billing data first (1000149) and orders_edit', async () => {
    const c = await openCompany(t);
    const customer = await createCustomer(t, c.token, { name: 'Ana', vat: 'B87654321' });
    const order = await created(await createOrder(t, c, { customerId: customer.id }));
    await call(t, 'PUT', '/v1/admin/settings', { token: c.token, payload: { vat: null } });
    expectError(await invoice(c, order.id), 409, ErrorCode.billingNotConfigured);
    const owner = await createLicense(t);
    expect(
      (await call(t, 'POST', `/v1/admin/orders/${order.id}/invoice`, { token: owner.token, payload: {} }))
        .status,
    ).toBe(404);
  });
});

describe('numbers are gapless under parallel requests', () => {
  it('50 parallel invoices of 50 sales take 50 distinct numbers, 1 to 50', async () => {
    const c = await billingCompany();
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await sale(c));
    const answers = await Promise.all(orders.map((o) => invoice(c, o.id)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
    const numbers = answers.map((a) => Number(a.body.data.code.split('-')[1])).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('parallel requests for one sale issue one invoice; the others are refused', async () => {
    const c = await billingCompany();
    const order = await sale(c);
    const answers = await Promise.all(Array.from({ length: 8 }, () => invoice(c, order.id)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201))
      expectError(a, 409, ErrorCode.orderAlreadyInvoiced);
    expect((await created(await invoice(c, (await sale(c)).id))).code).toBe(code('', 2));
  });
});

describe('refunds of invoiced sales are rectified by difference', () => {
  it('an R1 by default, or the reason chosen, referencing the original, with negative amounts', async () => {
    const c = await billingCompany();
    const order = await sale(c);
    const original = await created(await invoice(c, order.id));
    const oil = order.lines.find((l: { productId: number }) => l.productId === c.oilId);
    const partial = await created(await refund(c, order.id, { lines: [{ lineId: oil.id, quantity: 1 }] }));
    expect(partial.invoiceCode).toBe(code('R', 1));
    const [rect] = (await call(t, 'GET', `/v1/admin/orders/${partial.id}/invoices`, { token: c.token })).body
      .data;
    expect(rect).toMatchObject({
      code: code('R', 1),
      type: 'R1',
      series: 'rectifying',
      rectifiedInvoice: { id: original.id, code: original.code },
      recipient: original.recipient,
      taxes: [{ taxPercentage: 10, taxBase: -9.09, tax: -0.91 }],
      total: -10,
    });
    const rest = await created(await refund(c, order.id, { rectificationReason: 'R4' }));
    const [r4] = (await call(t, 'GET', `/v1/admin/orders/${rest.id}/invoices`, { token: c.token })).body.data;
    expect(r4).toMatchObject({ code: code('R', 2), type: 'R4', total: -85 });
    // The original cannot be annulled while rectifying invoices stand.
    expectError(await annul(c, original.id), 409, ErrorCode.invoiceHasRectifications);
    const bad = await refund(c, (await sale(c)).id, { rectificationReason: 'R9' });
    expect(failingFields(bad)).toEqual(['rectificationReason']);
  });
});

describe('simplified invoices', () => {
  it('every paid sale within the limit gets one; a full invoice later replaces it (F3); its refund is an R5', async () => {
    const c = await billingCompany({ simplified: true });
    const ticket = await created(await createOrder(t, c));
    expect(ticket.invoiceCode).toBe(code('T', 1));
    const [f2] = (await call(t, 'GET', `/v1/admin/orders/${ticket.id}/invoices`, { token: c.token })).body
      .data;
    expect(f2).toMatchObject({ type: 'F2', series: 'simplified', recipient: null, total: 95 });
    // A draft gets none until it is paid.
    const draft = await created(await createOrder(t, c, { status: 'draft', paymentMethod: 'transfer' }));
    expect(draft.invoiceCode).toBeNull();
    // Above the limit (400 €): none.
    const big = await created(
      await createOrder(t, c, { lines: [{ productId: c.massageId, quantity: 10, unitPrice: 45 }] }),
    );
    expect(big.invoiceCode).toBeNull();
    // The buyer asks for a full invoice: an F3 replacing the ticket.
    const f3 = await created(await invoice(c, ticket.id, { customerId: c.invoiceCustomerId }));
    expect(f3).toMatchObject({
      type: 'F3',
      code: code('', 1),
      replacedInvoice: { id: f2.id, code: f2.code },
    });
    expect((await getOrder(c, ticket.id)).invoiceCode).toBe(f3.code);
    // A sale with only its ticket is rectified by an R5, without recipient.
    const other = await created(await createOrder(t, c));
    const back = await created(await refund(c, other.id));
    const [r5] = (await call(t, 'GET', `/v1/admin/orders/${back.id}/invoices`, { token: c.token })).body.data;
    expect(r5).toMatchObject({ type: 'R5', recipient: null, total: -95 });
  });
});

describe('annulling an invoice issued by mistake', () => {
  it('keeps its number used, frees the order to be invoiced again, and is not repeated', async () => {
    const c = await billingCompany();
    const order = await sale(c);
    const first = await created(await invoice(c, order.id));
    const res = await annul(c, first.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.annulment).toMatchObject({
      reason: 'Emitida por error',
      annulledBy: expect.any(Number),
    });
    expect((await getOrder(c, order.id)).invoiceCode).toBeNull();
    expectError(await annul(c, first.id), 409, ErrorCode.invoiceAlreadyAnnulled);
    const again = await created(await invoice(c, order.id));
    expect(again.code).toBe(code('', 2));
    const list = await call(
      t,
      'GET',
      `/v1/admin/invoices?filters=${encodeURIComponent(JSON.stringify({ annulled: { eq: true } }))}`,
      { token: c.token },
    );
    expect(list.body.data.items.map((i: { id: number }) => i.id)).toEqual([first.id]);
    expect(failingFields(await annul(c, again.id, ''))).toEqual(['reason']);
    const other = await billingCompany();
    expect((await annul(other, again.id)).status).toBe(404);
  });
});

describe('Verifactu records', () => {
  it('each invoice an alta and each annulment an anulación, chained by their huellas', async () => {
    const c = await billingCompany();
    await verifactuOn(c);
    const a = await created(await invoice(c, (await sale(c)).id));
    const b = await created(await invoice(c, (await sale(c)).id));
    await annul(c, a.id);
    const rows = await t.database.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.licenseId, c.license.id))
      .orderBy(verifactuRecords.seq);
    expect(rows.map((r) => [r.seq, r.kind, r.numSerie, r.state])).toEqual([
      [1, 'alta', a.code, 'pending'],
      [2, 'alta', b.code, 'pending'],
      [3, 'anulacion', a.code, 'pending'],
    ]);
    expect(rows[0]!.previousHash).toBeNull();
    expect((rows[0]!.payload as { Encadenamiento: unknown }).Encadenamiento).toBe('PrimerRegistro');
    expect(rows[1]!.previousHash).toBe(rows[0]!.hash);
    expect(rows[2]!.previousHash).toBe(rows[1]!.hash);
    for (const r of rows) {
      expect(r.hash).toMatch(/^[0-9A-F]{64}$/);
      expect(huellaOf(r.payload as unknown as VerifactuRecord)).toBe(r.hash);
    }
    expect(rows[0]).toMatchObject({
      issuerTaxId: 'B12345674',
      invoiceType: 'F1',
      totalTax: '15.66',
      totalAmount: '95.00',
    });
    const shown = (await call(t, 'GET', `/v1/admin/invoices/${a.id}`, { token: c.token })).body.data;
    expect(shown.verifactu.map((r: { kind: string; state: string }) => [r.kind, r.state])).toEqual([
      ['alta', 'pending'],
      ['anulacion', 'pending'],
    ]);
  });

  it('are never written when AEAT would refuse them: a VAT rate Spain does not have is 1000157, nothing numbered', async () => {
    const c = await billingCompany();
    await verifactuOn(c);
    const odd = await call(t, 'POST', '/v1/admin/taxes', {
      token: c.token,
      payload: { name: 'IVA 15%', percentage: 15 },
    });
    const product = await call(t, 'POST', '/v1/admin/products', {
      token: c.token,
      payload: { name: 'Raro', type: 'regular', price: 23, taxType: odd.body.data.id },
    });
    const order = await sale(c, { lines: [{ productId: product.body.data.id, quantity: 1, unitPrice: 23 }] });
    const res = await invoice(c, order.id);
    expectError(res, 409, ErrorCode.verifactuRecordInvalid);
    expect(res.body.error.details[0].field).toMatch(/TipoImpositivo/);
    expect((await getOrder(c, order.id)).invoiceCode).toBeNull();
    expect((await created(await invoice(c, (await sale(c)).id))).code).toBe(code('', 1));
  });

  it('are immutable but for their submission state, as invoices are; they go only with their license', async () => {
    const c = await billingCompany();
    await verifactuOn(c);
    const inv = await created(await invoice(c, (await sale(c)).id));
    const db = t.database.db;
    await expect(db.execute(sql`update invoices set total_cents = 1 where id = ${inv.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from invoices where id = ${inv.id}`)).rejects.toThrow();
    await expect(
      db.execute(sql`update verifactu_records set hash = 'X' where invoice_id = ${inv.id}`),
    ).rejects.toThrow();
    await db.execute(
      sql`update verifactu_records set state = 'correct', attempts = 1 where invoice_id = ${inv.id}`,
    );
    await db.execute(sql`delete from licenses where id = ${c.license.id}`);
    const left = (await db.execute(
      sql`select count(*)::int as n from invoices where license_id = ${c.license.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(left.rows[0]!.n).toBe(0);
  });
});

async function pdfText(data: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

describe('the invoice as a PDF, and by mail', () => {
  it('renders once and keeps it; an annulled one is marked; it goes by mail with the PDF attached', async () => {
    const c = await billingCompany();
    await verifactuOn(c);
    const inv = await created(await invoice(c, (await sale(c)).id));
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/invoices/${inv.id}/pdf`,
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain(`factura-${inv.code}.pdf`);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      inv.code,
      'Masajes Aurora S.L.',
      'B12345674',
      'Estudio Ana S.L.',
      'B87654321',
      'QR tributario:',
      'VERI*FACTU',
    ])
      expect(text).toContain(expected);
    const [kept] = await t.database.db
      .select()
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.invoiceId, inv.id));
    expect(kept).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/invoices/${inv.id}/pdf`,
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    // By mail: to the customer of the invoice, who has no email here: 1000143; to another customer's.
    expectError(
      await call(t, 'POST', `/v1/admin/invoices/${inv.id}/mail`, { token: c.token, payload: {} }),
      409,
      ErrorCode.noEmailToSendTo,
    );
    expectError(
      await call(t, 'POST', `/v1/admin/invoices/${inv.id}/mail`, {
        token: c.token,
        payload: { email: 'nadie@example.es' },
      }),
      404,
      ErrorCode.noCustomerWithEmail,
    );
    const mailed = await call(t, 'POST', `/v1/admin/invoices/${inv.id}/mail`, {
      token: c.token,
      payload: { email: 'ana@example.es' },
    });
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(201);
    expect(mailed.body.data).toMatchObject({
      kind: 'invoice',
      contactEmail: 'ana@example.es',
      status: 'waiting',
    });
    expect(mailed.body.data.subject).toContain(inv.code);
    const attached = await t.database.db
      .select({ fileId: mailAttachments.fileId })
      .from(mailAttachments)
      .innerJoin(mails, eq(mails.id, mailAttachments.mailId))
      .where(eq(mails.id, mailed.body.data.id));
    expect(attached.map((a) => a.fileId)).toContain(kept!.fileId);
    // Annulled: marked on the PDF, and not sent any more.
    await annul(c, inv.id);
    const annulledPdf = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/invoices/${inv.id}/pdf`,
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(await pdfText(annulledPdf.rawPayload)).toMatch(/ANULADA/i);
    expectError(
      await call(t, 'POST', `/v1/admin/invoices/${inv.id}/mail`, {
        token: c.token,
        payload: { email: 'ana@example.es' },
      }),
      409,
      ErrorCode.invoiceAlreadyAnnulled,
    );
    const other = await billingCompany();
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/invoices/${inv.id}/pdf`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('GET /admin/reports/invoicing-by-product', () => {
  it('adds up invoiced amounts per product and month, rectifying invoices subtracting, annulled and replaced ones left out', async () => {
    const c = await billingCompany({ simplified: true });
    // A ticket (F2) later replaced by an F3: counted once. Another ticket refunded in part (R5).
    const replaced = await created(await createOrder(t, c));
    await created(await invoice(c, replaced.id, { customerId: c.invoiceCustomerId }));
    const ticket = await created(await createOrder(t, c));
    const oil = ticket.lines.find((l: { productId: number }) => l.productId === c.oilId);
    await created(await refund(c, ticket.id, { lines: [{ lineId: oil.id, quantity: 1 }] }));
    // An annulled full invoice: not counted.
    const annulledOrder = await created(
      await createOrder(t, c, { lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10 }] }),
    );
    const [f2] = (await call(t, 'GET', `/v1/admin/orders/${annulledOrder.id}/invoices`, { token: c.token }))
      .body.data;
    await annul(c, f2.id);
    const res = await call(t, 'GET', `/v1/admin/reports/invoicing-by-product?year=${year}`, {
      token: c.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const month = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Madrid', month: 'numeric' }).format(new Date()),
    );
    const byName = Object.fromEntries(
      res.body.data.items.map((i: { productName: string; total: number; months: { total: number }[] }) => [
        i.productName,
        { total: i.total, month: i.months[month - 1]!.total },
      ]),
    );
    // Two sales of 85 € of massages; oil 10 € twice, one refunded.
    expect(byName).toEqual({ Aceite: { total: 10, month: 10 }, Masaje: { total: 170, month: 170 } });
    expect(res.body.data.totals).toMatchObject({ total: 180, taxBase: 149.59, tax: 30.41 });
    const download = (format: string) =>
      downloadReport(t, c.token, '/v1/admin/reports/invoicing-by-product', { year, format });
    const lines = csvFileLines(await download('csv'), `facturacion-por-producto-${year}.csv`);
    expect(lines).toHaveLength(1 + 3 * 3);
    expect(lines[0]).toMatch(/^Descripción;;enero;febrero;/);
    expect(lines.find((l) => l.startsWith('Masaje;Total factura;'))).toMatch(/;170,00$/);
    const workbook = await xlsxFile(await download('xlsx'), `facturacion-por-producto-${year}.xlsx`);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([`Facturación ${year}`]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1);
    expect(header.font?.bold).toBe(true);
    expect([header.getCell(1).value, header.getCell(3).value, header.getCell(14).value]).toEqual([
      'Descripción',
      'enero',
      'diciembre',
    ]);
    expect(header.getCell(15).value).toBe(String(year));
    expect(sheet.rowCount).toBe(1 + 3 * 3);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const row = (name: string, figure: string) =>
      rows.find((r) => r.getCell(1).value === name && r.getCell(2).value === figure)!;
    const massage = row('Masaje', 'Total factura');
    expect(massage.getCell(2 + month).value).toBe(170);
    expect(massage.getCell(15).value).toBe(170);
    expect(massage.getCell(15).numFmt).toBe('#,##0.00 "€"');
    expect(massage.font?.bold).not.toBe(true);
    const totals = row('Total factura', 'Total factura');
    expect(totals.getCell(15).value).toBe(180);
    expect(row('Total factura', 'Base imponible').getCell(15).value).toBe(149.59);
    expect(row('Total factura', 'Total IVA').getCell(15).value).toBe(30.41);
    expect(totals.font?.bold).toBe(true);
    for (let column = 3; column <= 15; column++) expect(totals.getCell(column).numFmt).toBe('#,##0.00 "€"');
    expect(
      (await call(t, 'GET', '/v1/admin/reports/invoicing-by-product?year=1999', { token: c.token })).status,
    ).toBe(400);
  });
});

describe('the chain check', () => {
  it('finds an intact chain intact, and names the first record whose huella or link was broken', async () => {
    const c = await billingCompany();
    await verifactuOn(c);
    const invoices = [];
    for (let i = 0; i < 4; i++) invoices.push(await created(await invoice(c, (await sale(c)).id)));
    await annul(c, invoices[1].id);
    const check = () => call(t, 'POST', '/v1/admin/verifactu/check', { token: c.token, payload: {} });
    expect((await check()).body.data).toEqual({ checked: 5, ok: true, firstBreak: null });
    // Someone with the database in hand changes an amount of the third record (the trigger set aside).
    const db = t.database.db;
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table verifactu_records disable trigger verifactu_records_immutable`);
      await tx.execute(
        sql`update verifactu_records set payload = jsonb_set(payload, '{ImporteTotal}', '1') where license_id = ${c.license.id} and seq = 3`,
      );
      await tx.execute(sql`alter table verifactu_records enable trigger verifactu_records_immutable`);
    });
    expect((await check()).body.data).toEqual({
      checked: 2,
      ok: false,
      firstBreak: { seq: 3, invoiceCode: invoices[2].code, reason: 'its huella is not that of its fields' },
    });
    // Issuing checks the last record before chaining to it: broken, it refuses, writing nothing.
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table verifactu_records disable trigger verifactu_records_immutable`);
      await tx.execute(
        sql`update verifactu_records set hash = lower(hash) where license_id = ${c.license.id} and seq = 5`,
      );
      await tx.execute(sql`alter table verifactu_records enable trigger verifactu_records_immutable`);
    });
    expectError(await invoice(c, (await sale(c)).id), 409, ErrorCode.verifactuChainBroken);
    const clerk = await createLicense(t);
    expect(
      (await call(t, 'POST', '/v1/admin/verifactu/check', { token: clerk.token, payload: {} })).body.data,
    ).toEqual({
      checked: 0,
      ok: true,
      firstBreak: null,
    });
  });
});

// Two API processes on one PostgreSQL server (PGlite is one process's embedded database: this describe
// is declared in the PostgreSQL suite, `npm run test:pg`, which runs every API file with it set).
if (process.env.TEST_DATABASE_URL) {
  describe('two processes on one PostgreSQL server', () => {
    it('invoices issued through both at once take distinct gapless numbers', async () => {
      const other = await appOn(await openDatabase({ url: t.database.url! }));
      try {
        const c = await billingCompany();
        const orders = [];
        for (let i = 0; i < 40; i++) orders.push(await sale(c));
        const answers = await Promise.all(
          orders.map((o, i) =>
            call(i % 2 ? other : t, 'POST', `/v1/admin/orders/${o.id}/invoice`, {
              token: c.token,
              payload: {},
            }),
          ),
        );
        for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(201);
        const numbers = answers.map((a) => Number(a.body.data.code.split('-')[1])).sort((x, y) => x - y);
        expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
      } finally {
        await other.close();
      }
    }, 60_000);
  });
}
