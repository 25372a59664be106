/** The permission catalogue of the spec's section 6, as `area_action` strings. */
export const permissionAreas = {
  licenses: ['find', 'create', 'edit', 'delete', 'loginAsUser'],
  bookingCalendars: ['find', 'create', 'edit', 'delete'],
  bookings: ['find', 'create', 'edit', 'delete'],
  bookingCalendarsScheduleAnomaly: ['find', 'create', 'delete'],
  customers: ['find', 'create', 'edit', 'delete', 'loginAsCustomer'],
  mails: ['find', 'resend'],
  orders: ['find', 'create', 'edit', 'delete'],
  sales: ['online', 'physical'],
  products: ['find', 'create', 'edit', 'delete'],
  employees: ['find', 'create', 'edit', 'delete'],
  cashRegisters: ['find', 'open', 'close'],
  giftVouchers: ['find', 'edit', 'delete'],
  settings: ['edit', 'paymentGateway'],
  suppliers: ['find', 'create', 'edit', 'delete', 'loginAsSupplier'],
  subscriptions: ['find', 'create', 'edit', 'delete'],
  grant: ['permissions'],
} as const;

type Areas = typeof permissionAreas;
export type PermissionArea = keyof Areas;
export type Permission = {
  [A in PermissionArea]: `${A}_${Areas[A][number]}`;
}[PermissionArea];

export const allPermissions: readonly Permission[] = Object.entries(permissionAreas).flatMap(
  ([area, actions]) => actions.map((action) => `${area}_${action}` as Permission),
);

const permissionSet = new Set<string>(allPermissions);
export function isPermission(value: string): value is Permission {
  return permissionSet.has(value);
}

/** What a company (non-platform) license may hold: everything but the license administration. */
export const companyPermissions: readonly Permission[] = allPermissions.filter(
  (p) => !p.startsWith('licenses_'),
);

export const permissionScopes = ['can_do', 'can_grant'] as const;
export type PermissionScope = (typeof permissionScopes)[number];

export const SUPER_ADMIN = 'SUPER_ADMIN';

export const permissionPresetNames = ['receptionist', 'cashier', 'manager', 'administrator'] as const;
export type PermissionPresetName = (typeof permissionPresetNames)[number];

const companyWithout = (...left: Permission[]) => companyPermissions.filter((p) => !left.includes(p));

/**
 * Role presets: a named set of `can_do` permissions that fills the permission editor, then editable. Only
 * company permissions (a preset never hands out the license administration). The receptionist books and
 * sells online and at the counter and finds customers; the cashier sells at the counter and runs the
 * register; the manager does everything operational but grant permissions and the payment settings; the
 * administrator holds everything a company may hold.
 */
export const permissionPresets: Record<PermissionPresetName, readonly Permission[]> = {
  receptionist: [
    'bookingCalendars_find',
    'bookings_find',
    'bookings_create',
    'bookings_edit',
    'bookingCalendarsScheduleAnomaly_find',
    'customers_find',
    'customers_create',
    'customers_edit',
    'mails_find',
    'mails_resend',
    'orders_find',
    'orders_create',
    'sales_online',
    'sales_physical',
    'products_find',
    'giftVouchers_find',
  ],
  cashier: [
    'customers_find',
    'customers_create',
    'orders_find',
    'orders_create',
    'orders_edit',
    'sales_physical',
    'products_find',
    'cashRegisters_find',
    'cashRegisters_open',
    'cashRegisters_close',
    'giftVouchers_find',
  ],
  manager: companyWithout('grant_permissions', 'settings_paymentGateway'),
  administrator: companyPermissions,
};

/** The preset whose permissions are exactly these `can_do` permissions, or null. */
export function presetOf(permissions: Iterable<string>): PermissionPresetName | null {
  const held = new Set(permissions);
  return (
    permissionPresetNames.find((name) => {
      const preset = permissionPresets[name];
      return preset.length === held.size && preset.every((p) => held.has(p));
    }) ?? null
  );
}
