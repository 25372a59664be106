import { expect, test } from '@playwright/test';
import { type Login, logIn, newCompany, screenshots, seriousViolations } from './support';

/** A company of this spec's own: its cash register is no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

test.describe('cash register', () => {
  test('opens the register with an initial amount, shows its summary, closes it with notes', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    const dialog = page.getByTestId('cash-register-dialog');

    // A retried attempt may find the register still open: close it first.
    await page.getByTestId('cash-register-button').click();
    await expect(
      dialog.getByTestId('open-register-form').or(dialog.getByTestId('register-summary')),
    ).toBeVisible();
    if (await dialog.getByTestId('register-summary').isVisible()) {
      await dialog.getByTestId('close-register').click();
      await dialog.getByTestId('cash-count-mode').getByText('One amount').click();
      await dialog.getByTestId('counted-cash').fill('0');
      await dialog.getByTestId('confirm-close-register').click();
      // Counted 0 €: the difference is asked to be confirmed.
      await page.getByTestId('confirm-close-difference').click();
      await expect(page.getByText('The cash register has been closed').last()).toBeVisible();
      await page.getByTestId('cash-register-button').click();
    }

    // Closed: the open form, 300 € by default; a negative amount is refused before sending.
    const amount = dialog.getByTestId('initial-amount');
    await expect(amount).toHaveValue('300.00');
    await amount.fill('-5');
    await dialog.getByTestId('open-register').click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('Enter a value of at least 0');
    await amount.fill('250,50');
    expect(await seriousViolations(page), 'open').toEqual([]);
    await screenshots(page, 'cash-register-open-en');
    await dialog.getByTestId('open-register').click();
    await expect(page.getByText('The cash register is open')).toBeVisible();

    // Open: the summary with the cash in the drawer and the four product tables.
    await page.getByTestId('cash-register-button').click();
    await expect(dialog.getByTestId('current-cash')).toContainText('250,50 €');
    for (const table of ['sold-cash', 'refund-cash', 'sold-card', 'refund-card'])
      await expect(dialog.getByTestId(table)).toBeVisible();
    expect(await seriousViolations(page), 'summary').toEqual([]);
    await screenshots(page, 'cash-register-summary-en');

    // Close with the drawer counted note by note (it balances) and notes: the next click offers to open it again.
    await dialog.getByTestId('close-register').click();
    await dialog.getByLabel('Number of 200,00 €').fill('1');
    await dialog.getByLabel('Number of 50,00 €').fill('1');
    await dialog.getByLabel('Number of 0,50 €').fill('1');
    await expect(dialog.getByTestId('cash-count-difference')).toHaveAttribute('data-difference', 'balanced');
    await dialog.getByLabel('Closing notes').fill('Cuadre correcto');
    await dialog.getByTestId('confirm-close-register').click();
    await expect(page.getByText('The cash register has been closed').last()).toBeVisible();
    await page.getByTestId('cash-register-button').click();
    await expect(dialog.getByTestId('open-register-form')).toBeVisible();
  });
});
