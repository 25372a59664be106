import { expect, type Page, test } from '@playwright/test';
import { demo, limited, logIn, logOut, screenshots, seriousViolations, unique } from './support';

/** The form field labelled `label` (exactly), inside the product form. */
const field = (page: Page, label: string) =>
  page.getByTestId('product-form').getByLabel(label, { exact: true });

const fieldError = (page: Page, label: string) =>
  page
    .getByTestId('product-form')
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks the option whose text starts with `option` (the type's options carry a line of help after it). */
async function choose(page: Page, label: string, option: string) {
  // A click landing while the dropdown still opens can be lost: choose again until the choice holds.
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await field(page, label).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${escapeRegExp(option)}`) })
      .first()
      .click({ timeout: 2_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** A 24 × 16 PNG of one colour. */
function png(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWOIn7WGKohh1KD40TCKH01Hs0azyCzy0wEAgXB3n5E/5sQAAAAASUVORK5CYII=',
    'base64',
  );
}

test.describe('products', () => {
  test('creates a bookable product with an image, finds it, changes its type and deletes it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page, demo, { language: 'en' });
    const name = `Shiatsu ${unique()}`;
    const reference = `SHI-${unique()}`.toUpperCase();

    await page.goto('/products');
    const list = page.getByTestId('list-products');
    await expect(page.getByTestId('page-count')).toHaveText(/^\d+ products$/);
    // Images are fetched with the session and shown as thumbnails.
    await expect(list.locator('img').first()).toBeVisible();

    await page.getByTestId('create-product').click();
    await expect(page).toHaveURL(/\/products\/create$/);
    await field(page, 'Name').fill(name);
    await field(page, 'Reference').fill(reference);
    await choose(page, 'Type', 'Bookable service');
    await expect(page.getByTestId('product-section-booking')).toBeVisible();
    await expect(page.getByTestId('product-section-subscription')).toHaveCount(0);
    await field(page, 'Price (VAT included)').fill('45,5');

    // An upload that is not an image is refused by the server, whatever its name says.
    const chooser = page.getByTestId('product-image').locator('input[type=file]');
    await chooser.setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByText('The file is not an image')).toBeVisible();
    await chooser.setInputFiles({ name: 'shiatsu.png', mimeType: 'image/png', buffer: png() });
    await expect(page.getByTestId('product-image').getByRole('img', { name: 'Product image' })).toBeVisible();

    // A bookable product needs its duration.
    await page.getByTestId('product-save').click();
    await expect(fieldError(page, 'Duration')).toHaveText('This field is required');
    await field(page, 'Duration').fill('75');
    await field(page, 'Duration shown to customers').fill('60');
    await field(page, 'Places it takes').fill('2');
    await page.getByTestId('product-save').click();
    await expect(page.getByText(`The product “${name}” has been created`)).toBeVisible();
    await expect(page).toHaveURL(/\/products$/);

    // Found by its reference; its price in euros with Spanish formatting, its duration in hours.
    await page.getByTestId('list-search').fill(reference.toLowerCase());
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row').nth(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText('45,50 €');
    await expect(row).toContainText('1 h 15 min');
    await expect(row).toContainText('Bookable service');
    await expect(row.locator('img')).toBeVisible();

    // The type filter keeps it among bookable services and drops it among shop products.
    await page.getByTestId('list-search').fill('');
    await page.getByTestId('product-filter-type').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Product', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/filters=/);
    await expect(list).not.toContainText(name);

    // Another product with the same reference, in another letter case, is refused on the field.
    await page.goto('/products/create');
    await field(page, 'Name').fill(`${name} bis`);
    await field(page, 'Reference').fill(reference.toLowerCase());
    await field(page, 'Price (VAT included)').fill('10');
    await page.getByTestId('product-save').click();
    await expect(fieldError(page, 'Reference')).toHaveText(
      'A product with this reference (SKU) already exists.',
    );
    await page.getByTestId('product-cancel').click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();

    // Edit: becomes a subscription; the period defaults to one month.
    await page.goto(`/products?q=${encodeURIComponent(reference)}`);
    await list.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(field(page, 'Duration')).toHaveValue('75');
    await expect(page.getByTestId('product-image').getByRole('img')).toBeVisible();
    await choose(page, 'Type', 'Bookings subscription');
    await expect(page.getByTestId('product-section-subscription')).toBeVisible();
    await expect(page.getByTestId('product-periodicity-quantity')).toHaveValue('1');
    await expect(page.getByTestId('product-section-subscription')).toContainText('Months');
    await page.getByTestId('product-periodicity-quantity').fill('3');
    await choose(page, 'Charged', 'Monthly');
    // A bookings subscription gives sessions each period of the products it names: asked before saving.
    await page.getByTestId('product-save').click();
    await expect(page.getByText('How many sessions each paid period gives')).toBeVisible();
    await expect(page.getByTestId('product-section-pack')).toContainText('Sessions each period');
    await field(page, 'Sessions').fill('4');
    await expect(async () => {
      await page.getByTestId('product-pack-products').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .first()
        .click({ timeout: 2_000 });
      await expect(
        page.getByTestId('product-pack-products').locator('.ant-select-selection-item'),
      ).toHaveCount(1, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.getByTestId('product-save').click();
    await expect(page.getByText(`The changes to “${name}” have been saved`)).toBeVisible();
    await expect(list.getByRole('row').nth(1)).toContainText('Bookings subscription');

    // Delete from the list after a confirmation that names it.
    await list.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page.getByRole('tooltip')).toContainText(`Delete the product “${name}”?`);
    await page.getByTestId('product-delete-confirm').click();
    await expect(page.getByText(`The product “${name}” has been deleted`)).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();
  });

  test('translates a product beside the main language and lists what is left to translate', async ({
    page,
  }) => {
    await logIn(page, demo, { language: 'en' });
    const name = `Reflexología ${unique()}`;
    await page.goto('/products/create');
    await field(page, 'Name').fill(name);
    await field(page, 'Description').fill('Masaje de pies');
    await field(page, 'Price (VAT included)').fill('30');
    await page.getByTestId('product-save').click();
    await expect(page).toHaveURL(/\/products$/);

    await page.goto('/translations/products?lang=fr');
    const list = page.getByTestId('list-productTranslations');
    await expect(page.getByTestId('translation-language')).toContainText('French');
    await page.getByTestId('list-search').fill(name);
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row').nth(1);
    await expect(row).toContainText('Masaje de pies');
    await row.getByLabel(`Name of “${name}” in French`).fill('Réflexologie');
    await row.getByLabel(`Description of “${name}” in French`).fill('Massage des pieds');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name}” in French has been saved`)).toBeVisible();
    await expect(row).toContainText('Translated');

    // Only untranslated: it leaves the list; in Italian it is still there.
    await page.getByTestId('translation-missing-only').click();
    await expect(page.getByTestId('table-empty')).toBeVisible();
    await page.getByTestId('translation-language').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Italian', { exact: true }).click();
    await expect(list.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/lang=it/);

    // The translation is the product's: the API gives it back.
    await page.goto('/translations/products?lang=fr');
    await page.getByTestId('list-search').fill(name);
    await expect(list.getByLabel(`Name of “${name}” in French`)).toHaveValue('Réflexologie');
  });

  test('a supplier’s products, and what an employee who may only find products sees', async ({ page }) => {
    await logIn(page, demo, { path: '/products/view-product-by-supplier/Termas%20del%20Norte' });
    await expect(page.getByRole('heading', { name: /Termas del Norte/ })).toBeVisible();
    await expect(page.getByTestId('table-empty')).toBeVisible();

    await logOut(page);
    await logIn(page, limited, { path: '/products' });
    const list = page.getByTestId('list-products');
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByTestId('create-product')).toHaveCount(0);
    await page.goto('/products/create');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await page.goto('/translations/products');
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  // One test per language: each has the whole time of a test for its screens' axe passes and screenshots
  // (both in one test outgrew the two minutes on a loaded machine).
  for (const language of ['es', 'en']) {
    test(`screenshots of the list, the forms and translations in ${language}, without axe violations`, async ({
      page,
    }) => {
      await logIn(page, demo, { language });
      await page.goto('/products');
      const list = page.getByTestId('list-products');
      await expect(list.locator('img').first()).toBeVisible();
      expect(await seriousViolations(page), 'list').toEqual([]);
      await screenshots(page, `products-list-${language}`, () =>
        expect(list.locator('img').first()).toBeVisible(),
      );

      await page.goto('/products?q=MAS-REL-60');
      await list.getByRole('row').nth(1).getByRole('link').first().click();
      await expect(page.getByTestId('product-section-booking')).toBeVisible();
      await expect(page.getByTestId('product-image').getByRole('img')).toBeVisible();
      expect(await seriousViolations(page), 'edit').toEqual([]);
      await screenshots(page, `products-edit-bookable-${language}`);

      await page.goto('/products/create');
      await expect(page.getByTestId('product-form')).toBeVisible();
      expect(await seriousViolations(page), 'create').toEqual([]);
      await screenshots(page, `products-create-${language}`);

      await page.goto('/translations/products');
      await expect(page.getByTestId('list-productTranslations').getByRole('row').nth(1)).toBeVisible();
      expect(await seriousViolations(page), 'translations').toEqual([]);
      await screenshots(page, `products-translations-${language}`);
    });
  }
});
