import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { companyCertificates } from './certificates';
import { settledScreenshots } from './mail-support';
import { renderPdfFirstPage } from './pdf';
import {
  apiCall,
  chooseOption,
  type Login,
  limited,
  logIn,
  newCompany,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

const expect = baseExpect.configure({ timeout: 30_000 });
const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/** A company of this spec's own: its billing data, certificate, Verifactu and invoices are no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

const year = new Date().getFullYear();
const legalName = 'Peluquería Lucía SL';
const taxId = 'B12345678';
const password = 'clave-de-pruebas';

interface Order {
  id: number;
  code: number;
  invoiceCode: string | null;
  lines: { id: number }[];
}

/** What an order needs: a product at 12 € (the company's first tax) and two customers of this attempt. */
async function salesData(page: Page) {
  const id = unique();
  const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
  const product = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/products', {
    name: `Tinte y peinado ${id}`,
    type: 'regular',
    price: 36.3,
    taxType: taxes.items.find((tax) => tax.percentage === 21)?.id,
  });
  // A person without a tax id (she will give it when asked), and a company with one.
  const irene = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Irene',
    surname: `Vidal ${id}`,
    email: `irene.${id}@example.es`,
  });
  const ebro = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
    name: 'Marta',
    surname: `Gil ${id}`,
    company: `Talleres Ebro ${id} SA`,
    vat: 'A50000001',
    email: `compras.${id}@example.es`,
  });
  return { id, product, irene, ebro };
}

/** A sale paid by transfer (no cash register needed): `quantity` units of the product. */
async function paidSale(page: Page, productId: number, customerId: number | null, quantity = 2) {
  return apiCall<Order>(page, 'POST', '/admin/orders', {
    customerId,
    status: 'paid',
    paymentMethod: 'transfer',
    lines: [{ productId, quantity, unitPrice: 36.3 }],
  });
}

/** Picks the option of a select whose label is exactly `label` (others may contain it), until it holds. */
async function chooseExactly(page: Page, select: Locator, label: string) {
  await expect(async () => {
    await select.click();
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`)
      .click({ timeout: 3_000 });
    await expect(select).toHaveText(label, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Waits for a drawer's or dialog's opening transition: axe reads colours half faded in otherwise. */
const settled = (page: Page) =>
  expect.poll(() => page.evaluate(() => document.getAnimations().length)).toBe(0);

let data: Awaited<ReturnType<typeof salesData>>;
/** Irene's sale: a simplified invoice at once, then the full one that replaces it. */
let ireneSale: Order;
/** A sale without a customer, invoiced to the company and annulled. */
let walkInSale: Order;

test.describe('invoices and Verifactu', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the billing screen: checked before saving, the certificate uploaded, Verifactu on, the chain checked', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    // What the API already knows: the company's address on its invoices (the legal name is typed below).
    await apiCall(page, 'PUT', '/admin/settings', {
      billing: {
        street: 'Calle Mayor 1',
        postalCode: '50001',
        city: 'Zaragoza',
        state: 'Zaragoza',
        country: 'España',
        fullSeries: '',
        simplifiedSeries: 'T',
        rectifyingSeries: 'R',
        simplifiedInvoices: false,
        simplifiedInvoiceLimit: 400,
      },
    });
    await page.goto('/settings/billing');
    await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
    await expect(page.getByTestId('billing-street')).toHaveValue('Calle Mayor 1');
    await expect(page.getByTestId('certificate-none')).toBeVisible();

    // Verifactu on without its tax id and certificate: said on the fields, nothing saved.
    await page.getByTestId('verifactu-status').click();
    await page.getByTestId('billing-settings-save').click();
    await expect(page.getByText('Required to switch Verifactu on')).toBeVisible();
    await expect(
      page.getByText('Upload the company’s certificate below before switching Verifactu on.'),
    ).toBeVisible();
    await page.getByTestId('verifactu-status').click();

    await page.getByTestId('billing-legalName').fill(legalName);
    await page.getByTestId('billing-fullSeries').fill('F');
    await expect(page.getByTestId('billing-fullSeries-example')).toHaveText(
      `Codes look like F${year}-000001`,
    );
    await page.getByTestId('billing-rectifyingSeries').fill('T');
    await page.getByTestId('billing-rectifyingSeries').blur();
    await expect(page.getByText('Each series needs a prefix of its own.').first()).toBeVisible();
    await page.getByTestId('billing-rectifyingSeries').fill('R');
    const tax = page.getByTestId('verifactu-tax-id');
    await tax.fill('b-1234');
    await tax.blur();
    await expect(page.getByText('Nine letters and digits, e.g. B12345678')).toBeVisible();
    await tax.fill('b12345678');
    await expect(tax).toHaveValue(taxId);
    await page.getByTestId('billing-simplified').click();
    await page.getByTestId('billing-limit').getByText('400 € (general)').click();
    await page.getByTestId('billing-settings-save').click();
    await expect(page.getByText('The settings have been saved')).toBeVisible();

    // The certificate: an expired one and a wrong password are refused on their fields.
    const certificates = companyCertificates(legalName.toUpperCase(), taxId, password);
    // A representative's certificate names its holder as FNMT writes it: the tax id, "R:", the company.
    const holder = `${taxId} R: ${legalName.toUpperCase()}`;
    const dialog = page.getByRole('dialog', { name: 'Upload the certificate' });
    const upload = async (file: Buffer, typed: string) => {
      if (!(await dialog.isVisible())) await page.getByTestId('certificate-upload').click();
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'empresa.p12', mimeType: 'application/x-pkcs12', buffer: file });
      await expect(dialog.getByTestId('certificate-file-name')).toHaveText('empresa.p12');
      await dialog.getByTestId('certificate-password').fill(typed);
      await page.getByTestId('certificate-upload-confirm').click();
    };
    await upload(certificates.expired(), password);
    await expect(dialog.getByText('The certificate has expired.')).toBeVisible();
    await upload(certificates.valid(20), 'no-es-esta');
    await expect(dialog.getByText(/The certificate cannot be read/)).toBeVisible();
    await upload(certificates.valid(20), password);
    await expect(page.getByText(`Certificate of ${holder} uploaded`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('certificate-holder')).toHaveText(holder);
    await expect(page.getByTestId('certificate-facts')).toContainText(taxId);
    await expect(page.getByTestId('certificate-facts')).toContainText('AC Representación Pruebas');
    // Valid for 20 days: a warning, since it is within the last 30.
    await expect(page.getByTestId('certificate-health')).toHaveAttribute('data-state', 'expiring');
    await expect(page.getByTestId('certificate-health')).toContainText(/The certificate expires in 19 days/);

    // Now Verifactu may go on (the test environment; the suite's AEAT address is a closed local port).
    await page.getByTestId('verifactu-status').click();
    await page.getByTestId('billing-settings-save').click();
    // The first save's message may still be there.
    await expect(page.getByText('The settings have been saved').last()).toBeVisible();
    await expect(page.getByTestId('certificate-remove')).toBeDisabled();
    await expect(page.getByText('Switch Verifactu off before removing the certificate.')).toBeVisible();
    await page.getByTestId('verifactu-check').click();
    await expect(page.getByTestId('verifactu-check-result')).toHaveAttribute('data-ok', 'true');
    expect(await seriousViolations(page)).toEqual([]);

    // Saved as typed, and kept on reload.
    const settings = await apiCall<{
      billing: Record<string, unknown>;
      verifactu: { status: boolean; taxId: string; certificate: { holder: string } | null };
    }>(page, 'GET', '/admin/settings');
    expect(settings.billing).toMatchObject({
      legalName,
      fullSeries: 'F',
      simplifiedSeries: 'T',
      simplifiedInvoices: true,
      simplifiedInvoiceLimit: 400,
    });
    expect(settings.verifactu).toMatchObject({
      status: true,
      taxId,
      certificate: { holder },
    });
    await page.reload();
    await expect(page.getByTestId('billing-legalName')).toHaveValue(legalName);
    await expect(page.getByTestId('verifactu-status')).toHaveAttribute('aria-checked', 'true');
  });

  test('the order view: a simplified invoice at once, the full one after the customer’s tax id is added, its PDF', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    data = await salesData(page);
    ireneSale = await paidSale(page, data.product.id, data.irene.id);
    // The company issues simplified invoices: the sale has its ticket already.
    expect(ireneSale.invoiceCode, JSON.stringify(await apiCall(page, 'GET', '/admin/settings'))).toMatch(
      new RegExp(`^T${year}-\\d{6}$`),
    );
    await page.goto(`/orders/edit/${ireneSale.id}`);
    const card = page.getByTestId('order-invoices');
    const simplified = card.getByTestId('order-invoice').first();
    await expect(simplified.getByTestId('order-invoice-code')).toHaveText(new RegExp(`^T${year}-\\d{6}$`));
    await expect(simplified).toContainText('Simplified invoice');
    await expect(simplified.getByTestId('order-invoice-total')).toHaveText('72,60 €');
    await expect(simplified.getByTestId('verifactu-state-tag')).toHaveText('Pending');

    // Irene wants a full invoice: she has no tax id yet, and the dialog says so with a link to her.
    await card.getByTestId('order-invoice-issue').click();
    const issue = page.getByTestId('invoice-issue-dialog');
    await expect(issue).toContainText('replacing the simplified invoice T');
    await expect(issue.getByTestId('invoice-issue-missing-tax-id')).toContainText(
      'The customer has no tax id: add it to the customer to issue a full invoice.',
    );
    await expect(page.getByTestId('invoice-issue-confirm')).toBeDisabled();
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    await issue.getByTestId('invoice-issue-edit-customer').click();
    await expect(page).toHaveURL(new RegExp(`/customers/edit/${data.irene.id}$`));
    await page.getByLabel('Tax ID', { exact: true }).fill('12345678z');
    await page.getByTestId('customer-save').click();
    // Saved, back at the order.
    await expect(page).toHaveURL(new RegExp(`/orders/edit/${ireneSale.id}$`));
    await card.getByTestId('order-invoice-issue').click();
    await expect(issue.getByTestId('invoice-issue-tax-id')).toHaveText('12345678Z');
    await page.getByTestId('invoice-issue-confirm').click();
    await expect(page.getByText(new RegExp(`Invoice F${year}-\\d{6} issued`))).toBeVisible();
    await expect(card.getByTestId('order-invoice')).toHaveCount(2);
    const full = card.getByTestId('order-invoice').nth(1);
    await expect(full).toContainText('Full invoice replacing a simplified one');
    await expect(full).toContainText(/Replaces T\d{4}-\d{6}/);
    await expect(card.getByTestId('order-invoice-issue')).toHaveCount(0);
    const fullCode = (await full.getByTestId('order-invoice-code').textContent()) ?? '';
    // The order carries the invoice in force.
    await expect(page.getByTestId('order-details')).toContainText(fullCode);

    // Its PDF, named after it.
    const download = page.waitForEvent('download');
    await full.getByRole('button', { name: `Download the PDF of invoice ${fullCode}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`factura-${fullCode}.pdf`);
    const pdf = await readFile((await file.path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await renderPdfFirstPage(page, pdf, path.join(shots, 'invoices-pdf-f3.png'));

    // And by email to Irene (it waits in the outbox: this company has no mail server).
    await full.getByRole('button', { name: `Send invoice ${fullCode} by email` }).click();
    await expect(page.getByTestId('invoice-mail-dialog-email')).toHaveValue(/^irene\./);
    await settled(page);
    const mailed = page.waitForResponse((r) => r.url().endsWith('/mail') && r.request().method() === 'POST');
    await page.getByTestId('invoice-mail-dialog-send').click();
    const answer = await mailed;
    expect(answer.status(), await answer.text()).toBe(201);
    await expect(page.getByText(`Invoice ${fullCode} has been queued for`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a sale without a customer is invoiced to one found by search, then annulled and may be invoiced again', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en' });
    walkInSale = await paidSale(page, data.product.id, null, 1);
    await page.goto(`/orders/edit/${walkInSale.id}`);
    const card = page.getByTestId('order-invoices');
    await expect(card.getByTestId('order-invoice')).toHaveCount(1);
    await card.getByTestId('order-invoice-issue').click();
    const issue = page.getByTestId('invoice-issue-dialog');
    await expect(page.getByTestId('invoice-issue-confirm')).toBeDisabled();
    await chooseOption(page, issue.getByTestId('invoice-issue-customer'), 'Marta Gil', `Gil ${data.id}`);
    await expect(issue.getByTestId('invoice-issue-tax-id')).toHaveText('A50000001');
    await expect(issue.getByTestId('invoice-issue-recipient')).toContainText(`Talleres Ebro ${data.id} SA`);
    await page.getByTestId('invoice-issue-confirm').click();
    await expect(page.getByText(new RegExp(`Invoice F${year}-\\d{6} issued`))).toBeVisible();
    // The order is the company's now.
    await expect(page.getByTestId('order-view-customer-name')).toHaveText(`Marta Gil ${data.id}`);

    const full = card.getByTestId('order-invoice').nth(1);
    const code = (await full.getByTestId('order-invoice-code').textContent()) ?? '';
    await full.getByRole('button', { name: `Annul invoice ${code}` }).click();
    const annul = page.getByTestId('invoice-annul-dialog');
    await annul.getByTestId('invoice-annul-reason').fill('no');
    await page.getByTestId('invoice-annul-confirm').click();
    await expect(annul.getByText('Enter at least 3 characters')).toBeVisible();
    await annul.getByTestId('invoice-annul-reason').fill('Emitida a la empresa equivocada');
    await page.getByTestId('invoice-annul-confirm').click();
    await expect(page.getByText(`Invoice ${code} annulled`)).toBeVisible();
    await expect(full.getByTestId('invoice-annulled-tag')).toHaveText('Annulled');
    await expect(full.getByTestId('order-invoice-annulment')).toContainText(
      'Emitida a la empresa equivocada',
    );
    // Its number stays used; the sale may get its full invoice again.
    await expect(card.getByTestId('order-invoice-issue')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a refund of the fully invoiced sale asks why it is rectified, and gets its rectifying invoice', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en', path: `/orders/refund/${ireneSale.id}` });
    const reason = page.getByTestId('refund-rectification-reason');
    await expect(reason).toContainText('R1 · Returns, discounts or errors');
    await chooseOption(page, reason, 'R4 · Other reasons');
    await page.getByLabel(/^Units of Tinte y peinado .* to refund$/).fill('1');
    await page.getByTestId('refund-submit').click();
    await expect(page.getByTestId('refund-confirm-rectifying')).toContainText(
      /A rectifying invoice \(R4\) of invoice F/,
    );
    await page.getByTestId('refund-confirm').click();
    await expect(page.getByText(/Refund #\d+ created/)).toBeVisible();
    const refunds = await apiCall<{ items: { id: number }[] }>(
      page,
      'GET',
      `/admin/orders?filters=${encodeURIComponent(JSON.stringify({ originalOrderId: { eq: ireneSale.id } }))}`,
    );
    const refundId = refunds.items[0]?.id;
    await page.goto(`/orders/edit/${refundId}`);
    const rectifying = page.getByTestId('order-invoices').getByTestId('order-invoice');
    await expect(rectifying).toHaveCount(1);
    await expect(rectifying).toContainText('Rectifying invoice (other reasons)');
    await expect(rectifying.getByTestId('order-invoice-code')).toHaveText(new RegExp(`^R${year}-\\d{6}$`));
    await expect(rectifying.getByTestId('order-invoice-total')).toHaveText('-36,30 €');
    await expect(rectifying).toContainText(/Rectifies F\d{4}-\d{6}/);
  });

  test('the invoices list filters and opens an invoice in a drawer; the report adds them up by product and month', async ({
    page,
  }) => {
    await logIn(page, company, { language: 'en', path: '/invoices' });
    const list = page.getByTestId('list-invoices');
    const rows = list.locator('tbody tr[data-row-key]');
    // Irene's ticket and full invoice, the walk-in's ticket and annulled invoice, the rectifying one.
    await expect(rows).toHaveCount(5);
    await expect(page.getByTestId('page-count')).toHaveText('5 invoices');
    await expect(rows.first()).toContainText('Rectifying R4');
    await chooseExactly(page, page.getByTestId('invoice-filter-annulled'), 'Annulled');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('invoice-annulled-tag')).toBeVisible();
    await chooseExactly(page, page.getByTestId('invoice-filter-annulled'), 'Annulled or not');
    await expect(rows).toHaveCount(5);
    await page.getByTestId('list-search').fill(`Talleres Ebro ${data.id}`);
    await expect(rows).toHaveCount(1);
    await page.getByTestId('list-search').fill('');
    await expect(rows).toHaveCount(5);

    // The full invoice of Irene's sale, with its lines, VAT and records.
    const fullRow = rows.filter({ hasText: 'Replacing' }).filter({ hasText: `Vidal ${data.id}` });
    await fullRow.getByTestId('invoice-open').click();
    const drawer = page.getByTestId('invoice-drawer');
    await expect(drawer.getByTestId('invoice-facts')).toContainText(
      'Full invoice replacing a simplified one',
    );
    await expect(drawer.getByTestId('invoice-facts')).toContainText(legalName);
    await expect(drawer.getByTestId('invoice-facts')).toContainText('12345678Z');
    await expect(drawer.getByTestId('invoice-lines')).toContainText('Tinte y peinado');
    await expect(drawer.getByTestId('invoice-taxes')).toContainText('21 %');
    await expect(drawer.getByTestId('invoice-total')).toHaveText('72,60 €');
    await expect(drawer.getByTestId('invoice-record')).toHaveCount(1);
    await expect(drawer.getByTestId('invoice-record').first()).toContainText('Registration');
    await expect(drawer.getByTestId('invoice-record').first().getByTestId('verifactu-state-tag')).toHaveText(
      'Pending',
    );
    await expect(drawer.getByTestId('invoice-order-link')).toHaveAttribute(
      'href',
      `/orders/edit/${ireneSale.id}`,
    );
    await settled(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The simplified invoice it replaces, in the same drawer.
    await drawer.getByTestId('invoice-replaced').click();
    await expect(page).toHaveURL(/invoice=\d+/);
    await expect(drawer.getByTestId('invoice-facts')).toContainText(
      'A simplified invoice names no recipient.',
    );
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The report: this year's product, the annulled invoice left out and the refund subtracted.
    await page.goto('/reports/invoicing-by-product');
    const table = page.getByTestId('report-table');
    const product = table.locator('tbody tr').filter({ hasText: data.product.name });
    await expect(product).toHaveCount(1);
    // 72,60 € of Irene's (once: the full invoice replaced its ticket), the walk-in's ticket 36,30 € (its
    // full invoice annulled), less the refund's 36,30 €.
    await expect(product.locator('td').last()).toHaveText('72,60 €');
    await expect(page.getByTestId('report-total-total')).toContainText('72,60 €');
    await page.getByTestId('report-figure').getByText('Tax base').click();
    await expect(product.locator('td').last()).toHaveText('60,00 €');
    const csv = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    const exported = await csv;
    expect(exported.suggestedFilename()).toBe(`invoicing-by-product-${year}.csv`);
    expect(await readFile((await exported.path()) ?? '', 'utf8')).toContain(data.product.name);
    const xlsx = page.waitForEvent('download');
    await page.getByTestId('report-export-xlsx').click();
    const workbook = await xlsx;
    expect(workbook.suggestedFilename()).toBe(`invoicing-by-product-${year}.xlsx`);
    expect((await readFile((await workbook.path()) ?? '')).subarray(0, 2).toString('latin1')).toBe('PK');
    // Last year: nothing.
    await page.goto(`/reports/invoicing-by-product?year=${year - 1}`);
    await expect(page.getByTestId('report-empty')).toContainText(`No invoices were issued in ${year - 1}.`);
    await expect(page.getByTestId('report-export')).toBeDisabled();
    await expect(page.getByTestId('report-export-xlsx')).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an employee who may not configure billing reads the billing screen only, and finds no menu entry for it', async ({
    page,
  }) => {
    await logIn(page, limited, { language: 'en', path: '/settings/billing' });
    await expect(page.getByTestId('settings-read-only')).toContainText(
      'that needs the permission to configure billing and payment gateways',
    );
    await expect(page.getByTestId('billing-legalName')).toBeDisabled();
    await expect(page.getByTestId('verifactu-status')).toBeDisabled();
    await expect(page.getByTestId('billing-settings-save')).toHaveCount(0);
    await expect(page.getByTestId('certificate-upload')).toHaveCount(0);
    await expect(page.getByTestId('verifactu-check-card')).toHaveCount(0);
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Invoices' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('screenshots in Spanish and English, at desktop and phone width', async ({ page }) => {
    await logIn(page, company, { path: '/settings/billing' });
    for (const language of ['es', 'en']) {
      await switchLanguage(page, language);
      await page.goto('/settings/billing');
      await expect(page.getByTestId('certificate-health')).toBeVisible();
      await page.getByTestId('verifactu-check').click();
      await expect(page.getByTestId('verifactu-check-result')).toBeVisible();
      expect(await seriousViolations(page), `billing ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-billing-${language}`);

      await page.goto(`/orders/edit/${ireneSale.id}`);
      await expect(page.getByTestId('order-invoice')).toHaveCount(2);
      expect(await seriousViolations(page), `order ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-order-view-${language}`);

      await page.goto(`/orders/edit/${walkInSale.id}`);
      await page.getByTestId('order-invoice-issue').click();
      await expect(page.getByTestId('invoice-issue-tax-id')).toBeVisible();
      await settled(page);
      expect(await seriousViolations(page), `issue dialog ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-issue-dialog-${language}`, {
        fullPage: false,
        ready: () => settled(page),
      });

      await page.goto(`/orders/refund/${ireneSale.id}`);
      await expect(page.getByTestId('refund-rectification-reason')).toBeVisible();
      expect(await seriousViolations(page), `refund ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-refund-rectifying-${language}`);

      await page.goto(`/orders/refund/${walkInSale.id}`);
      await expect(page.getByTestId('refund-form')).toBeVisible();
      await settledScreenshots(page, `invoices-refund-simplified-${language}`);

      await page.goto('/invoices');
      await expect(page.getByTestId('list-invoices').locator('tbody tr[data-row-key]')).toHaveCount(5);
      expect(await seriousViolations(page), `list ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-list-${language}`);

      await page
        .getByTestId('list-invoices')
        .locator('tbody tr[data-row-key]')
        .first()
        .getByTestId('invoice-open')
        .click();
      await expect(page.getByTestId('invoice-record')).toHaveCount(1);
      await settled(page);
      expect(await seriousViolations(page), `drawer ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-drawer-${language}`, {
        fullPage: false,
        ready: () => settled(page),
      });

      await page.goto('/reports/invoicing-by-product');
      await expect(page.getByTestId('report-table')).toBeVisible();
      expect(await seriousViolations(page), `report ${language}`).toEqual([]);
      await settledScreenshots(page, `invoices-report-${language}`);
    }
  });
});
