import { expect, test } from '@playwright/test';
import { seriousViolationsBesideMails } from './mail-support';
import { admin, demo, logIn, seriousViolations, smallTouchTargets } from './support';

test.describe('accessibility', () => {
  test('the login screen has no serious axe violation', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the backend frame and its screens have no serious axe violation', async ({ page }) => {
    await logIn(page, demo);
    for (const path of ['/', '/settings/taxes', '/settings/company', '/profile']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  // A test of their own: axe takes a quarter of a minute a screen on a busy machine.
  test('the mail screens have no serious axe violation', async ({ page }) => {
    await logIn(page, demo);
    for (const path of ['/mails', '/settings/mail', '/settings/notifications']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/settings/notifications')
        await expect(page.getByTestId('preview-subject-booking')).toBeVisible();
      else await page.waitForLoadState('networkidle');
      // The notifications' previews are mails in sandboxed frames, which axe cannot enter.
      expect(await seriousViolationsBesideMails(page), path).toEqual([]);
    }
  });

  // Touch targets at phone width (WCAG 2.5.8, axe's target-size): every screen of the menu, in two halves
  // that run side by side.
  const phoneScreens = [
    ['/', '/profile', '/customers', '/customers/create', '/customers/view/1', '/bookings', '/calendars/view'],
    [
      '/calendars',
      '/calendars/create',
      '/products',
      '/products/create',
      '/translations/products',
      '/gift-vouchers',
      '/subscriptions',
      '/subscriptions/create',
    ],
    ['/orders', '/orders/create', '/invoices', '/reports/invoicing-by-product', '/cash-registers', '/mails'],
    ['/employees', '/employees/create', '/settings/company', '/settings/taxes', '/settings/custom-fields'],
    ['/settings/mail', '/settings/billing', '/settings/payment', '/suppliers', '/suppliers/create'],
  ];
  for (const [i, paths] of phoneScreens.entries()) {
    test(`no serious axe finding, touch targets of 24 px at least, at phone width: screens ${i + 1} of ${phoneScreens.length}`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await logIn(page, demo);
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        // At phone width too: cards in place of tables, tags, scrolling regions.
        const serious = await seriousViolations(page);
        expect([...serious, ...(await smallTouchTargets(page))], path).toEqual([]);
      }
    });
  }

  test('no serious axe finding, touch targets of 24 px at least, at phone width: the platform’s screens', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, admin);
    for (const path of ['/licenses', '/licenses/edit/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect([...(await seriousViolations(page)), ...(await smallTouchTargets(page))], path).toEqual([]);
    }
  });
});
