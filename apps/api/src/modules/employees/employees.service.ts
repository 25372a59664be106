import {
  allPermissions,
  type CreateEmployeeBody,
  type CurrentUser,
  companyPermissions,
  type Employee,
  type ListQuery,
  type Permission,
  type PermissionEntry,
  SUPER_ADMIN,
  type UiConfig,
  type UpdateEmployeeBody,
  type UpdateProfileBody,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { type AuthContext, everyPermission } from '../../lib/auth-context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { pageOf } from '../../lib/list.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { createAuthenticationRepository } from '../authentication/authentication.repository.js';
import { licenses } from '../licenses/licenses.table.js';
import { createEmployeesRepository, type EmployeesRepository, type UserRow } from './employees.repository.js';
import { permissionChanges, refusedChanges } from './grant-rules.js';

type Entry = Omit<PermissionEntry, 'id'>;

const allEntries: PermissionEntry[] = allPermissions.flatMap((permission) => [
  { scope: 'can_do' as const, permission },
  { scope: 'can_grant' as const, permission },
]);

function toEmployee(row: UserRow, permissions: PermissionEntry[], canManage: boolean): Employee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    roles: row.roles,
    enabled: row.enabled,
    permissions,
    createdAt: row.createdAt.toISOString(),
    canManage,
  };
}

const isSuperAdmin = (auth: AuthContext) => auth.grantable === everyPermission;

/**
 * Contract §4: whether `auth` may edit or delete another employee: only when he may grant (can_grant)
 * every permission that employee holds, in either scope; the platform SUPER_ADMIN may act on anyone
 * but himself, and nobody else on a SUPER_ADMIN.
 */
function mayManage(auth: AuthContext, target: UserRow, entries: Pick<PermissionEntry, 'permission'>[]) {
  if (target.id === auth.userId) return false;
  if (isSuperAdmin(auth)) return true;
  if (target.roles.includes(SUPER_ADMIN)) return false;
  return entries.every((e) => auth.grantable.has(e.permission as Permission));
}

const holdsGrant = (entries: Entry[]) =>
  entries.some((e) => e.scope === 'can_do' && e.permission === 'grant_permissions');

export function createEmployeesService(deps: { db: Db }) {
  const { db } = deps;
  const repo = createEmployeesRepository(db);

  async function entriesOf(licenseId: number, userId: number): Promise<PermissionEntry[]> {
    const rows = await repo.permissionsOf(licenseId, [userId]);
    return rows.map((r) => ({ id: r.id, scope: r.scope, permission: r.permission }));
  }

  async function licenseOf(licenseId: number) {
    const [license] = await db.select().from(licenses).where(eq(licenses.id, licenseId));
    if (!license) throw notFound();
    return license;
  }

  /** A company license holds no license administration; the platform holds all. */
  function checkAllowedForLicense(isPlatform: boolean, entries: Entry[]) {
    if (isPlatform) return;
    const allowed = new Set<string>(companyPermissions);
    const bad = entries.filter((e) => !allowed.has(e.permission));
    if (bad.length)
      throw new AppError(
        'cannotGrantPermission',
        bad.map((e) => ({ field: 'permissions', message: `${e.scope} ${e.permission}` })),
      );
  }

  function assertGrant(auth: AuthContext, changed: Entry[], action: 'create' | 'edit') {
    const refused = refusedChanges(auth, changed, action);
    if (refused.length) {
      throw new AppError(
        'cannotGrantPermission',
        refused.map((e) => ({ field: 'permissions', message: `${e.scope} ${e.permission}` })),
      );
    }
  }

  /**
   * Refuses to delete, switch off or strip `userId` when no other enabled employee of the license holds
   * grant_permissions. Under the license's lock, so two such changes at once are taken one after the other.
   */
  async function assertNotLastGranter(r: EmployeesRepository, licenseId: number, userId: number) {
    await r.lockGranters(licenseId);
    const others = (await r.granters(licenseId)).filter((g) => g !== userId);
    if (!others.length) throw new AppError('lastPermissionGranter');
  }

  async function usernameTaken(licenseId: number, username: string, exceptId?: number) {
    const other = await repo.findByUsername(licenseId, username);
    return !!other && other.id !== exceptId;
  }

  return {
    async info(auth: AuthContext): Promise<CurrentUser> {
      const user = await repo.find(auth.licenseId, auth.userId);
      if (!user) throw new AppError('unauthenticated');
      const license = await licenseOf(auth.licenseId);
      let supportUser: CurrentUser['supportUser'] = null;
      if (auth.supportUserId) supportUser = (await repo.supportUser(auth.supportUserId)) ?? null;
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        username: user.username,
        roles: user.roles,
        // The platform SUPER_ADMIN holds everything by his role, whatever his stored entries say.
        permissions:
          auth.permissions === everyPermission ? allEntries : await entriesOf(auth.licenseId, user.id),
        uiConfig: user.uiConfig,
        licenseId: license.id,
        licenseName: license.name,
        isPlatform: license.isPlatform,
        supportUser,
      };
    },

    async updateProfile(auth: AuthContext, body: UpdateProfileBody) {
      const user = await repo.find(auth.licenseId, auth.userId);
      if (!user) throw new AppError('unauthenticated');
      const values: Partial<typeof user> = { name: body.name };
      if (body.email !== undefined) values.email = body.email;
      if (body.newPassword) {
        if (!(await verifyPassword(user.passwordHash, body.currentPassword ?? ''))) {
          throw new AppError('wrongCurrentPassword', [{ field: 'currentPassword', message: 'not correct' }]);
        }
        values.passwordHash = await hashPassword(body.newPassword);
      }
      await db.transaction(async (tx) => {
        await createEmployeesRepository(tx).update(auth.licenseId, user.id, values);
        if (body.newPassword) {
          await createAuthenticationRepository(tx).deleteSessionsOf(user.id, auth.sessionId);
        }
      });
    },

    async saveUiConfig(auth: AuthContext, uiConfig: UiConfig) {
      await repo.update(auth.licenseId, auth.userId, { uiConfig });
      return uiConfig;
    },

    async list(auth: AuthContext, query: ListQuery) {
      const { rows, count } = await repo.list(auth.licenseId, { ...query, timeZone: auth.timeZone });
      const entries = await repo.permissionsOf(
        auth.licenseId,
        rows.map((r) => r.id),
      );
      return pageOf(
        rows.map((r) => {
          const held = entries.filter((e) => e.userId === r.id);
          const { permissions: _omit, ...rest } = toEmployee(r, [], mayManage(auth, r, held));
          return rest;
        }),
        count,
        query,
      );
    },

    /**
     * The employees of any license, for the platform's support log-in to pick one by name (platform routes
     * only). Nobody manages them from here, so `canManage` is false; 404 when the license does not exist.
     */
    async listOfLicense(auth: AuthContext, licenseId: number, query: ListQuery) {
      await licenseOf(licenseId);
      const { rows, count } = await repo.list(licenseId, { ...query, timeZone: auth.timeZone });
      return pageOf(
        rows.map((r) => {
          const { permissions: _omit, ...rest } = toEmployee(r, [], false);
          return rest;
        }),
        count,
        query,
      );
    },

    async get(auth: AuthContext, id: number): Promise<Employee> {
      const user = await repo.find(auth.licenseId, id);
      if (!user) throw notFound();
      const entries = await entriesOf(auth.licenseId, id);
      return toEmployee(user, entries, mayManage(auth, user, entries));
    },

    async create(auth: AuthContext, body: CreateEmployeeBody): Promise<Employee> {
      const username = body.username ?? body.email ?? undefined;
      if (!username)
        throw new AppError('validation', [{ field: 'username', message: 'required when there is no email' }]);
      const { next } = permissionChanges([], body.permissions ?? []);
      const license = await licenseOf(auth.licenseId);
      checkAllowedForLicense(license.isPlatform, next);
      assertGrant(auth, next, 'create');
      if (await usernameTaken(auth.licenseId, username)) {
        throw new AppError('usernameExists', [{ field: 'username', message: 'already exists' }]);
      }
      const passwordHash = await hashPassword(body.password);
      try {
        const id = await db.transaction(async (tx) => {
          const r = createEmployeesRepository(tx);
          const row = await r.insert({
            licenseId: auth.licenseId,
            name: body.name,
            email: body.email ?? null,
            username,
            passwordHash,
            enabled: body.enabled ?? true,
          });
          await r.setPermissions(auth.licenseId, row.id, next);
          return row.id;
        });
        return this.get(auth, id);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('usernameExists', [{ field: 'username', message: 'already exists' }]);
        throw error;
      }
    },

    async update(auth: AuthContext, id: number, body: UpdateEmployeeBody): Promise<Employee> {
      const user = await repo.find(auth.licenseId, id);
      if (!user) throw notFound();
      const before = await entriesOf(auth.licenseId, id);
      const changes = body.permissions ? permissionChanges(before, body.permissions) : undefined;
      const self = id === auth.userId;
      if (self && body.password !== undefined) {
        // One's own password changes on the profile, with the current one (PATCH /admin/users/info).
        throw new AppError('ownPasswordOnProfile', [{ field: 'password', message: 'use your profile' }]);
      }
      if (changes && self && (changes.added.length || changes.removed.length)) {
        // Contract §4 grants to another employee: nobody widens (or narrows) his own rights.
        throw new AppError('cannotGrantPermission', [{ field: 'permissions', message: 'not on oneself' }]);
      }
      const disabling = body.enabled === false && user.enabled;
      if (disabling && (self || user.roles.includes(SUPER_ADMIN))) {
        throw new AppError('cannotDeleteEmployee');
      }
      if (!self && !mayManage(auth, user, before)) {
        // Editing someone who holds rights the editor cannot grant would hand them over (his
        // credentials) or take them away (his entries, his account).
        throw new AppError('employeeNotManageable');
      }
      const strips =
        holdsGrant(before) && (disabling || (changes !== undefined && !holdsGrant(changes.next)));
      if (changes) {
        const license = await licenseOf(auth.licenseId);
        checkAllowedForLicense(license.isPlatform, changes.added);
        assertGrant(auth, [...changes.added, ...changes.removed], 'edit');
      }
      if (body.username && (await usernameTaken(auth.licenseId, body.username, id))) {
        throw new AppError('usernameExists', [{ field: 'username', message: 'already exists' }]);
      }
      const values: Partial<UserRow> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.email !== undefined) values.email = body.email;
      if (body.username !== undefined) values.username = body.username;
      if (body.enabled !== undefined) values.enabled = body.enabled;
      if (body.password) values.passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        const r = createEmployeesRepository(tx);
        if (strips) await assertNotLastGranter(r, auth.licenseId, id);
        if (Object.keys(values).length) await r.update(auth.licenseId, id, values);
        if (changes) await r.setPermissions(auth.licenseId, id, changes.next);
        if (disabling || body.password) await createAuthenticationRepository(tx).deleteSessionsOf(id);
      });
      return this.get(auth, id);
    },

    async remove(auth: AuthContext, id: number) {
      const user = await repo.find(auth.licenseId, id);
      if (!user) throw notFound();
      if (id === auth.userId) throw new AppError('cannotDeleteSelf');
      if (user.roles.includes(SUPER_ADMIN)) throw new AppError('cannotDeleteEmployee');
      const entries = await entriesOf(auth.licenseId, id);
      if (!mayManage(auth, user, entries)) throw new AppError('employeeNotManageable');
      // His sessions and permission entries go with the row (foreign keys cascade); the support
      // sessions he opened as other employees are ended here.
      await db.transaction(async (tx) => {
        const r = createEmployeesRepository(tx);
        if (holdsGrant(entries)) await assertNotLastGranter(r, auth.licenseId, id);
        await createAuthenticationRepository(tx).deleteSessionsOf(id);
        await r.remove(auth.licenseId, id);
      });
    },
  };
}
export type EmployeesService = ReturnType<typeof createEmployeesService>;
