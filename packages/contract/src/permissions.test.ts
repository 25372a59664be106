import { describe, expect, it } from 'vitest';
import {
  companyPermissions,
  type Permission,
  permissionPresetNames,
  permissionPresets,
  presetOf,
} from './permissions.js';

describe('permission presets', () => {
  it('hold only company permissions, each once', () => {
    for (const name of permissionPresetNames) {
      const preset = permissionPresets[name];
      expect(preset.every((p) => companyPermissions.includes(p))).toBe(true);
      expect(new Set(preset).size).toBe(preset.length);
    }
  });

  it('give each role what it does', () => {
    const { receptionist, cashier, manager, administrator } = permissionPresets;
    const has = (preset: readonly Permission[], ...ps: Permission[]) => ps.every((p) => preset.includes(p));
    expect(has(receptionist, 'bookings_create', 'sales_online', 'sales_physical', 'customers_find')).toBe(
      true,
    );
    expect(has(receptionist, 'cashRegisters_open')).toBe(false);
    expect(has(cashier, 'sales_physical', 'cashRegisters_open', 'cashRegisters_close')).toBe(true);
    expect(has(cashier, 'sales_online')).toBe(false);
    expect(has(manager, 'grant_permissions')).toBe(false);
    expect(has(manager, 'settings_paymentGateway')).toBe(false);
    expect(has(manager, 'employees_edit', 'orders_delete', 'cashRegisters_close')).toBe(true);
    expect([...administrator].sort()).toEqual([...companyPermissions].sort());
    expect(administrator.some((p) => p.startsWith('licenses_'))).toBe(false);
  });

  it('are recognised from a set of permissions, in any order', () => {
    expect(presetOf([...permissionPresets.cashier].reverse())).toBe('cashier');
    expect(presetOf(companyPermissions)).toBe('administrator');
    expect(presetOf(['customers_find'])).toBeNull();
  });
});
