import {
  type CashCount,
  type CashRegisterFigures,
  type CashRegisterProductLine,
  eurosToCents,
  formatCents,
  formatCount,
  type Language,
} from '@mostrador/contract';
import { loadPdfFonts } from '../../lib/pdf-fonts.js';
import { fill, type ReportLabels, reportLabels } from './report-labels.js';

/** Everything the closing report shows; the renderer reads nothing else (no database, no clock). */
export interface CashRegisterReportInput {
  company: {
    name: string | null;
    vat: string | null;
    street: string | null;
    postalCode: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
  };
  language: Language;
  timeZone: string;
  register: {
    id: number;
    openedAt: Date;
    closedAt: Date;
    openedBy: string | null;
    closedBy: string | null;
  };
  figures: CashRegisterFigures;
  /** The cash counted at closing; null for registers closed before closing asked for it. */
  cashCount: CashCount | null;
  notes: string | null;
}

/** The date part of `cash-register-<id>-<date>.pdf`: the closing day in the company's time zone. */
export function reportFileName(id: number, closedAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(closedAt);
  return `cash-register-${id}-${day}.pdf`;
}

/** Date and time in the company's time zone, written the language's way (English the European way). */
function dateTimeFormat(language: Language, timeZone: string) {
  const format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
  });
  return (date: Date) => format.format(date);
}

const euros = (amount: number) => formatCents(eurosToCents(amount));

// Layout, in points (A4 is 595.28 × 841.89).
const page = { width: 595.28, height: 841.89 };
const margin = { top: 48, left: 48, right: 48, bottom: 56 };
const contentWidth = page.width - margin.left - margin.right;
const bottomLimit = page.height - margin.bottom;
const colors = {
  text: '#1f2328',
  muted: '#5c6470',
  rule: '#d0d7de',
  faint: '#eef1f4',
  zebra: '#f7f8fa',
  accent: '#0958d9',
  accentSoft: '#e8f0fd',
  short: '#c41d1d',
  over: '#237804',
};

/** The closing report as a PDF: A4, the company's header, the figures, the four product tables, notes. */
export async function renderCashRegisterReport(input: CashRegisterReportInput): Promise<Buffer> {
  const [fonts, { default: PDFDocument }] = await Promise.all([loadPdfFonts(), import('pdfkit')]);
  const labels: ReportLabels = reportLabels[input.language] ?? reportLabels.en;
  const when = dateTimeFormat(input.language, input.timeZone);
  const registerLabel = fill(labels.register, { id: input.register.id });
  const companyName = input.company.name?.trim() || '—';

  const doc = new PDFDocument({
    size: 'A4',
    margins: margin,
    bufferPages: true,
    font: '',
    lang: input.language,
    displayTitle: true,
    info: {
      Title: `${labels.title} · ${registerLabel}`,
      Author: companyName,
      Creator: 'Mostrador',
      Producer: 'Mostrador',
      CreationDate: input.register.closedAt,
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
  let y = margin.top;

  const newPage = () => {
    doc.addPage();
    y = margin.top;
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const ensure = (height: number) => {
    if (y + height > bottomLimit) newPage();
  };

  // Header: the company on the left, the report's title and register on the right.
  const rightWidth = 210;
  const leftWidth = contentWidth - rightWidth - 16;
  bold(17);
  doc.text(companyName, left, y, { width: leftWidth });
  let leftY = doc.y + 2;
  const place = [input.company.postalCode, input.company.city].filter(Boolean).join(' ');
  const region = [input.company.state, input.company.country].filter(Boolean).join(', ');
  const companyLines = [
    input.company.vat ? `${labels.vat}: ${input.company.vat}` : null,
    input.company.street,
    place || null,
    region || null,
  ].filter((line): line is string => Boolean(line?.trim()));
  regular(9, colors.muted);
  for (const line of companyLines) {
    doc.text(line, left, leftY, { width: leftWidth });
    leftY = doc.y + 1;
  }
  bold(13, colors.accent);
  doc.text(labels.title, left + contentWidth - rightWidth, y + 2, { width: rightWidth, align: 'right' });
  regular(10, colors.muted);
  doc.text(registerLabel, left + contentWidth - rightWidth, doc.y + 2, { width: rightWidth, align: 'right' });
  y = Math.max(leftY, doc.y) + 12;
  doc.rect(left, y, contentWidth, 2).fill(colors.accent);
  y += 16;

  // When and by whom on a light panel, the cash in the drawer beside it.
  const f = input.figures;
  const people = [
    [labels.opened, when(input.register.openedAt), labels.closed, when(input.register.closedAt)],
    [labels.openedBy, input.register.openedBy ?? '—', labels.closedBy, input.register.closedBy ?? '—'],
  ] as const;
  const cashWidth = 150;
  const panelPad = 12;
  const columnWidth = (contentWidth - cashWidth - 10) / 2;
  const cellWidth = columnWidth - panelPad * 2;
  const rowHeights = people.map(([, a, , b]) => {
    regular(10);
    return (
      12 + Math.max(doc.heightOfString(a, { width: cellWidth }), doc.heightOfString(b, { width: cellWidth }))
    );
  });
  const panelHeight = panelPad * 2 + rowHeights.reduce((sum, h) => sum + h, 0) + 8;
  doc.roundedRect(left, y, contentWidth - cashWidth - 10, panelHeight, 6).fill(colors.faint);
  let rowY = y + panelPad;
  people.forEach(([labelA, valueA, labelB, valueB], i) => {
    for (const [label, value, x] of [
      [labelA, valueA, left + panelPad],
      [labelB, valueB, left + columnWidth + panelPad],
    ] as const) {
      regular(8.5, colors.muted);
      doc.text(label, x, rowY, { width: cellWidth, lineBreak: false, ellipsis: true });
      regular(10);
      doc.text(value, x, rowY + 12, { width: cellWidth });
    }
    rowY += rowHeights[i]! + 8;
  });
  const cashX = left + contentWidth - cashWidth;
  doc.roundedRect(cashX, y, cashWidth, panelHeight, 6).fill(colors.accent);
  regular(8.5, '#ffffff');
  doc.text(labels.currentCashAmount, cashX + panelPad, y + panelPad, {
    width: cashWidth - panelPad * 2,
    lineBreak: false,
    ellipsis: true,
  });
  bold(17, '#ffffff');
  doc.text(euros(f.currentCashAmount), cashX + panelPad, y + panelPad + 14, {
    width: cashWidth - panelPad * 2,
    lineBreak: false,
  });
  regular(8.5, '#ffffff');
  doc.text(
    `${labels.initialAmount}: ${euros(f.initialAmount)}`,
    cashX + panelPad,
    y + panelHeight - panelPad - 11,
    {
      width: cashWidth - panelPad * 2,
      lineBreak: false,
      ellipsis: true,
    },
  );
  y += panelHeight + 4;
  regular(8, colors.muted);
  doc.text(fill(labels.timesIn, { zone: input.timeZone }), left, y, { width: contentWidth, align: 'right' });
  y = doc.y + 12;

  /** A section's title, kept on one page with the first `keepWith` points of what follows. */
  const sectionTitle = (text: string, keepWith = 40) => {
    ensure(22 + keepWith);
    bold(12);
    doc.text(text, left, y, { width: contentWidth });
    y = doc.y + 6;
  };

  // The figures: sales and refunds, each split by payment method, then the cash.
  sectionTitle(labels.summary);
  const numberWidth = 90;
  const amountWidth = 110;
  const conceptWidth = contentWidth - numberWidth - amountWidth;
  const cellPad = 6;
  const tableHeader = (columns: { text: string; width: number; align: 'left' | 'right' }[]) => {
    const height = 20;
    doc.rect(left, y, contentWidth, height).fill(colors.faint);
    let x = left;
    bold(8.5, colors.muted);
    for (const column of columns) {
      doc.text(column.text, x + cellPad, y + 5.5, {
        width: column.width - cellPad * 2,
        align: column.align,
        lineBreak: false,
        ellipsis: true,
      });
      x += column.width;
    }
    y += height;
  };
  tableHeader([
    { text: labels.concept, width: conceptWidth, align: 'left' },
    { text: labels.count, width: numberWidth, align: 'right' },
    { text: labels.amount, width: amountWidth, align: 'right' },
  ]);
  const figureRows: { label: string; count?: number; amount: number; level: 0 | 1; total?: boolean }[] = [
    { label: labels.orders, count: f.ordersCount, amount: f.ordersAmount, level: 0 },
    { label: labels.cashOrders, count: f.cashOrdersCount, amount: f.cashOrdersAmount, level: 1 },
    { label: labels.cardOrders, count: f.cardOrdersCount, amount: f.cardOrdersAmount, level: 1 },
    { label: labels.refunds, count: f.refundsCount, amount: f.refundsAmount, level: 0 },
    { label: labels.cashRefunds, count: f.cashRefundsCount, amount: f.cashRefundsAmount, level: 1 },
    { label: labels.cardRefunds, count: f.cardRefundsCount, amount: f.cardRefundsAmount, level: 1 },
    { label: labels.initialAmount, amount: f.initialAmount, level: 0 },
    { label: labels.currentCashAmount, amount: f.currentCashAmount, level: 0, total: true },
  ];
  for (const row of figureRows) {
    const height = row.total ? 24 : 18;
    ensure(height);
    if (row.total) {
      doc.rect(left, y, contentWidth, height).fill(colors.accentSoft);
      doc.rect(left, y, contentWidth, 1).fill(colors.accent);
    } else {
      doc.rect(left, y + height - 0.5, contentWidth, 0.5).fill(colors.rule);
    }
    const font = row.level === 0 ? bold : regular;
    const textY = y + (row.total ? 7 : 4);
    font(row.total ? 10.5 : 9.5, row.level === 1 ? colors.muted : colors.text);
    const indent = row.level === 1 ? 14 : 0;
    doc.text(row.label, left + cellPad + indent, textY, {
      width: conceptWidth - cellPad * 2 - indent,
      lineBreak: false,
      ellipsis: true,
    });
    font(row.total ? 10.5 : 9.5);
    if (row.count !== undefined)
      doc.text(formatCount(row.count), left + conceptWidth + cellPad, textY, {
        width: numberWidth - cellPad * 2,
        align: 'right',
        lineBreak: false,
      });
    doc.text(euros(row.amount), left + conceptWidth + numberWidth + cellPad, textY, {
      width: amountWidth - cellPad * 2,
      align: 'right',
      lineBreak: false,
    });
    y += height;
  }
  y += 22;

  // The cash count: expected, counted and their difference, then the notes and coins when so counted.
  const count = input.cashCount;
  if (count) {
    sectionTitle(labels.cashCount, 3 * 18 + 24);
    tableHeader([
      { text: labels.concept, width: conceptWidth + numberWidth, align: 'left' },
      { text: labels.amount, width: amountWidth, align: 'right' },
    ]);
    const differenceCents = eurosToCents(count.difference);
    const status =
      differenceCents < 0 ? labels.cashShort : differenceCents > 0 ? labels.cashOver : labels.cashBalanced;
    const countRows = [
      { label: labels.expectedCash, value: euros(count.expectedCash), total: false },
      { label: labels.countedCash, value: euros(count.countedCash), total: false },
      {
        label: `${labels.difference} · ${status}`,
        value: `${differenceCents > 0 ? '+' : ''}${formatCents(differenceCents)}`,
        total: true,
      },
    ];
    for (const row of countRows) {
      const height = row.total ? 24 : 18;
      ensure(height);
      const color = !row.total
        ? colors.text
        : differenceCents < 0
          ? colors.short
          : differenceCents > 0
            ? colors.over
            : colors.text;
      if (row.total) {
        doc.rect(left, y, contentWidth, height).fill(colors.accentSoft);
        doc.rect(left, y, contentWidth, 1).fill(colors.accent);
      } else {
        doc.rect(left, y + height - 0.5, contentWidth, 0.5).fill(colors.rule);
      }
      const textY = y + (row.total ? 7 : 4);
      (row.total ? bold : regular)(row.total ? 10.5 : 9.5, color);
      doc.text(row.label, left + cellPad, textY, {
        width: conceptWidth + numberWidth - cellPad * 2,
        lineBreak: false,
        ellipsis: true,
      });
      doc.text(row.value, left + conceptWidth + numberWidth + cellPad, textY, {
        width: amountWidth - cellPad * 2,
        align: 'right',
        lineBreak: false,
      });
      y += height;
    }
    y += 12;
    if (count.denominations?.length) {
      const denominationColumns = [
        { text: labels.denomination, width: conceptWidth, align: 'left' as const },
        { text: labels.count, width: numberWidth, align: 'right' as const },
        { text: labels.amount, width: amountWidth, align: 'right' as const },
      ];
      ensure(20 + 18);
      tableHeader(denominationColumns);
      count.denominations.forEach((line, i) => {
        const height = 18;
        if (y + height > bottomLimit) {
          newPage();
          tableHeader(denominationColumns);
        }
        if (i % 2 === 1) doc.rect(left, y, contentWidth, height).fill(colors.zebra);
        doc.rect(left, y + height - 0.5, contentWidth, 0.5).fill(colors.rule);
        regular(9.5);
        const cells = [
          euros(line.value),
          formatCount(line.count),
          formatCents(eurosToCents(line.value) * line.count),
        ];
        let x = left;
        cells.forEach((cell, c) => {
          const width = denominationColumns[c]!.width;
          doc.text(cell, x + cellPad, y + 4, {
            width: width - cellPad * 2,
            align: denominationColumns[c]!.align,
            lineBreak: false,
          });
          x += width;
        });
        y += height;
      });
      y += 12;
    }
    y += 10;
  }

  // The four product tables.
  const priceWidth = 85;
  const quantityWidth = 70;
  const lineAmountWidth = 95;
  const nameWidth = contentWidth - priceWidth - quantityWidth - lineAmountWidth;
  const lineColumns = [
    { text: labels.product, width: nameWidth, align: 'left' as const },
    { text: labels.price, width: priceWidth, align: 'right' as const },
    { text: labels.quantity, width: quantityWidth, align: 'right' as const },
    { text: labels.amount, width: lineAmountWidth, align: 'right' as const },
  ];
  const productTable = (title: string, lines: CashRegisterProductLine[]) => {
    // The title, the header and a first row stay together.
    ensure(18 + (lines.length ? 20 : 0) + 20);
    doc.rect(left, y + 1, 3, 12).fill(colors.accent);
    bold(10.5);
    doc.text(title, left + 9, y, { width: contentWidth - 9, lineBreak: false, ellipsis: true });
    y += 18;
    if (!lines.length) {
      // An empty table is one muted row, without the column headers.
      regular(9.5, colors.muted);
      doc.text(labels.none, left + cellPad, y + 4.5, { width: contentWidth - cellPad * 2, lineBreak: false });
      y += 19;
      doc.rect(left, y - 0.5, contentWidth, 0.5).fill(colors.rule);
      y += 10;
      return;
    }
    tableHeader(lineColumns);
    let totalCents = 0;
    let totalQuantity = 0;
    lines.forEach((line, i) => {
      regular(9.5);
      const nameHeight = doc.heightOfString(line.name, { width: nameWidth - cellPad * 2 });
      const height = Math.max(18, nameHeight + 5);
      if (y + height > bottomLimit) {
        newPage();
        tableHeader(lineColumns);
      }
      if (i % 2 === 1) doc.rect(left, y, contentWidth, height).fill(colors.zebra);
      doc.rect(left, y + height - 0.5, contentWidth, 0.5).fill(colors.rule);
      regular(9.5);
      doc.text(line.name, left + cellPad, y + 4, { width: nameWidth - cellPad * 2 });
      const cells = [euros(line.price), formatCount(line.quantity), euros(line.amount)];
      let x = left + nameWidth;
      cells.forEach((cell, c) => {
        const width = lineColumns[c + 1]!.width;
        doc.text(cell, x + cellPad, y + 4, { width: width - cellPad * 2, align: 'right', lineBreak: false });
        x += width;
      });
      totalCents += eurosToCents(line.amount);
      totalQuantity += line.quantity;
      y += height;
    });
    ensure(22);
    doc.rect(left, y, contentWidth, 1).fill(colors.text);
    bold(9.5);
    doc.text(labels.total, left + cellPad, y + 6, { width: nameWidth - cellPad * 2, lineBreak: false });
    doc.text(formatCount(totalQuantity), left + nameWidth + priceWidth + cellPad, y + 6, {
      width: quantityWidth - cellPad * 2,
      align: 'right',
      lineBreak: false,
    });
    doc.text(formatCents(totalCents), left + nameWidth + priceWidth + quantityWidth + cellPad, y + 6, {
      width: lineAmountWidth - cellPad * 2,
      align: 'right',
      lineBreak: false,
    });
    y += 22 + 12;
  };
  sectionTitle(labels.products);
  productTable(labels.productsSoldCash, f.productsSoldCash);
  productTable(labels.productsRefundCash, f.productsRefundCash);
  productTable(labels.productsSoldCard, f.productsSoldCard);
  productTable(labels.productsRefundCard, f.productsRefundCard);

  // The closing notes, on a panel when they fit on a page; very long ones flow over pages.
  y += 4;
  const notes = input.notes?.trim();
  const notesText = notes || labels.noNotes;
  const notesWidth = contentWidth - 28;
  regular(10);
  const notesHeight = doc.heightOfString(notesText, { width: notesWidth }) + 20;
  const notesFit = notesHeight <= bottomLimit - margin.top - 22;
  sectionTitle(labels.notes, notesFit ? notesHeight : 40);
  regular(10, notes ? colors.text : colors.muted);
  if (notesFit) {
    doc.rect(left, y, contentWidth, notesHeight).fill(colors.faint);
    doc.rect(left, y, 3, notesHeight).fill(colors.accent);
    regular(10, notes ? colors.text : colors.muted);
    doc.text(notesText, left + 14, y + 10, { width: notesWidth });
  } else {
    doc.text(notesText, left + 14, y, { width: notesWidth });
  }

  // The footer of every page: who and what, and the page number when the report spans pages.
  const range = doc.bufferedPageRange();
  const pages = range.count;
  for (let i = range.start; i < range.start + pages; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would otherwise make pdfkit start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footerY = page.height - margin.bottom + 18;
    doc.rect(left, footerY - 8, contentWidth, 0.5).fill(colors.rule);
    regular(8, colors.muted);
    const pageLabel = pages > 1 ? fill(labels.page, { page: i - range.start + 1, pages }) : '';
    const pageWidth = pageLabel ? 120 : 0;
    doc.text(`${companyName} · ${labels.title} · ${registerLabel}`, left, footerY, {
      width: contentWidth - pageWidth,
      lineBreak: false,
      ellipsis: true,
    });
    if (pageLabel)
      doc.text(pageLabel, left + contentWidth - pageWidth, footerY, {
        width: pageWidth,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
