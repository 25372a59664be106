import { ErrorCode } from '@mostrador/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.js';
import { type Platform, platformLicense } from './factories.js';
import { buildTestApp, call, createEmployee, createLicense, expectError, type TestApp } from './helpers.js';

let t: TestApp;
/** The platform license and its SUPER_ADMIN. */
let platform: Platform;

beforeAll(async () => {
  t = await buildTestApp({ throttle: { addressLimit: 1000 } });
  platform = await platformLicense(t);
});
afterAll(() => t.close());

const supportUrl = (userId: number | string) => `/v1/admin/authentication/login-as-support/${userId}`;
const info = (token: string) => call(t, 'GET', '/v1/admin/users/info', { token });

async function supportRows(licenseId: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.licenseId, licenseId), eq(auditLog.action, 'support.login')));
}

/** A company license with its owner and one employee holding customers_find. */
async function company() {
  const owner = await createLicense(t);
  const clerk = await createEmployee(t, owner.code, owner.token, [
    { scope: 'can_do', permission: 'customers_find' },
  ]);
  return { owner, clerk };
}

describe('GET /admin/authentication/login-as-support/{userId}', () => {
  it('answers a session as the employee, which knows its support user, recorded in the audit log', async () => {
    const { owner, clerk } = await company();
    const res = await call(t, 'GET', supportUrl(clerk.id), { token: platform.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const token = res.body.data as string;
    expect(typeof token).toBe('string');
    expect(token).not.toBe(platform.token);

    const me = await info(token);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      id: clerk.id,
      username: clerk.username,
      licenseId: owner.license.id,
      isPlatform: false,
      roles: [],
      supportUser: { id: platform.userId, name: platform.username },
    });
    // He holds the employee's rights, not the support user's.
    expect(me.body.data.permissions.map((e: { permission: string }) => e.permission)).toEqual([
      'customers_find',
    ]);
    expect((await call(t, 'GET', '/v1/admin/customers', { token })).status).toBe(200);
    expectError(
      await call(t, 'POST', '/v1/admin/customers', { token, payload: { name: 'x' } }),
      403,
      ErrorCode.forbidden,
    );
    expectError(await call(t, 'GET', '/v1/admin/licenses', { token }), 403, ErrorCode.forbidden);

    const rows = await supportRows(owner.license.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      licenseId: owner.license.id,
      actorUserId: platform.userId,
      action: 'support.login',
      details: expect.objectContaining({ asUserId: clerk.id }),
    });
    expect(new Date(rows[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Nothing was written in the platform's own log.
    expect(await supportRows(platform.licenseId)).toHaveLength(0);

    // Logging the support session out ends that session only.
    expect((await call(t, 'POST', '/v1/admin/authentication/logout', { token })).status).toBe(200);
    expectError(await info(token), 401, ErrorCode.unauthenticated);
    expect((await info(clerk.token)).status).toBe(200);
    expect((await info(platform.token)).status).toBe(200);
  });

  it('works for a license owner too, and each log-in is a new audit row', async () => {
    const { owner } = await company();
    for (let i = 0; i < 2; i++) {
      const res = await call(t, 'GET', supportUrl(owner.admin.id), { token: platform.token });
      expect(res.status).toBe(200);
      expect((await info(res.body.data)).body.data).toMatchObject({
        id: owner.admin.id,
        licenseId: owner.license.id,
        supportUser: { id: platform.userId },
      });
    }
    expect(await supportRows(owner.license.id)).toHaveLength(2);
  });

  it('answers supportUser null on a normal log-in', async () => {
    const { owner, clerk } = await company();
    for (const token of [owner.token, clerk.token, platform.token]) {
      expect((await info(token)).body.data.supportUser).toBeNull();
    }
  });

  it('answers 404 for a disabled or unknown employee, or one of an inactive license, and logs nothing', async () => {
    const { owner, clerk } = await company();
    const disabled = await call(t, 'PATCH', `/v1/admin/users/${clerk.id}`, {
      token: owner.token,
      payload: { enabled: false },
    });
    expect(disabled.status).toBe(200);
    expectError(
      await call(t, 'GET', supportUrl(clerk.id), { token: platform.token }),
      404,
      ErrorCode.notFound,
    );
    expectError(await call(t, 'GET', supportUrl(999999), { token: platform.token }), 404, ErrorCode.notFound);

    const license = owner.license;
    const off = await call(t, 'PUT', `/v1/admin/licenses/${license.id}`, {
      token: platform.token,
      payload: { name: license.name, code: license.code, status: 'inactive' },
    });
    expect(off.status).toBe(200);
    expectError(
      await call(t, 'GET', supportUrl(owner.admin.id), { token: platform.token }),
      404,
      ErrorCode.notFound,
    );
    expect(await supportRows(license.id)).toHaveLength(0);

    expectError(
      await call(t, 'GET', supportUrl('abc'), { token: platform.token }),
      400,
      ErrorCode.validation,
    );
  });

  it('never becomes the SUPER_ADMIN, nor a platform colleague with rights the support user cannot grant', async () => {
    const support = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_loginAsUser' },
    ]);
    const rootId = (await info(platform.token)).body.data.id as number;
    expectError(await call(t, 'GET', supportUrl(rootId), { token: support.token }), 403, ErrorCode.forbidden);
    const colleague = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_delete' },
    ]);
    expectError(
      await call(t, 'GET', supportUrl(colleague.id), { token: support.token }),
      403,
      ErrorCode.forbidden,
    );
    // The SUPER_ADMIN may grant anything, so he may become that colleague.
    expect((await call(t, 'GET', supportUrl(colleague.id), { token: platform.token })).status).toBe(200);
  });

  it('needs licenses_loginAsUser in the platform license', async () => {
    const { owner, clerk } = await company();
    const platformClerk = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_find' },
      { scope: 'can_do', permission: 'licenses_edit' },
    ]);
    expectError(
      await call(t, 'GET', supportUrl(clerk.id), { token: platformClerk.token }),
      403,
      ErrorCode.forbidden,
    );
    // A company owner holds every company permission, and still may not.
    expectError(await call(t, 'GET', supportUrl(clerk.id), { token: owner.token }), 403, ErrorCode.forbidden);
    expectError(await call(t, 'GET', supportUrl(clerk.id)), 401, ErrorCode.unauthenticated);
    expect(await supportRows(owner.license.id)).toHaveLength(0);

    // A platform employee holding it may; the session names him.
    const support = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_loginAsUser' },
    ]);
    const res = await call(t, 'GET', supportUrl(clerk.id), { token: support.token });
    expect(res.status).toBe(200);
    expect((await info(res.body.data)).body.data).toMatchObject({
      id: clerk.id,
      licenseId: owner.license.id,
      supportUser: { id: support.id, name: `Employee ${support.username}` },
    });
    const rows = await supportRows(owner.license.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: support.id,
      details: expect.objectContaining({ asUserId: clerk.id }),
    });
  });

  it('ends the sessions a support user opened as others when he is disabled, changes password or is deleted', async () => {
    const { clerk } = await company();
    const supporter = async () =>
      createEmployee(t, platform.code, platform.token, [
        { scope: 'can_do', permission: 'licenses_loginAsUser' },
      ]);
    const openAs = async (token: string) => {
      const res = await call(t, 'GET', supportUrl(clerk.id), { token });
      expect(res.status).toBe(200);
      expect((await info(res.body.data)).status).toBe(200);
      return res.body.data as string;
    };

    const disabledOne = await supporter();
    const a = await openAs(disabledOne.token);
    const off = await call(t, 'PATCH', `/v1/admin/users/${disabledOne.id}`, {
      token: platform.token,
      payload: { enabled: false },
    });
    expect(off.status).toBe(200);
    expectError(await info(a), 401, ErrorCode.unauthenticated);

    const deletedOne = await supporter();
    const b = await openAs(deletedOne.token);
    expect(
      (await call(t, 'DELETE', `/v1/admin/users/${deletedOne.id}`, { token: platform.token })).status,
    ).toBe(200);
    expectError(await info(b), 401, ErrorCode.unauthenticated);

    const movedOn = await supporter();
    const c = await openAs(movedOn.token);
    const changed = await call(t, 'PATCH', '/v1/admin/users/info', {
      token: movedOn.token,
      payload: { name: 'Support', currentPassword: movedOn.password, newPassword: 'another-pass-1' },
    });
    expect(changed.status).toBe(200);
    expectError(await info(c), 401, ErrorCode.unauthenticated);
    expect((await info(movedOn.token)).status).toBe(200);

    // The employee's own session is untouched throughout.
    expect((await info(clerk.token)).status).toBe(200);
  });
});

describe('GET /admin/licenses/{id}/employees', () => {
  const listUrl = (licenseId: number | string) => `/v1/admin/licenses/${licenseId}/employees`;

  it('lists that license’s employees only, searchable by name or username, for support to pick one', async () => {
    const { owner, clerk } = await company();
    const other = await company();
    const res = await call(t, 'GET', listUrl(owner.license.id), { token: platform.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.items.map((e: { id: number }) => e.id).sort((x: number, y: number) => x - y);
    expect(ids).toEqual([owner.admin.id, clerk.id].sort((x, y) => x - y));
    expect(res.body.data.total).toBe(2);
    const item = res.body.data.items.find((e: { id: number }) => e.id === clerk.id);
    expect(item).toMatchObject({ username: clerk.username, enabled: true, roles: [], canManage: false });
    expect(item.permissions).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(other.clerk.username);

    const found = await call(t, 'GET', `${listUrl(owner.license.id)}?query=${clerk.username}`, {
      token: platform.token,
    });
    expect(found.status).toBe(200);
    expect(found.body.data.items.map((e: { id: number }) => e.id)).toEqual([clerk.id]);

    // The employee picked from the list is the one support logs in as.
    const session = await call(t, 'GET', supportUrl(found.body.data.items[0].id), { token: platform.token });
    expect((await info(session.body.data)).body.data).toMatchObject({ id: clerk.id });
  });

  it('answers 404 for a license that does not exist', async () => {
    expectError(await call(t, 'GET', listUrl(987654), { token: platform.token }), 404, ErrorCode.notFound);
  });

  it('needs licenses_loginAsUser in the platform license', async () => {
    const { owner } = await company();
    expectError(await call(t, 'GET', listUrl(owner.license.id)), 401, ErrorCode.unauthenticated);
    // A company owner, even about his own license, may not.
    expectError(
      await call(t, 'GET', listUrl(owner.license.id), { token: owner.token }),
      403,
      ErrorCode.forbidden,
    );
    const viewer = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_find' },
    ]);
    expectError(
      await call(t, 'GET', listUrl(owner.license.id), { token: viewer.token }),
      403,
      ErrorCode.forbidden,
    );
    const support = await createEmployee(t, platform.code, platform.token, [
      { scope: 'can_do', permission: 'licenses_loginAsUser' },
    ]);
    const res = await call(t, 'GET', listUrl(owner.license.id), { token: support.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((e: { id: number }) => e.id)).toContain(owner.admin.id);
  });
});
