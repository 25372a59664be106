import { describe, expect, it } from 'vitest';
import {
  booleanWords,
  buildExportBody,
  countLineBreaks,
  type ExportProgress,
  exportWords,
  fileNameOf,
  formatBytes,
  progressPercent,
  rowsReceived,
} from './export-request';

const encoder = new TextEncoder();

describe('buildExportBody', () => {
  it('sends the shown columns in order with their titles and codes’ words, leaving out what is no field', () => {
    const body = buildExportBody(
      'csv',
      [
        { key: 'code', label: 'Número' },
        { key: 'image', label: 'Imagen', exported: false },
        { key: 'amount', label: 'Importe' },
        { key: 'status', label: 'Estado', values: { paid: 'Pagado', draft: 'Borrador' } },
        { key: 'enabled', label: 'Activo', values: booleanWords('Sí', 'No') },
      ],
      {
        query: '  ana ',
        filters: { status: { eq: 'paid' }, createdAt: { gte: '2026-01-01' } },
        orders: { amount: 'desc' },
      },
    );
    expect(body).toEqual({
      format: 'csv',
      columns: [
        { key: 'code', label: 'Número' },
        { key: 'amount', label: 'Importe' },
        { key: 'status', label: 'Estado', values: { paid: 'Pagado', draft: 'Borrador' } },
        { key: 'enabled', label: 'Activo', values: { true: 'Sí', false: 'No' } },
      ],
      query: 'ana',
      filters: { status: { eq: 'paid' }, createdAt: { gte: '2026-01-01' } },
      orders: { amount: 'desc' },
    });
  });

  it('leaves out an empty search, filters and sort, and passes the path’s scope', () => {
    const body = buildExportBody('xlsx', [{ key: 'reason', label: 'Motivo' }], {
      query: '',
      filters: {},
      orders: undefined,
      scope: { calendarId: 7 },
    });
    expect(body).toEqual({
      format: 'xlsx',
      columns: [{ key: 'reason', label: 'Motivo' }],
      scope: { calendarId: 7 },
    });
  });

  it('exportWords gives each code its word', () => {
    expect(exportWords(['paid', 'draft'], (code) => `«${code}»`)).toEqual({
      paid: '«paid»',
      draft: '«draft»',
    });
  });
});

describe('progress', () => {
  const csv = (lines: number, rows: number | null, done = false): ExportProgress => ({
    format: 'csv',
    rows,
    bytes: 0,
    lines,
    done,
  });

  it('counts a CSV’s rows by its line breaks, the header apart', () => {
    expect(countLineBreaks(encoder.encode('a;b\r\n1;2\r\n3;'))).toBe(2);
    expect(countLineBreaks(new Uint8Array())).toBe(0);
    expect(rowsReceived(csv(0, 10))).toBe(0);
    expect(rowsReceived(csv(1, 10))).toBe(0);
    expect(rowsReceived(csv(4, 10))).toBe(3);
  });

  it('gives a CSV the percent of the announced rows, held under 100 until the end', () => {
    expect(progressPercent(csv(1, 200))).toBe(0);
    expect(progressPercent(csv(51, 200))).toBe(25);
    expect(progressPercent(csv(12_346, 24_690))).toBe(50);
    // A note with a line break in its quotes counts one line more: never 100 before the end.
    expect(progressPercent(csv(230, 200))).toBe(99);
    expect(progressPercent(csv(201, 200, true))).toBe(100);
    expect(progressPercent(csv(1, 0))).toBe(0);
    expect(progressPercent(csv(5, null))).toBeUndefined();
  });

  it('gives an XLSX no percent (zipped bytes tell no rows) until it is done', () => {
    const xlsx: ExportProgress = { format: 'xlsx', rows: 5000, bytes: 3_355_443, lines: 17, done: false };
    expect(progressPercent(xlsx)).toBeUndefined();
    expect(progressPercent({ ...xlsx, done: true })).toBe(100);
  });

  it('formats sizes in Spanish', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(950)).toBe('950 B');
    expect(formatBytes(12_700)).toBe('12,4 KB');
    expect(formatBytes(3_355_443)).toBe('3,2 MB');
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1,5 GB');
  });

  it('reads the server’s file name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="pedidos-2026-11-27.csv"', 'x')).toBe('pedidos-2026-11-27.csv');
    expect(
      fileNameOf(`attachment; filename="reservas.xlsx"; filename*=UTF-8''reservas-%C3%B1.xlsx`, 'x'),
    ).toBe('reservas-ñ.xlsx');
    expect(fileNameOf('attachment; filename=orders.csv', 'x')).toBe('orders.csv');
    expect(fileNameOf(null, 'orders.csv')).toBe('orders.csv');
    expect(fileNameOf('attachment', 'orders.csv')).toBe('orders.csv');
  });
});
