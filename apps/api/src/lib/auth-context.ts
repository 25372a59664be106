import { allPermissions, type Permission } from '@mostrador/contract';

/**
 * Who is calling: the session's user, license and rights. Services take it as their first argument and
 * scope every query by `licenseId`; the HTTP guard (`plugins/auth.ts`) builds it from the bearer token.
 */
export interface AuthContext {
  sessionId: number;
  userId: number;
  licenseId: number;
  isPlatform: boolean;
  roles: string[];
  /** `can_do` entries. */
  permissions: ReadonlySet<Permission>;
  /** `can_grant` entries. */
  grantable: ReadonlySet<Permission>;
  supportUserId: number | null;
  /** The company's time zone: plain dates and calendars are read in it. */
  timeZone: string;
}

/** The SUPER_ADMIN's rights, in both scopes: the very same set, so `=== everyPermission` recognises him. */
export const everyPermission: ReadonlySet<Permission> = new Set(allPermissions);
