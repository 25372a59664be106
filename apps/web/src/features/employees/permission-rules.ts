import {
  type CurrentUser,
  type Permission,
  type PermissionArea,
  type PermissionPresetName,
  type PermissionScope,
  permissionAreas,
  permissionPresets,
} from '@mostrador/contract';

/** One permission entry as the forms send it (contract §4: `{scope, permission}`). */
export interface Entry {
  scope: PermissionScope;
  permission: Permission;
}

export interface AreaGroup {
  area: PermissionArea;
  permissions: Permission[];
}

/**
 * The catalogue grouped by area, in the spec's order. A company license never holds the license
 * administration (`licenses_*`), so it is not offered there.
 */
export function catalogueFor(isPlatform: boolean): AreaGroup[] {
  return Object.entries(permissionAreas)
    .filter(([area]) => isPlatform || area !== 'licenses')
    .map(([area, actions]) => ({
      area: area as PermissionArea,
      permissions: actions.map((action) => `${area}_${action}` as Permission),
    }));
}

/** The areas' sections, each under its own heading in the editor, in this order. */
export const permissionSections = [
  { key: 'platform', areas: ['licenses'] },
  {
    key: 'frontDesk',
    areas: ['bookingCalendars', 'bookings', 'bookingCalendarsScheduleAnomaly', 'customers'],
  },
  { key: 'sales', areas: ['orders', 'sales', 'cashRegisters', 'products', 'giftVouchers', 'subscriptions'] },
  { key: 'team', areas: ['employees', 'grant', 'mails', 'suppliers', 'settings'] },
] as const satisfies readonly { key: string; areas: readonly PermissionArea[] }[];
export type PermissionSectionKey = (typeof permissionSections)[number]['key'];

export interface SectionGroup {
  key: PermissionSectionKey;
  groups: AreaGroup[];
}

/** The catalogue's areas by section; sections left empty (the platform's, on a company) are dropped. */
export function sectionsFor(isPlatform: boolean): SectionGroup[] {
  const byArea = new Map(catalogueFor(isPlatform).map((g) => [g.area, g]));
  return permissionSections
    .map((section) => ({
      key: section.key,
      groups: section.areas.flatMap((area) => byArea.get(area) ?? []),
    }))
    .filter((section) => section.groups.length > 0);
}

/**
 * `entries` filled from a role preset: of the permissions the editor may grant, "may do" is checked exactly
 * for the preset's; "may grant" too when the preset holds grant_permissions (who hands out permissions
 * hands out his own), else unchecked. What the editor may not grant stays as it was.
 */
export function applyPreset(
  entries: readonly Entry[],
  preset: PermissionPresetName,
  grantable: ReadonlySet<string>,
  isPlatform: boolean,
): Entry[] {
  const wanted = new Set<Permission>(permissionPresets[preset]);
  const grants = wanted.has('grant_permissions');
  const changeable = catalogueFor(isPlatform)
    .flatMap((g) => g.permissions)
    .filter((p) => grantable.has(p));
  const inPreset = changeable.filter((p) => wanted.has(p));
  const outside = changeable.filter((p) => !wanted.has(p));
  let next = setEntries(entries, 'can_do', inPreset, true);
  next = setEntries(next, 'can_do', outside, false);
  next = setEntries(next, 'can_grant', grants ? inPreset : [], true);
  return setEntries(next, 'can_grant', grants ? outside : changeable, false);
}

/** The preset's permissions the editor may not grant, which `applyPreset` leaves out. */
export function presetShortfall(preset: PermissionPresetName, grantable: ReadonlySet<string>): Permission[] {
  return permissionPresets[preset].filter((p) => !grantable.has(p));
}

const catalogueOrder = new Map(
  catalogueFor(true)
    .flatMap((g) => g.permissions)
    .map((p, i) => [p, i]),
);

/** What the user may hand out: his `can_grant` entries. */
export function grantableOf(user: CurrentUser): ReadonlySet<string> {
  return new Set(user.permissions.filter((e) => e.scope === 'can_grant').map((e) => e.permission));
}

function holds(user: CurrentUser, permission: Permission): boolean {
  return user.permissions.some((e) => e.scope === 'can_do' && e.permission === permission);
}

/** Why the permission editor is read-only for this user, or `null` when he may change what he may grant. */
export type EditorLock = 'self' | 'noGrantRight' | null;

export function editorLock(user: CurrentUser, action: 'create' | 'edit', targetId?: number): EditorLock {
  if (action === 'edit' && targetId === user.id) return 'self';
  const needed: Permission = action === 'create' ? 'employees_create' : 'employees_edit';
  if (!holds(user, 'grant_permissions') || !holds(user, needed)) return 'noGrantRight';
  return null;
}

export const entryKey = (scope: PermissionScope, permission: string) => `${scope}:${permission}`;

/** `entries` with `permissions` of `scope` checked or unchecked, without duplicates, in catalogue order. */
export function setEntries(
  entries: readonly Entry[],
  scope: PermissionScope,
  permissions: readonly Permission[],
  checked: boolean,
): Entry[] {
  const byKey = new Map(entries.map((e) => [entryKey(e.scope, e.permission), e]));
  for (const permission of permissions) {
    const key = entryKey(scope, permission);
    if (checked) byKey.set(key, { scope, permission });
    else byKey.delete(key);
  }
  return sortEntries([...byKey.values()]);
}

export function sortEntries(entries: Entry[]): Entry[] {
  return [...entries].sort(
    (a, b) =>
      (catalogueOrder.get(a.permission) ?? 0) - (catalogueOrder.get(b.permission) ?? 0) ||
      a.scope.localeCompare(b.scope),
  );
}

export function sameEntries(a: readonly Entry[], b: readonly Entry[]): boolean {
  const keys = new Set(a.map((e) => entryKey(e.scope, e.permission)));
  return a.length === b.length && b.every((e) => keys.has(entryKey(e.scope, e.permission)));
}

/** The state of an area's "all" toggle for one scope. */
export function areaState(
  entries: readonly Entry[],
  scope: PermissionScope,
  permissions: readonly Permission[],
) {
  const keys = new Set(entries.map((e) => entryKey(e.scope, e.permission)));
  const count = permissions.filter((p) => keys.has(entryKey(scope, p))).length;
  return { checked: count === permissions.length, indeterminate: count > 0 && count < permissions.length };
}

/** Parses the server's `"can_do customers_find"` detail of a refused entry. */
export function parseRefusedEntry(message: string): Entry | null {
  const [scope, permission] = message.split(' ');
  if (
    (scope !== 'can_do' && scope !== 'can_grant') ||
    !permission ||
    !catalogueOrder.has(permission as Permission)
  )
    return null;
  return { scope, permission: permission as Permission };
}
