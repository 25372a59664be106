import type { Permission, PermissionEntry } from '@mostrador/contract';
import type { AuthContext } from '../../lib/auth-context.js';

type Entry = Pick<PermissionEntry, 'scope' | 'permission'>;
const keyOf = (e: Entry) => `${e.scope}:${e.permission}`;

/** Entries in `after` and not in `before`, and the other way round, without duplicates. */
export function permissionChanges(before: Entry[], after: Entry[]) {
  const had = new Map(before.map((e) => [keyOf(e), e]));
  const has = new Map(after.map((e) => [keyOf(e), e]));
  return {
    added: [...has.values()].filter((e) => !had.has(keyOf(e))),
    removed: [...had.values()].filter((e) => !has.has(keyOf(e))),
    next: [...has.values()],
  };
}

/**
 * Contract §4: changing someone's entries needs `grant_permissions` plus `employees_create` (new
 * employee) or `employees_edit`, and every entry given or taken must be one of the editor's `can_grant`.
 * Returns the entries the editor may not change; empty when the change is allowed.
 */
export function refusedChanges(auth: AuthContext, changed: Entry[], action: 'create' | 'edit'): Entry[] {
  if (!changed.length) return [];
  const mayGrant =
    auth.permissions.has('grant_permissions') &&
    auth.permissions.has(action === 'create' ? 'employees_create' : 'employees_edit');
  if (!mayGrant) return changed;
  return changed.filter((e) => !auth.grantable.has(e.permission as Permission));
}
