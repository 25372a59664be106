import { type CurrentUser, type Permission, SUPER_ADMIN } from '@mostrador/contract';
import { useMemo } from 'react';
import { useOptionalCurrentUser } from './api';

/**
 * What the user may do: his `can_do` permissions. The license administration (`licenses_*`) exists only on
 * the platform license: on a company license those screens, menu entries and actions never show.
 */
export function permissionsOf(user: CurrentUser | undefined): ReadonlySet<string> {
  if (!user) return new Set();
  return new Set(
    user.permissions
      .filter((p) => p.scope === 'can_do' && (user.isPlatform || !p.permission.startsWith('licenses_')))
      .map((p) => p.permission),
  );
}

export function holdsAll(granted: ReadonlySet<string>, needed: readonly Permission[] | undefined): boolean {
  return !needed || needed.every((p) => granted.has(p));
}

export function isSuperAdmin(user: CurrentUser | undefined): boolean {
  return !!user?.roles.includes(SUPER_ADMIN);
}

/** `can(permission)` for the logged-in user; false for everything on open pages. */
export function usePermissions(): (permission: Permission) => boolean {
  const user = useOptionalCurrentUser();
  return useMemo(() => {
    const granted = permissionsOf(user);
    return (permission: Permission) => granted.has(permission);
  }, [user]);
}
