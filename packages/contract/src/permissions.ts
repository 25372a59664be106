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
  giftVouchers: ['find', 'delete'],
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
