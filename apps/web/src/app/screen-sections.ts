/**
 * Each screen's part of the catalogue (routes.ts `sections`): the namespaces its code reads beyond the
 * shell's (i18n.ts `shellSections`), loaded with its code instead of the whole rest of the catalogue (27 KB
 * gz in Spanish; a screen's part is 1–10 KB). Screens reading the same namespaces share a part.
 * catalogue-parts.test.ts checks each screen's code against its part: a screen whose code reads one
 * namespace more fails it, naming the namespace to add here.
 *
 * The build cuts the catalogue by these lists (build/catalogue-parts.ts: `virtual:screen-parts/<lang>`
 * maps each part to its chunk of that language), so the build reads this module too: plain data.
 */
export const screenSections = {
  profile: ['form', 'profile', 'validation'],
  customers: ['customers', 'exports', 'table', 'uiConfig'],
  customersCreate: ['customers', 'form', 'languageNames', 'validation'],
  customersView: [
    'balances',
    'bookings',
    'customers',
    'giftVouchers',
    'languageNames',
    'orders',
    'products',
    'subscriptions',
  ],
  productTranslations: ['exports', 'productTranslations', 'products', 'table', 'uiConfig'],
  companySettings: [
    'files',
    'form',
    'languageNames',
    'payments',
    'settings',
    'subscriptions',
    'uiConfig',
    'validation',
  ],
  widgetSettings: ['form', 'settings', 'uiConfig', 'validation'],
  paymentSettings: ['form', 'payments', 'settings', 'uiConfig', 'validation'],
  notificationSettings: ['form', 'languageNames', 'mails', 'settings', 'uiConfig', 'validation'],
  customFields: ['customFields', 'settings', 'validation'],
  taxes: ['exports', 'table', 'taxes', 'uiConfig'],
  employees: ['employees', 'exports', 'licenses', 'table', 'uiConfig'],
  employeesCreate: ['employees', 'form', 'permissionAreas', 'permissions', 'validation'],
  cashRegisters: ['cashRegisterHistory', 'exports', 'table', 'uiConfig'],
  giftVouchers: ['bookings', 'exports', 'giftVouchers', 'table', 'uiConfig', 'validation'],
  scanner: ['bookings', 'checkIn', 'validation'],
  mails: ['exports', 'languageNames', 'mails', 'table', 'uiConfig'],
  orders: ['customers', 'exports', 'orders', 'table', 'uiConfig'],
  invoices: ['customers', 'exports', 'invoices', 'orders', 'table', 'uiConfig', 'validation'],
  invoicingReport: ['reports'],
  salesReport: ['orders', 'period', 'products', 'reports'],
  ordersCreate: ['bookings', 'customers', 'form', 'orders', 'validation'],
  ordersRefund: ['form', 'invoices', 'orders', 'payments', 'validation'],
  ordersEdit: ['bookings', 'customers', 'form', 'invoices', 'orders', 'payments', 'validation'],
  products: ['exports', 'products', 'table', 'uiConfig'],
  productsCreate: ['files', 'form', 'products', 'suppliers', 'validation'],
  suppliers: ['exports', 'suppliers', 'table', 'uiConfig'],
  suppliersCreate: ['customers', 'form', 'products', 'suppliers', 'validation'],
  subscriptions: ['exports', 'orders', 'products', 'subscriptions', 'table', 'uiConfig'],
  subscriptionsCreate: ['customers', 'form', 'orders', 'products', 'subscriptions', 'validation'],
  supplierSettlement: ['period', 'reports', 'suppliers'],
  calendars: ['anomalies', 'calendars', 'exports', 'table', 'uiConfig', 'validation'],
  bookings: ['bookings', 'uiConfig'],
  bookingsList: ['bookings', 'exports', 'orders', 'table', 'uiConfig'],
  bookingsReport: ['period', 'reports'],
  calendarsCreate: ['anomalies', 'calendars', 'form', 'validation'],
  calendarsEdit: ['anomalies', 'calendars', 'form', 'payments', 'validation'],
  anomalies: ['anomalies', 'calendars', 'exports', 'table', 'uiConfig'],
  licenses: ['exports', 'licenses', 'table', 'uiConfig', 'validation'],
  licensesEdit: ['form', 'licenses', 'validation'],
  dashboard: ['dashboard', 'mails', 'period'],
} as const satisfies Record<string, readonly string[]>;

/** A part of the catalogue a screen loads with its code. */
export type ScreenPart = keyof typeof screenSections;
