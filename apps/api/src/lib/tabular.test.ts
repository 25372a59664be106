import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  centsText,
  csvCell,
  csvText,
  dateTimeNumFmt,
  dayNumFmt,
  moneyNumFmt,
  percentNumFmt,
  type TabularColumn,
  type TabularOptions,
  type TabularRow,
  tabularFileName,
  tabularStream,
  wallTimeOf,
  writeTabular,
} from './tabular.js';

const zone = 'Europe/Madrid';

async function* batchesOf(rows: TabularRow[], size = 2) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const columns: TabularColumn[] = [
  { key: 'name', label: 'Nombre', type: 'text' },
  { key: 'quantity', label: 'Cantidad', type: 'number' },
  { key: 'amount', label: 'Importe', type: 'money' },
  { key: 'createdAt', label: 'Creado', type: 'date' },
  { key: 'birthdate', label: 'Nacimiento', type: 'day' },
  { key: 'active', label: 'Activo', type: 'boolean' },
  { key: 'vat', label: 'IVA', type: 'percent' },
  { key: 'status', label: 'Estado', type: 'text', values: { paid: 'Pagado', draft: 'Borrador' } },
];

const rows: TabularRow[] = [
  {
    name: 'Ana; "la jefa"',
    quantity: 1.5,
    amount: 123456,
    // 29 March 2026 01:30 UTC = 03:30 in Madrid, just after the spring change (UTC+2).
    createdAt: '2026-03-29T01:30:00.000Z',
    birthdate: '1990-02-03',
    active: true,
    vat: 21,
    status: 'paid',
  },
  {
    name: 'Línea 1\nLínea 2',
    quantity: -3,
    amount: -5,
    // 28 March 2026 23:30 UTC = 00:30 on the 29th in Madrid, before the change (UTC+1).
    createdAt: new Date('2026-03-28T23:30:00.000Z'),
    birthdate: null,
    active: false,
    vat: 10.5,
    status: 'refunded',
  },
  {
    name: null,
    quantity: 0,
    amount: -199,
    // 25 October 2026 00:30 UTC = 02:30 summer time; the clocks go back at 01:00 UTC.
    createdAt: '2026-10-25T00:30:00.000Z',
    birthdate: '2000-12-31',
    active: null,
    vat: 0,
    status: 'draft',
  },
];

const options: TabularOptions = { format: 'csv', columns, timeZone: zone, sheetName: 'Ventas' };

describe('CSV', () => {
  it('quotes cells holding the separator, quotes or line breaks, and only those', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
    expect(csvCell('comma, fine')).toBe('comma, fine');
  });

  it('writes cents as euros with a decimal comma, negatives included', () => {
    expect(centsText(123456)).toBe('1234,56');
    expect(centsText(-5)).toBe('-0,05');
    expect(centsText(-199)).toBe('-1,99');
    expect(centsText(0)).toBe('0,00');
    expect(centsText(100)).toBe('1,00');
    expect(() => centsText(1.5)).toThrow(RangeError);
  });

  it('writes instants in the zone across both DST changes, and plain days as they are', () => {
    const date: TabularColumn = { key: 'd', label: 'd', type: 'date' };
    expect(csvText(date, '2026-03-28T23:30:00Z', zone)).toBe('29/03/2026 00:30');
    expect(csvText(date, '2026-03-29T01:30:00Z', zone)).toBe('29/03/2026 03:30');
    expect(csvText(date, '2026-10-25T00:30:00Z', zone)).toBe('25/10/2026 02:30');
    expect(csvText(date, '2026-10-25T01:30:00Z', zone)).toBe('25/10/2026 02:30');
    expect(csvText(date, '2026-10-25T02:30:00Z', zone)).toBe('25/10/2026 03:30');
    expect(csvText(date, '2026-03-28T23:30:00Z', 'America/New_York')).toBe('28/03/2026 19:30');
    expect(csvText({ key: 'd', label: 'd', type: 'day' }, '2026-02-28', zone)).toBe('28/02/2026');
  });

  it('streams a whole file: BOM, `;`, CRLF, decimal commas, words for coded values', async () => {
    const text = (await bytesOf(tabularStream(batchesOf(rows), options))).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Nombre;Cantidad;Importe;Creado;Nacimiento;Activo;IVA;Estado',
      '"Ana; ""la jefa""";1,5;1234,56;29/03/2026 03:30;03/02/1990;true;21;Pagado',
      '"Línea 1\nLínea 2";-3;-0,05;29/03/2026 00:30;;false;10,5;refunded',
      ';0;-1,99;25/10/2026 02:30;31/12/2000;;0;Borrador',
      '',
    ]);
  });

  it('waits for a slow reader: never more than a few batches ahead of it', async () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ name: `row ${i} ${'x'.repeat(40)}` }));
    let produced = 0;
    async function* counted() {
      for (let i = 0; i < many.length; i += 500) {
        produced += 500;
        yield many.slice(i, i + 500);
      }
    }
    const out = tabularStream(counted(), {
      format: 'csv',
      columns: [{ key: 'name', label: 'n', type: 'text' }],
      timeZone: zone,
    });
    // Nobody reads yet: the writer stops once the stream's buffer is full.
    await new Promise((r) => setTimeout(r, 50));
    expect(produced).toBeLessThan(5_000);
    const text = (await bytesOf(out)).toString('utf8');
    expect(produced).toBe(20_000);
    expect(text.split('\r\n')).toHaveLength(20_002);
  });

  it('destroys the stream when reading the rows fails', async () => {
    async function* failing() {
      yield [rows[0]!];
      throw new Error('database gone');
    }
    const errors: unknown[] = [];
    const out = tabularStream(failing(), options, (e) => errors.push(e));
    await expect(bytesOf(out)).rejects.toThrow('database gone');
    expect(errors).toHaveLength(1);
  });
});

describe('XLSX', () => {
  async function readBack(input: TabularRow[]) {
    const bytes = await bytesOf(tabularStream(batchesOf(input), { ...options, format: 'xlsx' }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    return { workbook, bytes };
  }

  it('writes typed cells with their formats, a bold frozen header and widths', async () => {
    const { workbook, bytes } = await readBack(rows);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const sheet = workbook.getWorksheet('Ventas')!;
    expect(sheet.rowCount).toBe(4);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([undefined, ...columns.map((c) => c.label)]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(1).width).toBeGreaterThan(10);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Ana; "la jefa"');
    expect(first.getCell(2).value).toBe(1.5);
    expect(first.getCell(3).value).toBe(1234.56);
    expect(first.getCell(3).numFmt).toBe(moneyNumFmt);
    // The wall time in Madrid after the spring change, as an Excel date.
    expect(first.getCell(4).value).toEqual(new Date(Date.UTC(2026, 2, 29, 3, 30)));
    expect(first.getCell(4).numFmt).toBe(dateTimeNumFmt);
    expect(first.getCell(5).value).toEqual(new Date(Date.UTC(1990, 1, 3)));
    expect(first.getCell(5).numFmt).toBe(dayNumFmt);
    expect(first.getCell(6).value).toBe(true);
    expect(first.getCell(7).value).toBe(0.21);
    expect(first.getCell(7).numFmt).toBe(percentNumFmt);
    expect(first.getCell(8).value).toBe('Pagado');

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('Línea 1\nLínea 2');
    expect(second.getCell(3).value).toBe(-0.05);
    expect(second.getCell(3).numFmt).toBe(moneyNumFmt);
    expect(second.getCell(4).value).toEqual(new Date(Date.UTC(2026, 2, 29, 0, 30)));
    expect(second.getCell(5).value).toBeNull();
    expect(second.getCell(6).value).toBe(false);
    expect(second.getCell(8).value).toBe('refunded');

    const third = sheet.getRow(4);
    expect(third.getCell(1).value).toBeNull();
    expect(third.getCell(3).value).toBe(-1.99);
    expect(third.getCell(4).value).toEqual(new Date(Date.UTC(2026, 9, 25, 2, 30)));
    expect(third.getCell(8).value).toBe('Borrador');
  });

  it('writes many rows through a stream and reads them all back', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => ({ name: `n${i}`, amount: i, quantity: i }));
    const { workbook } = await readBack(many);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(5_001);
    expect(sheet.getRow(5_001).getCell(3).value).toBe(49.99);
  });

  it('rejects when the output is closed before the end', async () => {
    const sink = new Writable({
      write(_chunk, _enc, cb) {
        setTimeout(cb, 5);
      },
      highWaterMark: 16,
    });
    const many = Array.from({ length: 2_000 }, (_, i) => ({ name: `n${i}`.repeat(50) }));
    const pass = new PassThrough({ highWaterMark: 16 });
    pass.pipe(sink);
    const writing = writeTabular(batchesOf(many, 100), { ...options, format: 'csv' }, pass);
    setTimeout(() => pass.destroy(), 20);
    await expect(writing).rejects.toThrow();
  });
});

describe('helpers', () => {
  it('reads the wall time in the zone', () => {
    expect(wallTimeOf(new Date('2026-07-01T22:15:00Z'), zone)).toEqual({
      year: 2026,
      month: 7,
      day: 2,
      hour: 0,
      minute: 15,
      second: 0,
    });
  });

  it("reads the zone's rules exactly through DST changes, minute by minute around them", () => {
    const zones = [
      'Europe/Madrid',
      'Atlantic/Canary',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    ];
    const instants: number[] = [];
    // A year every 37 min 13 s, then every minute of the nights Madrid and Lord Howe (a 30-minute DST) change.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 2_233_000) instants.push(t);
    const nights = [
      Date.UTC(2026, 2, 29, 0),
      Date.UTC(2026, 9, 25, 0),
      Date.UTC(2026, 3, 4, 14),
      Date.UTC(2026, 9, 3, 15),
    ];
    for (const night of nights) for (let t = night; t < night + 3 * 3_600_000; t += 60_000) instants.push(t);
    for (const timeZone of zones) {
      const intl = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
      const wrong = instants.filter((t) => {
        const parts = intl.formatToParts(t);
        const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
        const expected = [n('year'), n('month'), n('day'), n('hour') % 24, n('minute'), n('second')];
        const w = wallTimeOf(new Date(t), timeZone);
        return expected.join() !== [w.year, w.month, w.day, w.hour, w.minute, w.second].join();
      });
      expect(
        wrong.map((t) => new Date(t).toISOString()),
        timeZone,
      ).toEqual([]);
    }
  });

  it('names the file after the company day', () => {
    expect(tabularFileName('orders', 'xlsx', zone, new Date('2026-12-31T23:30:00Z'))).toBe(
      'orders-2027-01-01.xlsx',
    );
  });
});
