import {
  defaultTimeZone,
  isPermission,
  type LoginBody,
  type Permission,
  SUPER_ADMIN,
  sessionHours,
} from '@mostrador/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { type AuthContext, everyPermission } from '../../lib/auth-context.js';
import { dummyPasswordHash, verifyPassword } from '../../lib/passwords.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { createAuditLogRepository } from '../audit-log/audit-log.repository.js';
import { createEmployeesRepository } from '../employees/employees.repository.js';
import { licenses } from '../licenses/licenses.table.js';
import { createAuthenticationRepository, type SessionLookup } from './authentication.repository.js';
import type { LoginThrottle } from './login-throttle.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export function createAuthenticationService(deps: {
  db: Db;
  throttle: LoginThrottle;
  /** A session not remembered ends after this many minutes without use (config SESSION_IDLE_MINUTES). */
  sessionIdleMinutes?: number;
  /** Sessions kept in memory; without one, a cache that stays off until told it is listened to. */
  sessionCache?: SessionCache;
}) {
  const idleMinutes = deps.sessionIdleMinutes ?? 120;
  const repo = createAuthenticationRepository(deps.db);
  const employees = createEmployeesRepository(deps.db);
  const findLicense = async (id: number) => {
    const [row] = await deps.db.select().from(licenses).where(eq(licenses.id, id));
    return row;
  };

  const sessions = deps.sessionCache ?? createSessionCache();
  /** Whether a kept session row is still unexpired and not idle at `now` (as `findSession` asks). */
  const liveAt = (found: SessionLookup, now: number) =>
    found.expiresAt.getTime() > now &&
    (found.remember || now - found.lastSeenAt.getTime() < idleMinutes * 60_000);

  function contextOf(found: SessionLookup): AuthContext {
    const isSuperAdmin = found.isPlatform && found.roles.includes(SUPER_ADMIN);
    const can = new Set<Permission>();
    const grant = new Set<Permission>();
    for (const entry of found.permissions) {
      if (!isPermission(entry.permission)) continue;
      (entry.scope === 'can_grant' ? grant : can).add(entry.permission);
    }
    return {
      sessionId: found.sessionId,
      userId: found.userId,
      licenseId: found.licenseId,
      isPlatform: found.isPlatform,
      roles: found.roles,
      permissions: isSuperAdmin ? everyPermission : can,
      grantable: isSuperAdmin ? everyPermission : grant,
      supportUserId: found.supportUserId,
      timeZone: found.timeZone ?? defaultTimeZone,
    };
  }

  async function openSession(
    user: { id: number; licenseId: number },
    remember: boolean,
    client: ClientInfo,
    supportUserId: number | null = null,
    db: DbOrTx = deps.db,
  ): Promise<string> {
    const token = newToken();
    const hours = remember ? sessionHours.remembered : sessionHours.short;
    await createAuthenticationRepository(db).insertSession({
      licenseId: user.licenseId,
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + hours * 3_600_000),
      remember,
      supportUserId,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
    return token;
  }

  return {
    openSession,

    /** Checks license, username and password; any wrong part is the same 401. */
    async login(body: Required<LoginBody>, client: ClientInfo): Promise<string> {
      const gate = await deps.throttle.check(deps.db, body.license, body.username, client.ip);
      if (gate.refused) throw new AppError('tooManyAttempts', { retryAfterSeconds: gate.retryAfterSeconds });
      if (gate.delayMs) await sleep(gate.delayMs);
      const license = await repo.findLicenseByCode(body.license);
      const user =
        license && license.status === 'active'
          ? await employees.findByUsername(license.id, body.username)
          : undefined;
      const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
      if (!user || !valid || !user.enabled) {
        await deps.throttle.fail(deps.db, body.license, body.username, client.ip);
        throw new AppError('loginFailed');
      }
      await deps.throttle.succeed(deps.db, body.license, body.username);
      return openSession(user, body.remember, client);
    },

    /** A session as another employee, for support; recorded in that license's audit log. */
    async loginAsSupport(auth: AuthContext, userId: number, client: ClientInfo): Promise<string> {
      const target = await employees.findInAnyLicense(userId);
      if (!target?.enabled) throw new AppError('notFound');
      const license = await findLicense(target.licenseId);
      if (license?.status !== 'active') throw new AppError('notFound');
      // Within the platform, becoming a colleague must not hand over more than one could grant.
      if (target.roles.includes(SUPER_ADMIN)) throw new AppError('forbidden');
      if (license.isPlatform && auth.grantable !== everyPermission) {
        const entries = await employees.permissionsOf(target.licenseId, [target.id]);
        if (entries.some((e) => !auth.grantable.has(e.permission as Permission)))
          throw new AppError('forbidden');
      }
      return deps.db.transaction(async (tx) => {
        await createAuditLogRepository(tx).record({
          licenseId: target.licenseId,
          actorUserId: auth.userId,
          action: 'support.login',
          details: {
            asUserId: target.id,
            asUsername: target.username,
            supportLicenseId: auth.licenseId,
            ip: client.ip,
          },
        });
        return openSession(target, false, client, auth.userId, tx);
      });
    },

    async logout(auth: AuthContext) {
      await repo.deleteSession(auth.sessionId);
    },

    /**
     * The context of a bearer token, or null when it is unknown or expired. A session this process
     * read lately comes from `sessions` (session-cache.ts: exact across processes) when it is neither
     * expired nor idle by the kept row; else it is read again.
     */
    async authenticate(token: string): Promise<AuthContext | null> {
      if (token.length > 200) return null;
      const tokenHash = hashToken(token);
      const now = Date.now();
      let kept = sessions.get(tokenHash);
      if (kept && !liveAt(kept.found, now)) kept = undefined;
      if (!kept) {
        const found = await repo.findSession(tokenHash, idleMinutes);
        if (!found) return null;
        kept = { found, context: contextOf(found) };
        sessions.set(tokenHash, kept);
      }
      if (now - kept.found.lastSeenAt.getTime() > 60_000) {
        await repo.touchSession(kept.found.sessionId);
        kept.found.lastSeenAt = new Date(now);
      }
      return kept.context;
    },

    /** The sessions this process keeps in memory (listened to by the app, dropped after a write). */
    sessions,

    endSessionsOf: repo.deleteSessionsOf,
    /** Deletes expired sessions and login-throttle counters that no longer count. */
    async sweepExpired() {
      await repo.deleteExpired();
      await deps.throttle.sweep(deps.db);
    },
  };
}
export type AuthenticationService = ReturnType<typeof createAuthenticationService>;
