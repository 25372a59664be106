import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { CellValue, Style } from 'exceljs';
import { zoneOffsetMs } from './time.js';

/**
 * Spreadsheets written as a stream (issue 18: list exports, report exports): typed columns, rows read
 * from an async iterable of batches, written as CSV the way a Spanish spreadsheet opens it (UTF-8 with a
 * byte-order mark, `;` between fields, decimal commas, CRLF) or as XLSX (exceljs' streaming writer, no
 * shared strings), waiting for the reader whenever the output is full, so memory stays flat however
 * many rows.
 *
 * Column types and the values they take:
 * - `text`: any value, written as its string (`null`/`undefined` empty; a list of plain values joined by
 *   commas; other arrays and objects as JSON);
 * - `number`: a number, written with a decimal comma in CSV, as a number in XLSX;
 * - `money`: integer cents, written as euros (`-12,34` in CSV; a number with the euro format in XLSX);
 * - `date`: an instant (a `Date` or an ISO string), written as the local date and time in the company's
 *   zone (`dd/mm/yyyy hh:mm`; in XLSX an Excel date of that wall time);
 * - `day`: a plain calendar date `YYYY-MM-DD` (`dd/mm/yyyy`);
 * - `boolean`: `true`/`false` (`TRUE`/`FALSE` in XLSX);
 * - `percent`: a percentage as people write it (21 for 21 %; in XLSX 0.21 with a percent format).
 * A column's `values` give words for coded values (a status `paid` → "Pagado"): a value listed there is
 * written as that word, as text, whatever the column's type.
 */
export const tabularTypes = ['text', 'number', 'money', 'date', 'day', 'boolean', 'percent'] as const;
export type TabularType = (typeof tabularTypes)[number];
export type TabularFormat = 'csv' | 'xlsx';

export interface TabularColumn {
  /** The row's field this column shows. */
  key: string;
  /** The header cell. */
  label: string;
  type: TabularType;
  values?: Record<string, string>;
  /** XLSX column width in characters; a width by type when absent. */
  width?: number;
}

export interface TabularOptions {
  format: TabularFormat;
  columns: readonly TabularColumn[];
  /** The company's time zone: `date` columns show its wall time. */
  timeZone: string;
  /** XLSX sheet name (at most 31 characters, no `[]:*?/\`). */
  sheetName?: string;
}

export type TabularRow = Readonly<Record<string, unknown>>;

export const tabularContentTypes: Record<TabularFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export const moneyNumFmt = '#,##0.00 "€"';
export const dateTimeNumFmt = 'dd/mm/yyyy hh:mm';
export const dayNumFmt = 'dd/mm/yyyy';
export const percentNumFmt = '0.00%';

// ---------------------------------------------------------------------------------------------------
// Values

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time `instant` shows in `timeZone` (lib/time's offsets, cached by day). */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const wall = new Date(instant.getTime() + zoneOffsetMs(instant.getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

function instantOf(value: unknown): Date | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

function dayParts(value: unknown): [number, number, number] | undefined {
  const m = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** Integer cents as euros with a decimal comma and no grouping: -1234 → "-12,34". */
export function centsText(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`money cells take integer cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${pad2(abs % 100)}`;
}

/** A number with a decimal comma, as written (no exponent for the magnitudes of a business). */
export function numberText(n: number): string {
  return String(n).replace('.', ',');
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
/** Text of a value: a list of plain values joined by commas, other objects as JSON. */
const textOf = (v: unknown): string => {
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return v.join(', ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
};

/** The word a column's `values` give a coded value, if any. */
function wordOf(column: TabularColumn, value: unknown): string | undefined {
  if (!column.values || isEmpty(value) || typeof value === 'object') return undefined;
  const key = String(value);
  return Object.hasOwn(column.values, key) ? column.values[key] : undefined;
}

/** A cell as CSV text (before quoting). */
export function csvText(column: TabularColumn, value: unknown, timeZone: string): string {
  const word = wordOf(column, value);
  if (word !== undefined) return word;
  if (isEmpty(value)) return '';
  switch (column.type) {
    case 'money':
      return typeof value === 'number' ? centsText(value) : textOf(value);
    case 'number':
    case 'percent':
      return typeof value === 'number' ? numberText(value) : textOf(value);
    case 'date': {
      const instant = instantOf(value);
      if (!instant) return textOf(value);
      const w = wallTimeOf(instant, timeZone);
      return `${pad2(w.day)}/${pad2(w.month)}/${w.year} ${pad2(w.hour)}:${pad2(w.minute)}`;
    }
    case 'day': {
      const d = dayParts(value);
      return d ? `${pad2(d[2])}/${pad2(d[1])}/${d[0]}` : textOf(value);
    }
    default:
      return textOf(value);
  }
}

/** Quoted when it holds the separator, a quote or a line break; quotes doubled. */
export const csvCell = (value: string) => (/[";\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A cell as exceljs takes it: numbers, booleans, Excel dates (UTC fields = the wall time), text. */
export function xlsxValue(column: TabularColumn, value: unknown, timeZone: string): CellValue {
  const word = wordOf(column, value);
  if (word !== undefined) return word;
  if (isEmpty(value)) return null;
  switch (column.type) {
    case 'money':
      return typeof value === 'number' ? value / 100 : textOf(value);
    case 'number':
      return typeof value === 'number' ? value : textOf(value);
    case 'percent':
      return typeof value === 'number' ? value / 100 : textOf(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : textOf(value);
    case 'date': {
      const instant = instantOf(value);
      if (!instant) return textOf(value);
      const w = wallTimeOf(instant, timeZone);
      // exceljs turns a Date into an Excel serial from its UTC fields: those carry the wall time.
      return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
    }
    case 'day': {
      const d = dayParts(value);
      return d ? new Date(Date.UTC(d[0], d[1] - 1, d[2])) : textOf(value);
    }
    default:
      return textOf(value);
  }
}

// ---------------------------------------------------------------------------------------------------
// Writers

/** The first of two events; the other's listener is removed (a long export waits thousands of times). */
async function eitherEvent(a: NodeJS.EventEmitter, aEvent: string, b: NodeJS.EventEmitter, bEvent: string) {
  const abort = new AbortController();
  try {
    await Promise.race([
      once(a, aEvent, { signal: abort.signal }),
      once(b, bEvent, { signal: abort.signal }),
    ]);
  } finally {
    abort.abort();
  }
}

/** Waits while `out` holds more than its high-water mark (the reader is slower than we write). */
async function drained(out: Writable) {
  while (out.writableNeedDrain && !out.destroyed) {
    await eitherEvent(out, 'drain', out, 'close');
  }
  if (out.destroyed) throw new Error('the output was closed before the export ended');
}

async function writeCsv(batches: AsyncIterable<readonly TabularRow[]>, o: TabularOptions, out: Writable) {
  const header = o.columns.map((c) => csvCell(c.label)).join(';');
  out.write(`\uFEFF${header}\r\n`);
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) {
      chunk += o.columns.map((c) => csvCell(csvText(c, row[c.key], o.timeZone))).join(';');
      chunk += '\r\n';
    }
    if (chunk) out.write(chunk);
    // A turn of the event loop per batch, so other requests are served during a long export.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await drained(out);
  }
  out.end();
  await finished(out, { readable: false });
}

const defaultWidths: Record<TabularType, number> = {
  text: 24,
  number: 12,
  money: 14,
  date: 17,
  day: 12,
  boolean: 10,
  percent: 10,
};
const numFmts: Partial<Record<TabularType, string>> = {
  money: moneyNumFmt,
  date: dateTimeNumFmt,
  day: dayNumFmt,
  percent: percentNumFmt,
};

/** A sheet name Excel accepts. */
function sheetNameOf(name: string | undefined) {
  const clean = (name ?? 'Sheet1').replace(/[[\]:*?/\\]/g, ' ').trim();
  return clean.slice(0, 31) || 'Sheet1';
}

interface LegacyWritable extends NodeJS.EventEmitter {
  _writableState: { length: number; highWaterMark: number };
}

/**
 * The zip entry stream a streamed worksheet writes into (exceljs internals: `WorksheetWriter.stream`, a
 * StreamBuf piped to archiver's readable-stream PassThrough), to wait on its backpressure; undefined if
 * exceljs changes them.
 */
function sheetEntryOf(sheet: unknown): LegacyWritable | undefined {
  const pipes = (sheet as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const entry = pipes?.[0] as Partial<LegacyWritable> | undefined;
  return typeof entry?._writableState?.length === 'number' && typeof entry.once === 'function'
    ? (entry as LegacyWritable)
    : undefined;
}

/** Waits until the zip has taken the sheet's XML written so far (or `out` is closed). */
async function entryTaken(entry: LegacyWritable | undefined, out: Writable) {
  if (!entry) return;
  while (entry._writableState.length > entry._writableState.highWaterMark && !out.destroyed) {
    await eitherEvent(entry, 'drain', out, 'close');
  }
}

async function writeXlsx(batches: AsyncIterable<readonly TabularRow[]>, o: TabularOptions, out: Writable) {
  // Loaded on the first XLSX: ~11 MB the API does not hold until someone exports to Excel.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetNameOf(o.sheetName), {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  // One style object per column, given to every cell of it: exceljs keys the styles it has written by
  // the style object, and a cell's own copy (its default) costs a style lookup by XML per cell (a third
  // of a 100,000-row export's time).
  const styles = o.columns.map((c): Partial<Style> => {
    const numFmt = c.values ? undefined : numFmts[c.type];
    return numFmt ? { numFmt } : {};
  });
  sheet.columns = o.columns.map((c, i) => ({
    key: `c${i}`,
    width: c.width ?? Math.max(defaultWidths[c.type], Math.min(c.label.length + 2, 60)),
    style: styles[i],
  }));
  const header = sheet.addRow(o.columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();
  for await (const batch of batches) {
    for (const row of batch) {
      const line = sheet.addRow(o.columns.map((c) => xlsxValue(c, row[c.key], o.timeZone)));
      for (let i = 0; i < styles.length; i++) line.getCell(i + 1).style = styles[i]!;
      line.commit();
    }
    // exceljs hands the sheet's XML to the zip without waiting (its StreamBuf ignores the entry
    // stream's backpressure), and the zip deflates on later turns: wait until the entry stream has
    // taken it, then for the reader if the output is full. Memory then holds a batch, not the file.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await entryTaken(sheetEntryOf(sheet), out);
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * Writes `batches` to `out` in `options.format`, waiting whenever `out` is full; `out` is ended at the
 * end. Rejects (leaving `out` to the caller) when reading or writing fails.
 */
export async function writeTabular(
  batches: AsyncIterable<readonly TabularRow[]>,
  options: TabularOptions,
  out: Writable,
): Promise<void> {
  if (options.format === 'csv') await writeCsv(batches, options, out);
  else await writeXlsx(batches, options, out);
}

/**
 * The file as a readable stream (for `reply.send`): written as it is read; an error while reading the
 * rows destroys the stream (the client sees a cut download, never a file that looks complete).
 * `onError` hears that error (to log it).
 */
export function tabularStream(
  batches: AsyncIterable<readonly TabularRow[]>,
  options: TabularOptions,
  onError?: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  writeTabular(batches, options, out).catch((error: unknown) => {
    onError?.(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

/** `<name>-<YYYY-MM-DD>.<ext>`, the day in the company's zone. */
export function tabularFileName(name: string, format: TabularFormat, timeZone: string, now = new Date()) {
  const w = wallTimeOf(now, timeZone);
  return `${name}-${w.year}-${pad2(w.month)}-${pad2(w.day)}.${format}`;
}
