import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, type Download, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { parseCsv as parseCsvRows } from '../../../test-support/csv';
import { admin, apiCall, demo, type Login, logIn, newCompany, seriousViolations, unique } from './support';

const expect = baseExpect.configure({ timeout: 45_000 });
const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

interface Page_<T> {
  items: T[];
  total: number;
  totalCapped?: boolean;
}
interface Order {
  id: number;
  code: number;
  amount: number;
  status: string;
  paymentMethod: string;
}
interface Booking {
  id: number;
  customerName: string;
  status: string;
  amount: number;
}

/** A CSV as the server writes it (BOM, `;`, CRLF, quotes doubled) read into rows of cells. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0), 'a BOM first, for spreadsheets').toBe(0xfeff);
  return parseCsvRows(text);
}

/** Euros as the CSV writes them: a decimal comma, no grouping (-12,5 → "-12,50"). */
const csvEuros = (euros: number) => euros.toFixed(2).replace('.', ',');

/** The list's column headers as shown, but the image's and the actions' (which the file leaves out). */
async function shownHeaders(page: Page, list: string, leftOut: string[]) {
  const headers = await page
    .getByTestId(`list-${list}`)
    .locator('thead th')
    .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
  return headers.filter((h) => h !== '' && !leftOut.includes(h));
}

/** Chooses a format in the list's Export menu and answers the file the browser saves. */
async function exportAs(page: Page, format: 'CSV' | 'Excel (XLSX)'): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 90_000 }),
    (async () => {
      await page.getByTestId('export-button').click();
      await page.getByRole('menuitem', { name: format }).click();
    })(),
  ]);
  return download;
}

async function textOf(download: Download) {
  return readFileSync((await download.path()) as string, 'utf8');
}

/** Today in the demo company's zone, as the server names the files. */
/**
 * Every list screen, with what its export leaves out (no field of the list's item): images, the
 * supplier's commission (type and quantity in one cell), a closed register's counted cash and difference.
 */
const lists: { path: (calendarId: number) => string; list: string; leftOut?: string[] }[] = [
  { path: () => '/orders', list: 'orders', leftOut: ['Foto'] },
  { path: () => '/bookings', list: 'bookings', leftOut: ['Imagen'] },
  { path: () => '/customers', list: 'customers', leftOut: ['Foto'] },
  { path: () => '/products', list: 'products', leftOut: ['Imagen'] },
  { path: () => '/products/view-product-by-supplier/Nadie', list: 'productsBySupplier', leftOut: ['Imagen'] },
  { path: () => '/calendars', list: 'calendars' },
  { path: (id) => `/calendars/edit/${id}/anomalies`, list: 'anomalies' },
  { path: () => '/employees', list: 'employees' },
  { path: () => '/mails', list: 'mails' },
  { path: () => '/subscriptions', list: 'subscriptions' },
  { path: () => '/suppliers', list: 'suppliers', leftOut: ['Comisión'] },
  { path: () => '/gift-vouchers', list: 'giftVouchers' },
  { path: () => '/cash-registers', list: 'cashRegisters', leftOut: ['Efectivo contado', 'Diferencia'] },
  { path: () => '/invoices', list: 'invoices' },
  { path: () => '/settings/taxes', list: 'taxes' },
];

/** The column chooser's titles of the columns shown, in order; with `all`, every column shown first. */
async function chosenColumns(page: Page, all: boolean) {
  await page.getByTestId('column-chooser').click();
  const panel = page.getByTestId('column-chooser-panel');
  await expect(panel).toBeVisible();
  const unchecked = panel.locator('label.ant-checkbox-wrapper:not(.ant-checkbox-wrapper-checked)');
  while (all && (await unchecked.count()) > 0) {
    const before = await unchecked.count();
    await unchecked.first().click();
    await expect(unchecked).toHaveCount(before - 1);
  }
  const titles = await panel
    .locator('label.ant-checkbox-wrapper-checked')
    .evaluateAll((labels) => labels.map((label) => (label.textContent ?? '').trim()));
  await page.getByTestId('column-chooser').click();
  await expect(panel).toBeHidden();
  await page.waitForLoadState('networkidle');
  return titles;
}

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

test.describe('list exports', () => {
  test.describe.configure({ timeout: 300_000 });

  test('orders: the filtered, sorted list as CSV and XLSX, in Spanish', async ({ page }) => {
    const filters = { status: { in: ['paid'] } };
    await logIn(page, demo, {
      path: `/orders?sort=amount&order=desc&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      language: 'es',
    });
    const list = page.getByTestId('list-orders');
    await expect(list.locator('tbody tr[data-row-key]').first()).toBeVisible();
    const asked = `/admin/orders?limit=5&orders=${encodeURIComponent('{"amount":"desc"}')}&filters=${encodeURIComponent(JSON.stringify(filters))}`;
    const first = await apiCall<Page_<Order>>(page, 'GET', asked);
    expect(first.items.length).toBeGreaterThan(0);
    const headers = await shownHeaders(page, 'orders', ['Foto', 'Acciones']);
    expect(headers).toContain('Importe');

    // The menu, at both widths.
    for (const [label, width, height] of [
      ['desktop', 1280, 800],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.getByTestId('export-button').click();
      await expect(page.getByRole('menuitem', { name: 'Excel (XLSX)' })).toBeVisible();
      await page.screenshot({ path: path.join(shots, `exports-menu-${label}.png`) });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menuitem', { name: 'Excel (XLSX)' })).toBeHidden();
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    const csv = await exportAs(page, 'CSV');
    expect(csv.suggestedFilename()).toBe(`orders-${today()}.csv`);
    await expect(page.getByText(`Exportado: ${csv.suggestedFilename()}`)).toBeVisible();
    const rows = parseCsv(await textOf(csv));
    // The header: the columns shown, in order, titled as the screen titles them.
    expect(rows[0]).toEqual(headers);
    const at = (name: string) => headers.indexOf(name);
    // Every paid order, no 10,000 cap: as many rows as the list counts (past its count's cap).
    if (first.totalCapped) expect(rows.length - 1).toBeGreaterThan(10_000);
    else expect(rows.length - 1).toBe(first.total);
    for (const [i, order] of first.items.entries()) {
      const row = rows[i + 1] ?? [];
      expect(row[at('Número')], `row ${i + 1}`).toBe(String(order.code));
      expect(row[at('Importe')], `row ${i + 1}`).toBe(csvEuros(order.amount));
      expect(row[at('Estado')], `row ${i + 1}`).toBe('Pagado');
    }
    // Decimal commas, and sorted by amount as the list.
    expect(rows[1]?.[at('Importe')]).toMatch(/^-?\d+,\d\d$/);
    const amounts = rows.slice(1).map((r) => Number((r[at('Importe')] ?? '').replace(',', '.')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    const xlsx = await exportAs(page, 'Excel (XLSX)');
    expect(xlsx.suggestedFilename()).toBe(`orders-${today()}.xlsx`);
    const file = (await xlsx.path()) as string;
    expect(statSync(file).size).toBeGreaterThan(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the workbook has a sheet');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(headers);
    const firstOrder = first.items[0];
    if (!firstOrder) throw new Error('a paid order');
    expect(sheet.getRow(2).getCell(at('Número') + 1).value).toBe(firstOrder.code);
    expect(sheet.getRow(2).getCell(at('Importe') + 1).value).toBe(firstOrder.amount);
    expect(sheet.getRow(2).getCell(at('Estado') + 1).value).toBe('Pagado');
    if (!first.totalCapped) expect(sheet.actualRowCount - 1).toBe(first.total);
  });

  test('bookings: the list at /bookings as CSV', async ({ page }) => {
    const filters = { status: { eq: 'confirmed' } };
    await logIn(page, demo, {
      path: `/bookings?sort=customerName&order=asc&filters=${encodeURIComponent(JSON.stringify(filters))}`,
      language: 'es',
    });
    await expect(page.getByTestId('list-bookings').locator('tbody tr[data-row-key]').first()).toBeVisible();
    const first = await apiCall<Page_<Booking>>(
      page,
      'GET',
      `/admin/bookings?limit=5&orders=${encodeURIComponent('{"customerName":"asc"}')}&filters=${encodeURIComponent(JSON.stringify(filters))}`,
    );
    const headers = await shownHeaders(page, 'bookings', ['Imagen', 'Acciones']);
    const csv = await exportAs(page, 'CSV');
    expect(csv.suggestedFilename()).toBe(`bookings-${today()}.csv`);
    const rows = parseCsv(await textOf(csv));
    expect(rows[0]).toEqual(headers);
    const at = (name: string) => headers.indexOf(name);
    if (!first.totalCapped) expect(rows.length - 1).toBe(first.total);
    for (const [i, booking] of first.items.entries()) {
      const row = rows[i + 1] ?? [];
      expect(row[at('Cliente')], `row ${i + 1}`).toBe(booking.customerName);
      expect(row[at('Estado')], `row ${i + 1}`).toBe('Confirmada');
      expect(row[at('Importe')], `row ${i + 1}`).toBe(csvEuros(booking.amount));
    }
  });

  test('the progress of a slow download, and Cancel', async ({ page }) => {
    // The answer's body handed to the page a little at a time, as over a slow line.
    await page.addInitScript(() => {
      const real = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const response = await real(input, init);
        if (!String(input).includes('/v1/admin/exports/') || !response.body) return response;
        const reader = response.body.getReader();
        const slow = new ReadableStream<Uint8Array>({
          start(controller) {
            // Cancelled, the download stops at once, as the real body does.
            init?.signal?.addEventListener('abort', () => {
              controller.error(new DOMException('aborted', 'AbortError'));
              void reader.cancel();
            });
          },
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            for (let at = 0; at < value.length && !init?.signal?.aborted; at += 2048) {
              await new Promise((resolve) => setTimeout(resolve, 150));
              if (!init?.signal?.aborted) controller.enqueue(value.subarray(at, at + 2048));
            }
          },
          cancel: (reason) => reader.cancel(reason),
        });
        return new Response(slow, { status: response.status, headers: response.headers });
      };
    });
    await logIn(page, demo, { path: '/orders', language: 'es' });
    await expect(page.getByTestId('list-orders').locator('tbody tr[data-row-key]').first()).toBeVisible();

    for (const [format, title, text] of [
      ['CSV', 'Exportando a CSV', /^[\d.]+ de [\d.]+ filas$/],
      ['Excel (XLSX)', 'Exportando a Excel', /^[\d,]+ (KB|MB) recibidos$/],
    ] as const) {
      await page.getByTestId('export-button').click();
      await page.getByRole('menuitem', { name: format }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      const progress = dialog.getByTestId('export-progress-text');
      await expect(progress).toHaveText(text);
      if (format === 'CSV') {
        // Some rows in, not all: the bar says how far.
        await expect(progress).not.toHaveText(/^0 de/);
        await expect(dialog.getByRole('progressbar', { name: 'Progreso de la exportación' })).toHaveAttribute(
          'aria-valuenow',
          /^[1-9]\d?$/,
        );
        expect(await seriousViolations(page), 'the progress dialog').toEqual([]);
      }
      const name = format === 'CSV' ? 'csv' : 'xlsx';
      await page.screenshot({ path: path.join(shots, `exports-progress-${name}-desktop.png`) });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: path.join(shots, `exports-progress-${name}-phone.png`) });
      await page.setViewportSize({ width: 1280, height: 800 });
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Exportación cancelada').first()).toBeVisible();
      // Gone before the next one, so that its screenshot shows the dialog alone.
      await expect(page.getByText('Exportación cancelada')).toHaveCount(0);
    }
  });

  test('every list exports the columns it shows, each a field the API knows', async ({ page }) => {
    // A company of this test's own: showing every column changes only its owner's preferences.
    const company: Login = await newCompany();
    await logIn(page, company, { path: '/calendars', language: 'es' });
    const schedule = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [
        day,
        [{ openAt: '09:00', closedAt: '20:00' }],
      ]),
    );
    const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
      name: `Cabina exportada ${unique()}`,
      schedule,
      duration: 30,
    });
    for (const { path: pathOf, list, leftOut = [] } of lists) {
      await page.goto(pathOf(calendar.id));
      await expect(page.getByTestId('export-button'), list).toBeVisible();
      const shown = await chosenColumns(page, true);
      expect(shown.length, list).toBeGreaterThan(1);
      for (const title of leftOut) expect(shown, `${list} shows ${title}`).toContain(title);
      const csv = await exportAs(page, 'CSV');
      const [header] = parseCsv(await textOf(csv));
      expect(header, list).toEqual(shown.filter((title) => !leftOut.includes(title)));
    }

    // The platform's licenses, as its administrator sees them (his columns left as they are).
    await logIn(page, admin, { path: '/licenses', language: 'es' });
    const shown = await chosenColumns(page, false);
    // Other specs add companies meanwhile: the file has those of its moment.
    const licensesTotal = async () =>
      (await apiCall<Page_<unknown>>(page, 'GET', '/admin/licenses?limit=1')).total;
    const before = await licensesTotal();
    const csv = await exportAs(page, 'CSV');
    expect(csv.suggestedFilename()).toMatch(/^licenses-\d{4}-\d\d-\d\d\.csv$/);
    const rows = parseCsv(await textOf(csv));
    expect(rows[0]).toEqual(shown);
    expect(rows.length - 1).toBeGreaterThanOrEqual(before);
    expect(rows.length - 1).toBeLessThanOrEqual(await licensesTotal());
  });
});
