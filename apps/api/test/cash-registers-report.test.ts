import { type CashRegisterFigures, formatCents } from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashRegisters, files } from '../src/db/schema.js';
import type { AuthContext } from '../src/lib/auth-context.js';
import { createCashRegistersService } from '../src/modules/cash-registers/cash-registers.service.js';
import { renderCashRegisterReport } from '../src/modules/cash-registers/report.js';
import type { FileStorage } from '../src/modules/files/file-storage.js';
import { createProduct } from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { createOrder, openRegister, type SalesCompany, salesCompany } from './sales-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/cash-register';

/** The text of every page, as a PDF reader extracts it, whitespace (no-break spaces too) made single spaces. */
async function pdfText(data: Buffer): Promise<{ text: string; pages: string[] }> {
  const pdf = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? `${item.str}${item.hasEOL ? '\n' : ' '}` : ''))
      .join('');
    pages.push(text.replace(/\s+/g, ' ').trim());
  }
  await pdf.destroy();
  return { text: pages.join(' '), pages };
}

const euros = (cents: number) => formatCents(cents).replace(/\s/g, ' ');

async function download(token: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/admin/files/download/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, headers: res.headers, data: res.rawPayload };
}

async function settle(c: SalesCompany, settings: Record<string, unknown>) {
  const res = await call(t, 'PUT', '/v1/admin/settings', { token: c.token, payload: settings });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Opens a register, sells 95 € in cash (two massages, one oil) and 29,50 € by card (three oils). */
async function registerWithSales(c: SalesCompany) {
  const registerId = await openRegister(t, c.token, 300);
  expect((await createOrder(t, c)).status).toBe(201);
  const card = await createOrder(t, c, {
    paymentMethod: 'card',
    lines: [{ productId: c.oilId, quantity: 3, unitPrice: 10, discount: 0.5 }],
  });
  expect(card.status, JSON.stringify(card.body)).toBe(201);
  return registerId;
}

describe('the closing report', () => {
  it('is a PDF file of the license with the company, times, people, every figure, the product lines and the notes', async () => {
    const c = await salesCompany(t);
    await settle(c, {
      companyName: 'Centro Bienestar Ñandú S.L.',
      vat: 'B12345678',
      street: 'Calle Mayor 12',
      postalCode: '28013',
      city: 'Madrid',
      country: 'España',
      timeZone: 'Europe/Madrid',
    });
    const registerId = await registerWithSales(c);
    const notes = 'Faltan 2 € en el cajón; el datáfono se reinició.';
    const closed = await call(t, 'PATCH', `${url}/close`, {
      token: c.token,
      payload: { notes, countedCash: 395 },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const fileId = closed.body.data.reportFileId;
    expect(fileId).toEqual(expect.any(Number));
    expect(closed.body.data.notes).toBe(notes);
    // The register keeps it, and so does its history.
    expect((await call(t, 'GET', `${url}/${registerId}`, { token: c.token })).body.data.reportFileId).toBe(
      fileId,
    );
    const history = await call(t, 'GET', url, { token: c.token });
    expect(history.body.data.items[0]).toMatchObject({ id: registerId, reportFileId: fileId });

    const file = await download(c.token, fileId);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const closingDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      new Date(closed.body.data.endDate),
    );
    expect(file.headers['content-disposition']).toContain(`cash-register-${registerId}-${closingDay}.pdf`);
    expect(file.data.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { text, pages } = await pdfText(file.data);
    pages.forEach((page, i) => {
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    for (const expected of [
      'Centro Bienestar Ñandú S.L.',
      'NIF: B12345678',
      'Calle Mayor 12',
      '28013 Madrid',
      'Informe de cierre de caja',
      `Caja n.º ${registerId}`,
      'Abierta por',
      'Cerrada por',
      'owner',
      'Horas en Europe/Madrid',
      notes,
      // The figures: 95 € cash, 29,50 € card, 124,50 € in all, 300 € + 95 € in the drawer.
      `Ventas 2 ${euros(12450)}`,
      `Ventas en efectivo 1 ${euros(9500)}`,
      `Ventas con tarjeta 1 ${euros(2950)}`,
      `Devoluciones 0 ${euros(0)}`,
      `Importe inicial ${euros(30000)}`,
      `Efectivo en caja ${euros(39500)}`,
      // The product lines, the refund tables empty.
      `Masaje ${euros(4500)} 2 ${euros(8500)}`,
      `Aceite ${euros(1000)} 1 ${euros(1000)}`,
      `Aceite ${euros(1000)} 3 ${euros(2950)}`,
      'Devueltos en efectivo Ninguno',
      'Devueltos con tarjeta Ninguno',
    ]) {
      expect(text).toContain(expected);
    }
    // The opening and closing times, in the company's time zone.
    const madrid = (iso: string) =>
      new Intl.DateTimeFormat('es', {
        timeZone: 'Europe/Madrid',
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      })
        .format(new Date(iso))
        .replace(/\s/g, ' ');
    expect(text).toContain(madrid(closed.body.data.startsAt));
    expect(text).toContain(madrid(closed.body.data.endDate));

    // Another license knows no such file.
    const other = await salesCompany(t);
    expect((await download(other.token, fileId)).status).toBe(404);
  });

  it("is written in the company's language, Russian and Chinese included, with names in any script", async () => {
    for (const [locale, labels] of [
      [
        'ru',
        [
          'Отчёт о закрытии кассы',
          'Наличные в кассе',
          'Продажи за наличные',
          'Кем закрыта',
          'Пересчёт кассы',
          'Разница · Сходится',
        ],
      ],
      ['zh', ['收银台关账报告', '钱箱现金', '现金销售', '关闭人', '合计', '现金盘点', '差额 · 账实相符']],
    ] as const) {
      const c = await salesCompany(t);
      await settle(c, { locale, companyName: locale === 'ru' ? 'Салон «Берёза»' : '静心按摩中心' });
      const product = await createProduct(t, c.token, {
        taxId: c.tax21,
        name: locale === 'ru' ? 'Массаж спины' : '精油按摩',
        type: 'regular',
        price: 20,
      });
      await openRegister(t, c.token);
      const sale = await createOrder(t, c, {
        lines: [{ productId: product.id, quantity: 1, unitPrice: 20 }],
      });
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
      const closed = await call(t, 'PATCH', `${url}/close`, {
        token: c.token,
        payload: { notes: locale === 'ru' ? 'Всё сходится' : '现金核对无误', countedCash: 320 },
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const { text } = await pdfText((await download(c.token, closed.body.data.reportFileId)).data);
      for (const expected of [
        ...labels,
        locale === 'ru' ? 'Салон «Берёза»' : '静心按摩中心',
        locale === 'ru' ? 'Массаж спины' : '精油按摩',
        locale === 'ru' ? 'Всё сходится' : '现金核对无误',
        euros(2000),
      ]) {
        expect(text, locale).toContain(expected);
      }
    }
  });

  it('leaves the register open and no file behind when the report cannot be stored', async () => {
    const c = await salesCompany(t);
    const registerId = await registerWithSales(c);
    const written = new Map<string, Buffer>();
    // A storage that writes the bytes, then fails: the close must remove them and roll back.
    const storage: FileStorage = {
      async put(key, data) {
        written.set(key, data);
        throw new Error('disk full');
      },
      async get(key) {
        return written.get(key);
      },
      async delete(key) {
        written.delete(key);
      },
    };
    const service = createCashRegistersService({ db: t.database.db, settings: t.services.settings, storage });
    const auth = {
      sessionId: 0,
      userId: c.admin.id,
      licenseId: c.license.id,
      isPlatform: false,
      roles: [],
      permissions: new Set(),
      grantable: new Set(),
      supportUserId: null,
      timeZone: 'Europe/Madrid',
    } satisfies AuthContext;
    await expect(service.close(auth, { notes: 'x', countedCash: 300 })).rejects.toThrow('disk full');
    expect(written.size).toBe(0);
    const [register] = await t.database.db
      .select()
      .from(cashRegisters)
      .where(eq(cashRegisters.id, registerId));
    expect(register).toMatchObject({ closedAt: null, notes: null, closingFigures: null, reportFileId: null });
    expect(
      await t.database.db
        .select()
        .from(files)
        .where(and(eq(files.licenseId, c.license.id))),
    ).toEqual([]);
    // Nothing is stuck: the register still closes.
    const closed = await call(t, 'PATCH', `${url}/close`, { token: c.token, payload: { countedCash: 0 } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.data.reportFileId).toEqual(expect.any(Number));
  });
});

describe('the report renderer', () => {
  const line = (name: string, price: number, quantity: number) => ({
    name,
    price,
    quantity,
    amount: Math.round(price * quantity * 100) / 100,
  });
  const figures = (lines: number): CashRegisterFigures => ({
    initialAmount: 150,
    currentCashAmount: 1384.56,
    ordersCount: 40,
    ordersAmount: 1234.56,
    refundsCount: 0,
    refundsAmount: 0,
    cashOrdersCount: 40,
    cashOrdersAmount: 1234.56,
    cashRefundsCount: 0,
    cashRefundsAmount: 0,
    cardOrdersCount: 0,
    cardOrdersAmount: 0,
    cardRefundsCount: 0,
    cardRefundsAmount: 0,
    productsSoldCash: Array.from({ length: lines }, (_, i) => line(`Producto número ${i + 1}`, 10 + i, 1)),
    productsRefundCash: [],
    productsSoldCard: [],
    productsRefundCard: [],
  });
  const input = (lines: number) => ({
    company: {
      name: 'Tienda',
      vat: null,
      street: null,
      postalCode: null,
      city: null,
      state: null,
      country: null,
    },
    language: 'es' as const,
    timeZone: 'Atlantic/Canary',
    register: {
      id: 7,
      openedAt: new Date('2026-03-29T00:30:00Z'),
      closedAt: new Date('2026-03-29T20:15:00Z'),
      openedBy: null,
      closedBy: 'Ana',
    },
    figures: figures(lines),
    cashCount: null,
    notes: null,
  });

  it('numbers its pages when the product lines span several, and keeps every line', async () => {
    const { pages, text } = await pdfText(await renderCashRegisterReport(input(80)));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    for (let i = 1; i <= 80; i++) expect(text).toContain(`Producto número ${i} `);
    expect(text).toContain('Sin notas.');
    // In the company's time zone: 00:30 UTC is 0:30 on the Canary Islands (1:30 in Madrid).
    expect(text).toContain('Apertura 29 mar 2026, 0:30');
    expect(text).toContain('Cierre 29 mar 2026, 21:15');
  });

  it('has no page numbers on a single page', async () => {
    const { pages } = await pdfText(await renderCashRegisterReport(input(0)));
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain('Página');
  });
});
