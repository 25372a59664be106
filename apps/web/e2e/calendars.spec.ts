import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  demo,
  limited,
  logIn,
  logOut,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/** The form field labelled `label` (exactly), inside a form. */
const field = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

/** Picks a time in one of the schedule's time selects by typing it, as a person at a keyboard would. */
async function pickTime(page: Page, testId: string, time: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(time);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${time}$`) })
    .click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Types a date and time into a picker (en: DD/MM/YYYY HH:mm) and leaves it. */
async function typeDate(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Tab');
}

/** A day of next year's March, the same on every run of the year: DD/MM/YYYY in English. */
const marchDay = (day: number) => `${String(day).padStart(2, '0')}/03/${new Date().getFullYear() + 1}`;

test.describe('calendars', () => {
  test('creates a calendar with a split schedule, edits it, handles its exceptions and deletes it', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, demo, { language: 'en' });
    const name = `Pilates ${unique()}`;

    await page.goto('/calendars');
    const list = page.getByTestId('list-calendars');
    await expect(page.getByTestId('page-count')).toHaveText(/^\d+ calendars$/);
    await expect(list.getByRole('link', { name: 'Sala de masajes', exact: true })).toBeVisible();

    // A calendar with products cannot be deleted: the server's refusal is shown.
    await list.getByRole('button', { name: 'Delete Sala de masajes' }).click();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Delete the' })).toContainText(
      'Delete the calendar “Sala de masajes”?',
    );
    await page.getByTestId('calendar-delete-confirm').click();
    await expect(page.getByText('A calendar with bookings or products cannot be deleted.')).toBeVisible();
    await expect(list.getByRole('link', { name: 'Sala de masajes', exact: true })).toBeVisible();

    await page.getByTestId('create-calendar').click();
    await expect(page).toHaveURL(/\/calendars\/create$/);
    const form = page.getByTestId('calendar-form');
    await field(form, 'Name').fill(name);

    // A new calendar opens on weekdays, morning and afternoon; an afternoon starting at 13:00 overlaps.
    const monday = page.getByTestId('schedule-monday');
    await expect(monday.getByTestId('schedule-monday-1-openAt')).toContainText('16:00');
    await pickTime(page, 'schedule-monday-1-openAt', '13:00');
    const afternoon = page.getByTestId('schedule-monday-1');
    await expect(afternoon.locator('.ant-form-item-explain-error')).toHaveText(
      'Overlaps range 1 of the same day',
    );
    await expect(page.getByTestId('schedule-monday-0').locator('.ant-form-item-explain-error')).toHaveCount(
      0,
    );
    await page.getByTestId('calendar-save').click();
    await expect(page).toHaveURL(/\/calendars\/create$/);
    await expect(afternoon.locator('.ant-form-item-explain-error')).toHaveText(
      'Overlaps range 1 of the same day',
    );

    // 17:00 to 21:00 fits; Monday's hours are copied to the other weekdays; Saturday opens in the morning.
    await pickTime(page, 'schedule-monday-1-openAt', '17:00');
    await pickTime(page, 'schedule-monday-1-closedAt', '21:00');
    await expect(afternoon.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await page.getByTestId('schedule-copy-monday').click();
    await expect(page.getByTestId('schedule-thursday-1-closedAt')).toContainText('21:00');
    await expect(page.getByTestId('schedule-saturday')).toContainText('Closed');
    await page.getByTestId('schedule-saturday-add').click();
    await expect(page.getByTestId('schedule-saturday-0-openAt')).toContainText('09:00');
    await page.getByTestId('schedule-friday-1-remove').click();
    await expect(page.getByTestId('schedule-friday-1')).toHaveCount(0);

    await field(form, 'Time between start times').fill('45');
    await field(form, 'Places').fill('4');
    await field(form, 'Maximum days ahead').fill('60');
    await page.getByTestId('calendar-save').click();
    await expect(page.getByText(`The calendar “${name}” has been created`)).toBeVisible();
    await expect(page).toHaveURL(/\/calendars$/);

    // Found by its name, its limits read as people say them.
    await page.getByTestId('list-search').fill(name);
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row').nth(1);
    await expect(row).toContainText('60 days');
    await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();
    await expect(row.getByText('No limit')).toHaveCount(2);

    // Edit: the schedule comes back as saved; customers may now move their bookings twice.
    await row.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('schedule-monday-1-openAt')).toContainText('17:00');
    await expect(page.getByTestId('schedule-tuesday-1-closedAt')).toContainText('21:00');
    await expect(page.getByTestId('schedule-friday-1')).toHaveCount(0);
    await expect(page.getByTestId('schedule-sunday')).toContainText('Closed');
    await expect(field(form, 'Time between start times')).toHaveValue('45');
    await page.getByTestId('calendar-can-change-date').click();
    await field(form, 'How many times').fill('2');
    await field(form, 'Minimum notice').fill('120');
    await page.getByTestId('calendar-save').click();
    await expect(page.getByText(`The changes to “${name}” have been saved`)).toBeVisible();
    await expect(list.getByRole('row').nth(1)).toContainText('2 h');

    // Its exceptions, from the row.
    await list.getByRole('button', { name: `More actions for ${name}` }).click();
    await expect(page.getByRole('link', { name: `Bookings of ${name}` })).toHaveAttribute(
      'href',
      /\/calendars\/view\/\d+$/,
    );
    await page.getByRole('link', { name: `Exceptions of ${name}` }).click();
    await expect(page).toHaveURL(/\/calendars\/edit\/\d+\/anomalies$/);
    await expect(page.getByRole('heading', { name: `Exceptions of ${name}` })).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();
    const anomalies = page.getByTestId('list-anomalies');

    // Closed on a March morning: the times are the company's wall-clock, shown back as typed. (The empty
    // list offers the primary action twice: in the header and in the empty state.)
    await page.getByTestId('create-anomaly').first().click();
    const anomalyForm = page.getByTestId('anomaly-form');
    await expect(anomalyForm.getByRole('radio', { name: /^Close/ })).toBeChecked();
    await typeDate(field(anomalyForm, 'Starts'), `${marchDay(2)} 10:00`);
    await expect(field(anomalyForm, 'Ends')).toHaveValue(`${marchDay(2)} 11:00`);
    await typeDate(field(anomalyForm, 'Ends'), `${marchDay(2)} 14:00`);
    await field(anomalyForm, 'Reason').fill('Inventario');
    await page.getByTestId('anomaly-save').click();
    await expect(page.getByText('The exception has been saved')).toBeVisible();
    await expect(page).toHaveURL(/\/anomalies$/);
    await expect(anomalies.getByRole('row')).toHaveCount(2);
    await expect(anomalies.getByRole('row').nth(1)).toContainText(`${marchDay(2)} 10:00`);
    await expect(anomalies.getByRole('row').nth(1)).toContainText(`${marchDay(2)} 14:00`);
    await expect(anomalies.getByRole('row').nth(1)).toContainText('Closed');

    // Opening inside that closing is refused, and the form says against what.
    await page.getByTestId('create-anomaly').click();
    await anomalyForm.getByText('Open', { exact: true }).click();
    await typeDate(field(anomalyForm, 'Starts'), `${marchDay(2)} 12:00`);
    await typeDate(field(anomalyForm, 'Ends'), `${marchDay(2)} 13:00`);
    await page.getByTestId('anomaly-save').click();
    const conflict = page.getByTestId('anomaly-conflict');
    await expect(conflict).toContainText('An exception of the opposite type already exists in this period.');
    await expect(conflict).toContainText(`From ${marchDay(2)} 10:00 to ${marchDay(2)} 14:00`);
    await expect(conflict).toContainText('Inventario');
    await expect(page).toHaveURL(/\/anomalies\/create$/);

    // In the afternoon it fits; whole days are offered too.
    await typeDate(field(anomalyForm, 'Starts'), `${marchDay(2)} 15:00`);
    await typeDate(field(anomalyForm, 'Ends'), `${marchDay(2)} 17:00`);
    await expect(conflict).toHaveCount(0);
    await page.getByTestId('anomaly-save').click();
    await expect(page.getByText('The exception has been saved').last()).toBeVisible();
    await expect(anomalies.getByRole('row')).toHaveCount(3);

    await page.getByTestId('create-anomaly').click();
    await page.getByTestId('anomaly-all-day').click();
    await typeDate(field(anomalyForm, 'First day'), marchDay(19));
    await expect(field(anomalyForm, 'Last day')).toHaveValue(marchDay(19));
    await field(anomalyForm, 'Reason').fill('Festivo: San José');
    await page.getByTestId('anomaly-save').click();
    await expect(anomalies.getByRole('row')).toHaveCount(4);
    await expect(anomalies.getByRole('row').nth(3)).toContainText(`${marchDay(19)} 00:00`);
    await expect(anomalies.getByRole('row').nth(3)).toContainText(`${marchDay(20)} 00:00`);

    // The type filter; then the opening is deleted after a confirmation that names its period.
    await page.getByTestId('anomaly-filter-type').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Open', { exact: true }).click();
    await expect(page).toHaveURL(/filters=/);
    await expect(anomalies.getByRole('row')).toHaveCount(2);
    const period = `${marchDay(2)} 15:00 to ${marchDay(2)} 17:00`;
    await anomalies.getByRole('button', { name: `Delete the exception from ${period}` }).click();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Delete the' })).toContainText(
      `Delete the exception from ${period}?`,
    );
    await page.getByTestId('anomaly-delete-confirm').click();
    await expect(page.getByText(`The exception from ${period} has been deleted`)).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();

    // Back to the calendar by the breadcrumb, and deleted from its own page: its exceptions go with it.
    await page.getByRole('navigation').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await page.getByTestId('calendar-delete').click();
    await expect(page.getByRole('tooltip').filter({ hasText: 'Delete the' })).toContainText(
      `Delete the calendar “${name}”?`,
    );
    await page.getByTestId('calendar-delete-confirm').click();
    await expect(page.getByText(`The calendar “${name}” has been deleted`)).toBeVisible();
    await expect(page).toHaveURL(/\/calendars$/);
    await page.getByTestId('list-search').fill(name);
    await expect(page.getByTestId('table-empty')).toBeVisible();
  });

  test('an employee without calendar permissions cannot open the screens', async ({ page }) => {
    await logIn(page, demo, { path: '/calendars' });
    await page
      .getByTestId('list-calendars')
      .getByRole('link', { name: 'Clases de yoga', exact: true })
      .click();
    await expect(page).toHaveURL(/\/calendars\/edit\/\d+$/);
    const editPath = new URL(page.url()).pathname;
    await logOut(page);

    await logIn(page, limited);
    await expect(
      page.getByTestId('main-menu').getByRole('link', { name: /calendarios|calendars/i }),
    ).toHaveCount(0);
    for (const path of [
      '/calendars',
      '/calendars/create',
      editPath,
      `${editPath}/anomalies`,
      `${editPath}/anomalies/create`,
    ]) {
      await page.goto(path);
      await expect(page.getByTestId('not-found'), path).toBeVisible();
    }
  });

  test('screenshots of the list, the form, the exceptions and a new exception in Spanish and English, without axe violations', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, demo);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/calendars');
      const list = page.getByTestId('list-calendars');
      await expect(list.getByRole('link', { name: 'Sala de masajes', exact: true })).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      await screenshots(page, `calendars-list-${language}`);

      await list.getByRole('link', { name: 'Sala de masajes', exact: true }).click();
      await expect(page.getByTestId('schedule-monday-1-openAt')).toContainText('16:00');
      expect(await seriousViolations(page), 'edit').toEqual([]);
      await screenshots(page, `calendars-edit-${language}`);

      // On a phone the hours go under the day's name and nothing runs off the side.
      await page.setViewportSize({ width: 390, height: 844 });
      const dayName = await page
        .getByTestId('schedule-monday')
        .getByText(/^(Lunes|Monday)$/)
        .boundingBox();
      const range = await page.getByTestId('schedule-monday-0').boundingBox();
      expect(range && dayName && range.y > dayName.y + dayName.height - 1).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByTestId('calendar-anomalies-link').click();
      const anomalies = page.getByTestId('list-anomalies');
      await expect(anomalies.getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page), 'anomalies').toEqual([]);
      await screenshots(page, `calendars-anomalies-${language}`);

      await page.getByTestId('create-anomaly').click();
      await expect(page.getByTestId('anomaly-form')).toBeVisible();
      expect(await seriousViolations(page), 'anomaly form').toEqual([]);
      await screenshots(page, `calendars-anomaly-create-${language}`);
    }
  });
});
