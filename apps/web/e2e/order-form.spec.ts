import { expect as baseExpect, type Page, test } from '@playwright/test';
import {
  apiCall,
  chooseOption,
  closeRegisterByApi,
  type Login,
  logIn,
  newCompany,
  openRegisterByApi,
  screenshots,
  seriousViolations,
  switchLanguage,
  unique,
} from './support';

/** A whole sale takes many round trips: more patience than the default on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A company of this spec's own: its cash register is no other spec's. */
let company: Login;
test.beforeAll(async () => {
  company = await newCompany();
});

/**
 * A calendar open every day from 08:00 to 20:00, a 60-minute massage (40 €) booked on it and a shampoo
 * (45,50 €), both with a 21 % tax.
 */
async function setUp(page: Page) {
  const id = unique();
  const day = [{ openAt: '08:00', closedAt: '20:00' }];
  const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
    name: `Cabina ${id}`,
    schedule: {
      monday: day,
      tuesday: day,
      wednesday: day,
      thursday: day,
      friday: day,
      saturday: day,
      sunday: day,
    },
    duration: 30,
    maximumConcurrentBookings: 2,
    minimumMinutesInAdvanceForBooking: 0,
  });
  const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
  const vat =
    taxes.items.find((tax) => tax.percentage === 21) ??
    (await apiCall<{ id: number }>(page, 'POST', '/admin/taxes', { name: `IVA 21% ${id}`, percentage: 21 }));
  const massage = `Masaje ${id}`;
  const shampoo = `Champú ${id}`;
  await apiCall(page, 'POST', '/admin/products', {
    name: massage,
    type: 'bookable',
    price: 40,
    taxType: vat.id,
    durationInMinutes: 60,
    bookingCalendarId: calendar.id,
  });
  await apiCall(page, 'POST', '/admin/products', {
    name: shampoo,
    type: 'regular',
    price: 45.5,
    taxType: vat.id,
  });
  return { id, massage, shampoo };
}

/** From the top of the page: a full-page shot of a scrolled page draws the sticky header mid-page. */
const atTop = (page: Page) => async () => {
  await page.evaluate(() => window.scrollTo(0, 0));
};

/** Tomorrow in the format the English date picker shows (DD/MM/YYYY). */
function tomorrow(): string {
  const date = new Date(Date.now() + 86_400_000);
  const madrid = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
  return madrid;
}

test.describe('order form', () => {
  test('sells to a new customer a product and a booked service, paid by card; then edits the order', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await logIn(page, company, { language: 'en' });
    const { id, massage, shampoo } = await setUp(page);
    await openRegisterByApi(page);
    try {
      await page.goto('/orders/create');
      await expect(page.getByRole('heading', { name: 'New order' })).toBeVisible();

      // A new customer, made from the customer search ("New customer": the name typed, and an email) and
      // picked for the order. The full customer form is the customers screen's: the order form has no other way.
      await expect(page.getByTestId('order-new-customer')).toHaveCount(0);
      await page.getByTestId('order-customer').click();
      await page.keyboard.type(`Marta Cliente ${id}`);
      await page.getByTestId('customer-quick-create').click();
      const dialog = page.getByTestId('quick-customer-dialog');
      await expect(dialog.getByLabel('Name')).toHaveValue(`Marta Cliente ${id}`);
      await dialog.getByLabel('Email').fill(`marta.${id}@example.es`);
      expect(await seriousViolations(page), 'new customer').toEqual([]);
      await screenshots(page, 'order-form-new-customer-en');
      await page.getByTestId('quick-customer-save').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('order-customer')).toContainText(`Marta Cliente ${id}`);

      // The shampoo: its price comes with it, the totals follow.
      await chooseOption(page, page.getByTestId('order-line-0-product'), shampoo, shampoo);
      await expect(page.getByTestId('order-line-0-price')).toHaveValue('45.50');
      await expect(page.getByTestId('order-line-0-total')).toHaveText('45,50 €');
      await expect(page.getByTestId('order-total')).toHaveText('45,50 €');

      // The massage, booked tomorrow at a free start of its calendar.
      await page.getByTestId('order-add-line').click();
      await chooseOption(page, page.getByTestId('order-line-1-product'), massage, massage);
      const line = page.getByTestId('order-line-1');
      await expect(line.getByTestId('order-line-1-calendar')).toContainText(`Cabina ${id}`);
      await line.getByTestId('order-line-1-day').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(tomorrow());
      await page.keyboard.press('Enter');
      await chooseOption(page, line.getByTestId('order-line-1-start'), '10:00 · 2 places free');
      await expect(page.getByTestId('order-total')).toHaveText('85,50 €');
      // 45,50 / 1,21 = 37,60 and 40 / 1,21 = 33,06, each half up to the cent.
      await expect(page.getByTestId('order-tax-base')).toHaveText('70,66 €');
      await expect(page.getByTestId('order-taxes')).toHaveText('14,84 €');

      // A discount changes the totals at once.
      await page.getByTestId('order-line-0-discount').fill('5,5');
      await page.getByTestId('order-line-0-discount').blur();
      await expect(page.getByTestId('order-line-0-total')).toHaveText('40,00 €');
      await expect(page.getByTestId('order-total')).toHaveText('80,00 €');

      // Awaiting payment: it may still be edited below (a paid order opens read-only).
      await chooseOption(page, page.getByTestId('order-status'), 'Awaiting payment');
      await chooseOption(page, page.getByTestId('order-payment-method'), 'Card');
      await expect(page.getByTestId('order-register-closed')).toHaveCount(0);
      await page.getByTestId('order-notes').fill('Pagado con tarjeta');
      expect(await seriousViolations(page), 'form').toEqual([]);
      await screenshots(page, 'order-form-en', atTop(page));
      // At 390 px the lines stack and nothing runs off the side.
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => ({
        width: document.documentElement.scrollWidth,
        wide: [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > 392 && el.getClientRects().length)
          .slice(0, 5)
          .map((el) => `${el.tagName}.${el.className}`),
      }));
      expect(overflow.width, overflow.wide.join(' | ')).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });

      const created = page.waitForResponse(
        (res) => res.url().endsWith('/v1/admin/orders') && res.request().method() === 'POST',
      );
      await page.getByTestId('order-save').click();
      const response = await created;
      expect(response.status(), await response.text()).toBe(201);
      const order = (await response.json()).data as { id: number; code: number; total: number };
      expect(order.total).toBe(80);
      await expect(page.getByText(`Order #${order.code} created`)).toBeVisible();
      await expect(page).toHaveURL(/\/orders$/);

      // Edit: the booked line keeps its booking; two shampoos.
      await page.goto(`/orders/edit/${order.id}`);
      await expect(page.getByRole('heading', { name: `Order #${order.code}` })).toBeVisible();
      await expect(page.getByTestId('order-line-1')).toContainText('Booked for');
      await expect(page.getByTestId('order-total')).toHaveText('80,00 €');
      await page.getByTestId('order-line-0-quantity').fill('2');
      await page.getByTestId('order-line-0-quantity').blur();
      await expect(page.getByTestId('order-total')).toHaveText('125,50 €');
      await page.getByTestId('order-save').click();
      await expect(page.getByText(`Order #${order.code} saved`)).toBeVisible();
      const saved = await apiCall<{ total: number; lines: { bookingId: number | null }[] }>(
        page,
        'GET',
        `/admin/orders/${order.id}`,
      );
      expect(saved.total).toBe(125.5);
      expect(saved.lines[1]?.bookingId).not.toBeNull();

      // The same order in Spanish.
      await switchLanguage(page, 'es');
      await page.goto(`/orders/edit/${order.id}`);
      await expect(page.getByRole('heading', { name: `Pedido n.º ${order.code}` })).toBeVisible();
      await expect(page.getByTestId('order-line-1')).toContainText('Reservado para');
      await expect(page.getByTestId('order-total')).toHaveText('125,50 €');
      expect(await seriousViolations(page), 'edit es').toEqual([]);
      await screenshots(page, 'order-form-edit-es', atTop(page));

      // A copy: same customer and lines, a draft, the booked line waiting for a new start.
      await page.goto(`/orders/create-cloning-order/${order.id}`);
      await expect(page.getByTestId('order-clone-notice')).toBeVisible();
      await expect(page.getByTestId('order-customer')).toContainText(`Marta Cliente ${id}`);
      await expect(page.getByTestId('order-status')).toContainText('Borrador');
      await expect(page.getByTestId('order-total')).toHaveText('125,50 €');
      await screenshots(page, 'order-form-clone-es', atTop(page));
    } finally {
      await closeRegisterByApi(page, 'e2e order form');
    }
  });

  test('says the register is closed and offers to open it; refuses a long note before sending', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { language: 'en' });
    const { shampoo } = await setUp(page);
    await closeRegisterByApi(page, 'e2e order form');

    await page.goto('/orders/create');
    await chooseOption(page, page.getByTestId('order-line-0-product'), shampoo, shampoo);
    await expect(page.getByTestId('order-total')).toHaveText('45,50 €');
    await chooseOption(page, page.getByTestId('order-payment-method'), 'Card');
    // Said before saving, with the way out.
    await expect(page.getByTestId('order-register-closed')).toContainText('The cash register is closed');

    // A note over 50 characters is refused here: nothing is sent.
    let posts = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/v1/admin/orders') && req.method() === 'POST') posts += 1;
    });
    await page.getByTestId('order-notes').fill('x'.repeat(51));
    await page.getByTestId('order-save').click();
    await expect(page.getByText('Enter at most 50 characters')).toBeVisible();
    expect(posts).toBe(0);

    // Sent with the register closed: the server's 1000013, translated, with the way out.
    await page.getByTestId('order-notes').fill('Mostrador');
    await page.getByTestId('order-save').click();
    const failure = page.getByTestId('order-failure');
    await expect(failure).toContainText('The cash register is closed: open it to place the order.');
    expect(posts).toBe(1);
    await screenshots(page, 'order-form-register-closed-en', atTop(page));
    await failure.getByTestId('order-open-register').click();
    await expect(page.getByTestId('cash-register-dialog').getByTestId('open-register-form')).toBeVisible();
  });
});
