import { allPermissions, companyPermissions, ErrorCode } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPermissions } from '../src/db/schema.js';
import { createCustomer, createProduct, createTax, type Platform, platformLicense } from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  createLicense,
  expectError,
  type TestApp,
  unique,
} from './helpers.js';

let t: TestApp;
/** The platform license and its SUPER_ADMIN. */
let platform: Platform;

beforeAll(async () => {
  t = await buildTestApp({ throttle: { addressLimit: 1000 } });
  platform = await platformLicense(t);
});
afterAll(() => t.close());

const url = '/v1/admin/licenses';
const adminPassword = 'owner-password-1';

type Res = { status: number; body: { error: { code: number; details?: { field: string }[] } } };
const fieldsOf = (res: Res) => (res.body.error.details ?? []).map((d) => d.field);

function newLicenseBody(overrides: Record<string, unknown> = {}) {
  const code = unique('shop-');
  return {
    name: `Tienda ${code}`,
    code,
    adminUsername: 'gerente',
    adminEmail: `gerente@${code}.example.es`,
    adminPassword,
    ...overrides,
  } as { name: string; code: string; adminUsername: string; adminEmail: string; adminPassword: string };
}

async function createViaApi(overrides: Record<string, unknown> = {}) {
  const body = newLicenseBody(overrides);
  const res = await call(t, 'POST', url, { token: platform.token, payload: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { body, license: res.body.data as { id: number; name: string; code: string; status: string } };
}

const ownerLogin = (code: string, username = 'gerente', password = adminPassword) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/admin/authentication/employee-password-login',
    payload: { license: code, username, password },
  });

async function list(query: Record<string, string>) {
  const res = await call(t, 'GET', url, { token: platform.token, query });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    items: { id: number; name: string; code: string; status: string }[];
    total: number;
  };
}

describe('license list (platform only)', () => {
  it('answers the list columns, by name by default, and searches name and code', async () => {
    const tag = unique('Lst');
    const made: Record<string, number> = {};
    for (const name of ['Zeta', 'Alfa', 'Beta', 'Alfa']) {
      const { license } = await createViaApi({ name: `${tag} ${name}`, code: unique(`${tag}-`) });
      made[name] = made[name] ?? license.id;
    }
    const res = await call(t, 'GET', url, { token: platform.token, query: { query: tag } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 50 });
    const items = res.body.data.items as Record<string, unknown>[];
    for (const key of ['id', 'name', 'code', 'status', 'productName', 'customerName', 'customerSurname']) {
      expect(items[0]).toHaveProperty(key);
    }
    expect(items[0]).toMatchObject({
      status: 'active',
      productName: null,
      customerName: null,
      customerSurname: null,
    });
    expect(items.map((x) => x.name)).toEqual([`${tag} Alfa`, `${tag} Alfa`, `${tag} Beta`, `${tag} Zeta`]);
    // Equal names keep their creation order (id breaks the tie).
    expect((items[0]!.id as number) < (items[1]!.id as number)).toBe(true);
    expect(items[0]!.id).toBe(made.Alfa);

    // The whole list holds every license, the platform's included.
    const all = await list({ limit: '500' });
    expect(all.items.map((x) => x.id)).toEqual(
      expect.arrayContaining([platform.licenseId, ...Object.values(made)]),
    );

    // Search by part of the code, case-insensitively.
    const { license } = await createViaApi({ name: 'Sin nombre común', code: unique('unico-') });
    expect((await list({ query: license.code.slice(0, 12).toUpperCase() })).items.map((x) => x.id)).toContain(
      license.id,
    );
    expect((await list({ query: license.code })).items.map((x) => x.id)).toEqual([license.id]);
    expect((await list({ query: 'nothing like it at all' })).total).toBe(0);
    expect((await list({ orders: '{"name":"desc"}', query: tag })).items.map((x) => x.name)).toEqual([
      `${tag} Zeta`,
      `${tag} Beta`,
      `${tag} Alfa`,
      `${tag} Alfa`,
    ]);
    expect(
      (await list({ query: tag, filters: JSON.stringify({ name: { eq: `${tag} Beta` } }) })).items.map(
        (x) => x.id,
      ),
    ).toEqual([made.Beta]);
  });
});

describe('license creation', () => {
  it('creates the license, its company settings and an owner with every company permission', async () => {
    const { body, license } = await createViaApi();
    expect(license).toMatchObject({
      id: expect.any(Number),
      name: body.name,
      code: body.code,
      status: 'active',
      isPlatform: false,
    });
    expect((await call(t, 'GET', `${url}/${license.id}`, { token: platform.token })).body.data).toEqual(
      license,
    );

    const login = await ownerLogin(body.code);
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().data as string;
    const info = (await call(t, 'GET', '/v1/admin/users/info', { token })).body.data;
    expect(info).toMatchObject({
      username: 'gerente',
      email: body.adminEmail,
      roles: [],
      licenseId: license.id,
      licenseName: body.name,
      isPlatform: false,
      supportUser: null,
    });
    const entries = (info.permissions as { scope: string; permission: string }[])
      .map((e) => `${e.scope}:${e.permission}`)
      .sort();
    const expected = companyPermissions.flatMap((p) => [`can_do:${p}`, `can_grant:${p}`]).sort();
    expect(entries).toEqual(expected);
    // The company's administrator edits its general settings and taxes.
    expect(entries).toEqual(expect.arrayContaining(['can_do:settings_edit', 'can_grant:settings_edit']));
    expect(entries.some((e) => e.includes('licenses_'))).toBe(false);
    expect(
      allPermissions.filter((p) => !companyPermissions.includes(p)).every((p) => p.startsWith('licenses_')),
    ).toBe(true);

    const settings = await call(t, 'GET', '/v1/admin/settings', { token });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({
      companyName: body.name,
      locale: 'es',
      timeZone: 'Europe/Madrid',
    });

    // The owner works in his own license, not in the platform's.
    expect((await call(t, 'GET', '/v1/admin/customers', { token })).body.data.total).toBe(0);
    expectError(await call(t, 'GET', url, { token }), 403, ErrorCode.forbidden);
  });

  it('lowercases the code and refuses codes with spaces or other letters, naming code', async () => {
    const { body, license } = await createViaApi({ code: unique('UPPER-Case-') });
    expect(license.code).toBe(body.code.toLowerCase());
    expect((await ownerLogin(body.code.toUpperCase())).statusCode).toBe(200);

    const before = (await list({ limit: '500' })).total;
    for (const code of [
      'tienda norte',
      'müller',
      ' ',
      '',
      '-tienda',
      'a',
      'tienda_sur',
      'tienda.es',
      'x'.repeat(64),
    ]) {
      const res = await call(t, 'POST', url, { token: platform.token, payload: newLicenseBody({ code }) });
      expectError(res, 400, ErrorCode.validation);
      expect(fieldsOf(res), code).toEqual(['code']);
    }
    expect((await list({ limit: '500' })).total).toBe(before);
  });

  it('validates the other fields, naming them', async () => {
    for (const [overrides, field] of [
      [{ name: '  ' }, 'name'],
      [{ adminUsername: '' }, 'adminUsername'],
      [{ adminEmail: 'nope' }, 'adminEmail'],
      [{ adminPassword: 'short' }, 'adminPassword'],
      [{ status: 'paused' }, 'status'],
    ] as const) {
      const res = await call(t, 'POST', url, { token: platform.token, payload: newLicenseBody(overrides) });
      expectError(res, 400, ErrorCode.validation);
      expect(fieldsOf(res), field).toEqual([field]);
    }
    const { adminPassword: _omit, ...withoutPassword } = newLicenseBody();
    const res = await call(t, 'POST', url, { token: platform.token, payload: withoutPassword });
    expect(fieldsOf(res)).toEqual(['adminPassword']);
  });

  it('refuses a code already in use (1000114), in any letter case, naming code', async () => {
    const { body } = await createViaApi();
    for (const code of [body.code, body.code.toUpperCase(), platform.code]) {
      const res = await call(t, 'POST', url, { token: platform.token, payload: newLicenseBody({ code }) });
      expectError(res, 409, ErrorCode.licenseCodeExists);
      expect(fieldsOf(res)).toEqual(['code']);
    }
    expect((await list({ query: body.code })).total).toBe(1);
  });

  it('lets exactly one of two simultaneous creates with the same code through', async () => {
    const code = unique('race-');
    const results = await Promise.all(
      ['A', 'B'].map((name) =>
        call(t, 'POST', url, {
          token: platform.token,
          payload: newLicenseBody({ code, name: `Race ${name}` }),
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, ErrorCode.licenseCodeExists);
    expect((await list({ query: code })).total).toBe(1);
  });
});

describe('license customer and product', () => {
  /** A customer and a product of the license behind `token`. */
  async function customerAndProduct(token: string) {
    const customer = await createCustomer(t, token, { name: 'Cliente' });
    const tax = await createTax(t, token, { name: 'IVA', percentage: 21 });
    const product = await createProduct(t, token, { taxId: tax.id, name: 'Licencia anual', price: 300 });
    return { customerId: customer.id, productId: product.id };
  }

  it('are the platform’s own: another license’s customer or product is 400 naming the field', async () => {
    const company = await createLicense(t);
    const theirs = await customerAndProduct(company.token);
    const ours = await customerAndProduct(platform.token);
    const refused = await call(t, 'POST', url, { token: platform.token, payload: newLicenseBody(theirs) });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['customerId', 'productId']);
    const unknown = await call(t, 'POST', url, {
      token: platform.token,
      payload: newLicenseBody({ customerId: 999999 }),
    });
    expect(fieldsOf(unknown)).toEqual(['customerId']);

    const { body, license } = await createViaApi(ours);
    expect(license).toMatchObject(ours);
    const edited = await call(t, 'PUT', `${url}/${license.id}`, {
      token: platform.token,
      payload: { name: body.name, code: body.code, status: 'active', ...ours, productId: theirs.productId },
    });
    expect(edited.status).toBe(400);
    expect(fieldsOf(edited)).toEqual(['productId']);
    expect((await call(t, 'GET', `${url}/${license.id}`, { token: platform.token })).body.data).toMatchObject(
      ours,
    );
  });
});

describe('license edit and delete', () => {
  it('edits name, code and status; the new code is the one to log in with', async () => {
    const { body, license } = await createViaApi();
    const code = unique('renamed-');
    const res = await call(t, 'PUT', `${url}/${license.id}`, {
      token: platform.token,
      payload: { name: 'Nuevo nombre', code: code.toUpperCase(), status: 'active' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: license.id, name: 'Nuevo nombre', code, status: 'active' });
    expect((await call(t, 'GET', `${url}/${license.id}`, { token: platform.token })).body.data).toEqual(
      res.body.data,
    );
    expect((await ownerLogin(code)).statusCode).toBe(200);
    expect((await ownerLogin(body.code)).statusCode).toBe(401);

    // Another license's code is refused, and so is a bad one.
    const other = await createViaApi();
    const taken = await call(t, 'PUT', `${url}/${license.id}`, {
      token: platform.token,
      payload: { name: 'x', code: other.body.code, status: 'active' },
    });
    expectError(taken, 409, ErrorCode.licenseCodeExists);
    expect(fieldsOf(taken)).toEqual(['code']);
    const bad = await call(t, 'PUT', `${url}/${license.id}`, {
      token: platform.token,
      payload: { name: 'x', code: 'con espacios', status: 'active' },
    });
    expect(fieldsOf(bad)).toEqual(['code']);
    expect((await call(t, 'GET', `${url}/${license.id}`, { token: platform.token })).body.data).toEqual(
      res.body.data,
    );
  });

  it('lets exactly one of two simultaneous renames to the same code through', async () => {
    const one = await createViaApi();
    const two = await createViaApi();
    const code = unique('wanted-');
    const results = await Promise.all(
      [one, two].map(({ body, license }) =>
        call(t, 'PUT', `${url}/${license.id}`, {
          token: platform.token,
          payload: { name: body.name, code, status: 'active' },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.status === 409)!, 409, ErrorCode.licenseCodeExists);
    expect((await list({ query: code })).total).toBe(1);
  });

  it('switching a license inactive stops its log-ins and its open sessions; active again lets them in', async () => {
    const { body, license } = await createViaApi();
    const ownerToken = (await ownerLogin(body.code)).json().data as string;
    const clerk = await createEmployee(t, body.code, ownerToken, []);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: clerk.token })).status).toBe(200);

    const off = await call(t, 'PUT', `${url}/${license.id}`, {
      token: platform.token,
      payload: { name: body.name, code: body.code, status: 'inactive' },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.status).toBe('inactive');
    for (const token of [ownerToken, clerk.token]) {
      expectError(await call(t, 'GET', '/v1/admin/users/info', { token }), 401, ErrorCode.unauthenticated);
      expectError(await call(t, 'GET', '/v1/admin/customers', { token }), 401, ErrorCode.unauthenticated);
    }
    const refused = await ownerLogin(body.code);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe(ErrorCode.loginFailed);
    expect((await ownerLogin(body.code, clerk.username, clerk.password)).statusCode).toBe(401);
    expect((await list({ query: body.code, filters: '{"status":{"eq":"inactive"}}' })).total).toBe(1);

    const on = await call(t, 'PUT', `${url}/${license.id}`, {
      token: platform.token,
      payload: { name: body.name, code: body.code, status: 'active' },
    });
    expect(on.status).toBe(200);
    expect((await ownerLogin(body.code)).statusCode).toBe(200);
    // The sessions open when it was switched off stay ended.
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: clerk.token })).status).toBe(401);
  });

  it('deleting a license ends its sessions and frees its code', async () => {
    const { body, license } = await createViaApi();
    const ownerToken = (await ownerLogin(body.code)).json().data as string;
    const clerk = await createEmployee(t, body.code, ownerToken, []);
    await createCustomer(t, ownerToken, { name: 'Cliente' });

    const removed = await call(t, 'DELETE', `${url}/${license.id}`, { token: platform.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ data: { ok: true } });
    for (const token of [ownerToken, clerk.token]) {
      expectError(await call(t, 'GET', '/v1/admin/users/info', { token }), 401, ErrorCode.unauthenticated);
    }
    expect((await ownerLogin(body.code)).statusCode).toBe(401);
    expectError(
      await call(t, 'GET', `${url}/${license.id}`, { token: platform.token }),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${license.id}`, { token: platform.token }),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'PUT', `${url}/${license.id}`, {
        token: platform.token,
        payload: { name: 'x', code: body.code, status: 'active' },
      }),
      404,
      ErrorCode.notFound,
    );

    // The code is free again: a new license with it starts empty.
    const again = await createViaApi({ code: body.code });
    expect(again.license.id).not.toBe(license.id);
    const token = (await ownerLogin(body.code)).json().data as string;
    expect((await call(t, 'GET', '/v1/admin/customers', { token })).body.data.total).toBe(0);
    expect((await call(t, 'GET', '/v1/admin/users', { token })).body.data.total).toBe(1);
  });

  it('keeps the platform license: no delete (409), no inactive status (400)', async () => {
    const removed = await call(t, 'DELETE', `${url}/${platform.licenseId}`, { token: platform.token });
    expectError(removed, 409, ErrorCode.conflict);
    const current = (await call(t, 'GET', `${url}/${platform.licenseId}`, { token: platform.token })).body
      .data;
    expect(current).toMatchObject({ isPlatform: true, status: 'active', code: platform.code });
    const off = await call(t, 'PUT', `${url}/${platform.licenseId}`, {
      token: platform.token,
      payload: { name: current.name, code: current.code, status: 'inactive' },
    });
    expectError(off, 400, ErrorCode.validation);
    expect(fieldsOf(off)).toEqual(['status']);
    expect(
      (await call(t, 'GET', `${url}/${platform.licenseId}`, { token: platform.token })).body.data,
    ).toEqual(current);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: platform.token })).status).toBe(200);
  });

  it('answers 404 for an unknown license and 401 without a session', async () => {
    expectError(await call(t, 'GET', `${url}/999999`, { token: platform.token }), 404, ErrorCode.notFound);
    expectError(await call(t, 'GET', url), 401, ErrorCode.unauthenticated);
    expectError(await call(t, 'POST', url, { payload: newLicenseBody() }), 401, ErrorCode.unauthenticated);
  });
});

describe('license routes are the platform’s', () => {
  /** Every /admin/licenses route, against an existing license. */
  async function everyRoute(token: string, licenseId: number) {
    return [
      await call(t, 'GET', url, { token }),
      await call(t, 'POST', url, { token, payload: newLicenseBody() }),
      await call(t, 'GET', `${url}/${licenseId}`, { token }),
      await call(t, 'PUT', `${url}/${licenseId}`, {
        token,
        payload: { name: 'Stolen', code: unique('stolen-'), status: 'inactive' },
      }),
      await call(t, 'DELETE', `${url}/${licenseId}`, { token }),
    ];
  }

  it('refuses a company license owner on every route, even holding licenses_* entries', async () => {
    const target = await createViaApi();
    const owner = await createLicense(t);
    const before = (await list({ limit: '500' })).total;
    for (const res of await everyRoute(owner.token, target.license.id)) {
      expectError(res, 403, ErrorCode.forbidden);
    }
    // Entries the API would never grant a company, written straight into the database.
    await t.database.db.insert(userPermissions).values(
      allPermissions
        .filter((p) => p.startsWith('licenses_'))
        .map((permission) => ({
          licenseId: owner.license.id,
          userId: owner.admin.id,
          scope: 'can_do' as const,
          permission,
        })),
    );
    for (const res of await everyRoute(owner.token, target.license.id)) {
      expectError(res, 403, ErrorCode.forbidden);
    }
    expect((await list({ limit: '500' })).total).toBe(before);
    expect(
      (await call(t, 'GET', `${url}/${target.license.id}`, { token: platform.token })).body.data,
    ).toEqual(target.license);
    expect((await ownerLogin(target.body.code)).statusCode).toBe(200);
  });

  it('refuses a platform employee without the licenses_* permission of each route', async () => {
    const target = await createViaApi();
    const clerk = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'customers_find' },
    ]);
    for (const res of await everyRoute(clerk.token, target.license.id)) {
      expectError(res, 403, ErrorCode.forbidden);
    }
    const reader = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_find' },
    ]);
    const [listed, created, got, edited, removed] = await everyRoute(reader.token, target.license.id);
    expect(listed!.status).toBe(200);
    expect(got!.status).toBe(200);
    for (const res of [created!, edited!, removed!]) expectError(res, 403, ErrorCode.forbidden);
    expect(
      (await call(t, 'GET', `${url}/${target.license.id}`, { token: platform.token })).body.data,
    ).toEqual(target.license);
  });
});
