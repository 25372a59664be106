import { formatCents, type Language, languages } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tabularContentTypes } from '../../lib/tabular.js';
import { zonedToInstant, zoneOffsetMinutes } from '../../lib/time.js';
import { companySettings } from '../settings/settings.table.js';

/**
 * What the bookings and sales reports share: the period's instants, rates, the company's language, and
 * a small writer of their tables as CSV (the existing reports' way: BOM, `;`, decimal commas) or XLSX
 * (exceljs: one sheet per table, bold header row, euros and percents as numbers with their formats).
 * The supplier settlement and the invoicing report by product write their files with it too.
 */

/** The first instant of company day `day` (YYYY-MM-DD) and of the day after `to`: the period [start, end). */
export function periodBounds(from: string, to: string, timeZone: string): { start: Date; end: Date } {
  const at = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return zonedToInstant({ year, month, day: date }, timeZone);
  };
  return { start: at(from), end: at(dayAfter(to)) };
}

/** The calendar day after `day` (YYYY-MM-DD). */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** part / whole, null when whole is 0. */
export const rateOf = (part: number, whole: number): number | null => (whole === 0 ? null : part / whole);

/** The company's main language (its settings' locale; Spanish when unset). */
export async function companyLanguage(db: DbOrTx, licenseId: number): Promise<Language> {
  const result = await db.execute(
    sql`select data->>'locale' as locale from ${companySettings} where license_id = ${licenseId}`,
  );
  const locale = (result as unknown as { rows: { locale: string | null }[] }).rows[0]?.locale;
  return (languages as readonly string[]).includes(locale ?? '') ? (locale as Language) : 'es';
}

export type CellKind = 'text' | 'integer' | 'money' | 'percent' | 'datetime';
/** Money in euros, rates as fractions (0.25 = 25 %), date-times as instants. */
export type Cell = string | number | Date | null;
export interface Sheet {
  name: string;
  columns: readonly { label: string; kind: CellKind }[];
  rows: Cell[][];
  /** Rows (indexes in `rows`) drawn bold in XLSX, such as totals; the CSV has no bold. */
  strongRows?: readonly number[];
}
export type ReportFormat = 'csv' | 'xlsx';

/** The wall-clock time of `instant` in `timeZone`, as a Date whose UTC fields read it. */
const wallClock = (instant: Date, timeZone: string) =>
  new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);

const decimal = (value: number, digits: number) => value.toFixed(digits).replace('.', ',');

function csvValue(value: Cell, kind: CellKind, timeZone: string): string {
  if (value === null) return '';
  if (value instanceof Date) return wallClock(value, timeZone).toISOString().slice(0, 16).replace('T', ' ');
  if (typeof value === 'string') return value;
  if (kind === 'money')
    return formatCents(Math.round(value * 100))
      .replace(/\s*€$/, '')
      .replace(/\s/g, '');
  if (kind === 'percent') return `${decimal(value * 100, 1)}%`;
  return String(value);
}

const csvCell = (value: string) => (/[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The tables as one CSV a Spanish spreadsheet opens: UTF-8 with a byte-order mark, `;` between fields,
 * decimal commas, amounts without the euro sign; each table under its name, an empty line between them.
 */
export function sheetsCsv(sheets: Sheet[], timeZone: string): string {
  const lines: string[][] = [];
  sheets.forEach((sheet, i) => {
    if (i > 0) lines.push([]);
    if (sheets.length > 1) lines.push([sheet.name]);
    lines.push(sheet.columns.map((c) => c.label));
    for (const row of sheet.rows)
      lines.push(row.map((value, c) => csvValue(value, sheet.columns[c]?.kind ?? 'text', timeZone)));
  });
  return `\uFEFF${lines.map((r) => r.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

const numberFormats: Partial<Record<CellKind, string>> = {
  integer: '0',
  money: '#,##0.00 "€"',
  percent: '0.0%',
  datetime: 'dd/mm/yyyy hh:mm',
};

/**
 * The tables as an XLSX workbook, one sheet each: header row bold and frozen, amounts as numbers in
 * euros, rates as percents, date-times as the company's local date-times.
 */
export async function sheetsXlsx(sheets: Sheet[], timeZone: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mostrador';
  const used = new Set<string>();
  for (const sheet of sheets) {
    // Excel: at most 31 characters, none of []:*?/\ and each name once.
    let name = sheet.name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet';
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${name.slice(0, 28)} ${n}`;
    used.add(name.toLowerCase());
    const ws = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = sheet.columns.map((c) => ({
      header: c.label,
      width: Math.max(12, Math.min(40, c.label.length + 2)),
      style: numberFormats[c.kind] ? { numFmt: numberFormats[c.kind] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    for (const row of sheet.rows)
      ws.addRow(row.map((value) => (value instanceof Date ? wallClock(value, timeZone) : value)));
    for (const i of sheet.strongRows ?? []) ws.getRow(i + 2).font = { bold: true };
    sheet.columns.forEach((c, i) => {
      if (c.kind !== 'text') return;
      const width = Math.max(c.label.length, ...sheet.rows.map((r) => String(r[i] ?? '').length));
      ws.getColumn(i + 1).width = Math.max(12, Math.min(60, width + 2));
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A report as a file to answer with: its bytes, content type and `content-disposition`. */
export interface ReportFile {
  body: Buffer;
  contentType: string;
  disposition: string;
}

/** The tables as a CSV or XLSX file named `<baseName>.<format>` (see sheetsCsv, sheetsXlsx, attachment). */
export async function sheetsFile(
  sheets: Sheet[],
  format: ReportFormat,
  timeZone: string,
  baseName: string,
): Promise<ReportFile> {
  return {
    body: format === 'csv' ? Buffer.from(sheetsCsv(sheets, timeZone)) : await sheetsXlsx(sheets, timeZone),
    contentType: tabularContentTypes[format],
    disposition: attachment(baseName, format),
  };
}

/** `attachment` with the file's name: ASCII for old clients, the exact name in UTF-8 (RFC 6266) beside it. */
export function attachment(baseName: string, format: ReportFormat): string {
  const name = `${baseName}.${format}`;
  const ascii =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '')
      .replace(/^[-.]+/, '') || `report.${format}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
