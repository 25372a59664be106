import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import QRCode from 'qrcode';
import { chromiumArgs, chromiumExecutable } from './chromium';
import {
  apiCall,
  type Login,
  logIn,
  newCompany,
  screenshots,
  seriousViolations,
  switchLanguage,
  tokenOf,
  unique,
} from './support';

/*
 * The QR scanner at the reception, in a company of the spec's own. Chromium's fake camera plays a video
 * made here from the QR matrix of a real booking's code (read from its confirmation mail): the screen reads
 * it, shows the booking and marks it attended (checked through the API). Without a camera, the typed code:
 * a gift voucher (and its booking form with the code filled), another company's code and garbage.
 */

/** The video the fake camera plays: written in `beforeAll`, before the browser starts. */
const video = path.join(os.tmpdir(), `mostrador-check-in-${process.pid}-${Date.now()}.y4m`);

test.use({
  launchOptions: {
    executablePath: chromiumExecutable,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

/**
 * A YUV4MPEG2 video (4:2:0) of `frames` identical frames of `width` × `height`: the QR code of `text`
 * drawn black on white in the middle, `scale` pixels a module, with its quiet zone of 4 modules; U and V
 * at 128 (no colour).
 */
function qrVideo(text: string, { width = 640, height = 480, scale = 8, frames = 10 } = {}): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const row = top + (y + 4) * scale + dy;
        luma.fill(16, row * width + left + (x + 4) * scale, row * width + left + (x + 5) * scale);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420\n`);
  return Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]);
}

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** The API as the company's owner, outside any page. */
async function ownerApi(company: Login) {
  const api = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const token = await tokenOf(api, company);
  const call = async <T>(method: string, url: string, data?: unknown): Promise<T> => {
    const res = await api.fetch(`/v1${url}`, { method, headers: { authorization: `Bearer ${token}` }, data });
    const text = await res.text();
    expect(res.ok(), `${method} ${url}: ${text}`).toBe(true);
    return JSON.parse(text).data as T;
  };
  return { api, call };
}

/** The next start on the company's clock (Madrid) today, else tomorrow at 10:00, as `YYYY-MM-DDTHH:mm`. */
function nextStart(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Madrid',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  const hour = Number(parts.hour);
  // The calendar opens 08:00–21:00: before 07:00 the day's 10:00, from 18:00 the next day's.
  if (hour < 7) return `${parts.year}-${parts.month}-${parts.day}T10:00`;
  if (hour < 18) return `${parts.year}-${parts.month}-${parts.day}T${String(hour + 1).padStart(2, '0')}:00`;
  const tomorrow = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day) + 1));
  return `${tomorrow.toISOString().slice(0, 10)}T10:00`;
}

/**
 * In `company`: a calendar open all day, a bookable service and a gift card on it, a customer with an
 * email and a booking for her; answers the booking and its code (read from its confirmation mail).
 */
async function bookingWithCode(call: Awaited<ReturnType<typeof ownerApi>>['call'], name: string) {
  const u = unique();
  const hours = [{ openAt: '08:00', closedAt: '21:00' }];
  const calendar = await call<{ id: number }>('POST', '/admin/booking-calendars', {
    name: `Recepción ${u}`,
    schedule: Object.fromEntries(weekdays.map((d) => [d, hours])),
    duration: 30,
    maximumConcurrentBookings: 4,
    minimumMinutesInAdvanceForBooking: 0,
  });
  const taxes = await call<{ items: { id: number }[] }>('GET', '/admin/taxes');
  const product = await call<{ id: number }>('POST', '/admin/products', {
    name: `Masaje relajante ${u}`,
    type: 'bookable',
    price: 45,
    taxType: taxes.items[0]?.id,
    durationInMinutes: 60,
  });
  const customer = await call<{ id: number }>('POST', '/admin/customers', {
    name,
    surname: 'Ortega',
    email: `cliente-${u}@example.es`,
    phone: '+34689921849',
  });
  const booking = await call<{ id: number; startsAt: string }>('POST', '/admin/bookings', {
    bookingCalendarId: calendar.id,
    productId: product.id,
    customerId: customer.id,
    startsAt: nextStart(),
  });
  const filters = encodeURIComponent(JSON.stringify({ contactId: { eq: customer.id } }));
  const mails = await call<{ items: { id: number }[] }>('GET', `/admin/mails?filters=${filters}`);
  const mail = await call<{ text: string }>('GET', `/admin/mails/${mails.items[0]!.id}`);
  const code = /B1\.\d+\.\d+\.[A-Za-z0-9_-]{22}/.exec(mail.text)?.[0];
  expect(code, mail.text).toBeTruthy();
  return { calendar, taxes, customer, booking, code: code! };
}

let company: Login;
let booking: { id: number };
let customerName: string;
let voucherCode: string;
let foreignCode: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  company = await newCompany();
  const other = await newCompany();
  const mine = await ownerApi(company);
  const theirs = await ownerApi(other);
  try {
    customerName = `Lucía ${unique()}`;
    const made = await bookingWithCode(mine.call, customerName);
    booking = made.booking;
    foreignCode = (await bookingWithCode(theirs.call, 'Marta')).code;
    // A gift card bound to the calendar, one voucher sold to the customer.
    const gift = await mine.call<{ id: number }>('POST', '/admin/products', {
      name: `Circuito spa regalo ${unique()}`,
      type: 'bookable_gift',
      price: 60,
      taxType: made.taxes.items[0]?.id,
      durationInMinutes: 60,
      bookingCalendarId: made.calendar.id,
    });
    await mine.call('POST', '/admin/orders', {
      customerId: made.customer.id,
      status: 'paid',
      paymentMethod: 'transfer',
      lines: [{ productId: gift.id, quantity: 1, unitPrice: 60 }],
    });
    const filters = encodeURIComponent(JSON.stringify({ productId: { eq: gift.id } }));
    const vouchers = await mine.call<{ items: { code: string }[] }>(
      'GET',
      `/admin/gift-vouchers?filters=${filters}`,
    );
    voucherCode = vouchers.items[0]!.code;
    writeFileSync(video, qrVideo(made.code));
  } finally {
    await mine.api.dispose();
    await theirs.api.dispose();
  }
});

/** Screenshots once the page fits the width it was given (antd lays out again after a resize). */
const shoot = (page: Page, name: string) =>
  screenshots(page, name, async () => {
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth);
  });

/** The scanner without a camera: the browser has no media devices (as on an http address). */
async function withoutCamera(page: Page) {
  await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined }));
}

test.describe('QR scanner', () => {
  test('the camera reads a booking’s QR; the booking is marked attended', async ({ page }) => {
    test.setTimeout(180_000);
    await logIn(page, company, { path: '/scanner', language: 'es' });
    const card = page.getByTestId('check-in-booking');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('check-in-customer')).toHaveText(`${customerName} Ortega`);
    await expect(card.getByTestId('check-in-attendance')).toHaveAttribute('data-status', 'unmarked');
    // The code read stops the camera: no track left running.
    await expect(page.getByTestId('check-in-camera')).toHaveAttribute('data-camera', 'off');
    expect(
      await page.getByTestId('check-in-video').evaluate((v: HTMLVideoElement) => v.srcObject),
    ).toBeNull();
    await shoot(page, 'check-in-booking-es');
    expect(await seriousViolations(page), 'booking').toEqual([]);

    await card.getByTestId('check-in-attend').click();
    await expect(card.getByTestId('check-in-marked')).toBeVisible();
    await expect(card.getByTestId('check-in-attendance')).toHaveAttribute('data-status', 'attended');
    const record = await apiCall<{ attended: boolean | null }>(page, 'GET', `/admin/bookings/${booking.id}`);
    expect(record.attended).toBe(true);
    await shoot(page, 'check-in-attended-es');

    // Scanned again (in English): marked already, no button.
    await switchLanguage(page, 'en');
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('check-in-refusal')).toContainText('already marked attended');
    await expect(card.getByTestId('check-in-attend')).toHaveCount(0);
    await shoot(page, 'check-in-booking-en');

    // Scan another: the camera starts again and reads the same code.
    await page.getByTestId('check-in-again').click();
    await expect(card).toBeVisible({ timeout: 30_000 });
  });

  test('without a camera, a typed voucher code, another company’s code and garbage', async ({ page }) => {
    test.setTimeout(180_000);
    await withoutCamera(page);
    await logIn(page, company, { path: '/scanner', language: 'en' });
    await expect(page.getByTestId('check-in-camera-problem')).toContainText('No camera available');
    await expect(page.getByTestId('check-in-camera-retry')).toHaveCount(0);
    await shoot(page, 'check-in-no-camera-en');
    expect(await seriousViolations(page), 'no camera').toEqual([]);

    // A voucher's code typed as people type it: lower case, spaces for dashes.
    const input = page.getByTestId('check-in-code').locator('input');
    await input.fill(voucherCode.toLowerCase().replaceAll('-', ' '));
    await input.press('Enter');
    const voucher = page.getByTestId('check-in-voucher');
    await expect(voucher.getByTestId('check-in-voucher-code')).toHaveText(voucherCode);
    await expect(voucher.getByTestId('check-in-voucher-left')).toHaveText('1 of 1');
    await expect(voucher.getByTestId('check-in-voucher-status')).toHaveAttribute('data-status', 'active');
    await shoot(page, 'check-in-voucher-en');
    expect(await seriousViolations(page), 'voucher').toEqual([]);
    // Redeemed by booking with it: the new-booking form with its product and code.
    await voucher.getByTestId('check-in-book-voucher').click();
    const form = page.getByTestId('booking-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('booking-voucher')).toHaveValue(voucherCode);
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    // Another company's valid code: said so, nothing of it shown.
    await page.getByTestId('check-in-again').click();
    await input.fill(foreignCode);
    await input.press('Enter');
    await expect(page.getByTestId('check-in-error')).toContainText('belongs to another company');
    await expect(page.getByTestId('check-in-failure')).not.toContainText('Marta');
    await shoot(page, 'check-in-foreign-en');

    await page.getByTestId('check-in-again').click();
    await input.fill('hola, ¿esto es un código?');
    await input.press('Enter');
    await expect(page.getByTestId('check-in-error')).toContainText(
      'not a Mostrador booking or gift voucher code',
    );

    // The same in Spanish.
    await switchLanguage(page, 'es');
    await input.fill(voucherCode);
    await input.press('Enter');
    await expect(page.getByTestId('check-in-voucher-left')).toHaveText('1 de 1');
    await shoot(page, 'check-in-voucher-es');
    await page.getByTestId('check-in-again').click();
    await input.fill('hola');
    await input.press('Enter');
    await expect(page.getByTestId('check-in-error')).toContainText('No es un código de reserva');
    await shoot(page, 'check-in-garbage-es');
  });

  test('a refused camera is explained, with the typed code at hand', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await logIn(page, company, { path: '/scanner', language: 'es' });
    await expect(page.getByTestId('check-in-camera-problem')).toContainText('La cámara no está permitida');
    await expect(page.getByTestId('check-in-camera-retry')).toBeVisible();
    await expect(page.getByTestId('check-in-code')).toBeVisible();
    await shoot(page, 'check-in-denied-es');
  });
});
