import { readFileSync } from 'node:fs';
import type { BookingsReport } from '@mostrador/contract';
import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  chooseOption,
  demo,
  logIn,
  screenshots,
  seriousViolations,
  switchLanguage,
} from './support';

/*
 * The bookings report on the demo company (read only): last month's figures agree with the API's answer
 * for the same question, a calendar filter narrows both, and the CSV and XLSX download with those filters.
 */

const count = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

function period(page: Page) {
  const url = new URL(page.url());
  return { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page, 'page-level horizontal scroll').toBeLessThanOrEqual(widths.view);
}

/** The test ids of the tables wider than their place (what would scroll sideways). */
async function tablesScrollingSideways(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid$="-table"]')]
      .filter((table) => table.scrollWidth > table.clientWidth + 1)
      .map((table) => table.dataset.testid),
  );
}

test('the bookings report: last month against the API, a calendar filter, CSV and XLSX', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, demo, { language: 'es', path: '/reports/bookings' });
  await expect(page.getByRole('heading', { name: 'Informe de reservas' })).toBeVisible();

  await page.getByTestId('bookings-report-preset').getByText('Mes pasado').click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}/);
  const { from, to } = period(page);
  const all = await apiCall<BookingsReport>(page, 'GET', `/admin/reports/bookings?from=${from}&to=${to}`);
  expect(all.totals.bookings, 'the demo has bookings last month').toBeGreaterThan(0);
  await expect(page.getByTestId('bookings-report-total-bookings')).toContainText(
    count.format(all.totals.bookings),
  );
  await expect(page.getByTestId('bookings-report-total-places')).toContainText(
    count.format(all.totals.places),
  );

  // Each calendar a row; the busiest hour a named cell of the heat map.
  const calendars = page.getByTestId('bookings-report-calendar-table');
  for (const calendar of all.calendars)
    await expect(calendars.getByRole('row').filter({ hasText: calendar.calendarName })).toHaveCount(1);
  const busiest = all.heatmap.reduce((a, b) => (b.bookings > a.bookings ? b : a));
  await expect(
    page.getByRole('img', {
      name: new RegExp(`${String(busiest.hour).padStart(2, '0')}:00: ${busiest.bookings} reservas$`),
    }),
  ).toHaveCount(all.heatmap.filter((c) => c.hour === busiest.hour && c.bookings === busiest.bookings).length);
  expect(await seriousViolations(page), 'bookings report').toEqual([]);

  // One calendar: the URL keeps it, the figures are its own.
  const [first] = all.calendars;
  if (!first) throw new Error('the demo has calendars');
  await chooseOption(page, page.getByTestId('bookings-report-calendar'), first.calendarName);
  await expect(page).toHaveURL(new RegExp(`calendarId=${first.calendarId}`));
  const one = await apiCall<BookingsReport>(
    page,
    'GET',
    `/admin/reports/bookings?from=${from}&to=${to}&calendarId=${first.calendarId}`,
  );
  expect(one.totals.bookings).toBeLessThanOrEqual(all.totals.bookings);
  await expect(page.getByTestId('bookings-report-total-bookings')).toContainText(
    count.format(one.totals.bookings),
  );
  await expect(calendars.getByRole('row')).toHaveCount(2);

  // The files the server makes, with the calendar chosen.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('bookings-report-export-csv').click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`informe-reservas-${from}-${to}.csv`);
  const text = readFileSync((await csv.path()) as string, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('Calendario;Producto;Reservas;Plazas');
  expect(text).toContain(first.calendarName);
  for (const other of all.calendars.slice(1)) expect(text).not.toContain(`\n${other.calendarName};`);
  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('bookings-report-export-xlsx').click(),
  ]);
  expect(xlsx.suggestedFilename()).toBe(`informe-reservas-${from}-${to}.xlsx`);
  expect(
    readFileSync((await xlsx.path()) as string)
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');

  // Back to every calendar, then the screenshots in Spanish and English, and no sideways page on a phone.
  await page.getByTestId('bookings-report-calendar').hover();
  await page.getByTestId('bookings-report-calendar').locator('.ant-select-clear').click();
  await expect(page).not.toHaveURL(/calendarId=/);
  for (const language of ['es', 'en']) {
    await switchLanguage(page, language);
    await expect(page.getByTestId('bookings-report-total-bookings')).toContainText(
      count.format(all.totals.bookings),
    );
    await screenshots(page, `bookings-report-${language}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('heatmap')).toBeVisible();
  await noSidewaysScroll(page);
  // On a phone each calendar and each product reads as a card: no table scrolls sideways either.
  await expect(calendars.getByTestId('report-card')).toHaveCount(all.calendars.length);
  await expect(
    page.getByTestId('bookings-report-product-table').getByTestId('report-card').first(),
  ).toBeVisible();
  expect(await tablesScrollingSideways(page)).toEqual([]);
  expect(await seriousViolations(page), 'bookings report on a phone').toEqual([]);
});
