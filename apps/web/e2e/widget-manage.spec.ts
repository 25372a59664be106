import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { apiCall, type Login, logIn, newCompany, seriousViolations, unique } from './support';

const expect = baseExpect.configure({ timeout: 20_000 });

/*
 * The customer's manage view of the booking widget (issue 20), opened as from the confirmation mail's
 * link (`/b/<code>`, a 303 to `/widget/<licenseCode>?manage=<code>`). The company is this spec's own: a
 * gift (booked at once with a voucher through the public API) that customers may move once, 48 hours of
 * free cancellation, a phone and an email to call or write. Checked through the staff API: the move,
 * the voucher's use back.
 */

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const timeZone = 'Europe/Madrid';
const phone = '+34911222333';
const email = 'hola@spamar.example';

let company: Login;
/** A real booking's code (the tests before the last), for the last to alter. */
let knownCode: string | undefined;
let data: { gift: { id: number; name: string }; vouchers: { id: number; code: string }[] };

test.beforeAll(async ({ browser }) => {
  company = await newCompany();
  const page = await browser.newPage();
  try {
    await logIn(page, company, { language: 'es' });
    const u = unique();
    await apiCall(page, 'PUT', '/admin/settings', {
      companyName: 'Spa Mar',
      phone,
      email,
      locale: 'es',
      otherLanguages: ['en'],
      giftVouchers: { daysQuantityForAGiftVoucherExpiration: 365, numberOfBookings: 1 },
      bookings: { freeCancellationHours: 48 },
    });
    const taxes = await apiCall<{ items: { id: number; percentage: number }[] }>(page, 'GET', '/admin/taxes');
    const taxType = taxes.items.find((t) => t.percentage === 21)?.id;
    const calendar = await apiCall<{ id: number }>(page, 'POST', '/admin/booking-calendars', {
      name: `Cabina ${u}`,
      schedule: Object.fromEntries(weekdays.map((day) => [day, [{ openAt: '10:00', closedAt: '20:00' }]])),
      duration: 60,
      maximumConcurrentBookings: 3,
    });
    const gift = await apiCall<{ id: number; name: string }>(page, 'POST', '/admin/products', {
      name: `Circuito termal regalo ${u}`,
      type: 'bookable_gift',
      price: 60,
      taxType,
      durationInMinutes: 60,
      sellOnline: true,
      bookingCalendarId: calendar.id,
      canCustomersChangeTheBookingDate: true,
      howManyTimesCanCustomerRescheduleBooking: 1,
    });
    await apiCall(page, 'PUT', `/admin/products/${gift.id}/translations`, [
      { language: 'en', name: `Thermal circuit gift ${u}` },
    ]);
    // Two gift vouchers bought at the front desk (paid by transfer).
    const buyer = await apiCall<{ id: number }>(page, 'POST', '/admin/customers', {
      name: 'Lucía',
      surname: `Regalo ${u}`,
    });
    for (let i = 0; i < 2; i++)
      await apiCall(page, 'POST', '/admin/orders', {
        customerId: buyer.id,
        status: 'paid',
        paymentMethod: 'transfer',
        lines: [{ productId: gift.id, quantity: 1, unitPrice: 60 }],
      });
    const filters = encodeURIComponent(JSON.stringify({ customerId: { eq: buyer.id } }));
    const vouchers = await apiCall<{ items: { id: number; code: string }[] }>(
      page,
      'GET',
      `/admin/gift-vouchers?filters=${filters}`,
    );
    expect(vouchers.items).toHaveLength(2);
    data = { gift, vouchers: vouchers.items };
  } finally {
    await page.close();
  }
});

const madridDate = new Intl.DateTimeFormat('en-CA', { timeZone });
/** The company's date `days` from today. */
const localDay = (days: number) => madridDate.format(new Date(Date.now() + days * 86_400_000));

/** The company's wall time as an instant (ISO, UTC). */
function instant(day: string, time: string) {
  const guess = new Date(`${day}T${time}:00Z`);
  const offset = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(guess)
    .find((p) => p.type === 'timeZoneName')!
    .value.replace('GMT', '');
  return new Date(guess.getTime() - (offset ? Number(offset) : 0) * 3_600_000).toISOString();
}

/** A day as the widget's calendar names its button ("viernes, 4 de diciembre de 2026"). */
const dayLabel = (language: string, day: string) =>
  new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

/** A booking of the gift made through the public API with a voucher: confirmed at once, its code. */
async function bookWithVoucher(page: Page, voucher: string, startsAt: string, language: string) {
  const res = await page.request.post(`/v1/public/${company.license}/checkouts`, {
    data: {
      productId: data.gift.id,
      startsAt,
      quantity: 1,
      customer: { name: 'Inés', email: `ines.${unique()}@example.es`, phone: '+34600123456' },
      language,
      payment: { method: 'giftVoucher', code: voucher },
    },
  });
  const body = await res.text();
  expect(res.status(), body).toBe(201);
  const checkout = JSON.parse(body).data;
  expect(checkout.status).toBe('confirmed');
  const code = checkout.booking.bookingCode as string;
  return { code, id: Number(code.split('.')[2]) };
}

/** A staff call with the session of a page signed in as the company's owner. */
async function staff<T>(page: Page, url: string) {
  const res = await page.request.get(`/v1${url}`, {
    headers: { authorization: `Bearer ${await staffToken(page)}` },
  });
  const text = await res.text();
  expect(res.ok(), text).toBe(true);
  return JSON.parse(text).data as T;
}
let token: string | undefined;
async function staffToken(page: Page) {
  if (!token) {
    const res = await page.request.post('/v1/admin/authentication/employee-password-login', {
      data: { license: company.license, username: company.username, password: company.password },
    });
    token = JSON.parse(await res.text()).data as string;
  }
  return token;
}

const shots = path.resolve(import.meta.dirname, '../../../e2e-screenshots');

/** The page at desktop (1280 px) and phone (390 px) width, whole. */
async function screenshots(page: Page, name: string) {
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** At 320 px the page does not scroll sideways; then back to desktop width. */
async function noSideScrollAt320(page: Page) {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.waitForTimeout(200);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, JSON.stringify(widths)).toBeLessThanOrEqual(widths.client);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Axe's serious findings (none), no sideways scroll at 320 px, and screenshots: each state's checks. */
async function checkState(page: Page, name: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await noSideScrollAt320(page);
  await screenshots(page, name);
}

test.describe('booking widget: the customer’s manage view', () => {
  test.describe.configure({ timeout: 300_000 });

  test.describe('in Spanish', () => {
    // The browser's language (Accept-Language): the widget opens in it, as from the mail's link.
    test.use({ locale: 'es-ES' });

    test('moved once from the mail’s link, a second move refused, then cancelled with the voucher’s use back (Spanish)', async ({
      page,
    }) => {
      const day = localDay(4);
      const booking = await bookWithVoucher(page, data.vouchers[0]!.code, `${day}T10:00:00`, 'es');

      // The mail's link: a 303 to the widget's manage view.
      const link = await page.request.get(`/b/${booking.code}`, { maxRedirects: 0 });
      expect(link.status()).toBe(303);
      expect(link.headers().location).toBe(
        `/widget/${company.license}?manage=${encodeURIComponent(booking.code)}`,
      );
      await page.goto(`/b/${booking.code}`);
      await expect(page).toHaveURL(new RegExp(`/widget/${company.license}\\?manage=`));
      const heading = page.getByRole('heading', { level: 1, name: 'Tu reserva' });
      await expect(heading).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      const summary = page.locator('.summary');
      await expect(summary).toContainText(data.gift.name);
      await expect(summary).toContainText(dayLabel('es', day));
      await expect(summary).toContainText('10:00–11:00');
      await expect(page.getByTestId('manage-status')).toHaveText('Confirmada');
      await expect(page.getByTestId('booking-code')).toHaveText(booking.code);
      await expect(page.getByTestId('moves-left')).toHaveText('Puedes cambiarla online 1 vez más.');
      await expect(page.getByTestId('manage-cancel')).toContainText('Puedes cancelarla sin coste hasta el');
      await expect(page.getByTestId('manage-cancel')).toContainText('Tu vale regalo recupera su uso');
      await checkState(page, 'widget-manage-es');

      // Change date or time: the picker over the booking's own start times, by keyboard.
      await page.getByRole('button', { name: 'Cambiar fecha u hora' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Elige un nuevo día y hora' })).toBeFocused();
      const dayButton = page.getByRole('button', { name: dayLabel('es', day), exact: true });
      await expect(page.locator('button.day:not([disabled])').first()).toBeVisible();
      if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Mes siguiente' }).click();
      await dayButton.click();
      // Its own time is not offered: the others, with their places.
      await expect(page.getByRole('button', { name: /^11:00/ })).toContainText('Quedan 3 plazas');
      await expect(page.getByRole('button', { name: /^10:00/ })).toHaveCount(0);
      await checkState(page, 'widget-manage-move-es');
      await page.getByRole('button', { name: /^11:00/ }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Confirma el cambio' })).toBeFocused();
      await expect(page.locator('.summary.change')).toContainText(`${dayLabel('es', day)}, 11:00`);
      await expect(page.getByTestId('moves-left')).toHaveText('Es el último cambio que puedes hacer online.');
      await checkState(page, 'widget-manage-move-confirm-es');
      await page.getByRole('button', { name: 'Confirmar el cambio' }).click();

      await expect(page.getByTestId('manage-notice')).toHaveText(
        `¡Hecho! Tu reserva ha pasado al ${dayLabel('es', day)}, 11:00.`,
      );
      await expect(heading).toBeFocused();
      await expect(summary).toContainText('11:00–12:00');
      const moved = await staff<{ startsAt: string; status: string }>(page, `/admin/bookings/${booking.id}`);
      expect(new Date(moved.startsAt).toISOString()).toBe(instant(day, '11:00'));

      // A second move: none left, explained, with whom to call or write (and the API refuses it).
      const moveBlock = page.getByTestId('manage-move');
      await expect(moveBlock).toContainText('Ya has hecho los cambios online permitidos para esta reserva.');
      await expect(moveBlock.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone}`);
      await expect(moveBlock.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
      await expect(moveBlock.getByRole('button')).toHaveCount(0);
      const again = await page.request.post(
        `/v1/public/${company.license}/bookings/${encodeURIComponent(booking.code)}/move`,
        { data: { startsAt: `${day}T12:00:00` } },
      );
      expect(again.status()).toBe(409);
      expect(JSON.parse(await again.text()).error.code).toBe(1000221);
      await checkState(page, 'widget-manage-moved-es');

      // Cancel: the confirmation says what comes back and until when; "No" keeps it.
      await page.getByRole('button', { name: 'Cancelar la reserva' }).click();
      await expect(page.getByRole('heading', { level: 1, name: '¿Cancelar esta reserva?' })).toBeFocused();
      await expect(page.getByText('Tu vale regalo recupera su uso')).toBeVisible();
      await expect(page.getByText('Cancelación gratuita hasta el')).toBeVisible();
      await checkState(page, 'widget-manage-cancel-es');
      await page.getByRole('button', { name: 'No, mantenerla' }).click();
      await expect(heading).toBeFocused();
      await page.getByRole('button', { name: 'Cancelar la reserva' }).click();
      await page.getByRole('button', { name: 'Sí, cancelar mi reserva' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Reserva cancelada' })).toBeFocused();
      await expect(page.getByRole('status')).toHaveText(
        'Tu vale regalo ha recuperado su uso: puedes volver a reservar con el mismo código.',
      );
      await expect(page.getByTestId('manage-status')).toHaveText('Cancelada');
      const voucher = await staff<{ numberOfAvailableBookings: number }>(
        page,
        `/admin/gift-vouchers/${data.vouchers[0]!.id}`,
      );
      expect(voucher.numberOfAvailableBookings).toBe(1);
      expect((await staff<{ status: string }>(page, `/admin/bookings/${booking.id}`)).status).toBe(
        'cancelled',
      );
      await checkState(page, 'widget-manage-cancelled-es');

      // The link opened again: the booking shown cancelled, nothing to do with it.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Reserva cancelada' })).toBeVisible();
      await expect(page.getByText('Esta reserva está cancelada.')).toBeVisible();
      await expect(page.getByRole('button', { name: /Cancelar|Cambiar/ })).toHaveCount(0);
    });

    test('paid online: the refund’s amount said; a time taken meanwhile and a gateway’s refusal explained (the API answered by the test)', async ({
      page,
    }) => {
      // The answers of a booking paid online through a gateway, as the API gives them (its own tests
      // prove them with the Stripe and Redsys fakes): here the view's words for each.
      const day = localDay(5);
      const booking = {
        bookingCode: 'B1.0.0.paid-online',
        productId: data.gift.id,
        productName: 'Masaje relajante',
        startsAt: instant(day, '10:00'),
        endsAt: instant(day, '11:00'),
        timeZone,
        localStartsAt: `${day}T10:00`,
        localEndsAt: `${day}T11:00`,
        quantity: 1,
        status: 'confirmed',
        move: { allowed: true, reason: null, until: instant(day, '10:00'), movesLeft: null, movesMade: 0 },
        cancel: {
          allowed: true,
          reason: null,
          until: instant(localDay(3), '10:00'),
          returns: 'onlineRefund',
          refundAmount: 45,
        },
        contact: { name: 'Spa Mar', phone, email },
      };
      const answers = { cancel: [] as { status: number; body: unknown }[] };
      await page.route(/\/v1\/public\/[^/]+\/bookings\//, async (route) => {
        const url = new URL(route.request().url());
        const json = (status: number, body: unknown) =>
          route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
        if (url.pathname.endsWith('/availability'))
          return json(200, {
            data: {
              productId: data.gift.id,
              timeZone,
              days: [{ date: day, slots: [{ startsAt: instant(day, '12:00'), freePlaces: 1 }] }],
            },
          });
        if (url.pathname.endsWith('/move'))
          return json(409, { error: { code: 1000124, message: 'full', details: [] } });
        if (url.pathname.endsWith('/cancel')) {
          const next = answers.cancel.shift()!;
          return json(next.status, next.body);
        }
        return json(200, { data: booking });
      });
      await page.goto(`/widget/${company.license}?manage=${booking.bookingCode}`);
      const cancelBlock = page.getByTestId('manage-cancel');
      await expect(cancelBlock).toContainText('Te devolveremos 45,00 € a la tarjeta con la que pagaste.');
      await expect(
        page.getByText('Puedes cambiar la fecha o la hora online hasta que empiece.'),
      ).toBeVisible();

      // The time is taken meanwhile: back to the times, saying so.
      await page.getByRole('button', { name: 'Cambiar fecha u hora' }).click();
      await page.getByRole('button', { name: /^12:00/ }).click();
      await page.getByRole('button', { name: 'Confirmar el cambio' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Elige un nuevo día y hora' })).toBeFocused();
      await expect(page.getByRole('alert')).toHaveText(
        'Lo sentimos, esa hora se acaba de ocupar. Elige otra, por favor.',
      );
      await page.getByRole('button', { name: 'Atrás' }).click();

      // The gateway refuses the refund: nothing changed, said; then it goes through.
      answers.cancel.push(
        { status: 409, body: { error: { code: 1000162, message: 'refused', details: [] } } },
        {
          status: 200,
          body: {
            data: {
              booking: { ...booking, status: 'cancelled' },
              returned: 'onlineRefund',
              refundedAmount: 45,
            },
          },
        },
      );
      await page.getByRole('button', { name: 'Cancelar la reserva' }).click();
      await expect(page.locator('.notice.info')).toHaveText(
        'Te devolveremos 45,00 € a la tarjeta con la que pagaste.',
      );
      await page.getByRole('button', { name: 'Sí, cancelar mi reserva' }).click();
      await expect(page.getByTestId('manage-notice')).toHaveText(
        'Ahora mismo no se ha podido hacer la devolución, así que tu reserva no se ha cancelado. Inténtalo de nuevo más tarde.',
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Tu reserva' })).toBeFocused();
      await page.getByRole('button', { name: 'Cancelar la reserva' }).click();
      await page.getByRole('button', { name: 'Sí, cancelar mi reserva' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reserva cancelada' })).toBeFocused();
      await expect(page.getByRole('status')).toHaveText(
        'Te hemos devuelto 45,00 € a la tarjeta con la que pagaste. Puede tardar unos días en aparecer en tu extracto.',
      );
      await checkState(page, 'widget-manage-refunded-es');
    });
  });

  test('inside the no-free-cancellation window: cancelling refused with whom to call or write (English)', async ({
    page,
  }) => {
    // Tomorrow at 18:00 is always less than 48 hours away.
    const day = localDay(1);
    const booking = await bookWithVoucher(page, data.vouchers[1]!.code, `${day}T18:00:00`, 'en');
    knownCode = booking.code;
    await page.goto(`/b/${booking.code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your booking' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.summary')).toContainText(/Thermal circuit gift/);
    await expect(page.getByTestId('manage-status')).toHaveText('Confirmed');
    const cancelBlock = page.getByTestId('manage-cancel');
    await expect(cancelBlock).toContainText(
      /Free cancellation ended on .+, so it can no longer be cancelled online\./,
    );
    await expect(cancelBlock).toContainText('Please contact Spa Mar:');
    await expect(cancelBlock.getByRole('link', { name: phone })).toHaveAttribute('href', `tel:${phone}`);
    await expect(cancelBlock.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(cancelBlock.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('moves-left')).toHaveText('You can change it online 1 more time.');
    const refused = await page.request.post(
      `/v1/public/${company.license}/bookings/${encodeURIComponent(booking.code)}/cancel`,
    );
    expect(refused.status()).toBe(409);
    expect(JSON.parse(await refused.text()).error.code).toBe(1000223);
    await checkState(page, 'widget-manage-too-late-en');

    // The language picker: the same booking in Spanish.
    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu reserva' })).toBeVisible();
    await expect(page.getByTestId('manage-cancel')).toContainText('La cancelación gratuita terminó el');
  });

  test('an altered or unknown code: this link is not valid (English and Spanish)', async ({ page }) => {
    // A real booking's code with its signature changed by one character.
    const real = knownCode ?? 'B1.1.1.abcdefghijklmnop';
    const altered = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    const link = await page.request.get(`/b/${altered}`, { maxRedirects: 0 });
    expect(link.status()).toBe(404);

    await page.goto(`/widget/${company.license}?manage=${encodeURIComponent(altered)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
    await expect(
      page.getByText('Please check the link in your confirmation email, or contact Spa Mar.'),
    ).toBeVisible();
    await checkState(page, 'widget-manage-invalid-en');

    await page.goto(`/widget/${company.license}?lang=es&manage=nada`);
    await expect(page.getByRole('heading', { level: 1, name: 'Este enlace no es válido' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'widget-manage-invalid-es');
  });
});
