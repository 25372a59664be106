import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings } from '../src/db/schema.js';
import {
  buildTestApp,
  call,
  createEmployee,
  createLicense,
  expectError,
  failingFields,
  type TestApp,
} from './helpers.js';
import { TEST_PFX_PASSWORD, testPki } from './support/test-certificates.js';

// The billing screen's certificate: a PKCS#12 read with its password, both kept encrypted, never sent
// back; and what switching Verifactu on needs.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const url = '/v1/admin/settings/verifactu/certificate';
const detailFields = (res: { body: { error: { details: { field: string }[] } } }) =>
  res.body.error.details.map((d) => d.field);

/** A multipart body with the `password` field first, then the `file` part. */
function certificateBody(data: Buffer, password: string | null) {
  const boundary = `----mostrador${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (password !== null)
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificado.p12"\r\nContent-Type: application/x-pkcs12\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, data: Buffer, password: string | null) {
  const { payload, headers } = certificateBody(data, password);
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('PUT /admin/settings/verifactu/certificate', () => {
  it('reads the certificate, keeps it and its password encrypted, shows only holder, tax id and dates', async () => {
    const { token, license } = await createLicense(t);
    const pki = testPki();
    const res = await upload(token, pki.company.pfx, TEST_PFX_PASSWORD);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      holder: 'Reservas Ñandú, S.L.',
      taxId: 'B12345678',
      issuer: 'Mostrador Test CA',
    });
    expect(new Date(res.body.data.notAfter).getTime()).toBeGreaterThan(Date.now());
    const settings = (await call(t, 'GET', '/v1/admin/settings', { token })).body.data;
    expect(settings.verifactu.certificate).toEqual(res.body.data);
    const text = JSON.stringify(settings);
    expect(text).not.toContain(TEST_PFX_PASSWORD);
    const [row] = await t.database.db
      .select()
      .from(companySettings)
      .where(eq(companySettings.licenseId, license.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(TEST_PFX_PASSWORD);
    expect(stored).not.toContain(pki.company.pfx.toString('base64').slice(0, 40));
    const kept = await t.services.settings.verifactuCertificate(license.id);
    expect(kept?.passphrase).toBe(TEST_PFX_PASSWORD);
    expect(kept?.pfx.equals(pki.company.pfx)).toBe(true);
    // Now Verifactu may be switched on, with the tax id and a legal name (the company's name).
    const on = await call(t, 'PUT', '/v1/admin/settings', {
      token,
      payload: { verifactu: { status: true, environment: 'test', taxId: 'B12345678' } },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    // Not removed while on; removed once off.
    const refused = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(400);
    await call(t, 'PUT', '/v1/admin/settings', {
      token,
      payload: { verifactu: { status: false, environment: 'test', taxId: 'B12345678' } },
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(t, 'GET', '/v1/admin/settings', { token })).body.data.verifactu.certificate,
    ).toBeNull();
    expect(await t.services.settings.verifactuCertificate(license.id)).toBeNull();
  });

  it('refuses a wrong password, a file that is not PKCS#12, one without its key, an expired one: nothing kept', async () => {
    const { token, license } = await createLicense(t);
    const pki = testPki();
    const wrong = await upload(token, pki.person.pfx, 'not-the-password');
    expectError(wrong, 400, ErrorCode.certificateUnreadable);
    expect(detailFields(wrong)).toEqual(['password']);
    const garbage = await upload(token, Buffer.from('%PDF-1.7 not a certificate'), TEST_PFX_PASSWORD);
    expectError(garbage, 400, ErrorCode.certificateUnreadable);
    expect(detailFields(garbage)).toEqual(['file']);
    expectError(
      await upload(token, pki.keyless.pfx, TEST_PFX_PASSWORD),
      400,
      ErrorCode.certificateUnreadable,
    );
    const expired = await upload(token, pki.expired.pfx, TEST_PFX_PASSWORD);
    expectError(expired, 400, ErrorCode.certificateExpired);
    expect(detailFields(expired)).toEqual(['file']);
    expect(await t.services.settings.verifactuCertificate(license.id)).toBeNull();
    expect(
      (await call(t, 'GET', '/v1/admin/settings', { token })).body.data.verifactu.certificate,
    ).toBeNull();
  });

  it('needs settings_paymentGateway; Verifactu on needs the tax id, the certificate and a legal name', async () => {
    const owner = await createLicense(t);
    const editor = await createEmployee(t, owner.code, owner.token, [
      { scope: 'can_do', permission: 'settings_edit' },
    ]);
    expect((await upload(editor.token, testPki().person.pfx, TEST_PFX_PASSWORD)).status).toBe(403);
    const res = await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: { companyName: '', verifactu: { status: true, environment: 'test', taxId: null } },
    });
    expect(res.status).toBe(400);
    expect(failingFields(res).sort()).toEqual([
      'billing.legalName',
      'verifactu.certificate',
      'verifactu.taxId',
    ]);
    const badTaxId = await call(t, 'PUT', '/v1/admin/settings', {
      token: owner.token,
      payload: { verifactu: { status: false, environment: 'test', taxId: '123' } },
    });
    expect(failingFields(badTaxId)).toEqual(['verifactu.taxId']);
  });
});
