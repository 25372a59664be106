import { readFileSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  type SmtpServer,
  seriousViolationsBesideMails,
  settledScreenshots,
  startSmtpServer,
} from './mail-support';
import {
  apiCall,
  chooseOption,
  closeRegisterByApi,
  type Login,
  logIn,
  newCompany,
  openRegisterByApi,
  switchLanguage,
  unique,
} from './support';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * A company of this spec's own (its outbox and mail server are no other spec's), and a mail server that
 * refuses for good the addresses starting with "rechazo".
 */
let company: Login;
let smtp: SmtpServer;
test.beforeAll(async () => {
  company = await newCompany();
  smtp = await startSmtpServer({ refuse: (address) => address.startsWith('rechazo') });
});
test.afterAll(async () => {
  await smtp?.close();
});

const rows = (page: Page) => page.getByTestId('list-mails').locator('tbody tr.ant-table-row');

/** A day or two ahead (always in the future, whatever the hour now), at 10:00 in the company's time. */
function tomorrowAt10(): string {
  const day = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  return `${day}T10:00`;
}

/**
 * A customer with `email` (mails in Spanish) booked tomorrow on a calendar of this attempt: the booking's
 * confirmation is queued for him.
 */
async function bookCustomer(page: Page, email: string) {
  const id = unique();
  const day = [{ openAt: '08:00', closedAt: '20:00' }];
  const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: `Cabina ${id}`,
    schedule: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, day]),
    ),
    duration: 30,
    minimumMinutesInAdvanceForBooking: 0,
  });
  const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
  const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
    name: `Masaje relajante ${id}`,
    type: 'bookable',
    price: 40,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Lucía',
    surname: `García ${id}`,
    email,
    language: 'es',
  });
  await apiCall(page, 'POST', '/admin/bookings', {
    bookingCalendarId: calendar.id,
    productId: product.id,
    customerId: customer.id,
    startsAt: tomorrowAt10(),
  });
  return { customerId: customer.id, productId: product.id };
}

/** The list searched for one address, reloaded until its first row has `status`. */
async function expectStatus(page: Page, email: string, status: string) {
  await expect(async () => {
    await page.goto(`/mails?q=${encodeURIComponent(email)}`);
    await expect(rows(page).first().getByTestId('mail-status-tag')).toHaveText(status, { timeout: 5_000 });
  }).toPass({ timeout: 150_000, intervals: [2_000] });
}

/** Waits for the drawer's opening transition: axe reads colours half faded in otherwise. */
const settled = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);

/** The drawer or dialog at desktop and phone width, as the viewport shows it (a full page would stretch under it). */
const drawerScreenshots = (page: Page, name: string) =>
  settledScreenshots(page, name, { fullPage: false, ready: () => settled(page) });

const address = unique();
const lucia = `lucia.${address}@example.es`;
const refused = `rechazo.${address}@example.es`;

test.describe('sent mails', () => {
  test.describe.configure({ timeout: 300_000 });

  test('without a mail server the confirmation waits, and the list and the dashboard say why', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    await bookCustomer(page, lucia);
    await page.goto('/mails');
    await expect(page.getByRole('heading', { name: 'Sent mails' })).toBeVisible();
    await expect(rows(page).first().getByTestId('mail-status-tag')).toHaveText('Waiting');
    await expect(rows(page).first()).toContainText(lucia);
    await expect(rows(page).first()).toContainText('No mail server is configured');
    const blocked = page.getByTestId('mail-health-blocked');
    await expect(blocked).toContainText('Mails are waiting: no mail server is configured');
    await expect(page.getByTestId('mail-health-settings')).toHaveAttribute('href', '/settings/mail');
    // The id, the recipient's id and the text wait in the column chooser.
    const headers = page.getByTestId('list-mails').locator('thead th');
    await expect(headers.filter({ hasText: /^Subject$/ })).toHaveCount(1);
    await expect(headers.filter({ hasText: /^(ID|Recipient ID|Text)$/ })).toHaveCount(0);
    expect(await seriousViolationsBesideMails(page)).toEqual([]);

    await page.goto('/');
    await expect(page.getByTestId('mail-health-blocked')).toBeVisible();
    await page.getByTestId('mail-health-settings').click();
    await expect(page).toHaveURL(/\/settings\/mail$/);
  });

  test('screenshots of the waiting mails and their warning, in Spanish and English', async ({ page }) => {
    await logIn(page, company, { path: '/mails' });
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(rows(page).first()).toBeVisible();
      await expect(page.getByTestId('mail-health-blocked')).toBeVisible();
      await settledScreenshots(page, `mails-waiting-${language}`);
      await page.goto('/');
      await expect(page.getByTestId('mail-health-blocked')).toBeVisible();
      await settledScreenshots(page, `dashboard-mail-warning-${language}`);
      await page.goto('/mails');
    }
  });

  test('once a server is saved the mail leaves; opened, it shows its parts and attachment, and is resent', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    await apiCall(page, 'PUT', '/admin/settings', {
      mail: { host: '127.0.0.1', port: smtp.port, security: 'none', fromMailAddress: 'reservas@example.es' },
    });
    await smtp.waitFor(lucia);
    await expectStatus(page, lucia, 'Sent');
    await expect(page.getByTestId('mail-health')).toHaveCount(0);

    await rows(page).first().getByTestId('mail-open').click();
    const drawer = page.getByTestId('mail-drawer');
    await expect(page).toHaveURL(/[?&]mail=\d+/);
    const facts = drawer.getByTestId('mail-facts');
    await expect(facts).toContainText(lucia);
    await expect(facts.getByTestId('mail-status-tag')).toHaveText('Sent');
    await expect(facts).toContainText('Booking confirmation');
    await expect(facts).toContainText('Español');
    // The HTML in a frame that runs nothing and reaches nothing of the app.
    const frame = drawer.getByTestId('mail-content-html');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(drawer.frameLocator('[data-testid="mail-content-html"]').locator('body')).toContainText(
      'Lucía',
    );
    await drawer.getByRole('tab', { name: 'Plain text' }).click();
    await expect(drawer.getByTestId('mail-content-text')).toContainText('Lucía');
    // The booking's calendar file, downloaded with the session.
    await expect(drawer.getByTestId('mail-attachments')).toContainText('.ics');
    const download = page.waitForEvent('download');
    // The .ics's own button: the booking's QR is listed too.
    await drawer
      .getByTestId('mail-attachments')
      .getByRole('listitem')
      .filter({ hasText: '.ics' })
      .getByTestId('mail-attachment-download')
      .click();
    const ics = await download;
    expect(ics.suggestedFilename()).toMatch(/\.ics$/);
    // Kept with the mail (no file): its bytes come from the mail's own attachment route.
    expect(readFileSync((await ics.path())!, 'utf8')).toContain('BEGIN:VCALENDAR');
    await drawer.getByRole('tab', { name: 'Message' }).click();
    await settled(page);
    expect(await seriousViolationsBesideMails(page), 'drawer').toEqual([]);

    // Resent to someone who is no customer: refused on the field.
    await drawer.getByTestId('mail-resend').click();
    const dialog = page.getByTestId('mail-resend-dialog');
    const email = dialog.getByTestId('mail-resend-dialog-email');
    await expect(email).toHaveValue(lucia);
    await email.fill(`nadie.${address}@example.es`);
    await page.getByTestId('mail-resend-dialog-send').click();
    await expect(dialog.getByText('There is no customer with this email.')).toBeVisible();
    // To the same address: a copy, a new mail that leaves too.
    await email.fill(lucia);
    await page.getByTestId('mail-resend-dialog-send').click();
    await expect(page.getByText(`A copy has been queued for ${lucia}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(drawer.getByTestId('mail-resent-from')).toBeVisible();
    await smtp.waitFor(lucia, 2);
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
  });

  test('screenshots of a mail, in Spanish and English', async ({ page }) => {
    await logIn(page, company, { path: `/mails?q=${encodeURIComponent(lucia)}` });
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(rows(page)).toHaveCount(2);
      await settledScreenshots(page, `mails-list-${language}`);
      await rows(page).last().getByTestId('mail-open').click();
      const drawer = page.getByTestId('mail-drawer');
      await expect(drawer.getByTestId('mail-facts')).toBeVisible();
      await drawerScreenshots(page, `mail-drawer-${language}`);
      await drawer.getByTestId('mail-resend').click();
      await expect(page.getByTestId('mail-resend-dialog-email')).toHaveValue(lucia);
      await settled(page);
      expect(await seriousViolationsBesideMails(page), `resend ${language}`).toEqual([]);
      await drawerScreenshots(page, `mail-resend-${language}`);
      await page
        .getByTestId('mail-resend-dialog')
        .getByRole('button', { name: /cancel/i })
        .click();
      await drawer.locator('.ant-drawer-close').click();
      await expect(drawer).toBeHidden();
    }
  });

  test('a mail the server refuses fails, with its reply, and both the list and the dashboard warn', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    await bookCustomer(page, refused);
    await expectStatus(page, refused, 'Failed');
    await expect(rows(page).first()).toContainText('550');
    const failed = page.getByTestId('mail-health-failed');
    await expect(failed).toContainText('1 mail failed in the last 7 days');
    await expect(failed).toContainText('550');

    // The failed ones only, from the filter.
    await page.goto('/mails');
    await chooseOption(page, page.getByTestId('mail-filter-status'), 'Failed');
    await expect(page).toHaveURL(/filters=/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText(refused);
    expect(await seriousViolationsBesideMails(page)).toEqual([]);

    await page.goto('/');
    await page.getByTestId('mail-health-failed-link').click();
    await expect(page).toHaveURL(/\/mails\?filters=/);
    await expect(rows(page)).toHaveCount(1);

    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(rows(page).first().getByTestId('mail-status-tag')).toBeVisible();
      await settledScreenshots(page, `mails-failed-${language}`);
    }
  });

  test('a paid order’s receipt goes by email from its view', async ({ page }) => {
    await logIn(page, company, { language: 'en' });
    // Its own mail server setting: a retry runs this test alone, on a new company of the spec.
    await apiCall(page, 'PUT', '/admin/settings', {
      mail: { host: '127.0.0.1', port: smtp.port, security: 'none', fromMailAddress: 'reservas@example.es' },
    });
    await openRegisterByApi(page);
    try {
      const id = unique();
      const email = `irene.${id}@example.es`;
      const taxes = await apiCall<{ items: { id: number }[] }>(page, 'GET', '/admin/taxes');
      const product = await apiCall<{ id: number }>(page, 'POST', '/admin/products', {
        name: `Vela aromática ${id}`,
        type: 'regular',
        price: 12,
        taxType: taxes.items[0]?.id,
      });
      const customer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
        name: 'Irene',
        surname: `Recibo ${id}`,
        email,
      });
      const order = await apiCall<{ id: number; code: number }>(page, 'POST', '/admin/orders', {
        customerId: customer.id,
        status: 'paid',
        paymentMethod: 'cash',
        lines: [{ productId: product.id, quantity: 2, unitPrice: 12 }],
      });
      await page.goto(`/orders/edit/${order.id}`);
      await expect(page.getByTestId('order-view')).toBeVisible();
      await page.getByTestId('order-send-mail').click();
      const dialog = page.getByTestId('order-mail-dialog');
      await expect(dialog.getByTestId('order-mail-dialog-email')).toHaveValue(email);
      await settled(page);
      expect(await seriousViolationsBesideMails(page)).toEqual([]);
      await page.getByTestId('order-mail-dialog-send').click();
      await expect(
        page.getByText(`The receipt of order #${order.code} has been queued for ${email}`),
      ).toBeVisible();
      await smtp.waitFor(email);
      await expectStatus(page, email, 'Sent');
      await expect(rows(page).first()).toContainText(String(order.code));

      await page.goto(`/orders/edit/${order.id}`);
      for (const language of ['es', 'en']) {
        await switchLanguage(page, language);
        await page.getByTestId('order-send-mail').click();
        await expect(page.getByTestId('order-mail-dialog-email')).toHaveValue(email);
        await drawerScreenshots(page, `order-send-mail-${language}`);
        await page
          .getByTestId('order-mail-dialog')
          .getByRole('button', { name: /cancel/i })
          .click();
      }
    } finally {
      await closeRegisterByApi(page);
    }
  });
});
