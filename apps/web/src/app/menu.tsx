import {
  AppstoreOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MailOutlined,
  PieChartOutlined,
  QrcodeOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  SyncOutlined,
  TeamOutlined,
  TranslationOutlined,
} from '@ant-design/icons';
import type { Permission } from '@mostrador/contract';
import type { MenuProps } from 'antd';
import type { ComponentType } from 'react';
import { Link } from 'react-router';

/**
 * One entry of the sidebar; `label` is an i18n key. A submenu is shown when one of its entries is. `platform`
 * marks the platform's own modules (the license administration); `type: 'group'` is a titled section of
 * the menu (not a submenu that opens), made by `visibleEntries`.
 */
export interface MenuEntry {
  key: string;
  label: string;
  icon?: ComponentType;
  path?: string;
  permission?: Permission;
  /** Shown when the user holds at least one of these (the QR scanner: bookings or vouchers). */
  anyPermission?: Permission[];
  platform?: boolean;
  type?: 'group';
  children?: MenuEntry[];
}

/**
 * The menu of spec section 2, in its order, with the screens that exist: an entry leads to a registered
 * route (a unit test checks it). The invoices, the sales report and the invoicing report sit beside the
 * orders they come from; the bookings report beside the calendars.
 */
export const menuEntries: MenuEntry[] = [
  { key: 'dashboard', label: 'menu.dashboard', icon: DashboardOutlined, path: '/' },
  {
    key: 'bookings',
    label: 'menu.bookings',
    icon: ScheduleOutlined,
    path: '/calendars/view',
    permission: 'bookings_find',
  },
  {
    key: 'calendars',
    label: 'menu.calendars',
    icon: CalendarOutlined,
    path: '/calendars',
    permission: 'bookingCalendars_find',
  },
  {
    key: 'bookingsReport',
    label: 'menu.bookingsReport',
    icon: LineChartOutlined,
    path: '/reports/bookings',
    permission: 'bookings_find',
  },
  {
    key: 'customers',
    label: 'menu.customers',
    icon: TeamOutlined,
    children: [
      { key: 'customersList', label: 'menu.customersList', path: '/customers', permission: 'customers_find' },
      {
        key: 'customersCreate',
        label: 'menu.customersCreate',
        path: '/customers/create',
        permission: 'customers_create',
      },
    ],
  },
  {
    key: 'mails',
    label: 'menu.mails',
    icon: MailOutlined,
    path: '/mails',
    permission: 'mails_find',
  },
  {
    key: 'orders',
    label: 'menu.orders',
    icon: ShoppingCartOutlined,
    path: '/orders',
    permission: 'orders_find',
  },
  {
    key: 'invoices',
    label: 'menu.invoices',
    icon: FileTextOutlined,
    path: '/invoices',
    permission: 'orders_find',
  },
  {
    key: 'salesReport',
    label: 'menu.salesReport',
    icon: PieChartOutlined,
    path: '/reports/sales',
    permission: 'orders_find',
  },
  {
    key: 'invoicingReport',
    label: 'menu.invoicingReport',
    icon: BarChartOutlined,
    path: '/reports/invoicing-by-product',
    permission: 'orders_find',
  },
  {
    key: 'products',
    label: 'menu.products',
    icon: AppstoreOutlined,
    path: '/products',
    permission: 'products_find',
  },
  {
    key: 'employees',
    label: 'menu.employees',
    icon: IdcardOutlined,
    path: '/employees',
    permission: 'employees_find',
  },
  {
    key: 'cashRegisters',
    label: 'menu.cashRegisters',
    icon: CalculatorOutlined,
    path: '/cash-registers',
    permission: 'cashRegisters_find',
  },
  {
    key: 'giftVouchers',
    label: 'menu.giftVouchers',
    icon: GiftOutlined,
    path: '/gift-vouchers',
    permission: 'giftVouchers_find',
  },
  {
    key: 'scanner',
    label: 'menu.scanner',
    icon: QrcodeOutlined,
    path: '/scanner',
    anyPermission: ['bookings_find', 'giftVouchers_find'],
  },
  {
    key: 'licenses',
    label: 'menu.licenses',
    icon: SafetyCertificateOutlined,
    path: '/licenses',
    permission: 'licenses_find',
    platform: true,
  },
  {
    key: 'subscriptions',
    label: 'menu.subscriptions',
    icon: SyncOutlined,
    children: [
      {
        key: 'subscriptionsList',
        label: 'menu.subscriptionsList',
        path: '/subscriptions',
        permission: 'subscriptions_find',
      },
      {
        key: 'subscriptionsCreate',
        label: 'menu.subscriptionsCreate',
        path: '/subscriptions/create',
        permission: 'subscriptions_create',
      },
    ],
  },
  {
    key: 'suppliers',
    label: 'menu.suppliers',
    icon: ShopOutlined,
    path: '/suppliers',
    permission: 'suppliers_find',
  },
  {
    key: 'translations',
    label: 'menu.translations',
    icon: TranslationOutlined,
    path: '/translations/products',
    permission: 'products_edit',
  },
  {
    key: 'settings',
    label: 'menu.settings',
    icon: SettingOutlined,
    children: [
      { key: 'settingsGeneral', label: 'menu.settingsGeneral', path: '/settings/company' },
      { key: 'settingsTaxes', label: 'menu.settingsTaxes', path: '/settings/taxes' },
      { key: 'settingsCustomFields', label: 'menu.settingsCustomFields', path: '/settings/custom-fields' },
      {
        key: 'settingsBilling',
        label: 'menu.settingsBilling',
        path: '/settings/billing',
        permission: 'settings_paymentGateway',
      },
      {
        key: 'settingsPayment',
        label: 'menu.settingsPayment',
        path: '/settings/payment',
        permission: 'settings_paymentGateway',
      },
      { key: 'settingsWidget', label: 'menu.settingsWidget', path: '/settings/widget' },
      { key: 'settingsMail', label: 'menu.settingsMail', path: '/settings/mail' },
      { key: 'settingsNotifications', label: 'menu.settingsNotifications', path: '/settings/notifications' },
    ],
  },
];

function permittedEntries(entries: MenuEntry[], can: (p: Permission) => boolean): MenuEntry[] {
  return entries.flatMap((entry) => {
    if (entry.permission && !can(entry.permission)) return [];
    if (entry.anyPermission && !entry.anyPermission.some(can)) return [];
    if (!entry.children) return [entry];
    const children = permittedEntries(entry.children, can);
    return children.length ? [{ ...entry, children }] : [];
  });
}

/**
 * The entries this user may see; submenus left empty disappear. Whoever sees one of the platform's modules
 * (the platform license's staff) gets them first, in a "Platform" group, apart from the "Company" group of
 * the screens every company has.
 */
export function visibleEntries(entries: MenuEntry[], can: (p: Permission) => boolean): MenuEntry[] {
  const permitted = permittedEntries(entries, can);
  const platform = permitted.filter((e) => e.platform);
  if (!platform.length) return permitted;
  return [
    { key: 'platformGroup', label: 'menu.groupPlatform', type: 'group', children: platform },
    {
      key: 'companyGroup',
      label: 'menu.groupCompany',
      type: 'group',
      children: permitted.filter((e) => !e.platform),
    },
  ];
}

type MenuItems = NonNullable<MenuProps['items']>;

function iconOf({ icon: Icon }: MenuEntry) {
  return Icon ? <Icon aria-hidden /> : undefined;
}

/** antd menu items whose labels are real links, so a middle click opens a new tab. */
export function toMenuItems(entries: MenuEntry[], t: (key: string) => string): MenuItems {
  return entries.map((entry) => {
    const icon = iconOf(entry);
    if (entry.type === 'group') {
      return {
        type: 'group' as const,
        key: entry.key,
        label: t(entry.label),
        children: toMenuItems(entry.children ?? [], t),
      };
    }
    if (entry.children) {
      return { key: entry.key, icon, label: t(entry.label), children: toMenuItems(entry.children, t) };
    }
    return { key: entry.key, icon, label: <Link to={entry.path ?? '/'}>{t(entry.label)}</Link> };
  });
}

/**
 * Pages whose path starts with no entry's, shown as the page they belong to: the demo dashboard, the bookings
 * list (the bookings view's other mode) and the supplier settlement (opened from the suppliers list).
 */
export const menuPathAliases: Record<string, string> = {
  '/one/backend/dashboard': '/',
  '/bookings': '/calendars/view',
  '/reports/supplier-settlement': '/suppliers',
};

/**
 * The entry showing the current page: the longest path that starts the location ('/' only by itself), an
 * aliased page's as its page's.
 */
export function selectedEntry(
  entries: MenuEntry[],
  location: string,
): { key: string; parent?: string } | null {
  const pathname = menuPathAliases[location] ?? location;
  let best: { key: string; parent?: string; length: number } | null = null;
  const visit = (list: MenuEntry[], parent?: string) => {
    for (const entry of list) {
      // A group is a section, not a submenu to open: its entries keep the group's parent.
      if (entry.children) visit(entry.children, entry.type === 'group' ? parent : entry.key);
      const path = entry.path;
      if (!path) continue;
      const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
      if (matches && (!best || path.length > best.length))
        best = { key: entry.key, parent, length: path.length };
    }
  };
  visit(entries);
  const found = best as { key: string; parent?: string; length: number } | null;
  return found ? { key: found.key, parent: found.parent } : null;
}
