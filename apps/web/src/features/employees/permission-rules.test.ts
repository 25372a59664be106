import { allPermissions } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/render';
import {
  areaState,
  catalogueFor,
  editorLock,
  grantableOf,
  parseRefusedEntry,
  sameEntries,
  setEntries,
} from './permission-rules';

const editor = (can: string[], grant: string[]) =>
  testUser({
    permissions: [
      ...can.map((permission) => ({ scope: 'can_do' as const, permission })),
      ...grant.map((permission) => ({ scope: 'can_grant' as const, permission })),
    ],
  });

describe('permission rules', () => {
  it('offers the whole catalogue on the platform and no licenses_* on a company license', () => {
    expect(catalogueFor(true).flatMap((g) => g.permissions)).toEqual([...allPermissions]);
    const company = catalogueFor(false);
    expect(company.map((g) => g.area)).not.toContain('licenses');
    expect(company.flatMap((g) => g.permissions).some((p) => p.startsWith('licenses_'))).toBe(false);
  });

  it('lets change entries only with grant_permissions plus employees_create or employees_edit, never one’s own', () => {
    const granter = editor(['grant_permissions', 'employees_create', 'employees_edit'], ['customers_find']);
    expect(editorLock(granter, 'create')).toBeNull();
    expect(editorLock(granter, 'edit', 7)).toBeNull();
    expect(editorLock(granter, 'edit', granter.id)).toBe('self');
    expect(editorLock(editor(['employees_create', 'employees_edit'], []), 'create')).toBe('noGrantRight');
    expect(editorLock(editor(['grant_permissions', 'employees_edit'], []), 'create')).toBe('noGrantRight');
    expect(editorLock(editor(['grant_permissions', 'employees_create'], []), 'edit', 7)).toBe('noGrantRight');
  });

  it('grants what the editor holds as can_grant, not what he merely may do', () => {
    const user = editor(['orders_find'], ['customers_find']);
    expect([...grantableOf(user)]).toEqual(['customers_find']);
  });

  it('checks and unchecks entries without duplicates, in catalogue order', () => {
    let entries = setEntries([], 'can_do', ['products_find', 'customers_find'], true);
    entries = setEntries(entries, 'can_do', ['customers_find'], true);
    expect(entries).toEqual([
      { scope: 'can_do', permission: 'customers_find' },
      { scope: 'can_do', permission: 'products_find' },
    ]);
    expect(areaState(entries, 'can_do', ['customers_find', 'customers_edit'])).toEqual({
      checked: false,
      indeterminate: true,
    });
    const fewer = setEntries(entries, 'can_do', ['customers_find'], false);
    expect(fewer).toEqual([{ scope: 'can_do', permission: 'products_find' }]);
    expect(sameEntries(entries, [...entries].reverse())).toBe(true);
    expect(sameEntries(entries, fewer)).toBe(false);
  });

  it('reads the entries the server refused', () => {
    expect(parseRefusedEntry('can_grant orders_find')).toEqual({
      scope: 'can_grant',
      permission: 'orders_find',
    });
    expect(parseRefusedEntry('not on oneself')).toBeNull();
  });
});
