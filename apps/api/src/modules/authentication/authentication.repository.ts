import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../employees/employees.table.js';
import { licenses } from '../licenses/licenses.table.js';
import { sessions } from './sessions.table.js';

export interface SessionLookup {
  sessionId: number;
  userId: number;
  licenseId: number;
  supportUserId: number | null;
  lastSeenAt: Date;
  expiresAt: Date;
  remember: boolean;
  timeZone: string | null;
  roles: string[];
  isPlatform: boolean;
  permissions: { scope: string; permission: string }[];
}

export function createAuthenticationRepository(db: DbOrTx) {
  return {
    /**
     * A live session of an enabled user of an active license, with the user's entries, in one query:
     * not expired, and used within the last `idleMinutes` unless remembered.
     */
    async findSession(tokenHash: string, idleMinutes: number): Promise<SessionLookup | undefined> {
      const [row] = await db
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          licenseId: sessions.licenseId,
          supportUserId: sessions.supportUserId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          remember: sessions.remember,
          timeZone: sql<
            string | null
          >`(select s.data->>'timeZone' from company_settings s where s.license_id = ${sessions.licenseId})`,
          roles: users.roles,
          isPlatform: licenses.isPlatform,
          permissions: sql<{ scope: string; permission: string }[]>`coalesce((
            select json_agg(json_build_object('scope', p.scope, 'permission', p.permission))
            from user_permissions p where p.user_id = ${users.id}), '[]'::json)`,
        })
        .from(sessions)
        .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.enabled, true)))
        .innerJoin(licenses, and(eq(licenses.id, sessions.licenseId), eq(licenses.status, 'active')))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, sql`now()`),
            or(
              eq(sessions.remember, true),
              gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes}::int)`),
            ),
          ),
        );
      return row;
    },

    /** Records a session's use, at most once a minute (a write per request would be wasted). */
    async touchSession(id: number) {
      await db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(sessions.id, id), sql`${sessions.lastSeenAt} < now() - interval '1 minute'`));
    },

    async findLicenseByCode(code: string) {
      const [row] = await db.select().from(licenses).where(sql`${licenses.code} = lower(${code})`);
      return row;
    },

    async insertSession(values: typeof sessions.$inferInsert) {
      const [row] = await db.insert(sessions).values(values).returning({ id: sessions.id });
      return row!;
    },

    async deleteSession(id: number) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },

    /**
     * Ends every session of a user, or every one but `keepSessionId`: his own and those he opened as
     * another employee through the support log-in.
     */
    async deleteSessionsOf(userId: number, keepSessionId?: number) {
      const his = or(eq(sessions.userId, userId), eq(sessions.supportUserId, userId));
      await db
        .delete(sessions)
        .where(keepSessionId === undefined ? his : and(his, ne(sessions.id, keepSessionId)));
    },

    /** Ends every session in a license, e.g. when it is switched off. */
    async deleteSessionsOfLicense(licenseId: number) {
      await db.delete(sessions).where(eq(sessions.licenseId, licenseId));
    },

    async deleteExpired() {
      await db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`);
    },
  };
}
export type AuthenticationRepository = ReturnType<typeof createAuthenticationRepository>;
