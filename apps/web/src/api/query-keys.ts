import type { ListParams } from './list-params';

/** Keys of one resource; everything under `all` is invalidated when the resource changes. */
function resourceKeys<const D extends string>(domain: D) {
  return {
    all: [domain] as const,
    lists: () => [domain, 'list'] as const,
    list: (params: ListParams) => [domain, 'list', params] as const,
    detail: (id: number) => [domain, 'detail', id] as const,
  };
}

/** Every TanStack Query key of the app: features add their resource here. */
export const queryKeys = {
  currentUser: ['users', 'info'] as const,
  settings: ['settings'] as const,
  /** The widget's embedding addresses (under `settings`: saving the settings refreshes them). */
  widgetEmbed: ['settings', 'widget'] as const,
  /** Where the payment gateways must send their notifications (the product's own addresses). */
  paymentEndpoints: ['paymentEndpoints'] as const,
  customFields: ['customFields'] as const,
  customers: resourceKeys('customers'),
  taxes: {
    ...resourceKeys('taxes'),
    /** All taxes keyed by id, part of the session. */
    byId: () => ['taxes', 'byId'] as const,
  },
  employees: resourceKeys('employees'),
  licenses: resourceKeys('licenses'),
  products: {
    ...resourceKeys('products'),
    translations: (id: number) => ['products', 'translations', id] as const,
    allTranslations: () => ['products', 'translations'] as const,
  },
  bookingCalendars: {
    ...resourceKeys('bookingCalendars'),
    /** A calendar's anomalies: its list pages and any other reading of them share this prefix. */
    anomalies: (calendarId: number) => ['bookingCalendars', 'detail', calendarId, 'anomalies'] as const,
    anomalyList: (calendarId: number, params: ListParams) =>
      ['bookingCalendars', 'detail', calendarId, 'anomalies', 'list', params] as const,
  },
  bookings: resourceKeys('bookings'),
  giftVouchers: resourceKeys('giftVouchers'),
  suppliers: resourceKeys('suppliers'),
  subscriptions: resourceKeys('subscriptions'),
  orders: {
    ...resourceKeys('orders'),
    /**
     * An online order's payment (its link, gateway and attempts), under the order's detail: stale with
     * the order after a sale, an edit or a refund.
     */
    payment: (id: number) => ['orders', 'detail', id, 'payment'] as const,
  },
  invoices: {
    ...resourceKeys('invoices'),
    /** The invoices of one order (a refund's: its rectifying invoice). */
    ofOrder: (orderId: number) => ['invoices', 'order', orderId] as const,
  },
  /** Reports read what sales and invoices add up to: stale after either changes. */
  reports: {
    all: ['reports'] as const,
    invoicingByProduct: (year: number) => ['reports', 'invoicingByProduct', year] as const,
    supplierSettlement: (from: string, to: string) => ['reports', 'supplierSettlement', from, to] as const,
    /** The dashboard's figures of a period (company days, both included). */
    dashboard: (from: string, to: string) => ['reports', 'dashboard', from, to] as const,
  },
  cashRegisters: {
    ...resourceKeys('cashRegisters'),
    open: () => ['cashRegisters', 'open'] as const,
  },
  availability: {
    all: ['availability'] as const,
    of: (calendarId: number, productId: number, from: string, to: string) =>
      ['availability', calendarId, productId, from, to] as const,
  },
  mails: {
    ...resourceKeys('mails'),
    /** Failing and blocked mails, for the warnings of the mail list and the dashboard. */
    health: () => ['mails', 'health'] as const,
  },
  /** A notification rendered with sample data: the same texts render the same mail. */
  notificationPreview: (kind: string, subject: string, body: string, language: string | undefined) =>
    ['notificationPreview', kind, subject, body, language ?? ''] as const,
  files: {
    /** A file never changes once uploaded: its resized images are cached for the session. */
    resized: (id: number, width: number, height: number) => ['files', id, 'resize', width, height] as const,
  },
};
