import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  type SmtpServer,
  seriousViolationsBesideMails,
  settledScreenshots,
  startSmtpServer,
} from './mail-support';
import { apiCall, chooseOption, type Login, limited, logIn, newCompany, switchLanguage } from './support';

const expect = baseExpect.configure({ timeout: 30_000 });

/** A company of this spec's own (its mail server is its own) and a mail server for it. */
let company: Login;
let smtp: SmtpServer;
test.beforeAll(async () => {
  company = await newCompany();
  smtp = await startSmtpServer({ refuse: (address) => address.startsWith('rechazo') });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The owner's own address, where the test mail goes unless told (support's newCompany). */
const ownerEmail = () => `gerencia@${company.license}.example.es`;

/** Sends the test mail and waits for the server's answer, shown in place of the last one. */
async function sendTestMail(page: Page) {
  await page.getByTestId('test-mail-send').click();
  await expect(page.getByTestId('test-mail-result')).toBeVisible();
}

test.describe('mail settings', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the mail server is configured and checked before saving, and a test mail shows the server’s answer', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en', path: '/settings/mail' });
    await expect(page.getByRole('heading', { name: 'Mail server' })).toBeVisible();
    // Nothing saved yet: nothing to test.
    await expect(page.getByTestId('test-mail-send')).toBeDisabled();
    await expect(page.getByTestId('test-mail-blocked')).toHaveText('Save a mail server first.');
    await expect(page.getByTestId('mail-pass-state')).toHaveText('Not set');

    await page.getByLabel('Server (SMTP host)').fill('127.0.0.1');
    // No encryption: the usual port follows (25), then the spec's own server's port.
    await chooseOption(page, page.getByTestId('mail-security'), 'None (unencrypted)');
    await expect(page.getByLabel('Port')).toHaveValue('25');
    await page.getByLabel('Port').fill(String(smtp.port));
    await page.getByLabel('User name').fill('reservas');
    await page.getByTestId('mail-pass').fill('secreto-smtp');
    const from = page.getByLabel('Sender address', { exact: true });
    await from.fill('reservas@');
    await from.blur();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    // Unsaved changes are not what a test mail would use.
    await expect(page.getByTestId('test-mail-send')).toBeDisabled();
    await expect(page.getByTestId('test-mail-blocked')).toHaveText(
      'Save your changes first: the test mail uses the saved settings.',
    );
    // Refused before sending: nothing saved.
    await page.getByTestId('mail-settings-save').click();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(
      (await apiCall<{ mail: { host: string | null } }>(page, 'GET', '/admin/settings')).mail.host,
    ).toBeNull();

    await from.fill('reservas@example.es');
    await page.getByTestId('mail-settings-save').click();
    await expect(page.getByText('The settings have been saved')).toBeVisible();
    // The password is kept, never shown: only that it is set.
    await expect(page.getByTestId('mail-pass-state')).toHaveText('Saved');
    await expect(page.getByTestId('mail-pass')).toHaveValue('');

    // The test mail to the user's own address: the server's own answer.
    await expect(page.getByTestId('test-mail-email')).toHaveValue(ownerEmail());
    await expect(page.getByTestId('test-mail-send')).toBeEnabled();
    // A real server may take seconds to answer: meanwhile the card says it is talking to it.
    await page.route('**/v1/admin/settings/mail/test', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.getByTestId('test-mail-send').click();
    await expect(page.getByTestId('test-mail-sending')).toBeVisible();
    await expect(page.getByTestId('test-mail-send')).toHaveClass(/ant-btn-loading/);
    const result = page.getByTestId('test-mail-result');
    await expect(result).toBeVisible();
    await expect(page.getByTestId('test-mail-sending')).toHaveCount(0);
    await page.unroute('**/v1/admin/settings/mail/test');
    await expect(result).toHaveAttribute('data-ok', 'true');
    await expect(result).toContainText('The mail server accepted the test mail');
    await expect(result).toContainText('Reply code: 250');
    await expect(page.getByTestId('test-mail-response')).toContainText('Ok: queued as');
    await smtp.waitFor(ownerEmail(), 1, 10_000);

    // A refusal is shown as the server gave it.
    await page.getByTestId('test-mail-email').fill('rechazo@example.es');
    await sendTestMail(page);
    await expect(result).toHaveAttribute('data-ok', 'false');
    await expect(result).toContainText('The test mail could not be sent');
    await expect(result).toContainText('550');
    expect(await seriousViolationsBesideMails(page)).toEqual([]);

    // Reloaded: what was saved, the password still only "saved".
    await page.reload();
    await expect(page.getByLabel('Server (SMTP host)')).toHaveValue('127.0.0.1');
    await expect(page.getByLabel('Port')).toHaveValue(String(smtp.port));
    await expect(page.getByTestId('mail-pass-state')).toHaveText('Saved');
  });

  test('screenshots of the mail server settings with a test mail’s answer, in Spanish and English', async ({
    page,
  }) => {
    await logIn(page, company, { path: '/settings/mail' });
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(page.getByTestId('mail-settings-form')).toBeVisible();
      await sendTestMail(page);
      await expect(page.getByTestId('test-mail-result')).toHaveAttribute('data-ok', 'true');
      expect(await seriousViolationsBesideMails(page), language).toEqual([]);
      await settledScreenshots(page, `mail-settings-${language}`);
    }
  });

  test('the notifications: switched on, placeholders put in at the cursor, previewed as typed, saved', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en', path: '/settings/notifications' });
    const booking = page.getByTestId('notification-booking');
    await expect(booking.getByTestId('preview-subject-booking')).toBeVisible();

    await booking.getByTestId('notification-status-booking').click();
    await chooseOption(page, booking.getByTestId('notification-hour-booking'), '10:00');
    await booking.getByTestId('notification-days-booking').fill('2');
    const subject = booking.getByTestId('notification-subject-booking');
    await subject.fill('See you soon, ');
    await booking.getByTestId('placeholder-booking-customerName').click();
    await expect(subject).toHaveValue('See you soon, {{customerName}}');
    const body = booking.getByTestId('notification-body-booking');
    await body.fill('We expect you on  at the centre.');
    // The caret between the two spaces: the date goes there.
    await body.evaluate((element: HTMLTextAreaElement) => {
      const at = element.value.indexOf('  ') + 1;
      element.setSelectionRange(at, at);
    });
    await booking.getByTestId('placeholder-booking-bookingDate').click();
    await expect(body).toHaveValue('We expect you on {{bookingDate}} at the centre.');
    // The preview fills the placeholders with sample data.
    await expect(booking.getByTestId('preview-subject-booking')).toContainText('See you soon, ');
    await expect(booking.getByTestId('preview-subject-booking')).not.toContainText('{{');
    const preview = booking.frameLocator('[data-testid="preview-content-booking-html"]');
    await expect(preview.locator('body')).toContainText('We expect you on');
    await expect(preview.locator('body')).not.toContainText('{{bookingDate}}');

    await page.getByTestId('notification-settings-save').click();
    await expect(page.getByText('The settings have been saved')).toBeVisible();
    await page.reload();
    await expect(subject).toHaveValue('See you soon, {{customerName}}');
    await expect(booking.getByTestId('notification-status-booking')).toHaveAttribute('aria-checked', 'true');
    await expect(booking.getByTestId('notification-days-booking')).toHaveValue('2');
    expect(await seriousViolationsBesideMails(page)).toEqual([]);
  });

  test('screenshots of the notifications, in Spanish and English', async ({ page }) => {
    await logIn(page, company, { path: '/settings/notifications' });
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(page.getByTestId('preview-subject-booking')).toBeVisible();
      await expect(page.getByTestId('preview-subject-birthday')).toBeVisible();
      expect(await seriousViolationsBesideMails(page), language).toEqual([]);
      await settledScreenshots(page, `notification-settings-${language}`, {
        ready: async () => {
          for (const kind of ['booking', 'birthday'])
            await expect(
              page.frameLocator(`[data-testid="preview-content-${kind}-html"]`).locator('body'),
            ).not.toBeEmpty();
        },
      });
    }
  });

  test('an employee who may not edit settings reads them only', async ({ page }) => {
    await logIn(page, limited, { language: 'en', path: '/settings/mail' });
    await expect(page.getByTestId('settings-read-only')).toBeVisible();
    await expect(page.getByLabel('Server (SMTP host)')).toBeDisabled();
    await expect(page.getByTestId('mail-settings-save')).toHaveCount(0);
    await expect(page.getByTestId('test-mail-card')).toHaveCount(0);
    await page.goto('/settings/notifications');
    await expect(page.getByTestId('settings-read-only')).toBeVisible();
    await expect(page.getByTestId('notification-subject-booking')).toBeDisabled();
    await expect(page.getByTestId('placeholders-booking')).toHaveCount(0);
    await expect(page.getByTestId('notification-preview-booking')).toHaveCount(0);
    expect(await seriousViolationsBesideMails(page)).toEqual([]);
  });
});
