import {
  allPermissions,
  ErrorCode,
  type PermissionScope,
  permissionPresetNames,
  permissionPresets,
  SUPER_ADMIN,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPermissions } from '../src/db/schema.js';
import { type Platform, platformLicense } from './factories.js';
import {
  buildTestApp,
  call,
  createEmployee,
  createLicense,
  expectError,
  login,
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

const url = '/v1/admin/users';
type Entry = { scope: PermissionScope; permission: string };
const can = (permission: string): Entry => ({ scope: 'can_do', permission });
const grant = (permission: string): Entry => ({ scope: 'can_grant', permission });

function newEmployee(token: string, permissions: Entry[] = [], extra: Record<string, unknown> = {}) {
  const username = unique('user');
  return call(t, 'POST', url, {
    token,
    payload: { name: `Name ${username}`, username, password: 'employee-pass-1', permissions, ...extra },
  });
}

/** The entries an employee holds, as `scope:permission`, sorted. */
async function entriesOf(token: string, id: number): Promise<string[]> {
  const res = await call(t, 'GET', `${url}/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.permissions.map((e: Entry) => `${e.scope}:${e.permission}`).sort();
}

async function total(token: string, query: Record<string, string> = {}) {
  const res = await call(t, 'GET', url, { token, query });
  expect(res.status).toBe(200);
  return res.body.data.total as number;
}

describe('granting on POST /admin/users (contract §4)', () => {
  it('lets grant_permissions + employees_create give what he holds as can_grant', async () => {
    const owner = await createLicense(t);
    const granter = await createEmployee(t, owner.code, owner.token, [
      can('grant_permissions'),
      can('employees_create'),
      can('employees_find'),
      grant('customers_find'),
    ]);
    const res = await newEmployee(granter.token, [can('customers_find'), grant('customers_find')]);
    expect(res.status).toBe(201);
    expect(res.body.data.permissions).toEqual([
      { id: expect.any(Number), scope: 'can_do', permission: 'customers_find' },
      { id: expect.any(Number), scope: 'can_grant', permission: 'customers_find' },
    ]);
    const token = await login(t, {
      license: owner.code,
      username: res.body.data.username,
      password: 'employee-pass-1',
    });
    const info = (await call(t, 'GET', '/v1/admin/users/info', { token })).body.data;
    expect(info.permissions.map((e: Entry) => `${e.scope}:${e.permission}`)).toEqual([
      'can_do:customers_find',
      'can_grant:customers_find',
    ]);
  });

  it('refuses any permission without grant_permissions (1000113), and saves nothing', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, [
      can('employees_create'),
      can('employees_find'),
      grant('customers_find'),
    ]);
    const before = await total(owner.token);
    const username = unique('refused');
    const res = await call(t, 'POST', url, {
      token: clerk.token,
      payload: {
        name: 'Refused',
        username,
        password: 'employee-pass-1',
        permissions: [can('customers_find')],
      },
    });
    expectError(res, 403, ErrorCode.cannotGrantPermission);
    expect(await total(owner.token)).toBe(before);
    expect(await total(owner.token, { query: username })).toBe(0);
    // Without permissions he may still create an employee.
    expect((await newEmployee(clerk.token)).status).toBe(201);
    expect(await total(owner.token)).toBe(before + 1);
  });

  it('refuses a permission he does not hold as can_grant, even one he holds as can_do', async () => {
    const owner = await createLicense(t);
    const granter = await createEmployee(t, owner.code, owner.token, [
      can('grant_permissions'),
      can('employees_create'),
      can('orders_find'),
      grant('customers_find'),
    ]);
    const before = await total(owner.token);
    for (const permissions of [
      [can('customers_find'), can('orders_find')],
      [grant('orders_find')],
      [can('employees_create')],
    ]) {
      const res = await newEmployee(granter.token, permissions);
      expectError(res, 403, ErrorCode.cannotGrantPermission);
    }
    expect(await total(owner.token)).toBe(before);
  });

  it('needs employees_create', async () => {
    const owner = await createLicense(t);
    const granter = await createEmployee(t, owner.code, owner.token, [
      can('grant_permissions'),
      can('employees_edit'),
      grant('customers_find'),
    ]);
    const before = await total(owner.token);
    expectError(await newEmployee(granter.token, [can('customers_find')]), 403, ErrorCode.forbidden);
    expectError(await newEmployee(granter.token), 403, ErrorCode.forbidden);
    expect(await total(owner.token)).toBe(before);
  });

  it('never gives licenses_* in a company license, even from its owner', async () => {
    const owner = await createLicense(t);
    const before = await total(owner.token);
    for (const permissions of [[can('licenses_find')], [grant('licenses_loginAsUser')]]) {
      expectError(await newEmployee(owner.token, permissions), 403, ErrorCode.cannotGrantPermission);
    }
    expect(await total(owner.token)).toBe(before);
    const clerk = await createEmployee(t, owner.code, owner.token, []);
    const res = await call(t, 'PATCH', `${url}/${clerk.id}`, {
      token: owner.token,
      payload: { permissions: [can('licenses_find')] },
    });
    expectError(res, 403, ErrorCode.cannotGrantPermission);
    expect(await entriesOf(owner.token, clerk.id)).toEqual([]);
  });
});

describe('granting on PATCH /admin/users/:id', () => {
  it('needs employees_edit', async () => {
    const owner = await createLicense(t);
    const creator = await createEmployee(t, owner.code, owner.token, [
      can('grant_permissions'),
      can('employees_create'),
      can('employees_find'),
      grant('customers_find'),
    ]);
    const target = await createEmployee(t, owner.code, owner.token, []);
    const res = await call(t, 'PATCH', `${url}/${target.id}`, {
      token: creator.token,
      payload: { permissions: [can('customers_find')] },
    });
    expectError(res, 403, ErrorCode.forbidden);
    expect(await entriesOf(owner.token, target.id)).toEqual([]);
  });

  it('needs grant_permissions to change entries, not to edit other fields', async () => {
    const owner = await createLicense(t);
    const editor = await createEmployee(t, owner.code, owner.token, [
      can('employees_edit'),
      grant('customers_find'),
    ]);
    const target = await createEmployee(t, owner.code, owner.token, [can('customers_find')]);
    const refused = await call(t, 'PATCH', `${url}/${target.id}`, {
      token: editor.token,
      payload: { name: 'Renamed', permissions: [can('customers_find'), can('orders_find')] },
    });
    expectError(refused, 403, ErrorCode.cannotGrantPermission);
    const unchanged = await call(t, 'GET', `${url}/${target.id}`, { token: owner.token });
    expect(unchanged.body.data.name).not.toBe('Renamed');
    expect(await entriesOf(owner.token, target.id)).toEqual(['can_do:customers_find']);

    const renamed = await call(t, 'PATCH', `${url}/${target.id}`, {
      token: editor.token,
      payload: { name: 'Renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Renamed');
    // Sending the same entries is no change.
    const same = await call(t, 'PATCH', `${url}/${target.id}`, {
      token: editor.token,
      payload: { permissions: [can('customers_find')] },
    });
    expect(same.status).toBe(200);
  });

  it('lets grant_permissions + employees_edit give and take only what he holds as can_grant', async () => {
    const owner = await createLicense(t);
    const editor = await createEmployee(t, owner.code, owner.token, [
      can('grant_permissions'),
      can('employees_edit'),
      grant('customers_find'),
      grant('orders_find'),
    ]);
    const target = await createEmployee(t, owner.code, owner.token, [can('orders_find')]);
    const patch = (permissions: Entry[]) =>
      call(t, 'PATCH', `${url}/${target.id}`, { token: editor.token, payload: { permissions } });

    const added = await patch([can('orders_find'), can('customers_find')]);
    expect(added.status).toBe(200);
    expect(added.body.data.permissions.map((e: Entry) => e.permission).sort()).toEqual([
      'customers_find',
      'orders_find',
    ]);
    expectError(
      await patch([can('orders_find'), can('customers_find'), can('products_find')]),
      403,
      ErrorCode.cannotGrantPermission,
    );
    expect(await entriesOf(owner.token, target.id)).toEqual(['can_do:customers_find', 'can_do:orders_find']);
    const taken = await patch([can('orders_find')]);
    expect(taken.status).toBe(200);
    expect(await entriesOf(owner.token, target.id)).toEqual(['can_do:orders_find']);
    // Someone holding a right he may not grant is out of his reach: neither given nor taken anything.
    const senior = await createEmployee(t, owner.code, owner.token, [
      can('orders_find'),
      can('products_find'),
    ]);
    expectError(
      await call(t, 'PATCH', `${url}/${senior.id}`, {
        token: editor.token,
        payload: { permissions: [can('orders_find')] },
      }),
      403,
      ErrorCode.employeeNotManageable,
    );
    expect(await entriesOf(owner.token, senior.id)).toEqual(['can_do:orders_find', 'can_do:products_find']);
  });

  it('applies a changed permission at the employee’s next request', async () => {
    const owner = await createLicense(t);
    const employee = await createEmployee(t, owner.code, owner.token, [can('settings_edit')]);
    const createTax = () =>
      call(t, 'POST', '/v1/admin/taxes', { token: employee.token, payload: { name: 'IVA', percentage: 21 } });
    expect((await createTax()).status).toBe(201);
    const removed = await call(t, 'PATCH', `${url}/${employee.id}`, {
      token: owner.token,
      payload: { permissions: [] },
    });
    expect(removed.status).toBe(200);
    expectError(await createTax(), 403, ErrorCode.forbidden);
    await call(t, 'PATCH', `${url}/${employee.id}`, {
      token: owner.token,
      payload: { permissions: [can('settings_edit')] },
    });
    expect((await createTax()).status).toBe(201);
  });
});

describe('usernames', () => {
  it('are unique within a license, whatever the letter case (409, 1000112)', async () => {
    const owner = await createLicense(t);
    const first = await newEmployee(owner.token);
    const username: string = first.body.data.username;
    const before = await total(owner.token);
    expectError(
      await newEmployee(owner.token, [], { username: username.toUpperCase() }),
      409,
      ErrorCode.usernameExists,
    );
    expectError(await newEmployee(owner.token, [], { username: 'OWNER' }), 409, ErrorCode.usernameExists);
    expect(await total(owner.token)).toBe(before);

    const second = await newEmployee(owner.token);
    const renamed = await call(t, 'PATCH', `${url}/${second.body.data.id}`, {
      token: owner.token,
      payload: { username },
    });
    expectError(renamed, 409, ErrorCode.usernameExists);
    expect(renamed.body.error.details).toEqual([{ field: 'username', message: expect.any(String) }]);

    const other = await createLicense(t);
    expect((await newEmployee(other.token, [], { username })).status).toBe(201);
  });

  it('default to the email', async () => {
    const owner = await createLicense(t);
    const email = `${unique('mail')}@example.test`;
    const res = await call(t, 'POST', url, {
      token: owner.token,
      payload: { name: 'By email', email: email.toUpperCase(), password: 'employee-pass-1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email, username: email });
    expect(
      await login(t, { license: owner.code, username: email, password: 'employee-pass-1' }),
    ).toBeTruthy();
    const again = await call(t, 'POST', url, {
      token: owner.token,
      payload: { name: 'Again', email, password: 'employee-pass-1' },
    });
    expectError(again, 409, ErrorCode.usernameExists);
    const neither = await call(t, 'POST', url, {
      token: owner.token,
      payload: { name: 'x', password: 'employee-pass-1' },
    });
    expectError(neither, 400, ErrorCode.validation);
    expect(neither.body.error.details[0].field).toBe('username');
  });
});

describe('DELETE /admin/users/:id', () => {
  it('refuses to delete oneself (409, 1000137)', async () => {
    const owner = await createLicense(t);
    const self = await call(t, 'DELETE', `${url}/${owner.admin.id}`, { token: owner.token });
    expectError(self, 409, ErrorCode.cannotDeleteSelf);
    const deleter = await createEmployee(t, owner.code, owner.token, [can('employees_delete')]);
    expectError(
      await call(t, 'DELETE', `${url}/${deleter.id}`, { token: deleter.token }),
      409,
      ErrorCode.cannotDeleteSelf,
    );
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: deleter.token })).status).toBe(200);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: owner.token })).status).toBe(200);
  });

  it('refuses to delete or disable the platform SUPER_ADMIN', async () => {
    const res = await newEmployee(platform.token, [
      can('employees_delete'),
      can('employees_edit'),
      can('employees_find'),
    ]);
    expect(res.status).toBe(201);
    const token = await login(t, {
      license: platform.code,
      username: res.body.data.username,
      password: 'employee-pass-1',
    });
    expectError(
      await call(t, 'DELETE', `${url}/${platform.userId}`, { token }),
      409,
      ErrorCode.cannotDeleteEmployee,
    );
    expectError(
      await call(t, 'PATCH', `${url}/${platform.userId}`, { token, payload: { enabled: false } }),
      409,
      ErrorCode.cannotDeleteEmployee,
    );
    const root = await call(t, 'GET', `${url}/${platform.userId}`, { token });
    expect(root.body.data).toMatchObject({ enabled: true, roles: [SUPER_ADMIN] });
  });

  it('deletes an employee and ends his sessions', async () => {
    const owner = await createLicense(t);
    const employee = await createEmployee(t, owner.code, owner.token, [can('customers_find')]);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: employee.token })).status).toBe(200);
    const res = await call(t, 'DELETE', `${url}/${employee.id}`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ok: true } });
    expectError(
      await call(t, 'GET', '/v1/admin/users/info', { token: employee.token }),
      401,
      ErrorCode.unauthenticated,
    );
    expectError(
      await call(t, 'GET', `${url}/${employee.id}`, { token: owner.token }),
      404,
      ErrorCode.notFound,
    );
    expectError(
      await call(t, 'DELETE', `${url}/${employee.id}`, { token: owner.token }),
      404,
      ErrorCode.notFound,
    );
    const rows = await t.database.db
      .select()
      .from(userPermissions)
      .where(eq(userPermissions.userId, employee.id));
    expect(rows).toEqual([]);
    await expect(
      login(t, { license: owner.code, username: employee.username, password: employee.password }),
    ).rejects.toThrow(/401/);
  });

  it('needs employees_delete', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, [
      can('employees_edit'),
      can('employees_find'),
    ]);
    const target = await createEmployee(t, owner.code, owner.token, []);
    expectError(
      await call(t, 'DELETE', `${url}/${target.id}`, { token: clerk.token }),
      403,
      ErrorCode.forbidden,
    );
    expect((await call(t, 'GET', `${url}/${target.id}`, { token: owner.token })).status).toBe(200);
  });
});

describe('employee list and records', () => {
  /** A license with employees Ana Ruiz, Marta Gil (disabled) and Zoe Paz. */
  async function staffed() {
    const owner = await createLicense(t);
    const ids: Record<string, number> = {};
    for (const [name, enabled] of [
      ['Marta Gil', false],
      ['Zoe Paz', true],
      ['Ana Ruiz', true],
    ] as const) {
      const username = unique(name.split(' ')[0]!.toLowerCase());
      const res = await call(t, 'POST', url, {
        token: owner.token,
        payload: { name, username, email: `${username}@example.test`, password: 'employee-pass-1', enabled },
      });
      expect(res.status).toBe(201);
      ids[name] = res.body.data.id;
    }
    return { ...owner, ids };
  }
  const names = async (token: string, query: Record<string, string>) => {
    const res = await call(t, 'GET', url, { token, query });
    expect(res.status).toBe(200);
    return res.body.data.items.map((x: { name: string }) => x.name);
  };

  it('lists the license’s employees with their list fields only', async () => {
    const { token, ids } = await staffed();
    const res = await call(t, 'GET', url, { token });
    expect(res.body.data).toMatchObject({ total: 4, page: 1, limit: 50 });
    const ana = res.body.data.items.find((x: { id: number }) => x.id === ids['Ana Ruiz']);
    expect(Object.keys(ana).sort()).toEqual([
      'canManage',
      'createdAt',
      'email',
      'enabled',
      'id',
      'name',
      'roles',
      'username',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
    const one = await call(t, 'GET', `${url}/${ids['Ana Ruiz']}`, { token });
    expect(Object.keys(one.body.data).sort()).toEqual([
      'canManage',
      'createdAt',
      'email',
      'enabled',
      'id',
      'name',
      'permissions',
      'roles',
      'username',
    ]);
    expect(JSON.stringify(one.body)).not.toMatch(/password|argon2/i);
  });

  it('searches, filters, sorts and pages', async () => {
    const { token } = await staffed();
    expect(await names(token, { query: 'ruiz' })).toEqual(['Ana Ruiz']);
    expect(await names(token, { query: 'zoe' })).toEqual(['Zoe Paz']); // matches username and email too
    expect(await names(token, { query: '@example.test', orders: '{"name":"asc"}' })).toEqual([
      'Ana Ruiz',
      'Marta Gil',
      'Zoe Paz',
    ]);
    expect(await names(token, { query: '@example.test', orders: '{"name":"desc"}' })).toEqual([
      'Zoe Paz',
      'Marta Gil',
      'Ana Ruiz',
    ]);
    expect(await names(token, { filters: '{"enabled":{"eq":false}}' })).toEqual(['Marta Gil']);
    expect(await names(token, { query: '@example.test', limit: '2', page: '2' })).toEqual(['Zoe Paz']);
    const page = await call(t, 'GET', url, { token, query: { query: '@example.test', limit: '2' } });
    expect(page.body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expectError(
      await call(t, 'GET', url, { token, query: { orders: '{"passwordHash":"asc"}' } }),
      400,
      ErrorCode.validation,
    );
  });

  it('answers 404 for another license’s employee on GET, PATCH and DELETE', async () => {
    const a = await staffed();
    const b = await createLicense(t);
    const id = a.ids['Ana Ruiz']!;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Stolen', password: 'stolen-password' }],
      ['DELETE', undefined],
    ] as const) {
      expectError(
        await call(t, method, `${url}/${id}`, { token: b.token, payload }),
        404,
        ErrorCode.notFound,
      );
    }
    expect(await names(b.token, { query: 'ruiz' })).toEqual([]);
    expect(await names(b.token, { filters: JSON.stringify({ id: { eq: id } }) })).toEqual([]);
    const ana = await call(t, 'GET', `${url}/${id}`, { token: a.token });
    expect(ana.body.data.name).toBe('Ana Ruiz');
    const username = ana.body.data.username;
    expect(await login(t, { license: a.code, username, password: 'employee-pass-1' })).toBeTruthy();
  });

  it('needs employees_find to list and read', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, []);
    expectError(await call(t, 'GET', url, { token: clerk.token }), 403, ErrorCode.forbidden);
    expectError(
      await call(t, 'GET', `${url}/${owner.admin.id}`, { token: clerk.token }),
      403,
      ErrorCode.forbidden,
    );
  });
});

describe('PATCH /admin/users/info', () => {
  it('edits one’s own name and email', async () => {
    const owner = await createLicense(t);
    const clerk = await createEmployee(t, owner.code, owner.token, []);
    const res = await call(t, 'PATCH', '/v1/admin/users/info', {
      token: clerk.token,
      payload: { name: '  Clara Clerk ', email: 'Clara@Example.Test' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: clerk.id,
      name: 'Clara Clerk',
      email: 'clara@example.test',
      username: clerk.username,
    });
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: clerk.token })).body.data).toMatchObject({
      name: 'Clara Clerk',
      email: 'clara@example.test',
    });
    const cleared = await call(t, 'PATCH', '/v1/admin/users/info', {
      token: clerk.token,
      payload: { name: 'Clara', email: null },
    });
    expect(cleared.body.data).toMatchObject({ name: 'Clara', email: null });
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'Clara', email: 'not-an-email' }, 'email'],
      [{ name: 'Clara', newPassword: 'short' }, 'newPassword'],
    ] as const) {
      const bad = await call(t, 'PATCH', '/v1/admin/users/info', { token: clerk.token, payload });
      expectError(bad, 400, ErrorCode.validation);
      expect(bad.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('changes the password only with the right current one, ending the other sessions', async () => {
    const owner = await createLicense(t);
    const employee = await createEmployee(t, owner.code, owner.token, []);
    const other = await login(t, {
      license: owner.code,
      username: employee.username,
      password: employee.password,
    });
    const patch = (payload: unknown) =>
      call(t, 'PATCH', '/v1/admin/users/info', { token: employee.token, payload });

    const wrong = await patch({
      name: 'Emp',
      currentPassword: 'not-the-password',
      newPassword: 'new-password-1',
    });
    expectError(wrong, 400, ErrorCode.wrongCurrentPassword);
    expect(wrong.body.error.details).toEqual([{ field: 'currentPassword', message: expect.any(String) }]);
    const missing = await patch({ name: 'Emp', newPassword: 'new-password-1' });
    expectError(missing, 400, ErrorCode.validation);
    expect(missing.body.error.details.map((d: { field: string }) => d.field)).toEqual(['currentPassword']);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: other })).status).toBe(200);
    expect(
      await login(t, { license: owner.code, username: employee.username, password: employee.password }),
    ).toBeTruthy();

    const changed = await patch({
      name: 'Emp',
      currentPassword: employee.password,
      newPassword: 'new-password-1',
    });
    expect(changed.status).toBe(200);
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: employee.token })).status).toBe(200);
    expectError(
      await call(t, 'GET', '/v1/admin/users/info', { token: other }),
      401,
      ErrorCode.unauthenticated,
    );
    await expect(
      login(t, { license: owner.code, username: employee.username, password: employee.password }),
    ).rejects.toThrow(/401/);
    expect(
      await login(t, { license: owner.code, username: employee.username, password: 'new-password-1' }),
    ).toBeTruthy();
  });
});

describe('the platform SUPER_ADMIN', () => {
  it('holds every permission in both scopes', async () => {
    const info = (await call(t, 'GET', '/v1/admin/users/info', { token: platform.token })).body.data;
    expect(info).toMatchObject({ roles: [SUPER_ADMIN], isPlatform: true });
    const held = new Set(info.permissions.map((e: Entry) => `${e.scope}:${e.permission}`));
    for (const permission of allPermissions) {
      expect(held.has(`can_do:${permission}`), permission).toBe(true);
      expect(held.has(`can_grant:${permission}`), permission).toBe(true);
    }
  });

  it('holds them by his role, whatever entries are stored', async () => {
    const boot = await buildTestApp();
    try {
      const { token, userId } = await platformLicense(boot);
      await boot.database.db.delete(userPermissions).where(eq(userPermissions.userId, userId));
      // users/info still lists every permission in both scopes: the role holds them, not the rows.
      const listed = (await call(boot, 'GET', '/v1/admin/users/info', { token })).body.data.permissions;
      expect(listed).toHaveLength(allPermissions.length * 2);

      const tax = await call(boot, 'POST', '/v1/admin/taxes', {
        token,
        payload: { name: 'IVA', percentage: 21 },
      });
      expect(tax.status).toBe(201);
      const support = await call(boot, 'POST', url, {
        token,
        payload: {
          name: 'Support',
          username: 'support',
          password: 'support-pass-1',
          permissions: [can('licenses_loginAsUser'), grant('licenses_find'), can('grant_permissions')],
        },
      });
      expect(support.status).toBe(201);
      expect((await call(boot, 'GET', url, { token })).body.data.total).toBe(2);
    } finally {
      await boot.close();
    }
  });
});

describe('taking over another employee', () => {
  it('refuses an editor a password, username or switch-off of someone holding rights he cannot grant', async () => {
    const owner = await createLicense(t);
    const editor = await createEmployee(t, owner.code, owner.token, [
      can('employees_edit'),
      can('employees_find'),
    ]);
    const before = await login(t, { license: owner.code, username: 'owner', password: owner.password });
    for (const payload of [
      { password: 'taken-over-1' },
      { username: 'renamed' },
      { enabled: false },
      { email: 'x@y.es' },
      { name: 'Renamed' },
    ]) {
      expectError(
        await call(t, 'PATCH', `${url}/${owner.admin.id}`, { token: editor.token, payload }),
        403,
        ErrorCode.employeeNotManageable,
      );
    }
    expect((await call(t, 'GET', `${url}/${owner.admin.id}`, { token: owner.token })).body.data.name).toBe(
      'owner',
    );
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: before })).status).toBe(200);
    await login(t, { license: owner.code, username: 'owner', password: owner.password });
  });

  it('lets him manage someone whose every right he could grant', async () => {
    const owner = await createLicense(t);
    const editor = await createEmployee(t, owner.code, owner.token, [
      can('employees_edit'),
      grant('customers_find'),
    ]);
    const clerk = await createEmployee(t, owner.code, owner.token, [can('customers_find')]);
    const res = await call(t, 'PATCH', `${url}/${clerk.id}`, {
      token: editor.token,
      payload: { password: 'new-clerk-pass' },
    });
    expect(res.status).toBe(200);
    await login(t, { license: owner.code, username: clerk.username, password: 'new-clerk-pass' });
  });

  it('refuses changing one’s own permission entries', async () => {
    const owner = await createLicense(t);
    const res = await call(t, 'PATCH', `${url}/${owner.admin.id}`, {
      token: owner.token,
      payload: { permissions: [can('customers_find')] },
    });
    expectError(res, 403, ErrorCode.cannotGrantPermission);
    expect((await entriesOf(owner.token, owner.admin.id)).length).toBeGreaterThan(2);
  });
});

/** Every permission a company may hold, in both scopes: what a license's first employee holds. */
const everything = () =>
  allPermissions
    .filter((p) => !p.startsWith('licenses_'))
    .flatMap((permission) => [can(permission), grant(permission)]);

describe('who may edit or delete whom (contract §4)', () => {
  it('refuses deleting the company administrator with employees_delete alone (403, 1000136)', async () => {
    const owner = await createLicense(t);
    const deleter = await createEmployee(t, owner.code, owner.token, [
      can('employees_delete'),
      can('employees_find'),
    ]);
    expectError(
      await call(t, 'DELETE', `${url}/${owner.admin.id}`, { token: deleter.token }),
      403,
      ErrorCode.employeeNotManageable,
    );
    expect((await call(t, 'GET', '/v1/admin/users/info', { token: owner.token })).status).toBe(200);
    // Someone whose every right he may grant, he deletes.
    const grantor = await createEmployee(t, owner.code, owner.token, [
      can('employees_delete'),
      grant('customers_find'),
    ]);
    const clerk = await createEmployee(t, owner.code, owner.token, [
      can('customers_find'),
      grant('customers_find'),
    ]);
    const senior = await createEmployee(t, owner.code, owner.token, [
      can('customers_find'),
      can('orders_find'),
    ]);
    expectError(
      await call(t, 'DELETE', `${url}/${senior.id}`, { token: grantor.token }),
      403,
      ErrorCode.employeeNotManageable,
    );
    expect((await call(t, 'DELETE', `${url}/${clerk.id}`, { token: grantor.token })).status).toBe(200);
  });

  it('answers canManage on the list and the record', async () => {
    const owner = await createLicense(t);
    const viewer = await createEmployee(t, owner.code, owner.token, [
      can('employees_find'),
      grant('customers_find'),
    ]);
    const clerk = await createEmployee(t, owner.code, owner.token, [can('customers_find')]);
    const senior = await createEmployee(t, owner.code, owner.token, [can('orders_find')]);
    const list = await call(t, 'GET', url, { token: viewer.token });
    const byId = new Map(
      list.body.data.items.map((e: { id: number; canManage: boolean }) => [e.id, e.canManage]),
    );
    expect(Object.fromEntries(byId)).toEqual({
      [owner.admin.id]: false,
      [viewer.id]: false,
      [clerk.id]: true,
      [senior.id]: false,
    });
    const get = async (token: string, id: number) =>
      (await call(t, 'GET', `${url}/${id}`, { token })).body.data.canManage;
    expect(await get(viewer.token, clerk.id)).toBe(true);
    expect(await get(viewer.token, senior.id)).toBe(false);
    expect(await get(owner.token, senior.id)).toBe(true);
    expect(await get(owner.token, owner.admin.id)).toBe(false);
    // The platform SUPER_ADMIN manages every colleague.
    const colleague = await newEmployee(platform.token, [can('licenses_find')]);
    expect(await get(platform.token, colleague.body.data.id)).toBe(true);
  });

  it('never deletes, switches off or strips the last holder of grant_permissions (409, 1000138)', async () => {
    const owner = await createLicense(t);
    const second = await createEmployee(t, owner.code, owner.token, everything());
    // Two holders: one may go.
    expect((await call(t, 'DELETE', `${url}/${owner.admin.id}`, { token: second.token })).status).toBe(200);
    // Someone who may grant all the last holder's rights but holds grant_permissions only as can_grant.
    const manager = await createEmployee(t, owner.code, second.token, [
      ...everything().filter((e) => e.scope === 'can_grant'),
      can('employees_delete'),
      can('employees_edit'),
      can('employees_find'),
    ]);
    expectError(
      await call(t, 'DELETE', `${url}/${second.id}`, { token: manager.token }),
      409,
      ErrorCode.lastPermissionGranter,
    );
    expectError(
      await call(t, 'PATCH', `${url}/${second.id}`, { token: manager.token, payload: { enabled: false } }),
      409,
      ErrorCode.lastPermissionGranter,
    );
    const info = await call(t, 'GET', `${url}/${second.id}`, { token: second.token });
    expect(info.body.data.enabled).toBe(true);
    // Other edits of the last holder remain possible.
    expect(
      (
        await call(t, 'PATCH', `${url}/${second.id}`, {
          token: manager.token,
          payload: { name: 'Still here' },
        })
      ).status,
    ).toBe(200);
    // With another holder, stripping one of them is allowed; stripping the last is not.
    const third = await createEmployee(t, owner.code, second.token, everything());
    const strip = (token: string, id: number) =>
      call(t, 'PATCH', `${url}/${id}`, {
        token,
        payload: { permissions: everything().filter((e) => e.permission !== 'grant_permissions') },
      });
    expect((await strip(second.token, third.id)).status).toBe(200);
    await call(t, 'PATCH', `${url}/${third.id}`, {
      token: second.token,
      payload: { permissions: everything() },
    });
    expect((await strip(third.token, second.id)).status).toBe(200);
    // Now `third` is the only holder; nobody can strip him (not himself, and no holder is left to).
    expectError(
      await call(t, 'DELETE', `${url}/${third.id}`, { token: manager.token }),
      409,
      ErrorCode.lastPermissionGranter,
    );
  });

  it('lets two holders deleting each other at once leave one of them', async () => {
    for (let round = 0; round < 4; round++) {
      const owner = await createLicense(t);
      const other = await createEmployee(t, owner.code, owner.token, everything());
      // Both callers are past authentication before either deletes: only the lock keeps one holder.
      const [ownerAuth, otherAuth] = await Promise.all([
        t.services.authentication.authenticate(owner.token),
        t.services.authentication.authenticate(other.token),
      ]);
      const results = await Promise.allSettled([
        t.services.employees.remove(ownerAuth!, other.id),
        t.services.employees.remove(otherAuth!, owner.admin.id),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason.code).toBe(ErrorCode.lastPermissionGranter);
      const left = await t.database.db
        .select()
        .from(userPermissions)
        .where(eq(userPermissions.licenseId, owner.license.id));
      expect(left.filter((e) => e.permission === 'grant_permissions' && e.scope === 'can_do')).toHaveLength(
        1,
      );
    }
  });

  it('changes one’s own password only on the profile (409, 1000139)', async () => {
    const owner = await createLicense(t);
    const res = await call(t, 'PATCH', `${url}/${owner.admin.id}`, {
      token: owner.token,
      payload: { password: 'without-the-old-1' },
    });
    expectError(res, 409, ErrorCode.ownPasswordOnProfile);
    await expect(
      login(t, { license: owner.code, username: 'owner', password: 'without-the-old-1' }),
    ).rejects.toThrow(/401/);
    expect(await login(t, { license: owner.code, username: 'owner', password: owner.password })).toBeTruthy();
    // Other fields of one's own record stay editable there.
    const renamed = await call(t, 'PATCH', `${url}/${owner.admin.id}`, {
      token: owner.token,
      payload: { name: 'The owner' },
    });
    expect(renamed.status).toBe(200);
  });
});

describe('role presets (contract permissionPresets) as the permission editor sends them', () => {
  it('are taken as they are from an owner, the administrator with the right to grant what he holds', async () => {
    const owner = await createLicense(t);
    for (const name of permissionPresetNames) {
      const preset = permissionPresets[name];
      const entries = [
        ...preset.map(can),
        ...(preset.includes('grant_permissions') ? preset.map(grant) : []),
      ];
      const res = await call(t, 'POST', url, {
        token: owner.token,
        payload: {
          name: `Preset ${name}`,
          username: unique(name),
          password: 'password-1234',
          permissions: entries,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const held = res.body.data.permissions as Entry[];
      expect(
        held
          .filter((e) => e.scope === 'can_do')
          .map((e) => e.permission)
          .sort(),
      ).toEqual([...preset].sort());
    }
  });

  it('are refused in full from who may not grant all of it: the editor fills only what he may grant', async () => {
    const owner = await createLicense(t);
    const receptionist = permissionPresets.receptionist;
    const desk = await createEmployee(t, owner.code, owner.token, [
      can('employees_create'),
      can('grant_permissions'),
      ...receptionist.map(grant),
    ]);
    const cashier = permissionPresets.cashier.map(can);
    expectError(
      await call(t, 'POST', url, {
        token: desk.token,
        payload: {
          name: 'Cajero',
          username: unique('cashier'),
          password: 'password-1234',
          permissions: cashier,
        },
      }),
      403,
      ErrorCode.cannotGrantPermission,
    );
    // The part of the preset he may grant goes through.
    const mine = cashier.filter((e) => receptionist.includes(e.permission as (typeof receptionist)[number]));
    const res = await call(t, 'POST', url, {
      token: desk.token,
      payload: { name: 'Cajero', username: unique('cashier'), password: 'password-1234', permissions: mine },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
