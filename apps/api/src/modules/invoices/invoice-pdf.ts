import { formatCents, formatCount, type InvoiceType, type Language } from '@mostrador/contract';
import { intlLocales } from '../../lib/intl-locales.js';
import { loadPdfFonts } from '../../lib/pdf-fonts.js';
import {
  fill,
  type InvoiceLabels,
  invoiceLabels,
  invoiceTitle,
  isSimplified,
  paymentMethodText,
  rectificationReason,
  verifactuTexts,
} from './invoice-labels.js';

/** Another invoice this one points at: the one it rectifies, or a simplified one it replaces. */
export interface InvoiceReference {
  code: string;
  issuedAt: Date;
}

/**
 * One line as the order sold it. Amounts are integer cents, VAT included as in `orders/pricing.ts`:
 * `totalCents` = quantity × unitPriceCents − discountCents and `taxBaseCents` = that total over
 * 1 + rate, half up. On a rectifying invoice (by difference) the amounts are negative.
 */
export interface InvoiceDocumentLine {
  description: string;
  quantity: number;
  /** Unit price, VAT included. */
  unitPriceCents: number;
  /** The discount on the whole line (not per unit), VAT included; 0 for none. */
  discountCents: number;
  /** Hundredths of a percent: 2100 = 21 %. */
  taxPercentage: number;
  taxBaseCents: number;
  totalCents: number;
}

/** The breakdown of one tax rate: the sum of its lines' bases and the VAT on it. */
export interface InvoiceDocumentTax {
  /** Hundredths of a percent: 2100 = 21 %. */
  taxPercentage: number;
  taxBaseCents: number;
  taxCents: number;
}

export interface InvoiceIssuer {
  legalName: string;
  taxId: string;
  /** Printed one per line, e.g. ['Calle Mayor 12', '28013 Madrid', 'España']. */
  addressLines: string[];
  email?: string | null;
  phone?: string | null;
  web?: string | null;
}

export interface InvoiceRecipient {
  name: string;
  /** A Spanish NIF or a foreign identifier; null when the recipient has none (left out). */
  taxId: string | null;
  addressLines: string[];
}

/**
 * Everything an invoice's PDF prints; the renderer reads nothing else (no database, no clock).
 * Amounts are integer cents and printed in Spanish euro formatting in every language.
 */
export interface InvoiceDocument {
  /** The series and number, e.g. '2026-000042', 'T2026-000001', 'R2026-000003'. */
  code: string;
  type: InvoiceType;
  issuedAt: Date;
  /** IANA zone the issue date is printed in, e.g. 'Europe/Madrid'. */
  timeZone: string;
  language: Language;
  issuer: InvoiceIssuer;
  /** The company's logo, PNG or JPEG bytes (other formats sharp reads are converted). */
  logo?: Buffer | null;
  /** Null on simplified invoices (F2, R5), which identify no recipient. */
  recipient: InvoiceRecipient | null;
  lines: InvoiceDocumentLine[];
  /** One per tax rate. */
  taxes: InvoiceDocumentTax[];
  taxBaseCents: number;
  taxCents: number;
  totalCents: number;
  /** R1–R5: the invoice this one rectifies (by difference). */
  rectifies?: InvoiceReference | null;
  /** F3: the simplified invoices this one replaces. */
  replaces?: InvoiceReference[];
  /** The order invoiced, printed as a reference; null when there is none. */
  orderCode: number | null;
  /** cash, card, online, transfer, external_billing (printed in the language), or as stored; null for none. */
  paymentMethod: string | null;
  /** The tax QR (AEAT's ValidarQR URL) on top of the first page; `sentToAeat` adds "VERI*FACTU" under it. */
  verifactu: { qrUrl: string; sentToAeat: boolean } | null;
  /** An annulled invoice is marked so on every page. */
  annulled?: boolean;
}

/** A calendar date in the invoice's zone, written the language's way: 29/03/2026, 29.03.2026, 2026/03/29. */
export function invoiceDate(date: Date, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocales[language], {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}

const percentFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2, useGrouping: 'always' });
/** A rate in hundredths of a percent, Spanish style: 2100 → "21 %", 550 → "5,5 %". */
export function formatRate(hundredths: number): string {
  return `${percentFormat.format(hundredths / 100)}\u00a0%`;
}

/**
 * An amount sold VAT included, without VAT, as full invoices give unit prices (RD 1619/2012 art. 6.1.f):
 * cents × 10000 / (10000 + rate) in ten-thousandths of a euro, rounded half away from zero, so quantity ×
 * price − discount comes to the line's base (45 € at 21 % → 371901, i.e. 37,1901 €).
 */
export function netOfVat(cents: number, rateHundredths: number): number {
  const numerator = Math.abs(cents) * 1_000_000;
  const denominator = 10000 + rateHundredths;
  const magnitude = Math.floor((numerator * 2 + denominator) / (denominator * 2));
  return cents < 0 ? -magnitude : magnitude;
}

const netFormats = new Map<number, Intl.NumberFormat>();
/** Ten-thousandths of a euro in Spanish euro formatting with `decimals` decimals (2 or 4). */
export function formatTenThousandths(value: number, decimals: 2 | 4): string {
  let format = netFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('es-ES', {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: 'always',
    });
    netFormats.set(decimals, format);
  }
  return format.format(value / 10000);
}

/** `Label: value` as each language writes it (a space before the colon in French, a full-width colon in Chinese). */
function labelled(language: Language, label: string, value: string): string {
  if (language === 'fr') return `${label}\u00a0: ${value}`;
  if (language === 'zh') return `${label}：${value}`;
  return `${label}: ${value}`;
}

/** The AEAT tax QR as a PNG: level M, one module = 8 px, no quiet zone (the page leaves it blank). */
async function qrPng(url: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 0, scale: 8 });
}

/** The logo as pdfkit takes it: PNG and JPEG as they are, anything else sharp reads as PNG; else none. */
async function logoImage(logo: Buffer | null | undefined): Promise<Buffer | null> {
  if (!logo?.length) return null;
  const png = logo.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = logo[0] === 0xff && logo[1] === 0xd8 && logo[2] === 0xff;
  if (png || jpeg) return logo;
  try {
    const { default: sharp } = await import('sharp');
    return await sharp(logo).png().toBuffer();
  } catch {
    return null;
  }
}

const mm = 72 / 25.4;
// Layout, in points (A4 is 595.28 × 841.89).
const page = { width: 595.28, height: 841.89 };
const margin = { top: 40, left: 48, right: 48, bottom: 60 };
const contentWidth = page.width - margin.left - margin.right;
const bottomLimit = page.height - margin.bottom;
/** The printed QR: 35 × 35 mm (AEAT: 30 to 40), with at least 6 mm of blank page around it. */
export const qrSizeMm = 35;
const qrSize = qrSizeMm * mm;
const colors = {
  text: '#1f2328',
  muted: '#5c6470',
  rule: '#d0d7de',
  faint: '#f1f3f6',
  zebra: '#f8f9fb',
  accent: '#1d4ed8',
  accentSoft: '#e8effd',
  danger: '#b42318',
};

/**
 * The invoice as a PDF: A4; the tax QR first when Verifactu applies; the issuer with its logo, the title,
 * number and date; the recipient and what the invoice rectifies or replaces; the lines (repeating their
 * header on each page); the VAT breakdown per rate and the totals; a footer with the page numbers.
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts, qr, logo] = await Promise.all([
    import('pdfkit'),
    loadPdfFonts(),
    invoice.verifactu ? qrPng(invoice.verifactu.qrUrl) : Promise.resolve(null),
    logoImage(invoice.logo),
  ]);
  const labels: InvoiceLabels = invoiceLabels[invoice.language] ?? invoiceLabels.es;
  const title = invoiceTitle(labels, invoice.type);
  const simplified = isSimplified(invoice.type);
  const date = (value: Date) => invoiceDate(value, invoice.language, invoice.timeZone);
  const issuerName = invoice.issuer.legalName.trim();

  const doc = new PDFDocument({
    size: 'A4',
    margins: margin,
    bufferPages: true,
    font: '',
    lang: invoice.language,
    displayTitle: true,
    info: {
      Title: `${title} ${invoice.code}`,
      Author: issuerName,
      Subject: `${title} ${invoice.code}`,
      Creator: 'Mostrador',
      Producer: 'Mostrador',
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  const regular = (size: number, color = colors.text) => doc.font('regular').fontSize(size).fillColor(color);
  const bold = (size: number, color = colors.text) => doc.font('bold').fontSize(size).fillColor(color);
  const left = margin.left;
  const right = margin.left + contentWidth;
  let y = margin.top;

  /** Pages after the first start with a slim line naming the invoice. */
  const newPage = () => {
    doc.addPage();
    y = margin.top;
    regular(8.5, colors.muted);
    doc.text(fill(labels.continued, { title, code: invoice.code }), left, y, {
      width: contentWidth,
      lineBreak: false,
      ellipsis: true,
    });
    y += 14;
    doc.rect(left, y, contentWidth, 0.5).fill(colors.rule);
    y += 12;
  };
  const ensure = (height: number) => {
    if (y + height > bottomLimit) newPage();
  };

  // 1. The header, three columns when there is a tax QR: the issuer (logo, name, tax id, address,
  //    contact) on the left; the QR in the middle; title, number, date, order and payment on the right.
  //    The QR comes first in the content (AEAT QR spec §3: at the top of the first page, centred),
  //    "QR tributario:" above it and "VERI*FACTU" below it when the record went to AEAT, each as large as
  //    the invoice's data, and 6 mm of blank page around it.
  const headerTop = y;
  const quiet = 6 * mm;
  const sideWidth = qr ? (contentWidth - qrSize) / 2 - quiet : (contentWidth - 24) / 2;
  let qrBottom = headerTop;
  if (qr && invoice.verifactu) {
    const captionSize = 12;
    const columnX = left + sideWidth + quiet;
    bold(captionSize);
    doc.text(verifactuTexts.qrCaption, columnX, headerTop, {
      width: qrSize,
      align: 'center',
      lineBreak: false,
    });
    const qrY = headerTop + doc.currentLineHeight() + 3.5 * mm;
    doc.image(qr, columnX, qrY, { width: qrSize, height: qrSize });
    qrBottom = qrY + qrSize + 3.5 * mm;
    if (invoice.verifactu.sentToAeat) {
      bold(captionSize);
      doc.text(verifactuTexts.verifiable, columnX, qrBottom, {
        width: qrSize,
        align: 'center',
        lineBreak: false,
      });
      qrBottom += doc.currentLineHeight();
    }
  }

  let leftY = headerTop;
  if (logo) {
    try {
      doc.image(logo, left, leftY, { fit: [Math.min(sideWidth, 170), 52] });
      leftY += 52 + 10;
    } catch {
      // A logo pdfkit cannot read is left out rather than failing the invoice.
    }
  }
  bold(11.5);
  doc.text(issuerName, left, leftY, { width: sideWidth });
  leftY = doc.y + 2;
  regular(9);
  doc.text(labelled(invoice.language, labels.taxId, invoice.issuer.taxId), left, leftY, { width: sideWidth });
  leftY = doc.y + 1;
  regular(8.5, colors.muted);
  for (const line of invoice.issuer.addressLines.map((l) => l.trim()).filter(Boolean)) {
    doc.text(line, left, leftY, { width: sideWidth });
    leftY = doc.y;
  }
  const contacts = [
    invoice.issuer.phone?.trim() ? `${labels.phone} ${invoice.issuer.phone.trim()}` : null,
    invoice.issuer.email?.trim() || null,
    invoice.issuer.web?.trim() || null,
  ].filter((c): c is string => Boolean(c));
  if (contacts.length) leftY += 3;
  for (const contact of contacts) {
    doc.text(contact, left, leftY, { width: sideWidth });
    leftY = doc.y;
  }

  const rightX = right - sideWidth;
  bold(qr ? 17 : 20, colors.accent);
  doc.text(title, rightX, headerTop - 2, { width: sideWidth, align: 'right' });
  let rightY = doc.y + 4;
  if (invoice.annulled) {
    bold(9);
    const text = labels.annulled.toLocaleUpperCase(intlLocales[invoice.language]);
    const width = Math.min(doc.widthOfString(text) + 14, sideWidth);
    doc.roundedRect(right - width, rightY, width, 17, 3).fill(colors.danger);
    bold(9, '#ffffff');
    doc.text(text, right - width, rightY + 3, { width, align: 'center', lineBreak: false, ellipsis: true });
    rightY += 24;
  }
  const facts: [string, string, boolean][] = [
    [labels.number, invoice.code, true],
    [labels.issueDate, date(invoice.issuedAt), false],
  ];
  if (invoice.orderCode !== null) facts.push([labels.order, String(invoice.orderCode), false]);
  if (invoice.paymentMethod)
    facts.push([labels.paymentMethod, paymentMethodText(labels, invoice.paymentMethod), false]);
  const factLabelWidth = Math.round(sideWidth * 0.48);
  const factValueWidth = sideWidth - factLabelWidth;
  for (const [label, value, strong] of facts) {
    regular(8.5, colors.muted);
    const labelHeight = doc.heightOfString(label, { width: factLabelWidth - 6 });
    doc.text(label, rightX, rightY + (strong ? 2 : 1), { width: factLabelWidth - 6 });
    (strong ? bold : regular)(strong ? 11 : 9.5);
    const valueHeight = doc.heightOfString(value, { width: factValueWidth });
    doc.text(value, rightX + factLabelWidth, rightY, { width: factValueWidth, align: 'right' });
    rightY += Math.max(labelHeight + (strong ? 2 : 1), valueHeight) + 3;
  }
  y = Math.max(leftY, rightY, qrBottom) + 12;
  doc.rect(left, y, contentWidth, 2).fill(colors.accent);
  y += 16;

  // 3. The recipient, and what the invoice rectifies or replaces, on light panels side by side.
  const panels: { heading: string; draw: (x: number, top: number, width: number, dry: boolean) => number }[] =
    [];
  const pad = 11;
  if (invoice.recipient) {
    const recipient = invoice.recipient;
    panels.push({
      heading: labels.recipient,
      draw: (x, top, width, dry) => {
        let at = top;
        bold(10.5);
        at += doc.heightOfString(recipient.name, { width });
        if (!dry) doc.text(recipient.name, x, top, { width });
        regular(9);
        const lines = [
          ...(recipient.taxId?.trim()
            ? [labelled(invoice.language, labels.taxId, recipient.taxId.trim())]
            : []),
          ...recipient.addressLines.map((l) => l.trim()).filter(Boolean),
        ];
        const first = recipient.taxId?.trim() ? 0 : -1;
        for (const [i, line] of lines.entries()) {
          regular(9, i === first ? colors.text : colors.muted);
          const height = doc.heightOfString(line, { width });
          if (!dry) doc.text(line, x, at + (i === first ? 2 : 0), { width });
          at += height + (i === first ? 2 : 0);
        }
        return at - top;
      },
    });
  }
  const reason = rectificationReason(labels, invoice.type);
  if (invoice.rectifies || reason) {
    const rectified = invoice.rectifies;
    panels.push({
      heading: labels.rectification,
      draw: (x, top, width, dry) => {
        let at = top;
        const write = (text: string, font: typeof regular, size: number, color?: string, gap = 2) => {
          font(size, color);
          const height = doc.heightOfString(text, { width });
          if (!dry) doc.text(text, x, at, { width });
          at += height + gap;
        };
        if (rectified)
          write(fill(labels.rectifies, { code: rectified.code, date: date(rectified.issuedAt) }), bold, 9.5);
        if (reason) write(labelled(invoice.language, labels.reason, reason), regular, 9);
        write(labels.byDifference, regular, 8.5, colors.muted, 0);
        return at - top;
      },
    });
  }
  if (invoice.replaces?.length) {
    const replaced = invoice.replaces;
    panels.push({
      heading: labels.replacement,
      draw: (x, top, width, dry) => {
        let at = top;
        regular(9);
        at += doc.heightOfString(labels.replaces, { width }) + 2;
        if (!dry) doc.text(labels.replaces, x, top, { width });
        for (const ref of replaced) {
          bold(9.5);
          const text = fill(labels.referenceWithDate, { code: ref.code, date: date(ref.issuedAt) });
          const height = doc.heightOfString(text, { width });
          if (!dry) doc.text(text, x, at, { width });
          at += height + 1;
        }
        return at - top;
      },
    });
  }
  if (panels.length) {
    const gap = 14;
    const panelWidth = panels.length === 1 && !invoice.recipient ? contentWidth : (contentWidth - gap) / 2;
    const inner = panelWidth - pad * 2;
    const headingHeight = 15;
    const heights = panels.map((p) => p.draw(0, 0, inner, true));
    const panelHeight = pad * 2 + headingHeight + Math.max(...heights);
    ensure(panelHeight);
    panels.forEach((panel, i) => {
      const x = left + i * (panelWidth + gap);
      doc.roundedRect(x, y, panelWidth, panelHeight, 5).fill(colors.faint);
      doc.rect(x, y + 6, 2.5, panelHeight - 12).fill(colors.accent);
      bold(8, colors.muted);
      doc.text(panel.heading.toLocaleUpperCase(intlLocales[invoice.language]), x + pad, y + pad - 1, {
        width: inner,
        lineBreak: false,
        ellipsis: true,
        characterSpacing: 0.4,
      });
      panel.draw(x + pad, y + pad + headingHeight, inner, false);
    });
    y += panelHeight + 18;
  }

  // 4. The lines. Full invoices give unit prices, discounts and amounts without VAT (RD 1619/2012 art.
  //    6.1.f); simplified ones as sold, VAT included.
  const cellPad = 5;
  const columns = [
    { text: labels.description, width: 0, align: 'left' as const },
    { text: labels.quantity, width: 42, align: 'right' as const },
    { text: labels.unitPrice, width: 76, align: 'right' as const },
    { text: labels.discount, width: 66, align: 'right' as const },
    { text: labels.vat, width: 46, align: 'right' as const },
    { text: labels.amount, width: 78, align: 'right' as const },
  ];
  columns[0]!.width = contentWidth - columns.slice(1).reduce((sum, c) => sum + c.width, 0);
  const headerHeight = (() => {
    bold(8);
    return Math.max(...columns.map((c) => doc.heightOfString(c.text, { width: c.width - cellPad * 2 }))) + 11;
  })();
  const tableHeader = () => {
    doc.rect(left, y, contentWidth, headerHeight).fill(colors.text);
    let x = left;
    bold(8, '#ffffff');
    for (const column of columns) {
      doc.text(column.text, x + cellPad, y + 5.5, { width: column.width - cellPad * 2, align: column.align });
      x += column.width;
    }
    y += headerHeight;
  };
  // Net prices take four decimals on the whole invoice when one of them needs more than two: a column
  // of numbers keeps one number of decimals.
  const netDecimals: 2 | 4 = invoice.lines.every(
    (line) =>
      netOfVat(line.unitPriceCents, line.taxPercentage) % 100 === 0 &&
      netOfVat(line.discountCents, line.taxPercentage) % 100 === 0,
  )
    ? 2
    : 4;
  ensure(headerHeight + 24);
  tableHeader();
  invoice.lines.forEach((line, i) => {
    regular(9);
    const descriptionWidth = columns[0]!.width - cellPad * 2;
    const height = Math.max(19, doc.heightOfString(line.description, { width: descriptionWidth }) + 8);
    if (y + height > bottomLimit) {
      newPage();
      tableHeader();
    }
    if (i % 2 === 1) doc.rect(left, y, contentWidth, height).fill(colors.zebra);
    doc.rect(left, y + height - 0.5, contentWidth, 0.5).fill(colors.rule);
    regular(9);
    doc.text(line.description, left + cellPad, y + 4.5, { width: descriptionWidth });
    const cells = [
      formatCount(line.quantity),
      simplified
        ? formatCents(line.unitPriceCents)
        : formatTenThousandths(netOfVat(line.unitPriceCents, line.taxPercentage), netDecimals),
      line.discountCents === 0
        ? ''
        : simplified
          ? formatCents(line.discountCents)
          : formatTenThousandths(netOfVat(line.discountCents, line.taxPercentage), netDecimals),
      formatRate(line.taxPercentage),
      formatCents(simplified ? line.totalCents : line.taxBaseCents),
    ];
    let x = left + columns[0]!.width;
    cells.forEach((cell, c) => {
      const column = columns[c + 1]!;
      if (cell)
        doc.text(cell, x + cellPad, y + 4.5, {
          width: column.width - cellPad * 2,
          align: 'right',
          lineBreak: false,
        });
      x += column.width;
    });
    y += height;
  });
  ensure(16);
  regular(8, colors.muted);
  doc.text(simplified ? labels.pricesIncludeVat : labels.pricesExcludeVat, left, y + 5, {
    width: contentWidth,
  });
  y = doc.y + 16;

  // 5. The VAT breakdown per rate on the left, the totals on the right, kept together.
  const breakdownColumns = [
    { text: labels.taxBase, width: 110 },
    { text: labels.taxRate, width: 60 },
    { text: labels.taxAmount, width: 100 },
  ];
  const breakdownWidth = breakdownColumns.reduce((sum, c) => sum + c.width, 0);
  const rowHeight = 19;
  const breakdownHeight = invoice.taxes.length ? 18 + rowHeight * (invoice.taxes.length + 1) : 0;
  const totalsWidth = 212;
  const totalsHeight = 22 * 2 + 34;
  ensure(Math.max(breakdownHeight, totalsHeight) + 8);
  const blockTop = y;
  if (invoice.taxes.length) {
    bold(9.5);
    doc.text(labels.taxBreakdown, left, y, { width: breakdownWidth, lineBreak: false, ellipsis: true });
    let by = y + 18;
    doc.rect(left, by, breakdownWidth, rowHeight).fill(colors.faint);
    let x = left;
    bold(8, colors.muted);
    for (const column of breakdownColumns) {
      doc.text(column.text, x + cellPad, by + 5.5, {
        width: column.width - cellPad * 2,
        align: 'right',
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    }
    by += rowHeight;
    for (const tax of invoice.taxes) {
      doc.rect(left, by + rowHeight - 0.5, breakdownWidth, 0.5).fill(colors.rule);
      regular(9);
      const cells = [formatCents(tax.taxBaseCents), formatRate(tax.taxPercentage), formatCents(tax.taxCents)];
      x = left;
      cells.forEach((cell, c) => {
        const width = breakdownColumns[c]!.width;
        doc.text(cell, x + cellPad, by + 5, { width: width - cellPad * 2, align: 'right', lineBreak: false });
        x += width;
      });
      by += rowHeight;
    }
  }
  const totalsX = right - totalsWidth;
  let ty = blockTop;
  for (const [label, cents] of [
    [labels.totalTaxBase, invoice.taxBaseCents],
    [labels.totalTax, invoice.taxCents],
  ] as const) {
    regular(9.5, colors.muted);
    doc.text(label, totalsX + 10, ty + 5, { width: totalsWidth - 110, lineBreak: false, ellipsis: true });
    regular(10);
    doc.text(formatCents(cents), totalsX + totalsWidth - 110, ty + 5, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
    doc.rect(totalsX, ty + 22 - 0.5, totalsWidth, 0.5).fill(colors.rule);
    ty += 22;
  }
  ty += 6;
  doc.roundedRect(totalsX, ty, totalsWidth, 30, 4).fill(colors.accent);
  bold(10.5, '#ffffff');
  doc.text(labels.total, totalsX + 10, ty + 8.5, {
    width: totalsWidth - 120,
    lineBreak: false,
    ellipsis: true,
  });
  bold(12, '#ffffff');
  doc.text(formatCents(invoice.totalCents), totalsX + totalsWidth - 120, ty + 7, {
    width: 110,
    align: 'right',
    lineBreak: false,
  });
  y = Math.max(blockTop + breakdownHeight, ty + 30) + 14;

  // 6. Every page: the watermark of an annulled invoice; the footer with the issuer and page numbers.
  const range = doc.bufferedPageRange();
  const pages = range.count;
  for (let i = range.start; i < range.start + pages; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (invoice.annulled) {
      doc.save();
      doc.rotate(-35, { origin: [page.width / 2, page.height / 2] });
      bold(64, colors.danger);
      doc.fillOpacity(0.12);
      doc.text(labels.annulled.toLocaleUpperCase(intlLocales[invoice.language]), 0, page.height / 2 - 40, {
        width: page.width,
        align: 'center',
        lineBreak: false,
      });
      doc.restore();
    }
    const footerY = page.height - margin.bottom + 22;
    doc.rect(left, footerY - 8, contentWidth, 0.5).fill(colors.rule);
    regular(7.5, colors.muted);
    const pageLabel = fill(labels.page, { page: i - range.start + 1, pages });
    const pageWidth = 110;
    doc.text(
      `${issuerName} · ${labels.taxId} ${invoice.issuer.taxId} · ${title} ${invoice.code}`,
      left,
      footerY,
      { width: contentWidth - pageWidth, lineBreak: false, ellipsis: true },
    );
    doc.text(pageLabel, right - pageWidth, footerY, { width: pageWidth, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
