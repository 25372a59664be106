import { expect, test } from '@playwright/test';
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
});
