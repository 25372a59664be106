import { type CurrentUser, companyPermissions, type Language, type Permission } from '@mostrador/contract';
import { matchPath } from 'react-router';
import { holdsAll, permissionsOf } from '../features/session/permissions';
import { loadCatalogueSections, preloadCatalogueSections } from '../i18n/catalogue-parts';
import { type PageLoader, pages } from './base-pages';
import type { ScreenPart } from './screen-sections';

/**
 * A screen of the back office (spec section 2), registered only when the user holds every permission
 * listed. Only built screens are listed: a spec screen not built yet is not a route (it answers the 404
 * page) nor a menu entry.
 */
export interface AppRoute {
  id: string;
  path: string;
  permissions?: Permission[];
  /** Registered only when the user also holds at least one of these (the QR scanner: bookings or vouchers). */
  anyPermission?: Permission[];
  page: PageLoader;
  /**
   * The catalogue's namespaces the screen reads beyond the shell's (i18n.ts `shellSections`), loaded with its
   * code (screen-sections.ts; catalogue-parts.test.ts checks the screen's code against them). What it opens
   * later (a lazy drawer or dialog) loads the rest of the catalogue with its code.
   */
  sections: ScreenPart;
}

export const appRoutes: AppRoute[] = [
  { id: 'dashboard', path: '/', sections: 'dashboard', page: pages.dashboard },
  {
    id: 'dashboardDemo',
    path: '/one/backend/dashboard',
    sections: 'dashboard',
    page: pages.dashboard,
  },
  {
    id: 'profile',
    path: '/profile',
    sections: 'profile',
    page: () => import('../features/profile/pages/profile-page').then((m) => m.ProfilePage),
  },
  {
    id: 'customers',
    path: '/customers',
    sections: 'customers',
    permissions: ['customers_find'],
    page: () => import('../features/customers/pages/customers-page').then((m) => m.CustomersPage),
  },
  {
    id: 'customersCreate',
    path: '/customers/create',
    sections: 'customersCreate',
    permissions: ['customers_create'],
    page: () => import('../features/customers/pages/customer-create-page').then((m) => m.CustomerCreatePage),
  },
  // A customer's page: who they are, their figures, bookings and orders, the next actions.
  {
    id: 'customersView',
    path: '/customers/view/:id',
    sections: 'customersView',
    permissions: ['customers_find'],
    page: () => import('../features/customers/pages/customer-view-page').then((m) => m.CustomerViewPage),
  },
  {
    id: 'customersEdit',
    path: '/customers/edit/:id',
    sections: 'customersCreate',
    permissions: ['customers_edit'],
    page: () => import('../features/customers/pages/customer-edit-page').then((m) => m.CustomerEditPage),
  },
  {
    id: 'productTranslations',
    path: '/translations/products',
    sections: 'productTranslations',
    permissions: ['products_edit'],
    page: () =>
      import('../features/products/pages/product-translations-page').then((m) => m.ProductTranslationsPage),
  },
  {
    id: 'companySettings',
    path: '/settings/company',
    sections: 'companySettings',
    page: () => import('../features/settings/pages/company-settings-page').then((m) => m.CompanySettingsPage),
  },
  {
    id: 'widgetSettings',
    path: '/settings/widget',
    sections: 'widgetSettings',
    page: () => import('../features/settings/pages/widget-settings-page').then((m) => m.WidgetSettingsPage),
  },
  {
    id: 'mailSettings',
    path: '/settings/mail',
    sections: 'widgetSettings',
    page: () => import('../features/settings/pages/mail-settings-page').then((m) => m.MailSettingsPage),
  },
  // Every employee reads the settings; changing billing and Verifactu needs settings_paymentGateway
  // (the page is read-only without it, and only its holders see it in the menu).
  {
    id: 'billingSettings',
    path: '/settings/billing',
    sections: 'widgetSettings',
    page: () => import('../features/settings/pages/billing-settings-page').then((m) => m.BillingSettingsPage),
  },
  // The payment gateways' keys: only for who may change them (no read-only view).
  {
    id: 'paymentSettings',
    path: '/settings/payment',
    sections: 'paymentSettings',
    permissions: ['settings_paymentGateway'],
    page: () => import('../features/settings/pages/payment-settings-page').then((m) => m.PaymentSettingsPage),
  },
  {
    id: 'notificationSettings',
    path: '/settings/notifications',
    sections: 'notificationSettings',
    page: () =>
      import('../features/settings/pages/notification-settings-page').then((m) => m.NotificationSettingsPage),
  },
  // Every employee reads the customer fields; defining them needs settings_edit (read-only without it).
  {
    id: 'customFields',
    path: '/settings/custom-fields',
    sections: 'customFields',
    page: () => import('../features/custom-fields/pages/custom-fields-page').then((m) => m.CustomFieldsPage),
  },
  {
    id: 'taxes',
    path: '/settings/taxes',
    sections: 'taxes',
    page: () => import('../features/taxes/pages/taxes-page').then((m) => m.TaxesPage),
  },
  {
    id: 'employees',
    path: '/employees',
    sections: 'employees',
    permissions: ['employees_find'],
    page: () => import('../features/employees/pages/employees-page').then((m) => m.EmployeesPage),
  },
  {
    id: 'employeesCreate',
    path: '/employees/create',
    sections: 'employeesCreate',
    permissions: ['employees_create'],
    page: () => import('../features/employees/pages/employee-create-page').then((m) => m.EmployeeCreatePage),
  },
  {
    id: 'employeesEdit',
    path: '/employees/edit/:id',
    sections: 'employeesCreate',
    permissions: ['employees_edit'],
    page: () => import('../features/employees/pages/employee-edit-page').then((m) => m.EmployeeEditPage),
  },
  {
    id: 'cashRegisters',
    path: '/cash-registers',
    sections: 'cashRegisters',
    permissions: ['cashRegisters_find'],
    page: () =>
      import('../features/cash-registers/pages/cash-registers-page').then((m) => m.CashRegistersPage),
  },
  // A gift voucher opens in a drawer over the list (`/gift-vouchers?voucher=<id>`).
  {
    id: 'giftVouchers',
    path: '/gift-vouchers',
    sections: 'giftVouchers',
    permissions: ['giftVouchers_find'],
    page: () => import('../features/gift-vouchers/pages/gift-vouchers-page').then((m) => m.GiftVouchersPage),
  },
  // The QR scanner at the reception: bookings to mark attended, gift vouchers to book with.
  {
    id: 'scanner',
    path: '/scanner',
    sections: 'scanner',
    anyPermission: ['bookings_find', 'giftVouchers_find'],
    page: () => import('../features/check-in/pages/scanner-page').then((m) => m.ScannerPage),
  },
  // A mail opens in a drawer over the list (`/mails?mail=<id>`).
  {
    id: 'mails',
    path: '/mails',
    sections: 'mails',
    permissions: ['mails_find'],
    page: () => import('../features/mails/pages/mails-page').then((m) => m.MailsPage),
  },
  {
    id: 'orders',
    path: '/orders',
    sections: 'orders',
    permissions: ['orders_find'],
    page: () => import('../features/orders/pages/orders-page').then((m) => m.OrdersPage),
  },
  // An invoice opens in a drawer over the list (`/invoices?invoice=<id>`).
  {
    id: 'invoices',
    path: '/invoices',
    sections: 'invoices',
    permissions: ['orders_find'],
    page: () => import('../features/invoices/pages/invoices-page').then((m) => m.InvoicesPage),
  },
  {
    id: 'invoicingReport',
    path: '/reports/invoicing-by-product',
    sections: 'invoicingReport',
    permissions: ['orders_find'],
    page: () => import('../features/invoices/pages/invoicing-report-page').then((m) => m.InvoicingReportPage),
  },
  // Sales, refunds and net of a period by payment method, product and product type (issue 18).
  {
    id: 'salesReport',
    path: '/reports/sales',
    sections: 'salesReport',
    permissions: ['orders_find'],
    page: () => import('../features/reports/pages/sales-report-page').then((m) => m.SalesReportPage),
  },
  {
    id: 'ordersCreate',
    path: '/orders/create',
    sections: 'ordersCreate',
    permissions: ['orders_create'],
    page: () => import('../features/orders/pages/order-create-page').then((m) => m.OrderCreatePage),
  },
  {
    id: 'ordersCreateByCustomer',
    path: '/orders/create-by-customer/:customerId',
    sections: 'ordersCreate',
    permissions: ['orders_create'],
    page: () => import('../features/orders/pages/order-create-page').then((m) => m.OrderCreatePage),
  },
  {
    id: 'ordersCreateFromBookings',
    path: '/orders/create-from-bookings/:bookingIds',
    sections: 'ordersCreate',
    permissions: ['orders_create'],
    page: () => import('../features/orders/pages/order-create-page').then((m) => m.OrderCreatePage),
  },
  {
    id: 'ordersClone',
    path: '/orders/create-cloning-order/:orderId',
    sections: 'ordersCreate',
    permissions: ['orders_create'],
    page: () => import('../features/orders/pages/order-create-page').then((m) => m.OrderCreatePage),
  },
  {
    id: 'ordersRefund',
    path: '/orders/refund/:id',
    sections: 'ordersRefund',
    permissions: ['orders_create'],
    page: () => import('../features/orders/pages/order-refund-page').then((m) => m.OrderRefundPage),
  },
  {
    id: 'ordersEdit',
    path: '/orders/edit/:id',
    sections: 'ordersEdit',
    permissions: ['orders_edit'],
    page: () => import('../features/orders/pages/order-edit-page').then((m) => m.OrderEditPage),
  },
  {
    id: 'products',
    path: '/products',
    sections: 'products',
    permissions: ['products_find'],
    page: () => import('../features/products/pages/products-page').then((m) => m.ProductsPage),
  },
  {
    id: 'productsBySupplier',
    path: '/products/view-product-by-supplier/:supplierName',
    sections: 'products',
    permissions: ['products_find', 'suppliers_find'],
    page: () =>
      import('../features/products/pages/products-by-supplier-page').then((m) => m.ProductsBySupplierPage),
  },
  {
    id: 'productsCreate',
    path: '/products/create',
    sections: 'productsCreate',
    permissions: ['products_create'],
    page: () => import('../features/products/pages/product-create-page').then((m) => m.ProductCreatePage),
  },
  {
    id: 'productsEdit',
    path: '/products/edit/:id',
    sections: 'productsCreate',
    permissions: ['products_edit'],
    page: () => import('../features/products/pages/product-edit-page').then((m) => m.ProductEditPage),
  },
  {
    id: 'suppliers',
    path: '/suppliers',
    sections: 'suppliers',
    permissions: ['suppliers_find'],
    page: () => import('../features/suppliers/pages/suppliers-page').then((m) => m.SuppliersPage),
  },
  {
    id: 'suppliersCreate',
    path: '/suppliers/create',
    sections: 'suppliersCreate',
    permissions: ['suppliers_create'],
    page: () => import('../features/suppliers/pages/supplier-create-page').then((m) => m.SupplierCreatePage),
  },
  {
    id: 'suppliersEdit',
    path: '/suppliers/edit/:id',
    sections: 'suppliersCreate',
    permissions: ['suppliers_edit'],
    page: () => import('../features/suppliers/pages/supplier-edit-page').then((m) => m.SupplierEditPage),
  },
  // Subscriptions (issue 17): the list, new and edit (an active one only changes its payment method),
  // and a subscription's page with its periods and their orders.
  {
    id: 'subscriptions',
    path: '/subscriptions',
    sections: 'subscriptions',
    permissions: ['subscriptions_find'],
    page: () => import('../features/subscriptions/pages/subscriptions-page').then((m) => m.SubscriptionsPage),
  },
  {
    id: 'subscriptionsCreate',
    path: '/subscriptions/create',
    sections: 'subscriptionsCreate',
    permissions: ['subscriptions_create'],
    page: () =>
      import('../features/subscriptions/pages/subscription-create-page').then(
        (m) => m.SubscriptionCreatePage,
      ),
  },
  {
    id: 'subscriptionsEdit',
    path: '/subscriptions/edit/:id',
    sections: 'subscriptionsCreate',
    permissions: ['subscriptions_edit'],
    page: () =>
      import('../features/subscriptions/pages/subscription-edit-page').then((m) => m.SubscriptionEditPage),
  },
  {
    id: 'subscriptionsView',
    path: '/subscriptions/view/:id',
    sections: 'subscriptionsCreate',
    permissions: ['subscriptions_find'],
    page: () =>
      import('../features/subscriptions/pages/subscription-view-page').then((m) => m.SubscriptionViewPage),
  },
  // What each supplier's products sold in a period and what it is owed (opened from the supplier list).
  {
    id: 'supplierSettlement',
    path: '/reports/supplier-settlement',
    sections: 'supplierSettlement',
    permissions: ['suppliers_find', 'orders_find'],
    page: () =>
      import('../features/suppliers/pages/supplier-settlement-page').then((m) => m.SupplierSettlementPage),
  },
  {
    id: 'calendars',
    path: '/calendars',
    sections: 'calendars',
    permissions: ['bookingCalendars_find'],
    page: () => import('../features/calendars/pages/calendars-page').then((m) => m.CalendarsPage),
  },
  {
    id: 'bookings',
    path: '/calendars/view/:id?',
    sections: 'bookings',
    permissions: ['bookings_find'],
    // FullCalendar's locale of the current language loads beside the page (calendar-locale.ts).
    page: () =>
      Promise.all([
        import('../features/bookings/pages/bookings-calendar-page'),
        import('../features/bookings/calendar-locale').then((m) => m.preloadCurrentCalendarLocale()),
      ]).then(([m]) => m.BookingsCalendarPage),
  },
  // The bookings as a list, beside the calendar view (the spec's booking list columns).
  {
    id: 'bookingsList',
    path: '/bookings',
    sections: 'bookingsList',
    permissions: ['bookings_find'],
    page: () => import('../features/bookings/pages/bookings-list-page').then((m) => m.BookingsListPage),
  },
  // Bookings, attendance, occupancy and busiest hours of a period (issue 18).
  {
    id: 'bookingsReport',
    path: '/reports/bookings',
    sections: 'bookingsReport',
    permissions: ['bookings_find'],
    page: () => import('../features/reports/pages/bookings-report-page').then((m) => m.BookingsReportPage),
  },
  {
    id: 'calendarsCreate',
    path: '/calendars/create',
    sections: 'calendarsCreate',
    permissions: ['bookingCalendars_create'],
    page: () => import('../features/calendars/pages/calendar-create-page').then((m) => m.CalendarCreatePage),
  },
  {
    id: 'calendarsEdit',
    path: '/calendars/edit/:id',
    sections: 'calendarsEdit',
    permissions: ['bookingCalendars_edit'],
    page: () => import('../features/calendars/pages/calendar-edit-page').then((m) => m.CalendarEditPage),
  },
  {
    id: 'anomalies',
    path: '/calendars/edit/:id/anomalies',
    sections: 'anomalies',
    permissions: ['bookingCalendarsScheduleAnomaly_find'],
    page: () => import('../features/calendars/pages/anomalies-page').then((m) => m.AnomaliesPage),
  },
  {
    id: 'anomaliesCreate',
    path: '/calendars/edit/:id/anomalies/create',
    sections: 'calendarsCreate',
    permissions: ['bookingCalendarsScheduleAnomaly_create'],
    page: () => import('../features/calendars/pages/anomaly-create-page').then((m) => m.AnomalyCreatePage),
  },
  // Only on the platform license: a company user never holds licenses_* (see `permissionsOf`).
  {
    id: 'licenses',
    path: '/licenses',
    sections: 'licenses',
    permissions: ['licenses_find'],
    page: () => import('../features/licenses/pages/licenses-page').then((m) => m.LicensesPage),
  },
  {
    id: 'licensesEdit',
    path: '/licenses/edit/:id',
    sections: 'licensesEdit',
    permissions: ['licenses_edit'],
    page: () => import('../features/licenses/pages/license-edit-page').then((m) => m.LicenseEditPage),
  },
];

/** The routes this user may open. */
export function routesFor(granted: ReadonlySet<string>): AppRoute[] {
  return appRoutes.filter(
    (route) =>
      holdsAll(granted, route.permissions) &&
      (!route.anyPermission || route.anyPermission.some((p) => granted.has(p))),
  );
}

/** The user's screens, each loading with its code its part of the catalogue. */
export function routesOfUser(user: CurrentUser): AppRoute[] {
  return routesFor(permissionsOf(user)).map((route) => ({
    ...route,
    page: () => Promise.all([route.page(), loadCatalogueSections(route.sections)]).then(([page]) => page),
  }));
}

/** The boot's warm-up of the texts of the screen at the address (none for a 404 page: the shell's texts). */
export function preloadScreenTexts(screen: AppRoute | undefined, language: Language): void {
  if (screen) preloadCatalogueSections(language, screen.sections);
}

/**
 * The screen at `pathname` worth downloading before the session is read: not a platform screen (licenses), as
 * a company's employee never opens those and his 404 page would download it.
 */
export function likelyScreen(pathname: string): AppRoute | undefined {
  const route = appRoutes.find((candidate) => matchPath(candidate.path, pathname));
  return route && (route.permissions ?? []).every((permission) => companyPermissions.includes(permission))
    ? route
    : undefined;
}
