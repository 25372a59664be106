import { allPermissions, type Permission } from '@mostrador/contract';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '../features/session/permissions';
import { testUser } from '../test/render';
import { tokenFromLoginUrl } from './boot';
import { type MenuEntry, menuEntries, menuPathAliases, selectedEntry, visibleEntries } from './menu';
import { routesFor } from './routes';

const keysOf = (permissions: Permission[]) => {
  const granted = new Set<string>(permissions);
  const flat = (entries: typeof menuEntries): string[] =>
    entries.flatMap((e) => (e.children ? [e.key, ...flat(e.children)] : [e.key]));
  return flat(visibleEntries(menuEntries, (p) => granted.has(p)));
};

describe('menu', () => {
  it('shows only the dashboard and the always-available settings without permissions', () => {
    expect(keysOf([])).toEqual([
      'dashboard',
      'settings',
      'settingsGeneral',
      'settingsTaxes',
      'settingsCustomFields',
      'settingsWidget',
      'settingsMail',
      'settingsNotifications',
    ]);
  });

  it('shows the sent mails only with mails_find', () => {
    expect(keysOf(['mails_resend'])).not.toContain('mails');
    expect(keysOf(['mails_find'])).toContain('mails');
    expect(routesFor(new Set(['mails_resend'])).map((r) => r.path)).not.toContain('/mails');
    expect(routesFor(new Set(['mails_find'])).map((r) => r.path)).toContain('/mails');
  });

  it('shows the invoices, the sales report and the invoicing report with orders_find, beside the orders', () => {
    expect(keysOf(['orders_edit'])).not.toContain('invoices');
    const keys = keysOf(['orders_find']);
    expect(keys.slice(keys.indexOf('orders'), keys.indexOf('orders') + 4)).toEqual([
      'orders',
      'invoices',
      'salesReport',
      'invoicingReport',
    ]);
    const paths = routesFor(new Set(['orders_find'])).map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/invoices', '/reports/invoicing-by-product']));
    expect(routesFor(new Set(['orders_edit'])).map((r) => r.path)).not.toContain('/invoices');
  });

  it('shows the bookings report after the calendars with bookings_find, and opens it only with it', () => {
    expect(keysOf(['bookings_edit'])).not.toContain('bookingsReport');
    const keys = keysOf(['bookings_find', 'bookingCalendars_find']);
    expect(keys.slice(keys.indexOf('calendars'), keys.indexOf('calendars') + 2)).toEqual([
      'calendars',
      'bookingsReport',
    ]);
    expect(keysOf(['bookings_find'])).toContain('bookingsReport');
    const paths = (permissions: string[]) => routesFor(new Set(permissions)).map((r) => r.path);
    expect(paths(['bookings_find'])).toContain('/reports/bookings');
    expect(paths(['bookingCalendars_find', 'orders_find'])).not.toContain('/reports/bookings');
    expect(selectedEntry(menuEntries, '/reports/bookings')?.key).toBe('bookingsReport');
  });

  it('opens the sales report only with orders_find, selected as its own entry', () => {
    const paths = (permissions: string[]) => routesFor(new Set(permissions)).map((r) => r.path);
    expect(paths(['orders_find'])).toContain('/reports/sales');
    expect(paths(['orders_edit', 'bookings_find'])).not.toContain('/reports/sales');
    expect(keysOf(['orders_edit'])).not.toContain('salesReport');
    expect(selectedEntry(menuEntries, '/reports/sales')?.key).toBe('salesReport');
  });

  it('lists the billing settings for who may change them; the page itself reads for everyone', () => {
    expect(keysOf([])).not.toContain('settingsBilling');
    expect(keysOf(['settings_paymentGateway'])).toContain('settingsBilling');
    expect(routesFor(new Set()).map((r) => r.path)).toContain('/settings/billing');
  });

  it('lists the payment gateways beside billing, and opens them, only with settings_paymentGateway', () => {
    expect(keysOf([])).not.toContain('settingsPayment');
    const keys = keysOf(['settings_paymentGateway']);
    expect(keys.slice(keys.indexOf('settingsBilling'), keys.indexOf('settingsBilling') + 2)).toEqual([
      'settingsBilling',
      'settingsPayment',
    ]);
    expect(routesFor(new Set()).map((r) => r.path)).not.toContain('/settings/payment');
    expect(routesFor(new Set(['settings_paymentGateway'])).map((r) => r.path)).toContain('/settings/payment');
  });

  it('shows an entry with its permission and a group when one of its entries shows', () => {
    const keys = keysOf(['customers_create', 'products_edit', 'bookings_find']);
    expect(keys).toContain('bookings');
    expect(keys).toContain('customers');
    expect(keys).toContain('customersCreate');
    expect(keys).not.toContain('customersList');
    expect(keys).toContain('translations');
    expect(keys).not.toContain('products');
  });

  it('leads only to screens that exist: every entry opens a registered route with its page', () => {
    const leaves = (entries: MenuEntry[]): MenuEntry[] =>
      entries.flatMap((e) => (e.children ? leaves(e.children) : [e]));
    const all = leaves(menuEntries);
    expect(all.length).toBeGreaterThan(0);
    for (const entry of all) {
      // The entry's own permission (and only it) is enough to open its screen.
      const granted = new Set<string>(
        entry.permission ? [entry.permission] : (entry.anyPermission?.slice(0, 1) ?? []),
      );
      const route = routesFor(granted).find((r) => matchPath({ path: r.path }, entry.path ?? ''));
      expect(route, `menu entry ${entry.key} (${entry.path})`).toBeDefined();
      expect(typeof route?.page, entry.key).toBe('function');
    }
  });

  it('shows and opens the QR scanner with bookings_find or giftVouchers_find, after the gift vouchers', () => {
    const paths = (permissions: string[]) => routesFor(new Set(permissions)).map((r) => r.path);
    expect(keysOf([])).not.toContain('scanner');
    expect(paths([])).not.toContain('/scanner');
    for (const permission of ['bookings_find', 'giftVouchers_find'] as const) {
      expect(keysOf([permission])).toContain('scanner');
      expect(paths([permission])).toContain('/scanner');
    }
    const keys = keysOf(['giftVouchers_find']);
    expect(keys.indexOf('scanner')).toBe(keys.indexOf('giftVouchers') + 1);
  });

  it('shows the subscriptions (list and new) each with its own permission, after the licenses', () => {
    expect(keysOf(['subscriptions_edit'])).not.toContain('subscriptions');
    expect(keysOf(['subscriptions_find'])).toContain('subscriptionsList');
    expect(keysOf(['subscriptions_find'])).not.toContain('subscriptionsCreate');
    expect(keysOf(['subscriptions_create'])).toContain('subscriptionsCreate');
    expect(keysOf(['subscriptions_create'])).not.toContain('subscriptionsList');
    const top = menuEntries.map((e) => e.key);
    expect(top.indexOf('subscriptions')).toBe(top.indexOf('licenses') + 1);
    const paths = (permissions: string[]) => routesFor(new Set(permissions)).map((r) => r.path);
    expect(paths(['subscriptions_find'])).toEqual(
      expect.arrayContaining(['/subscriptions', '/subscriptions/view/:id']),
    );
    expect(paths(['subscriptions_find'])).not.toContain('/subscriptions/create');
    expect(paths(['subscriptions_find'])).not.toContain('/subscriptions/edit/:id');
    expect(paths(['subscriptions_create'])).toContain('/subscriptions/create');
    expect(paths(['subscriptions_edit'])).toContain('/subscriptions/edit/:id');
  });

  it('shows the suppliers after the licenses with suppliers_find; their settlement also needs orders_find', () => {
    expect(keysOf(['suppliers_create'])).not.toContain('suppliers');
    const keys = keysOf(['suppliers_find', 'products_edit']);
    expect(keys.slice(keys.indexOf('suppliers'), keys.indexOf('suppliers') + 2)).toEqual([
      'suppliers',
      'translations',
    ]);
    const paths = (permissions: string[]) => routesFor(new Set(permissions)).map((r) => r.path);
    expect(paths(['suppliers_find'])).toContain('/suppliers');
    expect(paths(['suppliers_find'])).not.toContain('/suppliers/edit/:id');
    expect(paths(['suppliers_edit'])).toContain('/suppliers/edit/:id');
    expect(paths(['suppliers_create'])).toContain('/suppliers/create');
    expect(paths(['suppliers_find'])).not.toContain('/reports/supplier-settlement');
    expect(paths(['suppliers_find', 'orders_find'])).toContain('/reports/supplier-settlement');
  });

  it('selects the entry with the longest matching path', () => {
    expect(selectedEntry(menuEntries, '/')).toEqual({ key: 'dashboard', parent: undefined });
    expect(selectedEntry(menuEntries, '/calendars/view/3')?.key).toBe('bookings');
    expect(selectedEntry(menuEntries, '/calendars/edit/3')?.key).toBe('calendars');
    expect(selectedEntry(menuEntries, '/customers/edit/9')).toEqual({
      key: 'customersList',
      parent: 'customers',
    });
    expect(selectedEntry(menuEntries, '/settings/taxes')).toEqual({
      key: 'settingsTaxes',
      parent: 'settings',
    });
    expect(selectedEntry(menuEntries, '/settings/mail')).toEqual({ key: 'settingsMail', parent: 'settings' });
    expect(selectedEntry(menuEntries, '/mails')?.key).toBe('mails');
    expect(selectedEntry(menuEntries, '/invoices')?.key).toBe('invoices');
    expect(selectedEntry(menuEntries, '/settings/billing')).toEqual({
      key: 'settingsBilling',
      parent: 'settings',
    });
    expect(selectedEntry(menuEntries, '/settings/payment')).toEqual({
      key: 'settingsPayment',
      parent: 'settings',
    });
    expect(selectedEntry(menuEntries, '/nowhere')).toBeNull();
  });

  it('selects the entry of the page an aliased page belongs to', () => {
    expect(selectedEntry(menuEntries, '/one/backend/dashboard')?.key).toBe('dashboard');
    expect(selectedEntry(menuEntries, '/bookings')?.key).toBe('bookings');
    // Opened from the suppliers list: that entry stays current, not the invoicing report's.
    expect(selectedEntry(menuEntries, '/reports/supplier-settlement')?.key).toBe('suppliers');
    // An alias names a page the user may open, so its entry is one the menu may show.
    for (const [alias, path] of Object.entries(menuPathAliases)) {
      expect(routesFor(new Set(allPermissions)).map((r) => r.path)).toContain(alias);
      expect(selectedEntry(menuEntries, path)).not.toBeNull();
    }
  });
});

describe('routes', () => {
  it('registers built screens the user may open, and nothing else', () => {
    const paths = routesFor(new Set()).map((r) => r.path);
    expect(paths).toEqual([
      '/',
      '/one/backend/dashboard',
      '/profile',
      '/settings/company',
      '/settings/widget',
      '/settings/mail',
      '/settings/billing',
      '/settings/notifications',
      '/settings/custom-fields',
      '/settings/taxes',
    ]);
  });
});

describe('license administration', () => {
  it('is only for the platform license: a company user never gets its routes or menu entry', () => {
    const can: Permission[] = ['licenses_find', 'licenses_edit', 'employees_find'];
    const company = permissionsOf(testUser({ can, isPlatform: false }));
    const platform = permissionsOf(testUser({ can, isPlatform: true }));
    expect([...company]).toEqual(['employees_find']);
    expect(routesFor(company).map((r) => r.path)).not.toContain('/licenses');
    expect(routesFor(platform).map((r) => r.path)).toEqual(
      expect.arrayContaining(['/licenses', '/licenses/edit/:id', '/employees']),
    );
    const menuOf = (granted: ReadonlySet<string>) =>
      visibleEntries(menuEntries, (p) => granted.has(p)).map((e) => e.key);
    expect(menuOf(company)).not.toContain('licenses');
    expect(menuOf(company)).not.toContain('platformGroup');
    expect(menuOf(platform)).toEqual(['platformGroup', 'companyGroup']);
  });

  it('shows the platform owner the platform’s modules first, in their own group apart from the company’s', () => {
    const owner = permissionsOf(testUser({ can: [...allPermissions], isPlatform: true }));
    const [platform, company] = visibleEntries(menuEntries, (p) => owner.has(p));
    expect(platform).toMatchObject({ key: 'platformGroup', type: 'group', label: 'menu.groupPlatform' });
    expect(platform?.children?.map((e) => e.key)).toEqual(['licenses']);
    expect(company).toMatchObject({ key: 'companyGroup', type: 'group', label: 'menu.groupCompany' });
    const companyKeys = company?.children?.map((e) => e.key) ?? [];
    expect(companyKeys[0]).toBe('dashboard');
    expect(companyKeys).toEqual(expect.arrayContaining(['orders', 'employees', 'settings']));
    expect(companyKeys).not.toContain('licenses');
    const entries = visibleEntries(menuEntries, (p) => owner.has(p));
    // A group is no submenu: its entries are selected as top-level ones, submenus keep their parent.
    expect(selectedEntry(entries, '/licenses/edit/4')).toEqual({ key: 'licenses', parent: undefined });
    expect(selectedEntry(entries, '/settings/taxes')).toEqual({ key: 'settingsTaxes', parent: 'settings' });
  });
});

describe('tokenFromLoginUrl', () => {
  it('reads the token of /login/<token> only', () => {
    expect(tokenFromLoginUrl('/login/abc%2Bdef')).toBe('abc+def');
    expect(tokenFromLoginUrl('/login')).toBeNull();
    expect(tokenFromLoginUrl('/login/')).toBeNull();
    expect(tokenFromLoginUrl('/profile')).toBeNull();
  });
});
