import { expect, type Page, test } from '@playwright/test';
import {
  admin,
  apiCall,
  type Login,
  logIn,
  newCompany,
  screenshots,
  switchLanguage,
  tokenOf,
} from './support';

/**
 * The front desk's permissions: role presets in the permission editor, the permissions grouped by area,
 * support log-in by picking the employee from a searchable list and returning in one click, and the
 * platform owner's menu with the platform's modules first. Signs in through the API.
 */
let company: Login;

test.beforeAll(async () => {
  company = await newCompany();
});

const presets = (page: Page) => page.getByTestId('permission-presets');

test.describe('front desk permissions', () => {
  test('a role preset fills the grid, which stays editable, and is saved as shown', async ({ page }) => {
    await logIn(page, company, { path: '/employees/create' });
    await expect(page.getByTestId('permission-editor')).toBeVisible();
    // The areas under their section headings.
    await expect(
      page
        .getByRole('region', { name: 'Recepción: reservas y clientes' })
        .getByTestId('permission-area-bookings'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ventas y caja', level: 5 })).toBeVisible();

    await presets(page).getByText('Recepcionista', { exact: true }).click();
    await expect(page.getByLabel('Puede hacer: Crear reservas', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Puede hacer: Vender en línea', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Puede hacer: Abrir la caja', { exact: true })).not.toBeChecked();

    await presets(page).getByText('Cajero', { exact: true }).click();
    await expect(page.getByLabel('Puede hacer: Abrir la caja', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Puede hacer: Crear reservas', { exact: true })).not.toBeChecked();
    // Then editable: one more, and the grid no longer matches a role.
    await page.getByLabel('Puede hacer: Vender en línea', { exact: true }).check();
    await expect(page.getByTestId('permission-preset-custom')).toBeVisible();

    const username = `cajera.${Date.now()}`;
    await page.locator('#employee_name').fill('Lucía Cajera');
    await page.locator('#employee_username').fill(username);
    await page.locator('#employee_password').fill('e2e-password-1');
    await page.getByTestId('employee-save').click();
    await expect(page).toHaveURL(/\/employees$/);

    const list = await apiCall<{ items: { id: number; username: string }[] }>(
      page,
      'GET',
      `/admin/users?query=${encodeURIComponent(username)}`,
    );
    const created = await apiCall<{ permissions: { scope: string; permission: string }[] }>(
      page,
      'GET',
      `/admin/users/${list.items[0]!.id}`,
    );
    const mayDo = created.permissions.filter((e) => e.scope === 'can_do').map((e) => e.permission);
    expect(mayDo.sort()).toEqual(
      [
        'customers_find',
        'customers_create',
        'orders_find',
        'orders_create',
        'orders_edit',
        'sales_physical',
        'sales_online',
        'products_find',
        'cashRegisters_find',
        'cashRegisters_open',
        'cashRegisters_close',
        'giftVouchers_find',
      ].sort(),
    );
  });

  test('screenshots of the presets in Spanish and English', async ({ page }) => {
    await logIn(page, company, { path: '/employees/create' });
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await expect(page.getByTestId('permission-editor')).toBeVisible();
      await presets(page)
        .getByText(language === 'es' ? 'Encargado' : 'Manager', { exact: true })
        .click();
      await expect(page.getByTestId('permission-section-frontDesk')).toBeVisible();
      await screenshots(page, `front-desk-presets-${language}`);
    }
  });

  test('support picks the employee by name, works as him, and returns to his own account in one click', async ({
    page,
  }) => {
    const ownerToken = await tokenOf(page.request, company);
    const owner = (
      await (
        await page.request.get('/v1/admin/users/info', { headers: { authorization: `Bearer ${ownerToken}` } })
      ).json()
    ).data as { id: number; name: string };

    await logIn(page, admin, { path: `/licenses?q=${company.license}` });
    const row = page.getByTestId('list-licenses').getByRole('row').filter({ hasText: company.license });
    await row.getByRole('button', { name: /^Iniciar sesión como un empleado de/ }).click();
    const modal = page.getByTestId('support-login-modal');
    await expect(modal.getByRole('list', { name: 'Empleados' })).toBeVisible();
    await page.getByTestId('support-login-search').fill(company.username);
    await expect(page.getByTestId(`support-employee-${owner.id}`)).toBeVisible();
    await screenshots(page, 'front-desk-support-list-es', () =>
      expect(page.locator('.ant-modal[class*="zoom"]')).toHaveCount(0),
    );

    await page.getByRole('button', { name: `Entrar como ${owner.name}` }).click();
    const banner = page.getByTestId('support-session');
    await expect(banner).toContainText(`Sesión de soporte como ${owner.name}`);
    await expect(page).toHaveURL(/\/$/);
    const supportToken = await page.evaluate(() => window.localStorage.getItem('mostrador.token'));
    await screenshots(page, 'front-desk-support-banner-es');

    await banner.getByRole('button', { name: 'Volver a mi cuenta' }).click();
    await expect(page).toHaveURL(new RegExp(`/licenses\\?q=${company.license}$`));
    await expect(page.getByTestId('support-session')).toHaveCount(0);
    await expect(page.getByTestId('list-licenses')).toContainText(company.license);
    // The support session was ended on the server.
    const gone = await page.request.get('/v1/admin/users/info', {
      headers: { authorization: `Bearer ${supportToken}` },
    });
    expect(gone.status()).toBe(401);
  });

  test('the support list and banner in English', async ({ page }) => {
    await logIn(page, admin, { path: `/licenses?q=${company.license}`, language: 'en' });
    const row = page.getByTestId('list-licenses').getByRole('row').filter({ hasText: company.license });
    await row.getByRole('button', { name: /^Log in as an employee of/ }).click();
    await expect(
      page.getByTestId('support-login-modal').getByRole('list', { name: 'Employees' }),
    ).toBeVisible();
    await screenshots(page, 'front-desk-support-list-en', () =>
      expect(page.locator('.ant-modal[class*="zoom"]')).toHaveCount(0),
    );
    await page
      .getByTestId('support-login-modal')
      .getByRole('button', { name: /^Log in as / })
      .first()
      .click();
    await expect(page.getByTestId('support-session')).toBeVisible();
    await switchLanguage(page, 'en');
    await screenshots(page, 'front-desk-support-banner-en');
    // At phone width the return is one icon button, named for screen readers.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('support-session').getByRole('button', { name: 'Return to my account' }).click();
    await expect(page).toHaveURL(/\/licenses/);
    await expect(page.getByTestId('support-session')).toHaveCount(0);
  });

  test('the platform owner’s menu shows the platform’s modules first, apart from the company’s', async ({
    page,
  }) => {
    await logIn(page, admin);
    const groups = page.getByTestId('main-menu').locator('.ant-menu-item-group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0).locator('.ant-menu-item-group-title')).toHaveText('Plataforma');
    await expect(groups.nth(0).getByRole('link', { name: 'Licencias' })).toBeVisible();
    await expect(groups.nth(1).locator('.ant-menu-item-group-title')).toHaveText('Empresa');
    await expect(groups.nth(1).getByRole('link', { name: 'Licencias' })).toHaveCount(0);
    // A company's owner has no platform group.
    await logIn(page, company);
    await expect(page.getByTestId('main-menu').locator('.ant-menu-item-group')).toHaveCount(0);
  });
});
