import { randomBytes } from 'node:crypto';
import {
  type BookingCalendar,
  type Customer,
  companyPermissions,
  ErrorCode,
  type Product,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, googleCalendarLinks, mails } from '../src/db/schema.js';
import { createGoogleCalendarApi } from '../src/integrations/google-calendar.js';
import { startJobs } from '../src/jobs/runtime.js';
import type { AuthContext } from '../src/lib/auth-context.js';
import { createSecretBox } from '../src/lib/secrets.js';
import {
  createGoogleCalendarService,
  type GoogleCalendarService,
} from '../src/modules/google-calendar/google-calendar.service.js';
import {
  bookable,
  type Company,
  company,
  createBooking,
  createCalendar,
  createCustomer,
  createProduct,
  everyDay,
} from './factories.js';
import { buildTestApp, call, createEmployee, createLicense, type TestApp } from './helpers.js';
import { type FakeGoogle, startFakeGoogle } from './support/fake-google.js';

let t: TestApp;
/** The app's own Google is a fake too (GOOGLE_OAUTH_URL, GOOGLE_API_URL), for the routes' tests. */
let appGoogle: FakeGoogle;
beforeAll(async () => {
  appGoogle = await startFakeGoogle();
  t = await buildTestApp({
    env: {
      PUBLIC_URL: 'https://mostrador.example.test/',
      GOOGLE_OAUTH_URL: appGoogle.url,
      GOOGLE_API_URL: appGoogle.url,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await appGoogle?.close();
});

describe('Google settings', () => {
  it('keeps the client id plain, the secret sealed and write-only, and shows the redirect URL', async () => {
    const owner = await createLicense(t);
    const before = await call(t, 'GET', '/v1/admin/settings', { token: owner.token });
    expect(before.body.data.google).toEqual({
      clientId: null,
      clientSecretSet: false,
      redirectUrl: 'https://mostrador.example.test/v1/google/oauth/callback',
    });
    const saved = await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: { google: { clientId: 'client-1.apps.googleusercontent.com', clientSecret: 'shh-secret' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.google).toMatchObject({
      clientId: 'client-1.apps.googleusercontent.com',
      clientSecretSet: true,
    });
    expect(JSON.stringify(saved.body)).not.toContain('shh-secret');
    const [row] = await t.database.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.licenseId, owner.license.id));
    expect(JSON.stringify(row)).not.toContain('shh-secret');
    expect(await t.services.settings.secret(owner.license.id, 'google.clientSecret')).toBe('shh-secret');

    // The id alone keeps the secret; null clears it.
    await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: { google: { clientId: 'c2' } },
    });
    expect(await t.services.settings.secret(owner.license.id, 'google.clientSecret')).toBe('shh-secret');
    const cleared = await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: { google: { clientId: 'c2', clientSecret: null } },
    });
    expect(cleared.body.data.google.clientSecretSet).toBe(false);
  });

  it('needs settings_edit to write', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    const res = await call(t, 'PUT', '/v1/admin/settings', {
      token: clerk.token,
      payload: { google: { clientId: 'x', clientSecret: 'y' } },
    });
    expect(res.status).toBe(403);
  });
});

// ---------------------------------------------------------------------------------------------------
// Links, push and free/busy against a local Google (test/support/fake-google.ts) through the real client

describe('Google Calendar links', () => {
  let fake: FakeGoogle;
  let g: GoogleCalendarService;
  let c: Company;
  let calendar: BookingCalendar;
  let product: Product;
  let customer: Customer;
  const box = createSecretBox(randomBytes(32));

  const authOf = (owner: Company): AuthContext => ({
    sessionId: 0,
    userId: owner.admin.id,
    licenseId: owner.license.id,
    isPlatform: false,
    roles: [],
    permissions: new Set(companyPermissions),
    grantable: new Set(),
    supportUserId: null,
    timeZone: 'Europe/Madrid',
  });

  async function configure(owner: Company) {
    const res = await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: {
        email: `office-${owner.code}@example.test`,
        timeZone: 'Europe/Madrid',
        google: { clientId: fake.clientId, clientSecret: fake.clientSecret },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  /** Staff start, Google's consent page answers, its redirect comes back: the link is made. */
  async function connect(owner: Company, calendarId: number) {
    const { consentUrl } = await g.start(authOf(owner), calendarId);
    expect(consentUrl.startsWith(`${fake.url}/o/oauth2/v2/auth?`)).toBe(true);
    const consent = await fetch(consentUrl, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('https://mostrador.example.test/v1/google/oauth/callback');
    return g.callback({
      code: back.searchParams.get('code') ?? undefined,
      state: back.searchParams.get('state') ?? undefined,
      error: back.searchParams.get('error') ?? undefined,
    });
  }

  async function linkOf(calendarId: number) {
    const [row] = await t.database.db
      .select()
      .from(googleCalendarLinks)
      .where(eq(googleCalendarLinks.bookingCalendarId, calendarId));
    return row!;
  }

  const book = (startsAt: string, calendarId = calendar.id) =>
    createBooking(t, c.token, {
      bookingCalendarId: calendarId,
      productId: product.id,
      customerId: customer.id,
      startsAt,
      quantity: 1,
    });

  beforeAll(async () => {
    fake = await startFakeGoogle();
    g = createGoogleCalendarService({
      db: t.database.db,
      secretBox: box,
      settings: t.services.settings,
      mails: t.services.mails,
      publicUrl: 'https://mostrador.example.test',
      api: createGoogleCalendarApi({ oauthUrl: fake.url, apiUrl: fake.url }),
    });
    c = await company(t);
    await configure(c);
    calendar = await createCalendar(t, c.token, {
      name: 'Sala Google',
      schedule: everyDay([{ openAt: '09:00', closedAt: '14:00' }]),
    });
    product = await createProduct(t, c.token, { taxId: c.taxId, name: 'Masaje', ...bookable(60) });
    customer = await createCustomer(t, c.token, { name: 'Ana García', phone: '+34689921849' });
  });
  afterAll(() => fake?.close());

  it('connects through the consent page, stores the tokens sealed and picks the primary calendar', async () => {
    expect(await g.get(authOf(c), calendar.id)).toBeNull();
    const location = await connect(c, calendar.id);
    expect(location).toBe(`https://mostrador.example.test/calendars/edit/${calendar.id}?google=connected`);
    const link = await g.get(authOf(c), calendar.id);
    expect(link).toMatchObject({
      bookingCalendarId: calendar.id,
      googleCalendarId: 'owner@example.test',
      state: 'ok',
      brokenReason: null,
    });
    const row = await linkOf(calendar.id);
    expect(row.refreshToken.startsWith('v1.')).toBe(true);
    expect(box.open(row.refreshToken).startsWith('1//0g')).toBe(true);
    // The code went to the token endpoint with the company's client and the redirect URL.
    const exchange = fake.requests.find((r) => r.path === '/token')!;
    const form = new URLSearchParams(exchange.body as string);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('client_id')).toBe(fake.clientId);
    expect(form.get('redirect_uri')).toBe('https://mostrador.example.test/v1/google/oauth/callback');
    // Writable calendars to choose from.
    expect((await g.calendars(authOf(c), calendar.id)).map((x) => x.id)).toEqual([
      'owner@example.test',
      'team@group.calendar.google.com',
    ]);
  });

  it('refuses a forged, altered or expired state, and another license', async () => {
    const { consentUrl } = await g.start(authOf(c), calendar.id);
    const state = new URL(consentUrl).searchParams.get('state')!;
    await expect(g.callback({ code: 'x', state: `${state.slice(0, -2)}xx` })).rejects.toMatchObject({
      code: ErrorCode.validation,
    });
    await expect(g.callback({ code: 'x', state: state.replace(/^\d+/, '999') })).rejects.toMatchObject({
      code: ErrorCode.validation,
    });
    await expect(g.callback({ code: 'x', state }, new Date(Date.now() + 16 * 60_000))).rejects.toMatchObject({
      code: ErrorCode.validation,
    });
    const other = await company(t);
    await expect(g.start(authOf(other), calendar.id)).rejects.toMatchObject({ code: ErrorCode.notFound });
    await expect(g.get(authOf(other), calendar.id)).rejects.toMatchObject({ code: ErrorCode.notFound });
    await expect(g.disconnect(authOf(other), calendar.id)).rejects.toMatchObject({
      code: ErrorCode.notFound,
    });
    // Without the company's OAuth client, nothing starts.
    const bare = await createCalendar(t, other.token);
    await expect(g.start(authOf(other), bare.id)).rejects.toMatchObject({ code: ErrorCode.conflict });
  });

  it('pushes a booking created, moved and cancelled once each, as transparent events in the zone', async () => {
    const link = await linkOf(calendar.id);
    const before = fake.apiCalls().length;
    const booking = await book('2026-12-15T10:00');
    expect(await g.push(link.id)).toBe('done');
    const eventId = `mostrador${link.id}b${booking.id}`;
    expect(fake.apiCalls().slice(before)).toEqual(['POST /calendars/owner@example.test/events']);
    const event = fake.events.get(`owner@example.test\n${eventId}`)!;
    expect(event).toMatchObject({
      summary: 'Masaje · Ana García',
      transparency: 'transparent',
      start: { dateTime: '2026-12-15T09:00:00.000Z', timeZone: 'Europe/Madrid' },
      end: { dateTime: '2026-12-15T10:00:00.000Z', timeZone: 'Europe/Madrid' },
    });
    // Nothing changed: nothing sent.
    expect(await g.push(link.id)).toBe('done');
    expect(fake.apiCalls().slice(before)).toHaveLength(1);

    const moved = await call(t, 'PUT', `/v1/admin/bookings/${booking.id}`, {
      token: c.token,
      payload: {
        bookingCalendarId: calendar.id,
        customerId: customer.id,
        startsAt: '2026-12-16T12:00',
        quantity: 1,
        price: 10,
        overrideRescheduleRules: true,
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await g.push(link.id);
    await g.push(link.id);
    expect(fake.apiCalls().slice(before)).toEqual([
      'POST /calendars/owner@example.test/events',
      `PATCH /calendars/owner@example.test/events/${eventId}`,
    ]);
    expect(fake.events.get(`owner@example.test\n${eventId}`)!.start.dateTime).toBe(
      '2026-12-16T11:00:00.000Z',
    );

    const cancelled = await call(t, 'PUT', `/v1/admin/bookings/${booking.id}`, {
      token: c.token,
      payload: {
        bookingCalendarId: calendar.id,
        customerId: customer.id,
        startsAt: '2026-12-16T12:00',
        quantity: 1,
        price: 10,
        status: 'cancelled',
      },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await g.push(link.id);
    await g.push(link.id);
    expect(fake.apiCalls().slice(before)).toEqual([
      'POST /calendars/owner@example.test/events',
      `PATCH /calendars/owner@example.test/events/${eventId}`,
      `DELETE /calendars/owner@example.test/events/${eventId}`,
    ]);
    expect(fake.events.get(`owner@example.test\n${eventId}`)!.status).toBe('cancelled');
  });

  it('deletes the event of a deleted booking, and an insert whose answer was lost is not doubled', async () => {
    const link = await linkOf(calendar.id);
    const booking = await book('2026-12-17T09:00');
    const eventId = `mostrador${link.id}b${booking.id}`;
    // Google made the event but its answer never came (a 500 after the fact is played by inserting first).
    await fetch(`${fake.url}/calendar/v3/calendars/owner%40example.test/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await accessTokenOf(link.id)}`,
      },
      body: JSON.stringify({
        id: eventId,
        start: { dateTime: 'x' },
        end: { dateTime: 'y' },
        transparency: 'transparent',
      }),
    });
    const before = fake.apiCalls().length;
    await g.push(link.id);
    expect(fake.apiCalls().slice(before)).toEqual([
      'POST /calendars/owner@example.test/events',
      `PATCH /calendars/owner@example.test/events/${eventId}`,
    ]);
    expect(fake.events.get(`owner@example.test\n${eventId}`)!.start.dateTime).toBe(
      '2026-12-17T08:00:00.000Z',
    );
    const deleted = await call(t, 'DELETE', `/v1/admin/bookings/${booking.id}`, { token: c.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await g.push(link.id);
    await g.push(link.id);
    expect(fake.apiCalls().slice(before)).toEqual([
      'POST /calendars/owner@example.test/events',
      `PATCH /calendars/owner@example.test/events/${eventId}`,
      `DELETE /calendars/owner@example.test/events/${eventId}`,
    ]);
  });

  it('Google unreachable leaves the change for the next try, then sends it once', async () => {
    const link = await linkOf(calendar.id);
    const booking = await book('2026-12-18T09:00');
    const before = fake.apiCalls().length;
    fake.failNext(503);
    expect(await g.push(link.id)).toBe('retry');
    expect(await g.push(link.id)).toBe('done');
    expect(await g.push(link.id)).toBe('done');
    const eventId = `mostrador${link.id}b${booking.id}`;
    expect(fake.apiCalls().slice(before)).toEqual([
      'POST /calendars/owner@example.test/events',
      'POST /calendars/owner@example.test/events',
    ]);
    expect(fake.events.get(`owner@example.test\n${eventId}`)!.status).toBe('confirmed');
    expect((await linkOf(calendar.id)).state).toBe('ok');
  });

  async function accessTokenOf(linkId: number) {
    const [row] = await t.database.db
      .select()
      .from(googleCalendarLinks)
      .where(eq(googleCalendarLinks.id, linkId));
    return box.open(row!.accessToken!);
  }

  const availability = async (calendarId: number, day: string) => {
    const res = await call(t, 'GET', `/v1/admin/booking-calendars/${calendarId}/availability`, {
      token: c.token,
      query: { from: day, to: nextDay(day), productId: String(product.id) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { items: { startsAt: string; status: string }[] };
  };
  const nextDay = (day: string) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const statusAt = (data: { items: { startsAt: string; status?: string }[] }, iso: string) =>
    data.items.find((i) => Date.parse(i.startsAt) === Date.parse(iso))?.status;

  it('busy times of the Google calendar block the right slots, across both DST changes in Madrid', async () => {
    const cal = await createCalendar(t, c.token, {
      name: 'Sala DST',
      schedule: everyDay([{ openAt: '09:00', closedAt: '14:00' }]),
    });
    await connect(c, cal.id);
    const link = await linkOf(cal.id);
    // Sunday 28 March 2027 (clocks forward at 02:00: +02:00 after) and Sunday 31 October 2027 (back: +01:00).
    fake.busy.set('owner@example.test', [
      { start: '2027-03-28T08:00:00Z', end: '2027-03-28T09:00:00Z' }, // 10:00–11:00 CEST
      { start: '2027-10-31T10:00:00Z', end: '2027-10-31T11:00:00Z' }, // 11:00–12:00 CET
    ]);
    // A booking of ours pushed as an event does not come back as busy.
    const ours = await book('2027-03-28T12:00', cal.id);
    await g.push(link.id, new Date('2027-03-20T00:00:00Z'));
    expect(await g.refreshBusy(link.id, new Date('2027-03-20T00:00:00Z'))).toBe('done');
    const march = await availability(cal.id, '2027-03-28');
    expect(statusAt(march, '2027-03-28T09:00:00+02:00')).toBe('reservable');
    expect(statusAt(march, '2027-03-28T09:30:00+02:00')).toBe('unavailable');
    expect(statusAt(march, '2027-03-28T10:00:00+02:00')).toBe('unavailable');
    expect(statusAt(march, '2027-03-28T10:30:00+02:00')).toBe('unavailable');
    expect(statusAt(march, '2027-03-28T11:00:00+02:00')).toBe('reservable');
    expect(statusAt(march, '2027-03-28T12:00:00+02:00')).toBe('unavailable'); // our own booking, one space
    expect(statusAt(march, '2027-03-28T13:00:00+02:00')).toBe('reservable');
    // The room check refuses a staff booking over the busy time.
    const refused = await call(t, 'POST', '/v1/admin/bookings', {
      token: c.token,
      payload: {
        bookingCalendarId: cal.id,
        productId: product.id,
        customerId: customer.id,
        startsAt: '2027-03-28T10:00',
      },
    });
    expect(refused.status).toBe(409);
    expect(ours.id).toBeGreaterThan(0);

    await g.refreshBusy(link.id, new Date('2027-10-01T00:00:00Z'));
    const october = await availability(cal.id, '2027-10-31');
    expect(statusAt(october, '2027-10-31T10:00:00+01:00')).toBe('reservable');
    expect(statusAt(october, '2027-10-31T10:30:00+01:00')).toBe('unavailable');
    expect(statusAt(october, '2027-10-31T11:00:00+01:00')).toBe('unavailable');
    expect(statusAt(october, '2027-10-31T12:00:00+01:00')).toBe('reservable');
  });

  it('a revoked link is marked broken once, mailed once, stops pushing and blocks nothing', async () => {
    const cal = await createCalendar(t, c.token, {
      name: 'Sala Revocada',
      schedule: everyDay([{ openAt: '09:00', closedAt: '14:00' }]),
    });
    await connect(c, cal.id);
    const link = await linkOf(cal.id);
    fake.busy.set('owner@example.test', [{ start: '2027-01-12T08:00:00Z', end: '2027-01-12T13:00:00Z' }]);
    await g.refreshBusy(link.id, new Date('2027-01-01T00:00:00Z'));
    expect(statusAt(await availability(cal.id, '2027-01-12'), '2027-01-12T10:00:00+01:00')).toBe(
      'unavailable',
    );

    fake.revokeAll();
    // The stored access token is refused (401), the refresh is refused (invalid_grant).
    await book('2027-01-13T10:00', cal.id);
    expect(await g.push(link.id)).toBe('broken');
    expect(await g.push(link.id)).toBe('skipped');
    expect(await g.refreshBusy(link.id)).toBe('skipped');
    const broken = await g.get(authOf(c), cal.id);
    expect(broken).toMatchObject({ state: 'broken', brokenReason: 'revoked', busyCount: 0 });
    expect(broken!.brokenSince).not.toBeNull();
    expect((await g.list(authOf(c))).find((l) => l.bookingCalendarId === cal.id)).toMatchObject({
      state: 'broken',
      brokenReason: 'revoked',
    });
    // Its busy times no longer count.
    expect(statusAt(await availability(cal.id, '2027-01-12'), '2027-01-12T10:00:00+01:00')).toBe(
      'reservable',
    );
    // One mail to the staff, in the company's language (Spanish), through the outbox.
    const sent = await t.database.db.select().from(mails).where(eq(mails.kind, 'google_calendar_broken'));
    const ofCompany = sent.filter((m) => m.licenseId === c.license.id);
    expect(ofCompany.map((m) => m.contactEmail).sort()).toEqual([`office-${c.code}@example.test`]);
    expect(ofCompany[0]!.subject).toBe(
      'La conexión de Sala Revocada con Google Calendar ha dejado de funcionar',
    );
    expect(ofCompany[0]!.text).toContain('el acceso se ha revocado o ha caducado');

    // Reconnecting makes it work again.
    expect(await connect(c, cal.id)).toContain('google=connected');
    expect(await g.get(authOf(c), cal.id)).toMatchObject({ state: 'ok', brokenReason: null });
    expect(await g.push(link.id)).toBe('done');
  });

  it('the job runtime pushes and reads a link as soon as it is made (pg-boss)', async () => {
    const cal = await createCalendar(t, c.token, {
      name: 'Sala Jobs',
      schedule: everyDay([{ openAt: '09:00', closedAt: '14:00' }]),
    });
    const booking = await book('2026-12-20T09:00', cal.id);
    fake.busy.set('owner@example.test', [{ start: '2026-12-21T08:00:00Z', end: '2026-12-21T09:00:00Z' }]);
    const quiet = { warn: () => undefined, error: () => undefined };
    const jobs = await startJobs({
      database: t.database,
      config: { MAIL_RETRY_LIMIT: 0, MAIL_RETRY_DELAY_SECONDS: 1 },
      mails: t.services.mails,
      settings: t.services.settings,
      storage: t.services.storage,
      notifications: t.services.notifications,
      smtp: t.services.smtp,
      log: quiet,
      googleCalendar: g,
    });
    try {
      await connect(c, cal.id);
      const link = await linkOf(cal.id);
      const eventKey = `owner@example.test\nmostrador${link.id}b${booking.id}`;
      for (let i = 0; i < 150 && !(fake.events.has(eventKey) && (await linkOf(cal.id)).busyRefreshedAt); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(fake.events.get(eventKey)?.status).toBe('confirmed');
      expect((await g.get(authOf(c), cal.id))?.busyCount).toBe(1);
    } finally {
      await jobs.stop();
      g.useQueue({ push: () => undefined, refreshBusy: () => undefined });
    }
  });

  it('disconnects: the link, its busy times and its events mapping go', async () => {
    const cal = await createCalendar(t, c.token, {
      name: 'Sala Fuera',
      schedule: everyDay([{ openAt: '09:00', closedAt: '14:00' }]),
    });
    await connect(c, cal.id);
    await g.disconnect(authOf(c), cal.id);
    expect(await g.get(authOf(c), cal.id)).toBeNull();
    expect(await connect(c, cal.id)).toContain('google=connected');
  });
});

describe('Google Calendar routes', () => {
  it('connect through the consent page and the public callback; read, choose, refresh, disconnect; 404 elsewhere', async () => {
    const owner = await company(t);
    await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: { google: { clientId: appGoogle.clientId, clientSecret: appGoogle.clientSecret } },
    });
    const cal = await createCalendar(t, owner.token);
    const base = `/v1/admin/booking-calendars/${cal.id}/google`;
    expect((await call(t, 'GET', base, { token: owner.token })).body).toEqual({ data: null });
    const started = await call(t, 'POST', `${base}/connection`, { token: owner.token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const consent = await fetch(started.body.data.consentUrl, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    // Google's redirect reaches the public callback without a token.
    const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(
      `https://mostrador.example.test/calendars/edit/${cal.id}?google=connected`,
    );
    const link = await call(t, 'GET', base, { token: owner.token });
    expect(link.body.data).toMatchObject({ state: 'ok', googleCalendarId: 'owner@example.test' });
    expect(JSON.stringify(link.body)).not.toMatch(/ya29|1\/\/0g/);

    const choices = await call(t, 'GET', `${base}/calendars`, { token: owner.token });
    expect(choices.body.data.map((c: { id: string }) => c.id)).toEqual([
      'owner@example.test',
      'team@group.calendar.google.com',
    ]);
    const chosen = await call(t, 'PUT', base, {
      token: owner.token,
      payload: { googleCalendarId: 'team@group.calendar.google.com' },
    });
    expect(chosen.body.data).toMatchObject({
      googleCalendarId: 'team@group.calendar.google.com',
      googleCalendarName: 'Equipo',
    });
    const readOnly = await call(t, 'PUT', base, {
      token: owner.token,
      payload: { googleCalendarId: 'holidays@group.v.calendar.google.com' },
    });
    expect(readOnly.status).toBe(400);
    const refreshed = await call(t, 'POST', `${base}/busy-refresh`, { token: owner.token });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.data.busyRefreshedAt).not.toBeNull();
    const links = await call(t, 'GET', '/v1/admin/google/links', { token: owner.token });
    expect(links.body.data).toEqual([
      { bookingCalendarId: cal.id, state: 'ok', brokenReason: null, googleCalendarName: 'Equipo' },
    ]);

    // Another company's calendar is 404 on every route; a clerk who may only read cannot connect.
    const other = await company(t);
    for (const [method, path] of [
      ['GET', base],
      ['POST', `${base}/connection`],
      ['GET', `${base}/calendars`],
      ['POST', `${base}/busy-refresh`],
      ['DELETE', base],
    ] as const)
      expect((await call(t, method, path, { token: other.token })).status, `${method} ${path}`).toBe(404);
    const reader = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'bookingCalendars_find' },
    ]);
    expect((await call(t, 'GET', base, { token: reader.token })).status).toBe(200);
    expect((await call(t, 'POST', `${base}/connection`, { token: reader.token })).status).toBe(403);
    expect((await call(t, 'DELETE', base, { token: reader.token })).status).toBe(403);

    // A callback with a forged state is refused; a denied consent comes back as such.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/v1/google/oauth/callback?code=x&state=1.2.3.4.abcdefabcdefabcdef',
    });
    expect(forged.statusCode).toBe(400);
    appGoogle.consent = 'deny';
    const again = await call(t, 'POST', `${base}/connection`, { token: owner.token });
    const denied = new URL(
      (await fetch(again.body.data.consentUrl, { redirect: 'manual' })).headers.get('location')!,
    );
    const deniedBack = await t.app.inject({ method: 'GET', url: `${denied.pathname}${denied.search}` });
    expect(deniedBack.headers.location).toContain('google=denied');
    appGoogle.consent = 'allow';

    expect((await call(t, 'DELETE', base, { token: owner.token })).status).toBe(200);
    expect((await call(t, 'GET', base, { token: owner.token })).body).toEqual({ data: null });
  });
});
