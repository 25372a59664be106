import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings } from '../src/db/schema.js';
import { buildTestApp, call, createEmployee, createLicense, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://mostrador.example.test/' } });
});
afterAll(() => t?.close());

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
