import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@mostrador/contract';
import { and, sql as drizzleSql, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/migrate.js';
import { companySettings, userPermissions } from '../src/db/schema.js';
import { createFile } from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  createLicense,
  login,
  pngImage,
  type TestApp,
} from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/settings';

async function settingsOf(token: string) {
  const res = await call(t, 'GET', url, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function storedRow(licenseId: number) {
  const [row] = await t.database.db
    .select()
    .from(companySettings)
    .where(eq(companySettings.licenseId, licenseId));
  return row!;
}

/** The 400's `details[].field`s of a PUT. */
async function putFailure(token: string, payload: unknown) {
  const res = await call(t, 'PUT', url, { token, payload });
  expect(res.status, JSON.stringify(payload)).toBe(400);
  expect(res.body.error.code).toBe(ErrorCode.validation);
  return res.body.error.details.map((d: { field: string }) => d.field);
}

describe('GET /admin/settings', () => {
  it('answers the company configuration, secrets only as *Set flags', async () => {
    const { token, code } = await createLicense(t);
    const data = await settingsOf(token);
    expect(data).toMatchObject({
      companyName: `License ${code}`,
      locale: 'es',
      otherLanguages: [],
      timeZone: 'Europe/Madrid',
      mail: { passSet: false },
      stripe: { secretKeySet: false, testSecretKeySet: false },
      redsys: { encryptionKeySet: false },
      verifactu: { certificate: null, status: false, environment: 'test', taxId: null },
      billing: { fullSeries: '', simplifiedSeries: 'T', rectifyingSeries: 'R', simplifiedInvoices: false },
      notifications: { booking: { status: false }, birthday: { status: false } },
      giftVouchers: { daysQuantityForAGiftVoucherExpiration: 365 },
      subscriptions: { daysToPaySubscriptionRenewal: 5 },
    });
    expect(data.mail).not.toHaveProperty('pass');
    expect(data.stripe).not.toHaveProperty('secretKey');
    expect(data.redsys).not.toHaveProperty('encryptionKey');
    expect(data.verifactu).not.toHaveProperty('certificatePassword');
  });

  it('needs a session', async () => {
    expect((await call(t, 'GET', url)).status).toBe(401);
    expect((await call(t, 'PUT', url, { payload: { companyName: 'x' } })).status).toBe(401);
  });
});

describe('PUT /admin/settings, general fields', () => {
  it('round-trips the general fields and keeps what is not sent', async () => {
    const { token } = await createLicense(t);
    const general = {
      companyName: 'Peluquería Ana',
      vat: 'B12345678',
      email: 'Hola@Peluqueria.Example',
      phone: '+34600123456',
      street: 'Calle Mayor 1',
      postalCode: '28001',
      city: 'Madrid',
      state: 'Madrid',
      country: 'España',
      web: 'https://peluqueria.example',
      widgetUrl: 'https://peluqueria.example/reservas',
      widgetColor: '#1d4ed8',
      locale: 'ca',
      otherLanguages: ['es', 'en'],
      timeZone: 'Atlantic/Canary',
    };
    const res = await call(t, 'PUT', url, { token, payload: general });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...general, email: 'hola@peluqueria.example' });
    expect(await settingsOf(token)).toMatchObject({ ...general, email: 'hola@peluqueria.example' });

    await call(t, 'PUT', url, { token, payload: { city: 'Barcelona' } });
    expect(await settingsOf(token)).toMatchObject({
      city: 'Barcelona',
      companyName: 'Peluquería Ana',
      locale: 'ca',
    });

    // An empty optional text clears it.
    await call(t, 'PUT', url, { token, payload: { web: '', phone: '', vat: '' } });
    expect(await settingsOf(token)).toMatchObject({ web: null, phone: null, vat: null });
  });

  it('refuses bad values with 400 naming the field, and saves nothing', async () => {
    const { token } = await createLicense(t);
    const before = await settingsOf(token);
    expect(await putFailure(token, { phone: '600123456' })).toEqual(['phone']);
    expect(await putFailure(token, { phone: '+34 600 123 456' })).toEqual(['phone']);
    expect(await putFailure(token, { web: 'not a url' })).toEqual(['web']);
    expect(await putFailure(token, { widgetUrl: 'ftp://files.example' })).toEqual(['widgetUrl']);
    // The widget's buttons are its colour with white text: too light a colour fails AA contrast.
    expect(await putFailure(token, { widgetColor: '#ffee00' })).toEqual(['widgetColor']);
    expect(await putFailure(token, { widgetColor: 'blue' })).toEqual(['widgetColor']);
    expect(await putFailure(token, { timeZone: 'Europe/Atlantis' })).toEqual(['timeZone']);
    expect(await putFailure(token, { locale: 'xx' })).toEqual(['locale']);
    expect(await putFailure(token, { otherLanguages: ['es', 'klingon'] })).toEqual(['otherLanguages.1']);
    expect(await putFailure(token, { email: 'nope' })).toEqual(['email']);
    expect(
      await putFailure(token, { companyName: 'ok', phone: '1', web: 'x' }).then((f) => f.sort()),
    ).toEqual(['phone', 'web']);
    // Text PostgreSQL cannot store is invalid input too.
    expect(await putFailure(token, { companyName: 'Nul\u0000' })).toEqual(['request']);
    expect(await settingsOf(token)).toEqual(before);
  });
});

describe('company logo', () => {
  it('takes an image the company uploaded, and refuses another company’s file or a non-image', async () => {
    const { token } = await createLicense(t);
    const other = await createLicense(t);
    const logo = await createFile(t, token, await pngImage(64, 32), 'logo.png', 'image');
    const saved = await call(t, 'PUT', url, { token, payload: { logo: logo.id } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.logo).toBe(logo.id);
    const theirs = await createFile(t, other.token, await pngImage(8, 8), 'theirs.png', 'image');
    const pdf = await createFile(t, token, Buffer.from('%PDF-1.7\n%%EOF\n'), 'doc.pdf');
    for (const id of [theirs.id, pdf.id, 999999]) {
      const res = await call(t, 'PUT', url, { token, payload: { logo: id } });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['logo']);
    }
    expect((await call(t, 'GET', url, { token })).body.data.logo).toBe(logo.id);
    // Null removes it.
    expect((await call(t, 'PUT', url, { token, payload: { logo: null } })).body.data.logo).toBeNull();
  });
});

describe('secrets', () => {
  const secrets = {
    mail: 'mail-pass-Zq81',
    stripe: 'sk_live_secret_Zq81',
    redsys: 'redsys-key-Zq81',
  };
  const putAll = (token: string) =>
    call(t, 'PUT', url, {
      token,
      payload: {
        mail: { host: 'smtp.example.test', port: 465, user: 'robot', pass: secrets.mail },
        stripe: { publishKey: 'pk_live_1', secretKey: secrets.stripe },
        redsys: { fuc: '999008881', encryptionKey: secrets.redsys },
      },
    });

  it('are write-only: GET says they are set and never shows them', async () => {
    const { token } = await createLicense(t);
    const res = await putAll(token);
    expect(res.status).toBe(200);
    const got = await call(t, 'GET', url, { token });
    for (const body of [res.body, got.body]) {
      expect(body.data).toMatchObject({
        mail: { host: 'smtp.example.test', port: 465, user: 'robot', passSet: true },
        stripe: { publishKey: 'pk_live_1', secretKeySet: true, testSecretKeySet: false },
        redsys: { fuc: '999008881', encryptionKeySet: true },
      });
      const text = JSON.stringify(body);
      for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    }
  });

  it('are encrypted at rest, and the service decrypts them', async () => {
    const { token, license } = await createLicense(t);
    expect((await putAll(token)).status).toBe(200);
    const row = await storedRow(license.id);
    const stored = JSON.stringify(row);
    for (const secret of Object.values(secrets)) expect(stored).not.toContain(secret);
    expect(Object.keys(row.secrets).sort()).toEqual([
      'mail.pass',
      'redsys.encryptionKey',
      'stripe.secretKey',
    ]);
    expect(JSON.stringify(row.data)).not.toMatch(/pass"|secretKey|encryptionKey|certificatePassword/);
    expect(await t.services.settings.secret(license.id, 'mail.pass')).toBe(secrets.mail);
    expect(await t.services.settings.secret(license.id, 'stripe.secretKey')).toBe(secrets.stripe);
    expect(await t.services.settings.secret(license.id, 'redsys.encryptionKey')).toBe(secrets.redsys);
    expect(await t.services.settings.secret(license.id, 'stripe.testSecretKey')).toBeNull();
  });

  it('are kept when omitted, replaced when sent, cleared by null or an empty string', async () => {
    const { token, license } = await createLicense(t);
    await putAll(token);
    // Omitted: kept, while the section's other fields change.
    const kept = await call(t, 'PUT', url, { token, payload: { mail: { host: 'smtp2.example.test' } } });
    expect(kept.body.data.mail).toMatchObject({ host: 'smtp2.example.test', user: 'robot', passSet: true });
    expect(await t.services.settings.secret(license.id, 'mail.pass')).toBe(secrets.mail);
    // Replaced.
    await call(t, 'PUT', url, { token, payload: { mail: { pass: 'another-pass' } } });
    expect(await t.services.settings.secret(license.id, 'mail.pass')).toBe('another-pass');
    // Cleared.
    const cleared = await call(t, 'PUT', url, {
      token,
      payload: { mail: { pass: null }, stripe: { secretKey: '' } },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.mail.passSet).toBe(false);
    expect(cleared.body.data.stripe.secretKeySet).toBe(false);
    expect(cleared.body.data.redsys.encryptionKeySet).toBe(true);
    expect(await t.services.settings.secret(license.id, 'mail.pass')).toBeNull();
    expect(Object.keys((await storedRow(license.id)).secrets).sort()).toEqual(['redsys.encryptionKey']);
  });
});

describe('settings permissions', () => {
  it('are readable by every employee; writing needs settings_edit, and billing and payment settings_paymentGateway', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, []);
    const before = await settingsOf(owner.token);
    expect(await settingsOf(clerk.token)).toEqual(before);
    for (const payload of [
      { companyName: 'By the clerk' },
      { mail: { host: 'smtp.evil.test' } },
      { notifications: before.notifications },
      { stripe: { secretKey: 'sk_evil' } },
      { redsys: { fuc: '1' } },
      { verifactu: { status: true, environment: 'test' } },
      { billing: { ...before.billing, simplifiedInvoices: true } },
      { companyName: 'Mixed', mail: { pass: 'x' } },
    ]) {
      const res = await call(t, 'PUT', url, { token: clerk.token, payload });
      expect(res.status, JSON.stringify(payload)).toBe(403);
      expect(res.body.error.code).toBe(ErrorCode.forbidden);
    }
    expect(await settingsOf(owner.token)).toEqual(before);

    const editor = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'settings_edit' },
    ]);
    const general = await call(t, 'PUT', url, {
      token: editor.token,
      payload: { companyName: 'By the editor', mail: { host: 'smtp.aurora.test' } },
    });
    expect(general.status).toBe(200);
    expect(general.body.data).toMatchObject({
      companyName: 'By the editor',
      mail: { host: 'smtp.aurora.test' },
    });
    for (const payload of [
      { stripe: { secretKey: 'sk_evil' } },
      { companyName: 'x', verifactu: { status: true, environment: 'test' } },
    ]) {
      const res = await call(t, 'PUT', url, { token: editor.token, payload });
      expect(res.status, JSON.stringify(payload)).toBe(403);
    }

    const gateway = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'settings_paymentGateway' },
    ]);
    const res = await call(t, 'PUT', url, {
      token: gateway.token,
      payload: { stripe: { secretKey: 'sk_ok' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.stripe.secretKeySet).toBe(true);
    const notGeneral = await call(t, 'PUT', url, { token: gateway.token, payload: { companyName: 'x' } });
    expect(notGeneral.status).toBe(403);
    expect((await settingsOf(owner.token)).companyName).toBe('By the editor');
  });

  it('settings_edit reaches, by migration, every employee who held grant_permissions, in the same scopes', async () => {
    const owner = await createLicense(t);
    const granter = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'grant_permissions' },
      { scope: 'can_do', permission: 'employees_edit' },
    ]);
    const clerk = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    const db = t.database.db;
    // As before the migration: nobody holds settings_edit.
    await db.delete(userPermissions).where(eq(userPermissions.permission, 'settings_edit'));
    const sql = readFileSync(path.join(migrationsFolder(), '0009_settings_edit.sql'), 'utf8');
    await db.execute(drizzleSql.raw(sql));
    const held = async (userId: number) =>
      (
        await db
          .select({ scope: userPermissions.scope })
          .from(userPermissions)
          .where(and(eq(userPermissions.userId, userId), eq(userPermissions.permission, 'settings_edit')))
      )
        .map((r) => r.scope)
        .sort();
    expect(await held(owner.admin.id)).toEqual(['can_do', 'can_grant']);
    expect(await held(granter.id)).toEqual(['can_do']);
    expect(await held(clerk.id)).toEqual([]);
    const res = await call(t, 'PUT', url, { token: granter.token, payload: { companyName: 'Kept' } });
    expect(res.status).toBe(200);
    // Running it again changes nothing.
    await db.execute(drizzleSql.raw(sql));
    expect(await held(owner.admin.id)).toEqual(['can_do', 'can_grant']);
  });

  it('keep two licenses’ settings apart', async () => {
    const a = await createLicense(t);
    const b = await createLicense(t);
    await call(t, 'PUT', url, {
      token: a.token,
      payload: { companyName: 'Company A', timeZone: 'Atlantic/Canary', mail: { pass: 'pass-of-a' } },
    });
    const ofB = await settingsOf(b.token);
    expect(ofB).toMatchObject({
      companyName: `License ${b.code}`,
      timeZone: 'Europe/Madrid',
      mail: { passSet: false },
    });
    expect(await t.services.settings.secret(b.license.id, 'mail.pass')).toBeNull();
    expect(await settingsOf(a.token)).toMatchObject({ companyName: 'Company A', mail: { passSet: true } });
  });
});

describe('PATCH /admin/settings/uiConfig', () => {
  const uiConfig = {
    lists: {
      taxes: { columns: ['name', 'percentage'], pageSize: 25, sortField: 'percentage', sortOrder: 'desc' },
      employees: { pageSize: 100, sortField: null, sortOrder: null },
    },
    calendar: { view: 'timeGridWeek', calendarId: 3 },
    theme: { mode: 'dark', primaryColor: '#112233' },
  };

  it('stores the user’s interface configuration; info answers it, also after a new login', async () => {
    const owner = await createLicense(t);
    const res = await call(t, 'PATCH', `${url}/uiConfig`, { token: owner.token, payload: { uiConfig } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ uiConfig });
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: owner.token })).body.data.uiConfig).toEqual(
      uiConfig,
    );
    const again = await login(t, { license: owner.code, username: 'owner', password: owner.password });
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: again })).body.data.uiConfig).toEqual(
      uiConfig,
    );

    // It replaces, it does not merge.
    const replaced = { theme: { mode: 'light', primaryColor: '#abcdef' } };
    await call(t, 'PATCH', `${url}/uiConfig`, { token: owner.token, payload: { uiConfig: replaced } });
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: again })).body.data.uiConfig).toEqual(
      replaced,
    );
  });

  it('is per user', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, []);
    await call(t, 'PATCH', `${url}/uiConfig`, { token: clerk.token, payload: { uiConfig } });
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: owner.token })).body.data.uiConfig).toEqual(
      {},
    );
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: clerk.token })).body.data.uiConfig).toEqual(
      uiConfig,
    );
  });

  it('refuses an invalid configuration with 400 naming the field, and keeps the old one', async () => {
    const owner = await createLicense(t);
    await call(t, 'PATCH', `${url}/uiConfig`, { token: owner.token, payload: { uiConfig } });
    for (const [bad, field] of [
      [{ lists: { taxes: { pageSize: 0 } } }, 'uiConfig.lists.taxes.pageSize'],
      [{ lists: { taxes: { pageSize: 501 } } }, 'uiConfig.lists.taxes.pageSize'],
      [{ lists: { taxes: { sortOrder: 'up' } } }, 'uiConfig.lists.taxes.sortOrder'],
      [{ calendar: { view: 'year' } }, 'uiConfig.calendar.view'],
      [{ theme: { mode: 'dark', primaryColor: 'red' } }, 'uiConfig.theme.primaryColor'],
    ] as const) {
      const res = await call(t, 'PATCH', `${url}/uiConfig`, {
        token: owner.token,
        payload: { uiConfig: bad },
      });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe(ErrorCode.validation);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    const missing = await call(t, 'PATCH', `${url}/uiConfig`, { token: owner.token, payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].field).toBe('uiConfig');
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: owner.token })).body.data.uiConfig).toEqual(
      uiConfig,
    );
  });
});
