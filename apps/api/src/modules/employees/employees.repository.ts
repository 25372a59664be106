import { type PermissionEntry, type PermissionScope, SUPER_ADMIN } from '@mostrador/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { countCapped, type ListSpec, listClauses, type ZonedListQuery } from '../../lib/list.js';
import { userPermissions, users } from './employees.table.js';

export type UserRow = typeof users.$inferSelect;

const listSpec: ListSpec = {
  fields: {
    id: { column: users.id, type: 'number' },
    name: { column: users.name, type: 'string' },
    email: { column: users.email, type: 'string' },
    username: { column: users.username, type: 'string' },
    enabled: { column: users.enabled, type: 'boolean' },
    createdAt: { column: users.createdAt, type: 'date' },
  },
  search: [users.name, users.email, users.username],
  defaultOrder: { name: 'asc' },
  tiebreaker: users.id,
};

export function createEmployeesRepository(db: DbOrTx) {
  return {
    async list(licenseId: number, query: ZonedListQuery) {
      const c = listClauses(query, listSpec, eq(users.licenseId, licenseId));
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(users)
          .where(c.where)
          .orderBy(...c.orderBy)
          .limit(c.limit)
          .offset(c.offset),
        countCapped(db, users, c.where),
      ]);
      return { rows, count };
    },

    async find(licenseId: number, id: number): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.licenseId, licenseId), eq(users.id, id)));
      return row;
    },

    /** The support user behind a support session: a platform employee, so not scoped to the session's license. */
    async supportUser(id: number) {
      const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
      return row;
    },

    /** Any license's employee: only the platform's support log-in looks across licenses. */
    async findInAnyLicense(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },

    async findByUsername(licenseId: number, username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.licenseId, licenseId), sql`lower(${users.username}) = lower(${username})`));
      return row;
    },

    async permissionsOf(licenseId: number, userIds: number[]) {
      if (!userIds.length) return [];
      return db
        .select()
        .from(userPermissions)
        .where(and(eq(userPermissions.licenseId, licenseId), inArray(userPermissions.userId, userIds)))
        .orderBy(asc(userPermissions.scope), asc(userPermissions.permission));
    },

    async insert(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      return row!;
    },

    async update(licenseId: number, id: number, values: Partial<typeof users.$inferInsert>) {
      const [row] = await db
        .update(users)
        .set(values)
        .where(and(eq(users.licenseId, licenseId), eq(users.id, id)))
        .returning();
      return row;
    },

    async remove(licenseId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.licenseId, licenseId), eq(users.id, id)))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /**
     * A transaction-scoped lock on the license's holders of grant_permissions: whoever deletes, switches
     * off or strips one of them takes it first, so the last holder is never removed by two changes at once.
     */
    async lockGranters(licenseId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(6002, ${licenseId})`);
    },

    /** The enabled employees of a license who hold grant_permissions (can_do) or the SUPER_ADMIN role. */
    async granters(licenseId: number): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.licenseId, licenseId),
            eq(users.enabled, true),
            sql`(${SUPER_ADMIN} = any(${users.roles}) or exists (
              select 1 from ${userPermissions} p
              where p.user_id = ${users.id} and p.scope = 'can_do' and p.permission = 'grant_permissions'))`,
          ),
        );
      return rows.map((r) => r.id);
    },

    /** Replaces a user's entries with `entries`. */
    async setPermissions(licenseId: number, userId: number, entries: Omit<PermissionEntry, 'id'>[]) {
      await db
        .delete(userPermissions)
        .where(and(eq(userPermissions.licenseId, licenseId), eq(userPermissions.userId, userId)));
      if (entries.length) {
        await db.insert(userPermissions).values(
          entries.map((e) => ({
            licenseId,
            userId,
            scope: e.scope as PermissionScope,
            permission: e.permission,
          })),
        );
      }
    },
  };
}
export type EmployeesRepository = ReturnType<typeof createEmployeesRepository>;
