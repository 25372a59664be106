import type { Dashboard } from '@mostrador/contract';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  apiCall,
  closeRegisterByApi,
  demo,
  limited,
  logIn,
  newCompany,
  openRegisterByApi,
  screenshots,
  seriousViolations,
  smallTouchTargets,
  switchLanguage,
} from './support';

/*
 * The dashboard on the demo company (a year of sales and bookings), read-only: the figures of each
 * period preset and of a custom range are the API's for the same days, the earnings chart draws and reads
 * as a table, the agenda links to its calendars, and an employee without orders_find sees no sales.
 */

const euroFormat = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
});
const countFormat = new Intl.NumberFormat('es-ES', { useGrouping: 'always', maximumFractionDigits: 2 });
/** Money and counts as the screen writes them, with plain spaces (the page's text is normalised alike). */
const euros = (value: number) => euroFormat.format(value).replace(/\u00a0/g, ' ');
const count = (value: number) => countFormat.format(value);

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Today in the company's time zone, and the first day of its week (Monday), month and year. */
function companyDays(timeZone: string) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  const noon = new Date(`${today}T12:00:00Z`);
  const monday = new Date(noon.getTime() - ((noon.getUTCDay() + 6) % 7) * 86_400_000);
  return {
    today,
    monday: day(monday),
    monthStart: `${today.slice(0, 8)}01`,
    yearStart: `${today.slice(0, 5)}01-01`,
  };
}

/** The text of an element with non-breaking spaces made plain. */
async function textOf(locator: Locator) {
  return ((await locator.textContent()) ?? '').replace(/\u00a0/g, ' ');
}

/** Waits until the screen shows the figures of `from`–`to` (not those of the period before). */
async function shows(page: Page, from: string, to: string) {
  const figures = page.getByTestId('dashboard-figures');
  await expect(figures).toHaveAttribute('data-from', from, { timeout: 30_000 });
  await expect(figures).toHaveAttribute('data-to', to);
  await expect(figures).toHaveAttribute('aria-busy', 'false');
}

const trendOf = (change: number | null) => {
  if (change === null) return 'none';
  const percent = Math.round(change * 1000) / 10;
  return percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
};

/** One figure card against the API's figure: value, last year, the change's direction, the spoken sentence. */
async function expectFigure(
  page: Page,
  testId: string,
  title: string,
  figure: { current: number; previous: number; change: number | null },
  format: (value: number) => string,
) {
  const card = page.getByTestId(`dashboard-${testId}`);
  expect(await textOf(card.getByTestId(`dashboard-${testId}-value`)), testId).toContain(
    format(figure.current),
  );
  expect(await textOf(card.getByTestId(`dashboard-${testId}-previous`)), testId).toBe(
    `Last year: ${format(figure.previous)}`,
  );
  await expect(card.getByTestId('figure-change').first()).toHaveAttribute(
    'data-trend',
    trendOf(figure.change),
  );
  expect(await textOf(card.getByTestId(`dashboard-${testId}-text`)), testId).toMatch(
    new RegExp(
      `^${title} ${format(figure.current)}, last year ${format(figure.previous)}, ${
        figure.change === null ? 'Nothing last year' : '[+-]?[\\d.,]+ %'
      }`.replace(/[.]/g, '\\.'),
    ),
  );
}

/** Every figure of the screen is the API's for the same days. */
async function expectFigures(page: Page, answer: Dashboard) {
  expect(answer.sales).not.toBeNull();
  expect(answer.bookings).not.toBeNull();
  expect(answer.newCustomers).not.toBeNull();
  const { sales, bookings, newCustomers } = answer as Required<{
    [K in keyof Dashboard]: NonNullable<Dashboard[K]>;
  }>;
  await expectFigure(page, 'earnings', 'Earnings', sales.earnings, euros);
  await expectFigure(page, 'orders', 'Orders', sales.orders, count);
  await expectFigure(page, 'average-ticket', 'Average ticket', sales.averageTicket, euros);
  await expectFigure(page, 'refunds', 'Refunds', sales.refunds, euros);
  await expectFigure(page, 'bookings', 'Bookings', bookings.total, count);
  await expectFigure(page, 'new-customers', 'New customers', newCustomers, count);
  expect(await textOf(page.getByTestId('dashboard-bookings-attended'))).toContain(count(bookings.attended));
  expect(await textOf(page.getByTestId('dashboard-bookings-notAttended'))).toContain(
    count(bookings.notAttended),
  );
  expect(await textOf(page.getByTestId('dashboard-bookings-unmarked'))).toContain(count(bookings.unmarked));
}

async function dashboardOf(page: Page, from: string, to: string) {
  return apiCall<Dashboard>(page, 'GET', `/admin/reports/dashboard?from=${from}&to=${to}`);
}

/**
 * The screen shows the API's figures for `from`–`to`. Specs running beside this one may sell or add a
 * customer in the demo between the screen's reading and the test's: then both read again.
 */
async function expectSameAsApi(page: Page, from: string, to: string): Promise<Dashboard> {
  let answer: Dashboard | undefined;
  let again = false;
  await expect(async () => {
    if (again) {
      await page.reload();
      await shows(page, from, to);
    }
    again = true;
    answer = await dashboardOf(page, from, to);
    await expectFigures(page, answer);
  }).toPass({ timeout: 60_000 });
  if (!answer) throw new Error('no answer');
  return answer;
}

/** The chart draws its bars; as a table it has one row per point of the answer, with its euros. */
async function expectChart(page: Page, answer: Dashboard) {
  const chart = answer.chart;
  expect(chart).not.toBeNull();
  if (!chart) return;
  await expect(
    page.getByTestId('dashboard-chart-bars').locator('svg.recharts-surface[role="application"]'),
  ).toBeVisible();
  if (chart.points.some((p) => p.current > 0))
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByTestId('dashboard-chart-view').getByText('Table').click();
  const rows = page.getByTestId('dashboard-chart-table').locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(chart.points.length);
  const busiest = chart.points.reduce((a, b) => (b.current > a.current ? b : a));
  const texts = (await rows.allTextContents()).map((t) => t.replace(/\u00a0/g, ' '));
  expect(texts.some((t) => t.includes(euros(busiest.current)))).toBe(true);
  await page.getByTestId('dashboard-chart-view').getByText('Chart').click();
  await expect(page.getByTestId('dashboard-chart-bars')).toBeVisible();
}

/** Nothing wider than the window: no sideways scrolling at phone width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('dashboard', () => {
  test('this month, the presets and a custom range show the API’s figures for the same days', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logIn(page, demo, { language: 'en' });
    const { timeZone } = await apiCall<{ timeZone: string }>(page, 'GET', '/admin/settings');
    const days = companyDays(timeZone);

    // This month by default, up to today.
    await shows(page, days.monthStart, days.today);
    const month = await expectSameAsApi(page, days.monthStart, days.today);
    expect(month.sales?.orders.current, 'the demo sold this month').toBeGreaterThan(0);
    expect(month.chart?.granularity).toBe('day');
    await expectChart(page, month);
    await expect(page.getByTestId('dashboard-compared-with')).toContainText(
      `${month.previousFrom.slice(8, 10)}/${month.previousFrom.slice(5, 7)}/${month.previousFrom.slice(0, 4)}`,
    );

    // Today's agenda: the API's next bookings, each linking to its calendar's view. A booking that
    // starts between the screen's reading and the test's leaves the agenda: then both read again.
    await expect(async () => {
      const { agenda } = await dashboardOf(page, days.monthStart, days.today);
      const items = page.getByTestId('dashboard-agenda-item');
      const links = await items
        .getByTestId('dashboard-agenda-calendar')
        .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
      const texts = await items.allTextContents();
      const matches =
        texts.length === (agenda?.length ?? 0) &&
        (agenda ?? []).every(
          (item, i) =>
            texts[i]?.includes(item.productName) && links[i] === `/calendars/view/${item.calendarId}`,
        );
      if (!matches) {
        await page.reload();
        await shows(page, days.monthStart, days.today);
      }
      expect(matches, 'the agenda is the API’s').toBe(true);
      if (!agenda?.length)
        await expect(page.getByTestId('dashboard-agenda-empty')).toContainText('No more bookings today');
    }).toPass({ timeout: 60_000 });
    // The register, as the API has it.
    await expect(page.getByTestId('dashboard-cash-state')).toHaveAttribute(
      'data-status',
      month.cashRegister?.open ? 'open' : 'closed',
    );
    expect(await seriousViolations(page), 'this month').toEqual([]);

    // This year: by month, from 1 January, in the URL.
    await page.getByTestId('dashboard-preset').getByText('This year').click();
    await expect(page).toHaveURL(/[?&]preset=thisYear/);
    await shows(page, days.yearStart, days.today);
    const year = await expectSameAsApi(page, days.yearStart, days.today);
    expect(year.chart?.granularity).toBe('month');
    await expectChart(page, year);

    // This week from Monday; today alone.
    await page.getByTestId('dashboard-preset').getByText('This week').click();
    await expect(page).toHaveURL(/[?&]preset=thisWeek/);
    await shows(page, days.monday, days.today);
    await expectSameAsApi(page, days.monday, days.today);
    await page.getByTestId('dashboard-preset').getByText('Today').click();
    await expect(page).toHaveURL(/[?&]preset=today/);
    await shows(page, days.today, days.today);
    await expectSameAsApi(page, days.today, days.today);

    // A custom range in the URL (the demo's whole previous month), kept on reload.
    const lastMonthEnd = day(new Date(Date.parse(`${days.monthStart}T12:00:00Z`) - 86_400_000));
    const lastMonthStart = `${lastMonthEnd.slice(0, 8)}01`;
    await page.goto(`/?from=${lastMonthStart}&to=${lastMonthEnd}`);
    await shows(page, lastMonthStart, lastMonthEnd);
    await expect(page.getByTestId('dashboard-preset').locator('.ant-segmented-item-selected')).toHaveText(
      'Custom',
    );
    const lastMonth = await expectSameAsApi(page, lastMonthStart, lastMonthEnd);
    expect(lastMonth.sales?.earnings.current, 'the demo earned last month').toBeGreaterThan(0);
    await expectChart(page, lastMonth);

    // Back to a preset: the range leaves the URL.
    await page.getByTestId('dashboard-preset').getByText('This month').click();
    await expect(page).toHaveURL(/[?&]preset=thisMonth/);
    await expect(page).not.toHaveURL(/[?&]from=/);
    await shows(page, days.monthStart, days.today);
  });

  test('at phone width the cards stack and nothing scrolls sideways; screenshots in Spanish and English', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await logIn(page, demo, { language: 'en' });
    const { timeZone } = await apiCall<{ timeZone: string }>(page, 'GET', '/admin/settings');
    const days = companyDays(timeZone);
    await shows(page, days.monthStart, days.today);

    await page.setViewportSize({ width: 390, height: 844 });
    // One card under the other, at the same left edge.
    const earnings = await page.getByTestId('dashboard-earnings').boundingBox();
    const orders = await page.getByTestId('dashboard-orders').boundingBox();
    if (!earnings || !orders) throw new Error('the figure cards are not drawn');
    expect(orders.y).toBeGreaterThanOrEqual(earnings.y + earnings.height);
    expect(orders.x).toBe(earnings.x);
    await expect(
      page.getByTestId('dashboard-chart-bars').locator('svg.recharts-surface[role="application"]'),
    ).toBeVisible();
    const chart = await page.getByTestId('dashboard-chart-bars').boundingBox();
    expect(chart?.width ?? 999).toBeLessThanOrEqual(390);
    await expectNoSidewaysScroll(page);
    expect([...(await seriousViolations(page)), ...(await smallTouchTargets(page))]).toEqual([]);
    // The presets as a select on a phone.
    await page.getByTestId('dashboard-preset').click();
    await page.locator('.ant-select-dropdown:visible').getByText('This year').click();
    await expect(page).toHaveURL(/[?&]preset=thisYear/);
    await shows(page, days.yearStart, days.today);
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await shows(page, days.yearStart, days.today);
      await screenshots(page, `dashboard-year-${language}`, () => shows(page, days.yearStart, days.today));
    }
    await page.goto('/?preset=thisMonth');
    await shows(page, days.monthStart, days.today);
    await screenshots(page, 'dashboard-month-en', () => shows(page, days.monthStart, days.today));
  });

  test('an employee without orders_find sees the bookings and the agenda, never the earnings', async ({
    page,
  }) => {
    await logIn(page, limited, { language: 'en' });
    const { timeZone } = await apiCall<{ timeZone: string }>(page, 'GET', '/admin/settings');
    const days = companyDays(timeZone);
    const answer = await dashboardOf(page, days.monthStart, days.today);
    expect(answer.sales).toBeNull();
    expect(answer.chart).toBeNull();
    expect(answer.cashRegister).toBeNull();
    await shows(page, days.monthStart, days.today);
    await expect(page.getByTestId('dashboard-bookings')).toBeVisible();
    await expect(page.getByTestId('dashboard-new-customers')).toBeVisible();
    await expect(page.getByTestId('dashboard-agenda')).toBeVisible();
    for (const part of ['earnings', 'orders', 'average-ticket', 'refunds', 'chart', 'cash-register'])
      await expect(page.getByTestId(`dashboard-${part}`), part).toHaveCount(0);
    await expect(page.getByText('Earnings')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'dashboard-limited-en', () => shows(page, days.monthStart, days.today));
  });

  test('a new company: the open register with its drawer, nothing sold, nothing to compare, no bookings left', async ({
    page,
  }) => {
    const company = await newCompany();
    await logIn(page, company, { language: 'en' });
    await openRegisterByApi(page);
    await page.reload();
    const { timeZone } = await apiCall<{ timeZone: string }>(page, 'GET', '/admin/settings');
    const days = companyDays(timeZone);
    await shows(page, days.monthStart, days.today);
    await expect(page.getByTestId('dashboard-cash-state')).toHaveAttribute('data-status', 'open');
    await expect(page.getByTestId('dashboard-cash-state')).toHaveText(/^Open since \d\d:\d\d$/);
    expect(await textOf(page.getByTestId('dashboard-cash-drawer'))).toContain('300,00 €');
    expect(await textOf(page.getByTestId('dashboard-cash-orders'))).toContain('0');
    expect(await textOf(page.getByTestId('dashboard-earnings-text'))).toBe(
      'Earnings 0,00 €, last year 0,00 €, Nothing last year',
    );
    await expect(page.getByTestId('dashboard-agenda-empty')).toContainText('No more bookings today');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'dashboard-new-company-en', () => shows(page, days.monthStart, days.today));
    await closeRegisterByApi(page);
  });
});
