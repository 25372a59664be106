import { expect, test } from '@playwright/test';
import { admin, logIn, logOut, screenshots, switchLanguage } from './support';

test.describe('licenses', () => {
  test('a new license with its owner, who then logs in to it', async ({ page }) => {
    const code = `taller-${Date.now()}`;
    const owner = { license: code, username: 'dueno', password: 'owner-password-1' };
    await logIn(page, admin, { path: '/licenses' });
    await expect(page.getByTestId('list-licenses')).toContainText('admin');

    await page.getByTestId('create-license').click();
    await page.locator('#license-create_name').fill('Taller Mecánico Núñez');
    await expect(page.locator('#license-create_code')).toHaveValue('taller-mecanico-nunez');
    await page.locator('#license-create_code').fill(code);
    await page.locator('#license-create_adminUsername').fill(owner.username);
    await page.locator('#license-create_adminEmail').fill('dueno@taller.example.es');
    await page.locator('#license-create_adminPassword').fill(owner.password);
    await page.getByTestId('license-form-save').click();
    await expect(page.getByTestId('list-licenses')).toContainText(code);

    // The same code again is refused on its field.
    await page.getByTestId('create-license').click();
    await page.locator('#license-create_name').fill('Otro taller');
    await page.locator('#license-create_code').fill(code);
    await page.locator('#license-create_adminUsername').fill('otro');
    await page.locator('#license-create_adminPassword').fill(owner.password);
    await page.getByTestId('license-form-save').click();
    await expect(page.getByTestId('license-create-form')).toContainText(
      'Ya existe una licencia con este código',
    );
    await page.keyboard.press('Escape');

    await logOut(page);
    await logIn(page, owner);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const links = await page
      .getByTestId('main-menu')
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toContain('/employees');
    expect(links).not.toContain('/licenses');
    await page.goto('/licenses');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('support logs in as an employee of another license picked from its list and sees the support tag', async ({
    page,
    request,
  }) => {
    // The employee's id, to find his row in the list.
    const login = await request.post('/v1/admin/authentication/employee-password-login', {
      data: { license: 'demo', username: 'javier', password: 'demo-mostrador' },
    });
    const token = (await login.json()).data as string;
    const info = await request.get('/v1/admin/users/info', { headers: { Authorization: `Bearer ${token}` } });
    const javier = (await info.json()).data as { id: number; name: string };

    await logIn(page, admin, { path: '/licenses?q=demo' });
    await page.getByRole('link', { name: /^Editar Centro Bienestar Aurora/ }).click();
    await expect(page.getByTestId('license-form')).toBeVisible();
    await page.getByTestId('support-login-open').click();
    await page.getByTestId('support-login-search').fill('javier');
    await page.getByTestId(`support-employee-${javier.id}`).getByRole('button').click();
    await expect(page.getByTestId('support-session')).toContainText(javier.name);
    await expect(page).toHaveURL(/\/$/);
    // He sees his own, smaller menu.
    await expect(page.getByTestId('main-menu').getByRole('link', { name: /empleados/i })).toHaveCount(0);
  });

  test('the platform license cannot be deleted nor switched off', async ({ page }) => {
    await logIn(page, admin, { path: '/licenses?q=admin' });
    await expect(page.getByRole('button', { name: 'Eliminar Mostrador' })).toBeDisabled();
    await page.getByRole('link', { name: 'Editar Mostrador' }).click();
    await expect(page.getByRole('radio', { name: 'Inactiva' })).toBeDisabled();
  });

  test('screenshots of the list and the form in Spanish and English', async ({ page }) => {
    await logIn(page, admin);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/licenses');
      await expect(page.getByTestId('list-licenses').getByRole('row').nth(1)).toBeVisible();
      await screenshots(page, `licenses-list-${language}`);
      await page.getByTestId('create-license').click();
      await page.locator('#license-create_name').fill('Peluquería Estilo');
      await screenshots(page, `license-create-${language}`);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^(Eliminar|Delete) Centro Bienestar Aurora/ }).click();
      await expect(page.getByTestId('license-delete-code')).toBeVisible();
      // Once the dialog's opening animation is over.
      await screenshots(page, `license-delete-${language}`, () =>
        expect(page.locator('.ant-modal[class*="zoom"]')).toHaveCount(0),
      );
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: /^(Editar|Edit) Centro Bienestar Aurora/ }).click();
      await expect(page.getByTestId('license-form')).toBeVisible();
      await screenshots(page, `license-form-${language}`);
    }
  });
});
