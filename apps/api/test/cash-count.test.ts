import { ErrorCode, formatCents } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashRegisters } from '../src/db/schema.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
  createOrder,
  expectError,
  fieldsOf,
  openRegister,
  type SalesCompany,
  salesCompany,
} from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/cash-register';

/** The report's text as a PDF reader extracts it, whitespace (no-break spaces too) made single spaces. */
async function reportText(token: string, fileId: number): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/files/download/${fileId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  const pdf = await getDocument({
    data: new Uint8Array(res.rawPayload),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : '')).join(''),
    );
  }
  await pdf.destroy();
  return pages.join(' ').replace(/\s+/g, ' ').trim();
}

const euros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');

/** A register opened with 300 € that sold 95 € in cash and 29,50 € by card: 395 € expected in the drawer. */
async function registerExpecting395(c: SalesCompany) {
  const id = await openRegister(t, c.token, 300);
  expect((await createOrder(t, c)).status).toBe(201);
  const card = await createOrder(t, c, {
    paymentMethod: 'card',
    lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10, discount: 0.5 }],
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  return id;
}

async function close(c: SalesCompany, payload: Record<string, unknown>) {
  return call(t, 'PATCH', `${url}/close`, { token: c.token, payload });
}

describe('closing with the cash counted note by note', () => {
  it('sums the notes and coins in cents, stores counted, expected and difference, and prints them', async () => {
    const c = await salesCompany(t);
    const registerId = await registerExpecting395(c);
    const closed = await close(c, {
      notes: 'Arqueo al cierre',
      // 200 + 100 + 50 + 2 × 20 + 2 × 2 + 0,50 + 2 × 0,20 + 3 × 0,10 + 0,05 = 395,25 € (in floats 0.1 × 3 is not 0.3).
      denominations: [
        { value: 0.1, count: 3 },
        { value: 200, count: 1 },
        { value: 100, count: 1 },
        { value: 50, count: 1 },
        { value: 20, count: 2 },
        { value: 10, count: 0 },
        { value: 2, count: 2 },
        { value: 0.5, count: 1 },
        { value: 0.2, count: 2 },
        { value: 0.05, count: 1 },
      ],
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const cashCount = {
      countedCash: 395.25,
      expectedCash: 395,
      difference: 0.25,
      // Largest first, the notes and coins not in the drawer left out.
      denominations: [
        { value: 200, count: 1 },
        { value: 100, count: 1 },
        { value: 50, count: 1 },
        { value: 20, count: 2 },
        { value: 2, count: 2 },
        { value: 0.5, count: 1 },
        { value: 0.2, count: 2 },
        { value: 0.1, count: 3 },
        { value: 0.05, count: 1 },
      ],
    };
    expect(closed.body.data).toMatchObject({ id: registerId, currentCashAmount: 395, cashCount });

    // Stored with the closing figures: the register, its history row and the JSON itself.
    expect((await call(t, 'GET', `${url}/${registerId}`, { token: c.token })).body.data.cashCount).toEqual(
      cashCount,
    );
    const history = await call(t, 'GET', url, { token: c.token });
    expect(history.body.data.items[0]).toMatchObject({ id: registerId, cashCount });
    const [row] = await t.database.db.select().from(cashRegisters).where(eq(cashRegisters.id, registerId));
    expect(row!.closingFigures!.cashCount).toEqual(cashCount);

    const text = await reportText(c.token, closed.body.data.reportFileId);
    expect(text).toContain('Arqueo de caja');
    expect(text).toContain(`Efectivo esperado ${euros(39500)}`);
    expect(text).toContain(`Efectivo contado ${euros(39525)}`);
    expect(text).toContain(`Diferencia · Sobra efectivo +${euros(25)}`);
    expect(text).toContain('Billete o moneda Número Importe');
    expect(text).toContain(`${euros(20000)} 1 ${euros(20000)}`);
    expect(text).toContain(`${euros(2000)} 2 ${euros(4000)}`);
    expect(text).toContain(`${euros(10)} 3 ${euros(30)}`);
    expect(text).not.toContain(`${euros(1000)} 0`);
  });
});

describe('closing with the cash counted as one amount', () => {
  it('answers a negative difference when cash is missing, zero when it balances; the history filters by it', async () => {
    const c = await salesCompany(t);
    const short = await registerExpecting395(c);
    const closedShort = await close(c, { countedCash: 390.5 });
    expect(closedShort.status, JSON.stringify(closedShort.body)).toBe(200);
    expect(closedShort.body.data.cashCount).toEqual({
      countedCash: 390.5,
      expectedCash: 395,
      difference: -4.5,
      denominations: null,
    });
    const text = await reportText(c.token, closedShort.body.data.reportFileId);
    expect(text).toContain(`Efectivo contado ${euros(39050)}`);
    expect(text).toContain(`Diferencia · Falta efectivo ${euros(-450)}`);
    expect(text).not.toContain('Billete o moneda');

    const balanced = await registerExpecting395(c);
    const closedBalanced = await close(c, { countedCash: 395 });
    expect(closedBalanced.body.data.cashCount).toEqual({
      countedCash: 395,
      expectedCash: 395,
      difference: 0,
      denominations: null,
    });
    expect(await reportText(c.token, closedBalanced.body.data.reportFileId)).toContain(
      `Diferencia · Cuadrada ${euros(0)}`,
    );

    // An empty drawer counted note by note is 0 €: all of it missing.
    const emptied = await registerExpecting395(c);
    const closedEmpty = await close(c, { denominations: [] });
    expect(closedEmpty.body.data.cashCount).toEqual({
      countedCash: 0,
      expectedCash: 395,
      difference: -395,
      denominations: [],
    });

    const ids = async (filters: object) =>
      (
        await call(t, 'GET', url, { token: c.token, query: { filters: JSON.stringify(filters) } })
      ).body.data.items.map((i: { id: number }) => i.id);
    expect(await ids({ cashDifference: { lt: 0 } })).toEqual([emptied, short]);
    expect(await ids({ cashDifference: { eq: 0 } })).toEqual([balanced]);
    expect(await ids({ countedCash: { gte: 395 } })).toEqual([balanced]);
  });

  it('counts a refund given back in cash out of the expected cash', async () => {
    const c = await salesCompany(t);
    await openRegister(t, c.token, 100);
    const sale = await createOrder(t, c);
    const refund = await call(t, 'POST', `/v1/admin/orders/${sale.body.data.id}/refund`, {
      token: c.token,
      payload: { lines: [{ lineId: sale.body.data.lines[0].id, quantity: 1 }] },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(201);
    // 100 + 95 − 42,50 = 152,50 €.
    const closed = await close(c, { countedCash: 152.6 });
    expect(closed.body.data.cashCount).toMatchObject({ expectedCash: 152.5, difference: 0.1 });
  });
});

describe('a close without a proper count', () => {
  it('is refused with 400 naming the field, and the register stays open', async () => {
    const c = await salesCompany(t);
    const registerId = await openRegister(t, c.token);
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['countedCash']],
      [{ notes: 'sin contar' }, ['countedCash']],
      [{ countedCash: -1 }, ['countedCash']],
      [{ countedCash: 10.005 }, ['countedCash']],
      [{ countedCash: '300' }, ['countedCash']],
      [{ countedCash: 300, denominations: [{ value: 100, count: 3 }] }, ['denominations']],
      [{ denominations: [{ value: 3, count: 1 }] }, ['denominations.0.value']],
      [{ denominations: [{ value: 5, count: -1 }] }, ['denominations.0.count']],
      [{ denominations: [{ value: 5, count: 1.5 }] }, ['denominations.0.count']],
      [
        {
          denominations: [
            { value: 5, count: 1 },
            { value: 5, count: 2 },
          ],
        },
        ['denominations.1.value'],
      ],
      [{ denominations: { value: 5, count: 1 } }, ['denominations']],
      // Found by the fuzzer: a value of more than two decimals is no coin, and no 500.
      [{ denominations: [{ value: 0.0004872020993692316, count: 21000 }] }, ['denominations.0.value']],
      [{ denominations: [{ value: 500, count: 100_001 }] }, ['denominations.0.count']],
      // 30.000 notes of 500 € are 15 million: over the 10 million any amount may be.
      [{ denominations: [{ value: 500, count: 30_000 }] }, ['denominations']],
    ];
    for (const [payload, fields] of cases) {
      const res = await close(c, payload);
      expectError(res, 400, ErrorCode.validation);
      expect(fieldsOf(res), JSON.stringify(payload)).toEqual(fields);
    }
    expect((await call(t, 'GET', `${url}/open`, { token: c.token })).body.data.id).toBe(registerId);
  });
});
