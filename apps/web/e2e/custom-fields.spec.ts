import { expect, type Page, test } from '@playwright/test';
import {
  apiCall,
  chooseOption,
  type Login,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/** Settings › Custom fields in a company of the spec's own: its fields are nobody else's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const names = (page: Page) => page.getByTestId('custom-field-name');
const dialog = (page: Page) => page.getByTestId('custom-field-form');
const customerField = (page: Page, label: string) =>
  page.getByTestId('customer-form').getByLabel(label, { exact: true });

test.describe('custom fields', () => {
  test('defines, reorders and renames customer fields that the customer form, page and list then show; removes one', async ({
    page,
  }) => {
    // A whole journey through four screens, with axe and screenshots at two widths and in two languages.
    test.setTimeout(360_000);
    await logIn(page, company, { path: '/settings/custom-fields' });
    await expect(page.getByRole('heading', { name: 'Campos personalizados' })).toBeVisible();
    await expect(page.getByText('Aún no hay campos personalizados.', { exact: false })).toBeVisible();

    // A text field, then a list of options.
    await page.getByTestId('create-custom-field').click();
    await dialog(page).getByLabel('Nombre').fill('Alergias');
    await page.getByTestId('custom-field-save').click();
    await expect(page.getByText('Se ha añadido el campo «Alergias»')).toBeVisible();
    await page.getByTestId('create-custom-field').click();
    await dialog(page).getByLabel('Nombre').fill('Estilista');
    await chooseOption(page, dialog(page).getByTestId('custom-field-type'), 'Lista de opciones');
    await dialog(page).getByLabel('Opción 1', { exact: true }).fill('Ana');
    await dialog(page).getByTestId('custom-field-add-option').click();
    await dialog(page).getByLabel('Opción 2', { exact: true }).fill('Eva');
    await page.getByTestId('custom-field-save').click();
    await expect(page.getByText('Se ha añadido el campo «Estilista»')).toBeVisible();
    await expect(names(page)).toHaveText(['Alergias', 'Estilista']);

    // A name the company already uses is refused on the field.
    await page.getByTestId('create-custom-field').click();
    await dialog(page).getByLabel('Nombre').fill('alergias');
    await page.getByTestId('custom-field-save').click();
    await expect(dialog(page).getByText('Ya hay un campo personalizado con este nombre.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar' }).click();

    // Reorder, rename.
    await page.getByRole('button', { name: 'Subir Estilista' }).click();
    await expect(names(page)).toHaveText(['Estilista', 'Alergias']);
    await page.getByRole('button', { name: 'Editar Alergias' }).click();
    await dialog(page).getByLabel('Nombre').fill('Alergias conocidas');
    await page.getByTestId('custom-field-save').click();
    await expect(page.getByText('Se ha guardado el campo «Alergias conocidas»')).toBeVisible();
    await expect(names(page)).toHaveText(['Estilista', 'Alergias conocidas']);

    expect(await seriousViolations(page), 'settings').toEqual([]);
    await screenshots(page, 'custom-fields-es');
    await switchLanguage(page, 'en');
    await expect(page.getByRole('heading', { name: 'Custom fields' })).toBeVisible();
    await screenshots(page, 'custom-fields-en');
    await page.getByRole('button', { name: 'Edit Estilista' }).click();
    await expect(dialog(page).getByLabel('Option 2', { exact: true })).toHaveValue('Eva');
    expect(await seriousViolations(page), 'dialog').toEqual([]);
    await screenshots(page, 'custom-fields-dialog-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await switchLanguage(page, 'es');

    // The customer form asks for them at once, in their order; the value shows on the customer's page.
    const name = `Lucía ${unique()}`;
    await page.goto('/customers/create');
    await expect(customerField(page, 'Nombre')).toBeVisible({ timeout: 30_000 });
    const labels = page.getByTestId('customer-form').locator('label');
    await expect(labels.filter({ hasText: /^(Estilista|Alergias conocidas)$/ })).toHaveText([
      'Estilista',
      'Alergias conocidas',
    ]);
    await customerField(page, 'Nombre').fill(name);
    await customerField(page, 'Población').fill('Zaragoza');
    await customerField(page, 'Teléfono').fill('600 123 458');
    await customerField(page, 'Estilista').click();
    await page.locator('.ant-select-dropdown').getByTitle('Eva').click();
    await customerField(page, 'Alergias conocidas').fill('Látex');
    await page.getByTestId('customer-save').click();
    await expect(page).toHaveURL(/\/customers$/);

    const list = page.getByTestId('list-customers');
    await page.getByTestId('list-search').fill(name);
    await expect(list.getByRole('row')).toHaveCount(2);
    // The list's optional columns: hidden until chosen.
    await expect(list.getByRole('columnheader', { name: 'Estilista' })).toHaveCount(0);
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-chooser-panel').getByText('Estilista', { exact: true }).click();
    await page.getByTestId('column-chooser-panel').getByText('Alergias conocidas', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(list.getByRole('columnheader', { name: 'Estilista' })).toBeVisible();
    await expect(list.getByRole('row').nth(1)).toContainText('Eva');
    await expect(list.getByRole('row').nth(1)).toContainText('Látex');
    expect(await seriousViolations(page), 'list').toEqual([]);
    await screenshots(page, 'custom-fields-list-es', async () => {
      await expect(list.getByRole('row').nth(1)).toBeVisible();
    });
    // On a phone each row reads as a card: name, phone, city.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = list.getByTestId('customer-summary');
    await expect(card).toContainText(name);
    await expect(card).toContainText('+34 600 123 458');
    await expect(card).toContainText('Zaragoza');
    await expect(list.getByRole('columnheader', { name: 'Estilista' })).toBeHidden();
    expect(await seriousViolations(page), 'phone list').toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await list.getByRole('link', { name, exact: true }).click();
    const profile = page.getByTestId('customer-profile');
    await expect(profile).toContainText('Estilista');
    await expect(profile).toContainText('Eva');
    await expect(profile).toContainText('Látex');

    // Removing a field says its values go with it.
    await page.goto('/settings/custom-fields');
    await expect(names(page)).toHaveText(['Estilista', 'Alergias conocidas'], { timeout: 30_000 });
    await page.getByRole('button', { name: 'Eliminar Estilista' }).click();
    await expect(page.getByText('¿Eliminar el campo «Estilista»?')).toBeVisible();
    await expect(page.getByText(/Se pierden los valores guardados/)).toBeVisible();
    await page.getByTestId('custom-field-delete-confirm').click();
    await expect(page.getByText('Se ha eliminado el campo «Estilista»')).toBeVisible();
    await expect(names(page)).toHaveText(['Alergias conocidas']);
    await page.goto('/customers');
    await expect(page.getByTestId('list-search')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('list-search').fill(name);
    await expect(page).toHaveURL(/[?&]q=/);
    await list.getByRole('link', { name, exact: true }).click();
    await expect(profile).toContainText('Látex');
    await expect(profile).not.toContainText('Estilista');
  });

  test('an employee without settings_edit reads the fields but cannot change them', async ({ page }) => {
    await logIn(page, company, { path: '/settings/custom-fields' });
    const username = `lectura${unique()}`;
    await apiCall(page, 'POST', '/admin/users', {
      name: 'Lectura',
      username,
      password: 'reader-password-1',
      permissions: [{ scope: 'can_do', permission: 'customers_find' }],
    });
    await logIn(
      page,
      { license: company.license, username, password: 'reader-password-1' },
      { path: '/settings/custom-fields' },
    );
    await expect(page.getByTestId('settings-read-only')).toBeVisible({ timeout: 30_000 });
    await expect(names(page)).toHaveText(['Alergias conocidas']);
    await expect(page.getByTestId('create-custom-field')).toHaveCount(0);
    await expect(page.getByTestId('custom-field-list').getByRole('button')).toHaveCount(0);
    expect(await seriousViolations(page), 'read-only').toEqual([]);
  });
});
