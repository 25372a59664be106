import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { apiCall, asTallAsThePage, logIn, newCompany, seriousViolations, switchLanguage } from './support';

const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/*
 * Settings › Booking widget, in a company of the spec's own (its website and colour change): the
 * website allowed to show it, its colour (too light a colour refused), the code to paste with its copy
 * button, and the saved widget previewed in a frame.
 */
/**
 * Desktop and phone screenshots once the preview's widget shows its products (the framed widget keeps
 * the page from ever being network-idle, which the suite's `screenshots` waits for).
 */
async function shoot(page: Page, name: string) {
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.frameLocator('[data-testid="widget-preview"]').locator('main')).toBeVisible();
    await asTallAsThePage(page, width, height);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

let company: Awaited<ReturnType<typeof newCompany>>;
test.beforeAll(async () => {
  company = await newCompany();
});

test.describe('widget settings', () => {
  test('sets the website and colour, copies the code and previews the widget', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, company, { path: '/settings/widget', language: 'en' });
    await expect(page.getByRole('heading', { name: 'Booking widget' })).toBeVisible();

    // The code to paste: the loader and the company's code, or an iframe of the widget's page.
    const snippet = page.getByTestId('widget-snippet');
    await expect(snippet).toContainText(`data-mostrador-widget="${company.license}"`);
    await expect(snippet).toContainText('/widget.js');
    await page.getByTestId('widget-copy').click();
    await expect(page.getByText('Code copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/widget.js');
    await page.getByTestId('widget-snippet-kind').getByText('Iframe').click();
    await expect(snippet).toContainText(`/widget/${company.license}"`);

    // Too light a colour: said before saving, and the server refuses it too.
    await page.getByTestId('widget-color').fill('#ffee00');
    await expect(page.getByTestId('widget-contrast')).toContainText('too light');
    await page.getByTestId('widget-url').fill('https://reservas.example.es/citas');
    await page.getByTestId('widget-save').click();
    await expect(
      page.locator('#widget-settings_widgetColor_help, .ant-form-item-explain-error').first(),
    ).toBeVisible();
    await page.getByTestId('widget-color').fill('#1d4ed8');
    await expect(page.getByTestId('widget-contrast')).toContainText('readable');
    await page.getByTestId('widget-save').click();
    await expect(page.getByText('The settings have been saved')).toBeVisible();
    const settings = await apiCall<{ widgetUrl: string; widgetColor: string }>(
      page,
      'GET',
      '/admin/settings',
    );
    expect(settings).toMatchObject({
      widgetUrl: 'https://reservas.example.es/citas',
      widgetColor: '#1d4ed8',
    });

    // The preview is the saved widget, framed by the back-office's own origin.
    const preview = page.frameLocator('[data-testid="widget-preview"]');
    await expect(preview.locator('body')).not.toBeEmpty({ timeout: 20_000 });
    await page.getByTestId('widget-preview-width').getByText('Phone').click();
    await expect(page.getByTestId('widget-preview')).toHaveCSS('width', '360px');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'widget-settings-en');
    await switchLanguage(page, 'es');
    await expect(page.getByRole('heading', { name: 'Widget de reservas' })).toBeVisible();
    await shoot(page, 'widget-settings-es');
  });
});
