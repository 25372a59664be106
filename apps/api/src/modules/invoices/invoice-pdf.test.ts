import { formatCents, invoiceTypes, taxBaseOf } from '@mostrador/contract';
import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { invoiceLabels } from './invoice-labels.js';
import {
  formatRate,
  formatTenThousandths,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  invoiceDate,
  netOfVat,
  renderInvoicePdf,
} from './invoice-pdf.js';

const mm = 72 / 25.4;
/** Text as a PDF reader extracts it: every run of white space (no-break spaces too) one space. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
const euros = (cents: number) => norm(formatCents(cents));

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

interface Box {
  left: number;
  right: number;
  bottom: number;
  top: number;
}
interface TextItem {
  str: string;
  box: Box;
}
interface PlacedImage {
  width: number;
  height: number;
  kind: number;
  data: Uint8ClampedArray;
  /** Where it is drawn, in points from the page's lower left corner. */
  box: Box;
}
interface ReadPage {
  text: string;
  items: TextItem[];
  images: PlacedImage[];
}

/**
 * Every page as a PDF reader sees it: its text, each text run with its box, and each image with its
 * pixels and the box the content stream's transforms draw it in.
 */
async function readPdf(data: Buffer): Promise<ReadPage[]> {
  const pdf = await getDocument({ data: new Uint8Array(data), isEvalSupported: false, useSystemFonts: false })
    .promise;
  const pages: ReadPage[] = [];
  for (let p = 1; p <= pdf.numPages; p++) {
    const page = await pdf.getPage(p);
    const content = await page.getTextContent();
    const items: TextItem[] = [];
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += `${item.str}${item.hasEOL ? '\n' : ' '}`;
      if (!item.str.trim()) continue;
      const [, , , , x, baseline] = item.transform as number[];
      // The glyphs reach from below the baseline (descenders) to about the font size above it.
      items.push({
        str: item.str,
        box: {
          left: x!,
          right: x! + item.width,
          bottom: baseline! - 0.3 * item.height,
          top: baseline! + item.height,
        },
      });
    }
    const operators = await page.getOperatorList();
    const images: PlacedImage[] = [];
    const stack: Matrix[] = [];
    let ctm: Matrix = [1, 0, 0, 1, 0, 0];
    for (let i = 0; i < operators.fnArray.length; i++) {
      const op = operators.fnArray[i];
      const args = operators.argsArray[i];
      if (op === OPS.save) stack.push(ctm);
      else if (op === OPS.restore) ctm = stack.pop() ?? ctm;
      else if (op === OPS.transform) ctm = multiply(args as Matrix, ctm);
      else if (op === OPS.paintImageXObject) {
        const image = await new Promise<{
          width: number;
          height: number;
          kind: number;
          data: Uint8ClampedArray;
        }>((resolve) => page.objs.get(args[0], resolve));
        const xs = [ctm[4], ctm[0] + ctm[4], ctm[2] + ctm[4], ctm[0] + ctm[2] + ctm[4]];
        const ys = [ctm[5], ctm[1] + ctm[5], ctm[3] + ctm[5], ctm[1] + ctm[3] + ctm[5]];
        images.push({
          ...image,
          box: {
            left: Math.min(...xs),
            right: Math.max(...xs),
            bottom: Math.min(...ys),
            top: Math.max(...ys),
          },
        });
      }
    }
    pages.push({ text: norm(text), items, images });
  }
  await pdf.destroy();
  return pages;
}

const pdfText = async (data: Buffer) => (await readPdf(data)).map((page) => page.text).join(' ');

/** An image's pixels as RGBA, whatever pdf.js decoded it to (1-bit grey, RGB, RGBA). */
async function rgba(image: PlacedImage): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const { width, height } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    let value: [number, number, number, number];
    if (image.kind === 1) {
      const rowBytes = Math.ceil(width / 8);
      const bit = (image.data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1;
      value = bit ? [255, 255, 255, 255] : [0, 0, 0, 255];
    } else if (image.kind === 2) {
      value = [image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!, 255];
    } else {
      value = [image.data[i * 4]!, image.data[i * 4 + 1]!, image.data[i * 4 + 2]!, image.data[i * 4 + 3]!];
    }
    out.set(value, i * 4);
  }
  return { data: out, width, height };
}

/**
 * Reads a QR code with jsQR as a phone would: the page around the symbol is blank, so the image gets
 * a white quiet zone of 4 modules (sharp) before decoding.
 */
async function decodeQr(image: PlacedImage) {
  const pixels = await rgba(image);
  const border = Math.round(pixels.width / 10);
  const { data, info } = await sharp(Buffer.from(pixels.data), {
    raw: { width: pixels.width, height: pixels.height, channels: 4 },
  })
    .extend({ top: border, bottom: border, left: border, right: border, background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height);
}

/**
 * The error correction level written in the symbol's format information (ISO/IEC 18004 §7.9), read
 * from the pixels: 15 bits beside the top-left finder, masked with 101010000010010; the two top bits
 * are the level (01 L, 00 M, 11 Q, 10 H).
 */
async function errorCorrectionLevel(image: PlacedImage): Promise<string> {
  const { data, width } = await rgba(image);
  const dark = (px: number, py: number) => data[(py * width + px) * 4]! < 128;
  let run = 0;
  while (dark(run, 0)) run++;
  const module = run / 7; // the finder pattern is 7 modules wide
  const at = (x: number, y: number) =>
    dark(Math.floor((x + 0.5) * module), Math.floor((y + 0.5) * module)) ? 1 : 0;
  const cells: [number, number][] = [
    [0, 8],
    [1, 8],
    [2, 8],
    [3, 8],
    [4, 8],
    [5, 8],
    [7, 8],
    [8, 8],
    [8, 7],
    [8, 5],
    [8, 4],
    [8, 3],
    [8, 2],
    [8, 1],
    [8, 0],
  ];
  const bits = cells.reduce((value, [x, y]) => (value << 1) | at(x, y), 0);
  return ['M', 'L', 'H', 'Q'][((bits ^ 0b101010000010010) >> 13) & 3]!;
}

/** A line priced the product's way: VAT included, the base half up (orders/pricing.ts). */
function line(
  description: string,
  quantity: number,
  unitPriceCents: number,
  taxPercentage: number,
  discountCents = 0,
): InvoiceDocumentLine {
  const totalCents = quantity * unitPriceCents - discountCents;
  return {
    description,
    quantity,
    unitPriceCents,
    discountCents,
    taxPercentage,
    taxBaseCents: taxBaseOf(totalCents, taxPercentage),
    totalCents,
  };
}

/** The figures of an invoice from its lines: one breakdown row per rate, VAT = total − base. */
function withLines(doc: InvoiceDocument, lines: InvoiceDocumentLine[]): InvoiceDocument {
  const rates = [...new Set(lines.map((l) => l.taxPercentage))].sort((a, b) => b - a);
  const taxes = rates.map((rate) => {
    const of = lines.filter((l) => l.taxPercentage === rate);
    const base = of.reduce((sum, l) => sum + l.taxBaseCents, 0);
    const total = of.reduce((sum, l) => sum + l.totalCents, 0);
    return { taxPercentage: rate, taxBaseCents: base, taxCents: total - base };
  });
  const taxBaseCents = taxes.reduce((sum, t) => sum + t.taxBaseCents, 0);
  const taxCents = taxes.reduce((sum, t) => sum + t.taxCents, 0);
  return { ...doc, lines, taxes, taxBaseCents, taxCents, totalCents: taxBaseCents + taxCents };
}

const qrUrl =
  'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345678&numserie=2026-000042&fecha=29-03-2026&importe=136.50';

/** 23:30 UTC on 28 March 2026 is already the 29th in Madrid (00:30 CET), still the 28th on the Canaries. */
const issuedAt = new Date('2026-03-28T23:30:00Z');

const invoice: InvoiceDocument = withLines(
  {
    code: '2026-000042',
    type: 'F1',
    issuedAt,
    timeZone: 'Europe/Madrid',
    language: 'es',
    issuer: {
      legalName: 'Centro Bienestar Ñandú S.L.',
      taxId: 'B12345678',
      addressLines: ['Calle Mayor 12', '28013 Madrid', 'España'],
      email: 'facturas@nandu.example',
      phone: '+34 910 000 000',
      web: 'https://nandu.example',
    },
    recipient: {
      name: 'Talleres Gómez e Hijos S.A.',
      taxId: 'A87654321',
      addressLines: ['Avenida de la Constitución 45', '41001 Sevilla'],
    },
    lines: [],
    taxes: [],
    taxBaseCents: 0,
    taxCents: 0,
    totalCents: 0,
    orderCode: 1234,
    paymentMethod: 'card',
    verifactu: { qrUrl, sentToAeat: true },
  },
  [
    line('Masaje descontracturante 60 min', 2, 4500, 2100, 500),
    line('Aceite esencial de lavanda 50 ml', 3, 1000, 2100),
    line('Libro «Respirar bien»', 1, 1800, 400),
    line('Infusión relajante', 1, 350, 1000),
  ],
);

describe('the invoice figures used by the tests', () => {
  it('add up as the product prices them', () => {
    expect(invoice.taxes).toEqual([
      { taxPercentage: 2100, taxBaseCents: 9504, taxCents: 1996 },
      { taxPercentage: 1000, taxBaseCents: 318, taxCents: 32 },
      { taxPercentage: 400, taxBaseCents: 1731, taxCents: 69 },
    ]);
    expect([invoice.taxBaseCents, invoice.taxCents, invoice.totalCents]).toEqual([11553, 2097, 13650]);
  });
});

describe('the number helpers', () => {
  it('take VAT out of a price to the ten-thousandth, half away from zero', () => {
    expect(netOfVat(4500, 2100)).toBe(371901); // 45 / 1.21 = 37.190082…
    expect(netOfVat(-4500, 2100)).toBe(-371901);
    expect(netOfVat(1210, 2100)).toBe(100000);
    expect(netOfVat(0, 2100)).toBe(0);
    expect(netOfVat(1000, 0)).toBe(100000);
    expect(norm(formatTenThousandths(371901, 4))).toBe('37,1901 €');
    expect(norm(formatTenThousandths(12345600000, 2))).toBe('1.234.560,00 €');
  });

  it('write rates and dates the Spanish way, dates in the invoice zone', () => {
    expect(norm(formatRate(2100))).toBe('21 %');
    expect(norm(formatRate(550))).toBe('5,5 %');
    expect(norm(formatRate(0))).toBe('0 %');
    expect(invoiceDate(issuedAt, 'es', 'Europe/Madrid')).toBe('29/03/2026');
    expect(invoiceDate(issuedAt, 'es', 'Atlantic/Canary')).toBe('28/03/2026');
    expect(invoiceDate(issuedAt, 'de', 'Europe/Madrid')).toBe('29.03.2026');
  });
});

describe('the invoice PDF', () => {
  it('prints, in Spanish, the issuer, the recipient, the lines without VAT, the breakdown per rate and the totals', async () => {
    const data = await renderInvoicePdf(invoice);
    expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await readPdf(data);
    expect(pages).toHaveLength(1);
    const text = pages[0]!.text;
    for (const expected of [
      'Factura',
      'N.º de factura 2026-000042',
      'Fecha de expedición 29/03/2026',
      'Pedido 1234',
      'Forma de pago Tarjeta',
      'Centro Bienestar Ñandú S.L.',
      'NIF: B12345678',
      'Calle Mayor 12',
      '28013 Madrid',
      'Tel. +34 910 000 000',
      'facturas@nandu.example',
      'CLIENTE',
      'Talleres Gómez e Hijos S.A.',
      'NIF: A87654321',
      'Avenida de la Constitución 45',
      'Descripción Cant. Precio unitario Descuento IVA Importe',
      // Unit prices and discounts without VAT (four decimals where two are not exact), the base as amount.
      `Masaje descontracturante 60 min 2 37,1901 € 4,1322 € 21 % ${euros(7025)}`,
      'Aceite esencial de lavanda 50 ml 3 8,2645 € 21 %',
      `Libro «Respirar bien» 1 17,3077 € 4 % ${euros(1731)}`,
      `Infusión relajante 1 3,1818 € 10 % ${euros(318)}`,
      'Precios unitarios, descuentos e importes sin IVA.',
      'Desglose del IVA Base imponible Tipo Cuota',
      `${euros(9504)} 21 % ${euros(1996)}`,
      `${euros(318)} 10 % ${euros(32)}`,
      `${euros(1731)} 4 % ${euros(69)}`,
      `Base imponible ${euros(11553)} Total IVA ${euros(2097)}`,
      `Total factura ${euros(13650)}`,
      'Página 1 de 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(euros(13650)).toBe('136,50 €');
    expect(text).not.toContain('(continuación)');
  });

  it('prints the same in English, money still in Spanish formatting, the date in the invoice zone', async () => {
    const text = await pdfText(
      await renderInvoicePdf({ ...invoice, language: 'en', timeZone: 'Atlantic/Canary' }),
    );
    for (const expected of [
      'Invoice',
      'Invoice no. 2026-000042',
      'Issue date 28/03/2026',
      'Order 1234',
      'Payment method Card',
      'Centro Bienestar Ñandú S.L.',
      'VAT no.: B12345678',
      'BILL TO',
      'Talleres Gómez e Hijos S.A.',
      'VAT no.: A87654321',
      'Description Qty Unit price Discount VAT Amount',
      `Masaje descontracturante 60 min 2 37,1901 € 4,1322 € 21 % ${euros(7025)}`,
      'Unit prices, discounts and amounts exclude VAT.',
      'VAT breakdown Tax base Rate VAT amount',
      `${euros(9504)} 21 % ${euros(1996)}`,
      `Tax base ${euros(11553)} Total VAT ${euros(2097)}`,
      'Invoice total 136,50 €',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints Chinese and Cyrillic names and labels', async () => {
    const zh = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        language: 'zh',
        issuer: { ...invoice.issuer, legalName: '静心按摩中心有限公司' },
        recipient: { name: 'Салон «Берёза»', taxId: 'N1234567J', addressLines: ['北京市朝阳区建国路 88 号'] },
        lines: [{ ...invoice.lines[0]!, description: '精油按摩 60 分钟' }, ...invoice.lines.slice(1)],
      }),
    );
    for (const expected of [
      '发票',
      '发票号码 2026-000042',
      '开具日期 2026/03/29',
      '静心按摩中心有限公司',
      '税号：B12345678',
      'Салон «Берёза»',
      '北京市朝阳区建国路 88 号',
      '精油按摩 60 分钟',
      '增值税明细',
      `发票总额 ${euros(13650)}`,
      '第 1 页，共 1 页',
    ]) {
      expect(zh).toContain(expected);
    }
  });

  it('titles each type in its language and shows simplified invoices VAT included, without recipient', async () => {
    const titles = { F1: 'Factura', F2: 'Factura simplificada', F3: 'Factura' } as const;
    const simplified = await pdfText(
      await renderInvoicePdf({ ...invoice, type: 'F2', code: 'T2026-000001', recipient: null }),
    );
    expect(simplified).toContain(`${titles.F2} N.º de factura T2026-000001`);
    expect(simplified).not.toContain('CLIENTE');
    expect(simplified).not.toContain('Talleres');
    expect(simplified).toContain(
      `Masaje descontracturante 60 min 2 ${euros(4500)} ${euros(500)} 21 % ${euros(8500)}`,
    );
    expect(simplified).toContain(`Libro «Respirar bien» 1 ${euros(1800)} 4 % ${euros(1800)}`);
    expect(simplified).toContain('Precios e importes con IVA incluido.');
    expect(simplified).toContain(`Total factura ${euros(13650)}`);
    for (const type of invoiceTypes) {
      for (const language of type === 'F1' || type === 'R5' ? (['es', 'de'] as const) : (['es'] as const)) {
        const labels = invoiceLabels[language];
        const expected =
          type === 'F2'
            ? labels.simplifiedInvoice
            : type === 'R5'
              ? labels.simplifiedRectifyingInvoice
              : type.startsWith('R')
                ? labels.rectifyingInvoice
                : labels.invoice;
        const text = await pdfText(
          await renderInvoicePdf({
            ...invoice,
            type,
            language,
            verifactu: null,
            lines: invoice.lines.slice(0, 1),
          }),
        );
        expect(text.startsWith(`Centro Bienestar Ñandú S.L.`), `${type} ${language}`).toBe(true);
        expect(text, `${type} ${language}`).toContain(`${expected} ${labels.number} 2026-000042`);
      }
    }
  });

  it('says which invoice a rectifying one corrects, why, and prints its negative amounts', async () => {
    const lines = [line('Masaje descontracturante 60 min', -1, 4500, 2100)];
    const doc = withLines(
      {
        ...invoice,
        type: 'R1',
        code: 'R2026-000003',
        issuedAt: new Date('2026-04-02T10:00:00Z'),
        rectifies: { code: '2026-000042', issuedAt },
      },
      lines,
    );
    expect([doc.taxBaseCents, doc.taxCents, doc.totalCents]).toEqual([-3719, -781, -4500]);
    const text = await pdfText(await renderInvoicePdf(doc));
    for (const expected of [
      'Factura rectificativa',
      'N.º de factura R2026-000003',
      'Fecha de expedición 02/04/2026',
      'RECTIFICACIÓN',
      'Rectifica la factura 2026-000042 de 29/03/2026.',
      'Motivo: Error fundado en derecho y causas del artículo 80 Uno, Dos y Seis de la Ley del IVA',
      'Rectificación por diferencias.',
      `Masaje descontracturante 60 min -1 37,1901 € 21 % ${euros(-3719)}`,
      `${euros(-3719)} 21 % ${euros(-781)}`,
      `Base imponible ${euros(-3719)} Total IVA ${euros(-781)}`,
      `Total factura ${euros(-4500)}`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(euros(-4500)).toBe('-45,00 €');
    // Each reason in words; R5 is simplified: no recipient, prices VAT included.
    const reasons = { R2: 'Concurso de acreedores', R3: 'incobrables', R4: 'Otras causas de rectificación' };
    for (const [type, reason] of Object.entries(reasons)) {
      const other = await pdfText(await renderInvoicePdf({ ...doc, type: type as 'R2' | 'R3' | 'R4' }));
      expect(other).toContain(reason);
    }
    const r5 = await pdfText(
      await renderInvoicePdf({
        ...doc,
        type: 'R5',
        language: 'en',
        recipient: null,
        rectifies: { code: 'T2026-000001', issuedAt },
      }),
    );
    expect(r5).toContain('Simplified corrective invoice');
    expect(r5).toContain('Corrects invoice T2026-000001 of 29/03/2026.');
    expect(r5).toContain('Reason: Correction of a simplified invoice');
    expect(r5).toContain(`Masaje descontracturante 60 min -1 ${euros(4500)} 21 % ${euros(-4500)}`);
    expect(r5).not.toContain('BILL TO');
  });

  it('lists the simplified invoices an F3 replaces', async () => {
    const text = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        type: 'F3',
        replaces: [
          { code: 'T2026-000001', issuedAt: new Date('2026-03-20T10:00:00Z') },
          { code: 'T2026-000007', issuedAt: new Date('2026-03-21T22:30:00Z') },
        ],
      }),
    );
    expect(text).toContain(
      'SUSTITUCIÓN Emitida en sustitución de las facturas simplificadas: T2026-000001 de 20/03/2026 T2026-000007 de 21/03/2026',
    );
  });

  it('marks an annulled invoice, and prints an unknown payment method as stored', async () => {
    const text = await pdfText(
      await renderInvoicePdf({ ...invoice, annulled: true, paymentMethod: 'bizum' }),
    );
    expect(text).toContain('FACTURA ANULADA');
    expect(text).toContain('Forma de pago bizum');
    // A recipient without a tax id prints without that line.
    const foreign = await pdfText(
      await renderInvoicePdf({
        ...invoice,
        recipient: { name: 'John Smith', taxId: null, addressLines: ['10 Downing Street', 'London'] },
      }),
    );
    expect(foreign).toContain('CLIENTE John Smith 10 Downing Street London');
    expect(await pdfText(await renderInvoicePdf(invoice))).not.toContain('ANULADA');
  });

  it('breaks 80 lines over pages, repeating the header row, and numbers the pages', async () => {
    const lines = Array.from({ length: 80 }, (_, i) =>
      line(
        `Producto número ${i + 1}${i % 10 === 0 ? ', con una descripción larga que ocupa más de una línea en la columna de descripción' : ''}`,
        1 + (i % 3),
        1000 + i * 7,
        i % 4 ? 2100 : 1000,
      ),
    );
    const doc = withLines(invoice, lines);
    const pages = await readPdf(await renderInvoicePdf(doc));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const header = 'Descripción Cant. Precio unitario Descuento IVA Importe';
    pages.forEach((page, i) => {
      expect(page.text, `page ${i + 1}`).toContain(header);
      expect(page.text, `page ${i + 1}`).toContain(`Página ${i + 1} de ${pages.length}`);
      if (i > 0) {
        expect(page.text.startsWith('Factura 2026-000042 (continuación)'), `page ${i + 1}`).toBe(true);
        // The header row comes before the page's first line.
        expect(page.text.indexOf(header)).toBeLessThan(page.text.indexOf('Producto número'));
      }
    });
    const all = pages.map((page) => page.text).join(' ');
    for (let i = 1; i <= 80; i++) expect(all).toContain(`Producto número ${i}${i % 10 === 1 ? ',' : ' '}`);
    // The QR only once, on the first page; the totals once, on the last.
    expect(pages.map((page) => page.images.length)).toEqual([1, ...pages.slice(1).map(() => 0)]);
    expect(pages.at(-1)!.text).toContain(`Total factura ${euros(doc.totalCents)}`);
    expect(pages.slice(0, -1).some((page) => page.text.includes('Total factura'))).toBe(false);
  });
});

describe('the tax QR', () => {
  it('is read back by the helpers: the format bits tell each error correction level apart', async () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const png = await QRCode.toBuffer(qrUrl, {
        type: 'png',
        errorCorrectionLevel: level,
        margin: 0,
        scale: 4,
      });
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const image: PlacedImage = {
        width: info.width,
        height: info.height,
        kind: 3,
        data: new Uint8ClampedArray(data),
        box: { left: 0, right: 1, bottom: 0, top: 1 },
      };
      expect(await errorCorrectionLevel(image)).toBe(level);
      expect((await decodeQr(image))?.data).toBe(qrUrl);
    }
  });

  it('encodes the URL at level M, 30 to 40 mm wide, on top of the first page, between its two texts', async () => {
    const pages = await readPdf(await renderInvoicePdf(invoice));
    const [page] = pages;
    expect(page!.images).toHaveLength(1);
    const qr = page!.images[0]!;
    expect((await decodeQr(qr))?.data).toBe(qrUrl);
    expect(await errorCorrectionLevel(qr)).toBe('M');
    const width = (qr.box.right - qr.box.left) / mm;
    const height = (qr.box.top - qr.box.bottom) / mm;
    expect(width).toBeGreaterThanOrEqual(30);
    expect(width).toBeLessThanOrEqual(40);
    expect(height).toBeCloseTo(width, 6);
    // Near the top edge (A4 is 841.89 pt high), centred between the left and right edges.
    expect(841.89 - qr.box.top).toBeLessThan(30 * mm);
    expect((qr.box.left + qr.box.right) / 2).toBeCloseTo(595.28 / 2, 0);

    const caption = page!.items.find((item) => item.str === 'QR tributario:');
    const mark = page!.items.find((item) => item.str === 'VERI*FACTU');
    expect(caption).toBeDefined();
    expect(mark).toBeDefined();
    const centre = (box: Box) => (box.left + box.right) / 2;
    expect(caption!.box.bottom).toBeGreaterThan(qr.box.top);
    expect(caption!.box.bottom - qr.box.top).toBeLessThan(10 * mm);
    expect(mark!.box.top).toBeLessThan(qr.box.bottom);
    expect(qr.box.bottom - mark!.box.top).toBeLessThan(10 * mm);
    expect(centre(caption!.box)).toBeCloseTo(centre(qr.box), 0);
    expect(centre(mark!.box)).toBeCloseTo(centre(qr.box), 0);
    // The QR's text is first on the page.
    expect(page!.text.startsWith('QR tributario:')).toBe(true);

    // A blank quiet zone of at least 2 mm on its four sides: no text there.
    const zone = {
      left: qr.box.left - 2 * mm,
      right: qr.box.right + 2 * mm,
      bottom: qr.box.bottom - 2 * mm,
      top: qr.box.top + 2 * mm,
    };
    const overlaps = (a: Box, b: Box) =>
      a.left < b.right && b.left < a.right && a.bottom < b.top && b.bottom < a.top;
    expect(page!.items.filter((item) => overlaps(item.box, zone)).map((item) => item.str)).toEqual([]);
  });

  it('keeps the quiet zone with a logo, and prints the logo as a second image', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#aa3355' } })
      .webp()
      .toBuffer();
    for (const bytes of [logo, webp]) {
      const [page] = await readPdf(await renderInvoicePdf({ ...invoice, logo: bytes }));
      expect(page!.images).toHaveLength(2);
      const [qr, drawn] = page!.images as [PlacedImage, PlacedImage];
      expect((await decodeQr(qr))?.data).toBe(qrUrl);
      expect(drawn.box.right).toBeLessThan(qr.box.left - 6 * mm);
    }
    // Bytes that are no image leave the logo out; the invoice still prints.
    const [page] = await readPdf(await renderInvoicePdf({ ...invoice, logo: Buffer.from('not an image') }));
    expect(page!.images).toHaveLength(1);
  });

  it('has no "VERI*FACTU" when the record was not sent to AEAT, and neither QR nor texts without Verifactu', async () => {
    const [unsent] = await readPdf(
      await renderInvoicePdf({ ...invoice, verifactu: { qrUrl, sentToAeat: false } }),
    );
    expect(unsent!.images).toHaveLength(1);
    expect((await decodeQr(unsent!.images[0]!))?.data).toBe(qrUrl);
    expect(unsent!.text).toContain('QR tributario:');
    expect(unsent!.text).not.toContain('VERI*FACTU');

    const [none] = await readPdf(await renderInvoicePdf({ ...invoice, verifactu: null }));
    expect(none!.images).toHaveLength(0);
    expect(none!.text).not.toContain('QR tributario');
    expect(none!.text).not.toContain('VERI*FACTU');
    expect(none!.text).toContain(`Total factura ${euros(13650)}`);
  });

  it('encodes any URL it is given, with its escaped characters', async () => {
    const url =
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=-241.40';
    const [page] = await readPdf(
      await renderInvoicePdf({ ...invoice, verifactu: { qrUrl: url, sentToAeat: true } }),
    );
    expect((await decodeQr(page!.images[0]!))?.data).toBe(url);
  });
});
