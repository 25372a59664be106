import type { ExportBody, ExportFormat, Filters, Orders } from '@mostrador/contract';

/** A column as the list shows it, for the export: its item field, its title as read, its codes' words. */
export interface ShownColumn {
  key: string;
  label: string;
  /** Words for the coded values its cells show translated (a status `paid` → "Pagado"). */
  values?: Record<string, string>;
  /** False for what is not a field of the list's item (an image, a computed cell): left out of the file. */
  exported?: boolean;
}

/** What the table queries with: its search, filters and sort, and the path's scope (an anomaly's calendar). */
export interface ListState {
  query?: string;
  filters?: Filters;
  orders?: Orders;
  scope?: Record<string, string | number>;
}

const hasKeys = (value: object | undefined): value is object => !!value && Object.keys(value).length > 0;

/**
 * The body of `POST /admin/exports/{list}`: the columns shown, in their order, with their titles and their
 * codes' words, and the list's own search, filters and sort; nothing that is not set.
 */
export function buildExportBody(format: ExportFormat, columns: ShownColumn[], state: ListState): ExportBody {
  const body: ExportBody = {
    format,
    columns: columns
      .filter((column) => column.exported !== false)
      .map(({ key, label, values }) => (values ? { key, label, values } : { key, label })),
  };
  const query = state.query?.trim();
  if (query) body.query = query;
  if (hasKeys(state.filters)) body.filters = state.filters;
  if (hasKeys(state.orders)) body.orders = state.orders;
  if (hasKeys(state.scope)) body.scope = state.scope;
  return body;
}

/** The words of a column's codes, as its cells say them: `exportWords(orderStatuses, (code) => t(…))`. */
export function exportWords(
  codes: readonly string[],
  word: (code: string) => string,
): Record<string, string> {
  return Object.fromEntries(codes.map((code) => [code, word(code)]));
}

/** The words of a yes/no column (`true`, `false`), as its cells read. */
export function booleanWords(yes: string, no: string): Record<string, string> {
  return { true: yes, false: no };
}

/** How far a download has come: bytes and lines received, and the rows the server announced. */
export interface ExportProgress {
  format: ExportFormat;
  /** The `x-export-rows` header: the rows the file will have (null when the server did not say). */
  rows: number | null;
  bytes: number;
  /** Line breaks received, the header's included. */
  lines: number;
  done: boolean;
}

/** The data rows of a CSV received so far (its first line is the header). */
export function rowsReceived(progress: ExportProgress): number {
  return Math.max(0, progress.lines - 1);
}

/**
 * The percent to show: a CSV's rows received of those announced, held at 99 until the end (a note with a
 * line break inside its quotes counts twice); 100 when done; undefined where it cannot be told (an XLSX
 * is zipped: its bytes say nothing of the rows).
 */
export function progressPercent(progress: ExportProgress): number | undefined {
  if (progress.done) return 100;
  if (progress.format !== 'csv' || progress.rows === null) return undefined;
  if (progress.rows === 0) return 0;
  return Math.min(99, Math.floor((rowsReceived(progress) / progress.rows) * 100));
}

const newline = 0x0a;

/** The line breaks in a chunk of the answer. */
export function countLineBreaks(chunk: Uint8Array): number {
  let count = 0;
  for (let i = chunk.indexOf(newline); i !== -1; i = chunk.indexOf(newline, i + 1)) count += 1;
  return count;
}

const sizeUnits = ['B', 'KB', 'MB', 'GB'] as const;
const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1, useGrouping: 'always' });

/** A size in Spanish formatting: 950 B, 12,4 KB, 3,2 MB (units of 1,024). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${sizeFormat.format(unit === 0 ? value : Math.round(value * 10) / 10)} ${sizeUnits[unit]}`;
}

/** The file name of a Content-Disposition header (RFC 6266: `filename*` first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(disposition);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // A malformed escape: the plain name below, if any.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(disposition);
  const name = plain?.[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain?.[1]?.trim();
  return name || fallback;
}
