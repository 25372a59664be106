import type { Permission } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../lib/auth-context.js';
import { permissionChanges, refusedChanges } from './grant-rules.js';

function editor(can: Permission[], grant: Permission[]): AuthContext {
  return {
    sessionId: 1,
    userId: 1,
    licenseId: 1,
    isPlatform: false,
    roles: [],
    permissions: new Set(can),
    grantable: new Set(grant),
    supportUserId: null,
    timeZone: 'Europe/Madrid',
  };
}

const doCustomers = { scope: 'can_do', permission: 'customers_find' } as const;
const doOrders = { scope: 'can_do', permission: 'orders_find' } as const;
const grantCustomers = { scope: 'can_grant', permission: 'customers_find' } as const;

describe('permissionChanges', () => {
  it('answers the added, the removed and the next entries, without duplicates', () => {
    const changes = permissionChanges([doCustomers, grantCustomers], [grantCustomers, doOrders, doOrders]);
    expect(changes.added).toEqual([doOrders]);
    expect(changes.removed).toEqual([doCustomers]);
    expect(changes.next).toEqual([grantCustomers, doOrders]);
  });

  it('tells a scope change apart from no change', () => {
    expect(permissionChanges([doCustomers], [doCustomers])).toEqual({
      added: [],
      removed: [],
      next: [doCustomers],
    });
    const scoped = permissionChanges([doCustomers], [grantCustomers]);
    expect(scoped.added).toEqual([grantCustomers]);
    expect(scoped.removed).toEqual([doCustomers]);
  });
});

describe('refusedChanges', () => {
  const granter = (action: 'employees_create' | 'employees_edit', grant: Permission[] = ['customers_find']) =>
    editor(['grant_permissions', action], grant);

  it('allows no change to anybody', () => {
    expect(refusedChanges(editor([], []), [], 'create')).toEqual([]);
    expect(refusedChanges(editor([], []), [], 'edit')).toEqual([]);
  });

  it('allows grant_permissions + employees_create to give what he holds as can_grant', () => {
    expect(refusedChanges(granter('employees_create'), [doCustomers], 'create')).toEqual([]);
    expect(refusedChanges(granter('employees_create'), [grantCustomers], 'create')).toEqual([]);
  });

  it('allows grant_permissions + employees_edit to give and take what he holds as can_grant', () => {
    expect(refusedChanges(granter('employees_edit'), [doCustomers, grantCustomers], 'edit')).toEqual([]);
  });

  it('refuses every change without grant_permissions', () => {
    const auth = editor(['employees_create', 'employees_edit'], ['customers_find']);
    expect(refusedChanges(auth, [doCustomers], 'create')).toEqual([doCustomers]);
    expect(refusedChanges(auth, [doCustomers], 'edit')).toEqual([doCustomers]);
  });

  it('refuses without the action’s own employees permission', () => {
    expect(refusedChanges(granter('employees_edit'), [doCustomers], 'create')).toEqual([doCustomers]);
    expect(refusedChanges(granter('employees_create'), [doCustomers], 'edit')).toEqual([doCustomers]);
  });

  it('refuses exactly the entries he does not hold as can_grant', () => {
    expect(refusedChanges(granter('employees_create'), [doCustomers, doOrders], 'create')).toEqual([
      doOrders,
    ]);
    // Holding a permission as can_do does not let him grant it.
    const doer = editor(['grant_permissions', 'employees_edit', 'orders_find'], []);
    expect(refusedChanges(doer, [doOrders], 'edit')).toEqual([doOrders]);
  });
});
