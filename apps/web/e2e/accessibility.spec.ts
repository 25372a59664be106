import { expect, test } from '@playwright/test';
import { seriousViolationsBesideMails } from './mail-support';
import { demo, logIn, seriousViolations } from './support';

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
});
