import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { chooseOption, demo, logIn, screenshots, seriousViolations, switchLanguage } from './support';

/** The year of the first date shown in a row ("03/02/2026 8:45 AM" or "02/03/2026 8:45"). */
async function yearOf(row: Locator): Promise<number> {
  const text = (await row.locator('td').nth(0).textContent()) ?? '';
  return Number(/\d{2}\/\d{2}\/(\d{4})/.exec(text)?.[1]);
}

/**
 * Waits for the drawer's opening transition: axe reads colours half faded in otherwise. Endless
 * animations (an open register's pulsing badge in the list, when today's demo register is open) never end.
 */
const settled = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
            .length,
      ),
    )
    .toBe(0);

/**
 * The drawer at desktop and phone width, as the viewport shows it: a full-page shot would stretch the page
 * under the fixed drawer. Same folder and names as the support's `screenshots`.
 */
async function drawerScreenshots(page: Page, name: string) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForLoadState('networkidle');
    await settled(page);
    await page.screenshot({
      path: path.resolve(import.meta.dirname, '../../../e2e-screenshots', `${name}-${label}.png`),
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const rows = (page: Page) => page.getByTestId('list-cashRegisters').locator('tbody tr.ant-table-row');

/** Picks an option of one of the list's filter selects. */
/** Picks an option of the select `testId`, again until it holds (a click while it opens may be lost). */
async function choose(page: Page, testId: string, option: string) {
  await chooseOption(page, page.getByTestId(testId), option);
}

test.describe('cash register history', () => {
  test('lists the demo’s two years of registers, sorts and filters them, shows a summary', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, demo, { language: 'en', path: '/cash-registers' });
    await expect(page.getByRole('heading', { name: 'Cash registers' })).toBeVisible();
    await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
    // A register a day the centre opened, two years back.
    const count = await page.getByText(/^[\d.]+ registers$/).textContent();
    expect(Number(count?.replace(/\D/g, ''))).toBeGreaterThan(500);

    // Latest opened first; the oldest first once the column is sorted the other way.
    const thisYear = new Date().getFullYear();
    expect(await yearOf(rows(page).first())).toBeGreaterThanOrEqual(thisYear - 1);
    await page.getByRole('columnheader', { name: 'Opened', exact: true }).click();
    await expect(page).toHaveURL(/order=asc/);
    await expect.poll(async () => yearOf(rows(page).first())).toBeLessThanOrEqual(thisYear - 2);
    await page.getByRole('columnheader', { name: 'Opened', exact: true }).click();
    await expect(page).toHaveURL(/order=desc/);

    // Closed ones only: each shows its closing time, none the open badge. The latest have their report
    // (the demo renders the last fortnight's); two years back they have none.
    await choose(page, 'register-filter-state', 'Closed');
    await expect(page).toHaveURL(/filters=/);
    await expect(rows(page).first()).toBeVisible();
    await expect(rows(page).locator('.ant-badge-status-processing')).toHaveCount(0);
    const report = rows(page).first().getByTestId('register-report');
    await expect(report).toBeEnabled();
    const download = page.waitForEvent('download');
    await report.click();
    expect((await download).suggestedFilename()).toMatch(/^cash-register-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    await expect(rows(page).nth(20).getByTestId('register-report')).toBeDisabled();

    // A date range: the registers opened on those days only.
    const from = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 33 * 86_400_000).toISOString().slice(0, 10);
    const filters = encodeURIComponent(JSON.stringify({ startsAt: { gte: from, lt: to } }));
    await page.goto(`/cash-registers?filters=${filters}`);
    await expect(page.getByText(/^[1-7] registers?$/)).toBeVisible();
    await expect(page.getByPlaceholder('From')).not.toHaveValue('');

    // The summary of one: figures, notes and the four product tables, read-only.
    await rows(page).first().getByTestId('register-view').click();
    const drawer = page.getByTestId('register-drawer');
    await expect(drawer.getByTestId('register-summary')).toBeVisible();
    await expect(drawer.getByTestId('current-cash')).toContainText('€');
    for (const table of ['sold-cash', 'refund-cash', 'sold-card', 'refund-card'])
      await expect(drawer.getByTestId(table)).toBeVisible();
    await expect(drawer.getByTestId('sold-card').locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(drawer.getByTestId('register-report')).toBeDisabled();
    await settled(page);
    expect(await seriousViolations(page), 'drawer').toEqual([]);
  });

  test('screenshots of the history and a register’s summary, in Spanish and English', async ({ page }) => {
    test.setTimeout(180_000);
    await logIn(page, demo);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/cash-registers');
      await expect(rows(page).nth(1)).toBeVisible({ timeout: 30_000 });
      expect(await seriousViolations(page), `list ${language}`).toEqual([]);
      await screenshots(page, `cash-registers-list-${language}`);

      await rows(page).nth(1).getByTestId('register-view').click();
      const drawer = page.getByTestId('register-drawer');
      await expect(drawer.getByTestId('register-summary')).toBeVisible();
      await settled(page);
      expect(await seriousViolations(page), `drawer ${language}`).toEqual([]);
      await drawerScreenshots(page, `cash-registers-summary-${language}`);
      await drawer.locator('.ant-drawer-close').click();
      await expect(drawer).toBeHidden();
    }
  });
});
