import { allPermissions, companyPermissions, permissionPresets, presetOf } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../test/render';
import {
  applyPreset,
  areaState,
  catalogueFor,
  type Entry,
  editorLock,
  grantableOf,
  parseRefusedEntry,
  presetShortfall,
  sameEntries,
  sectionsFor,
  setEntries,
  sortEntries,
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

describe('role presets and sections', () => {
  const all = new Set<string>(allPermissions);
  const canDo = (entries: Entry[]) => entries.filter((e) => e.scope === 'can_do').map((e) => e.permission);
  const canGrant = (entries: Entry[]) =>
    entries.filter((e) => e.scope === 'can_grant').map((e) => e.permission);

  it('fills the grid with the preset: may do exactly its permissions, nothing else', () => {
    const before: Entry[] = [
      { scope: 'can_do', permission: 'employees_delete' },
      { scope: 'can_grant', permission: 'customers_find' },
    ];
    const cashier = applyPreset(before, 'cashier', all, false);
    expect([...canDo(cashier)].sort()).toEqual([...permissionPresets.cashier].sort());
    expect(canGrant(cashier)).toEqual([]);
    // In catalogue order, as the editor sends them.
    expect(cashier).toEqual(sortEntries(cashier));
  });

  it('gives a preset holding grant_permissions the right to grant its permissions too', () => {
    const admin = applyPreset([], 'administrator', all, false);
    expect([...canDo(admin)].sort()).toEqual([...companyPermissions].sort());
    expect([...canGrant(admin)].sort()).toEqual([...companyPermissions].sort());
    const manager = applyPreset(admin, 'manager', all, false);
    expect(canDo(manager)).not.toContain('grant_permissions');
    expect(canDo(manager)).not.toContain('settings_paymentGateway');
    expect(canGrant(manager)).toEqual([]);
  });

  it('leaves what the editor may not grant as it was, and names what it left out', () => {
    const grantable = new Set<string>([
      'bookings_find',
      'bookings_create',
      'customers_find',
      'orders_delete',
    ]);
    const before: Entry[] = [
      { scope: 'can_do', permission: 'products_edit' },
      { scope: 'can_do', permission: 'orders_delete' },
    ];
    const next = applyPreset(before, 'receptionist', grantable, false);
    expect(canDo(next)).toEqual(['bookings_find', 'bookings_create', 'customers_find', 'products_edit']);
    expect(presetShortfall('receptionist', grantable)).toEqual(
      permissionPresets.receptionist.filter((p) => !grantable.has(p)),
    );
    expect(presetShortfall('receptionist', grantable)).toContain('sales_online');
  });

  it('on the platform, a preset takes away the license administration the editor may grant', () => {
    const next = applyPreset([{ scope: 'can_do', permission: 'licenses_find' }], 'cashier', all, true);
    expect(canDo(next)).not.toContain('licenses_find');
    expect(presetOf(canDo(next))).toBe('cashier');
  });

  it('groups every area of the catalogue once under a section, the platform’s only on the platform', () => {
    const company = sectionsFor(false);
    expect(company.map((s) => s.key)).toEqual(['frontDesk', 'sales', 'team']);
    const areas = company.flatMap((s) => s.groups.map((g) => g.area));
    expect([...areas].sort()).toEqual(
      catalogueFor(false)
        .map((g) => g.area)
        .sort(),
    );
    const platform = sectionsFor(true);
    expect(platform[0]).toMatchObject({ key: 'platform', groups: [{ area: 'licenses' }] });
    expect(platform.flatMap((s) => s.groups).length).toBe(catalogueFor(true).length);
  });
});
