import { expect, type Page, test } from '@playwright/test';
import { admin, apiCall, demo, logIn, logOut, newCompany, screenshots, switchLanguage } from './support';

const password = 'e2e-password-1';

/** Fills the employee form and ticks "may do" for each permission named (Spanish labels). */
async function createEmployee(page: Page, who: { name: string; username: string }, mayDo: string[]) {
  await page.goto('/employees');
  await page.getByTestId('create-employee').click();
  await expect(page.getByTestId('permission-editor')).toBeVisible();
  await page.locator('#employee_name').fill(who.name);
  await page.locator('#employee_username').fill(who.username);
  await page.locator('#employee_password').fill(password);
  for (const permission of mayDo)
    await page.getByLabel(`Puede hacer: ${permission}`, { exact: true }).check();
  await page.getByTestId('employee-save').click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(page.getByTestId('list-employees')).toContainText(who.name);
}

test.describe('employees', () => {
  test('a new employee with two permissions sees only what they allow', async ({ page }) => {
    const marta = { name: 'Marta Ruiz', username: `marta.${Date.now()}` };
    await logIn(page, demo);
    await createEmployee(page, marta, ['Ver clientes', 'Ver productos y servicios']);

    // Her record keeps exactly those entries.
    await page.getByTestId('list-search').fill(marta.username);
    await expect(page).toHaveURL(/q=marta/);
    await expect(page.getByTestId('list-employees').getByRole('row')).toHaveCount(2);
    await page.getByRole('link', { name: `Editar a ${marta.name}` }).click();
    await expect(page.getByLabel('Puede hacer: Ver clientes', { exact: true })).toBeChecked();
    await expect(page.getByLabel('Puede hacer: Ver pedidos', { exact: true })).not.toBeChecked();
    // A company license offers no license administration.
    await expect(page.getByTestId('permission-area-licenses')).toHaveCount(0);

    await logOut(page);
    await logIn(page, { license: demo.license, username: marta.username, password });
    const links = await page
      .getByTestId('main-menu')
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toContain('/products');
    expect(links).not.toContain('/employees');
    expect(links).not.toContain('/orders');
    await page.goto('/employees');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('one’s own permissions are read-only', async ({ page }) => {
    await logIn(page, demo, { path: '/employees' });
    // The demo owner is named after his username.
    await page.getByRole('link', { name: 'Editar a demo', exact: true }).click();
    await expect(page.getByTestId('permission-editor')).toContainText('Estos son tus propios permisos');
    await expect(page.getByLabel('Puede hacer: Ver clientes', { exact: true })).toBeDisabled();
  });

  test('an employee one may not manage opens read-only, without save; screenshots in Spanish and English', async ({
    page,
  }) => {
    // A company of its own: its owner holds every permission, which the manager below may not grant.
    const company = await newCompany();
    await logIn(page, company);
    const owner = await apiCall<{ id: number }>(page, 'GET', '/admin/users/info');
    const manager = { name: 'Marcos Encargado', username: `marcos.${Date.now()}`, password };
    await apiCall(page, 'POST', '/admin/users', {
      ...manager,
      permissions: [
        ...['employees_find', 'employees_edit', 'grant_permissions'].map((p) => ({
          scope: 'can_do',
          permission: p,
        })),
        { scope: 'can_grant', permission: 'customers_find' },
      ],
    });
    for (const language of ['es', 'en']) {
      await logIn(
        page,
        { license: company.license, ...manager },
        { path: `/employees/edit/${owner.id}`, language },
      );
      await expect(page.getByTestId('employee-form')).toBeVisible();
      await expect(page.locator('#employee_name')).toBeDisabled();
      await expect(page.getByTestId('employee-save')).toHaveCount(0);
      await expect(page.getByTestId('employee-back')).toBeEnabled();
      await screenshots(page, `employee-not-manageable-${language}`);
    }
    await page.getByTestId('employee-back').click();
    await expect(page).toHaveURL(/\/employees$/);
  });

  test('support logs in as a platform colleague from the list and sees the support tag', async ({ page }) => {
    const colleague = { name: 'Sergio Soporte', username: `sergio.${Date.now()}` };
    await logIn(page, admin);
    await createEmployee(page, colleague, ['Ver clientes']);
    await page.getByRole('button', { name: `Iniciar sesión como ${colleague.name}` }).click();
    await page.getByRole('button', { name: 'Iniciar sesión como este empleado' }).click();
    await expect(page.getByTestId('support-session')).toContainText(colleague.name);
    await expect(page).toHaveURL(/\/$/);
  });

  test('screenshots of the list and the form in Spanish and English', async ({ page }) => {
    await logIn(page, demo);
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/employees');
      await expect(page.getByTestId('list-employees').getByRole('row').nth(1)).toBeVisible();
      await screenshots(page, `employees-list-${language}`);
      await page.getByRole('link', { name: /^(Editar a|Edit) Lucía/ }).click();
      await expect(page.getByTestId('permission-editor')).toBeVisible();
      await screenshots(page, `employee-form-${language}`);
    }
  });
});
