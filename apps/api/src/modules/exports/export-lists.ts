import {
  type AnomalyListItem,
  anomalyListFields,
  type BookingCalendarListItem,
  type BookingListItem,
  bookingCalendarListFields,
  bookingListFields,
  type CashRegisterListItem,
  type CustomerListItem,
  cashRegisterListFields,
  customerListFields,
  type Employee,
  type ExportableList,
  employeeListFields,
  type GiftVoucherListItem,
  giftVoucherListFields,
  type InvoiceListItem,
  invoiceListQuery,
  type LicenseListItem,
  type ListQuery,
  licenseListFields,
  listQuery,
  type MailListItem,
  mailListQuery,
  type OrderListItem,
  orderListFields,
  type ProductListItem,
  productListFields,
  type SubscriptionListItem,
  type SupplierListItem,
  subscriptionListFields,
  supplierListFields,
  type Tax,
  taxListFields,
} from '@mostrador/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import type { TabularType } from '../../lib/tabular.js';
import { type Access, platformOnly, requireAny } from '../../plugins/auth.js';
import { createBookingsService } from '../bookings/bookings.service.js';
import { createCalendarsService } from '../calendars/calendars.service.js';
import { createCashRegistersService } from '../cash-registers/cash-registers.service.js';
import { createCustomersService } from '../customers/customers.service.js';
import { createEmployeesService } from '../employees/employees.service.js';
import { createGiftVouchersService } from '../gift-vouchers/gift-vouchers.service.js';
import { createInvoicesService } from '../invoices/invoices.service.js';
import { createLicensesService } from '../licenses/licenses.service.js';
import { createMailsService } from '../mails/mails.service.js';
import { toListItem as toOrderListItem } from '../orders/order-view.js';
import { createOrdersRepository } from '../orders/orders.repository.js';
import { createProductsService } from '../products/products.service.js';
import { createSubscriptionsService } from '../subscriptions/subscriptions.service.js';
import { createSuppliersService } from '../suppliers/suppliers.service.js';
import { createTaxesService } from '../taxes/taxes.service.js';

/**
 * The lists that export (issue 18), each as its list screen reads it: the access of its list route, the
 * query schema of its list route (the same filter and sort fields, the same operator checks), and its
 * list read — the module's own service `list` (repository query + item mapping) run on the export's
 * transaction — so a file has exactly the rows and fields the screen shows. `fields` types every field of
 * the list's item for the spreadsheet (typed by the item: the compiler names a field left out); `money`
 * fields are euros in the items and are written from their cents.
 *
 * The services are built on the export's transaction handle, with only what their `list` uses: their
 * other collaborators (mailer, settings, storage…) are never reached by a list read.
 */
export interface ExportList<Item = Record<string, unknown>, Scope = Record<string, never>> {
  access: Access;
  /** The list route's querystring schema (`listQuery(<list>ListFields)`). */
  query: z.ZodType;
  /** The path parameters of the list route, sent in the body's `scope`. */
  scope: z.ZodType<Scope>;
  fields: { readonly [K in keyof Item & string]-?: TabularType };
  read(db: Db, auth: AuthContext, query: ListQuery, scope: Scope): Promise<{ items: Item[] }>;
}

/** Never reached by a list read (see above): typed as the service wants it. */
const unused = undefined as never;
const noScope = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

const define = <Item, Scope = Record<string, never>>(list: ExportList<Item, Scope>) => list;

/** An order as its export writes it: a refund's status is 'refund', as the list's status tag shows it. */
type ExportedOrder = Omit<OrderListItem, 'status'> & { status: OrderListItem['status'] | 'refund' };
/** A refund reads "refund" where the screen's status tag says so, not the status it is stored with. */
const exportedOrder = (item: OrderListItem): ExportedOrder =>
  item.originalOrderId === null ? item : { ...item, status: 'refund' };

export const exportLists = {
  orders: define<ExportedOrder>({
    access: requireAny('orders_find'),
    query: listQuery(orderListFields),
    scope: noScope,
    // The service's list is the repository's list and `toListItem` of order-view.ts.
    read: async (db, auth, query) => {
      const { rows } = await createOrdersRepository(db).list(auth.licenseId, {
        ...query,
        timeZone: auth.timeZone,
      });
      return { items: rows.map((row) => exportedOrder(toOrderListItem(row))) };
    },
    fields: {
      id: 'number',
      originalOrderId: 'number',
      code: 'number',
      image: 'number',
      createdAt: 'date',
      contactEmail: 'text',
      contactPhone: 'text',
      companyName: 'text',
      name: 'text',
      surname: 'text',
      amount: 'money',
      status: 'text',
      invoiceCode: 'text',
      paymentDate: 'date',
      paymentMethod: 'text',
      paymentTransactionToken: 'text',
      customerId: 'number',
      cashRegisterId: 'number',
    },
  }),
  bookings: define<BookingListItem>({
    access: requireAny('bookings_find'),
    query: listQuery(bookingListFields),
    scope: noScope,
    read: (db, auth, query) => createBookingsService({ db }).list(auth, query),
    fields: {
      id: 'number',
      date: 'date',
      image: 'number',
      notes: 'text',
      price: 'money',
      amount: 'money',
      status: 'text',
      quantity: 'number',
      duration: 'number',
      productName: 'text',
      calendarName: 'text',
      customerName: 'text',
      customerEmail: 'text',
      customerPhone: 'text',
      bookingCalendarId: 'number',
      productId: 'number',
      customerId: 'number',
      startsAt: 'date',
      endsAt: 'date',
      attended: 'boolean',
      orderId: 'number',
      orderStatus: 'text',
      giftVoucherCode: 'text',
      balanceName: 'text',
      subscriptionName: 'text',
    },
  }),
  customers: define<CustomerListItem>({
    access: requireAny('customers_find'),
    query: listQuery(customerListFields),
    scope: noScope,
    read: (db, auth, query) => createCustomersService({ db }).list(auth, query),
    fields: {
      id: 'number',
      companyName: 'text',
      vat: 'text',
      contactName: 'text',
      contactSurname: 'text',
      contactEmail: 'text',
      contactPhone: 'text',
      image: 'number',
      notes: 'text',
      city: 'text',
      customFields: 'text',
      createdAt: 'date',
    },
  }),
  products: define<ProductListItem>({
    access: requireAny('products_find'),
    query: listQuery(productListFields),
    scope: noScope,
    read: (db, auth, query) => createProductsService({ db, settings: unused }).list(auth, query),
    fields: {
      id: 'number',
      image: 'number',
      reference: 'text',
      name: 'text',
      description: 'text',
      type: 'text',
      sellOnline: 'boolean',
      status: 'text',
      price: 'money',
      bookingCalendarName: 'text',
      duration: 'number',
      supplier: 'text',
    },
  }),
  calendars: define<BookingCalendarListItem>({
    access: requireAny('bookingCalendars_find'),
    query: listQuery(bookingCalendarListFields),
    scope: noScope,
    read: (db, auth, query) => createCalendarsService({ db }).list(auth, query),
    fields: {
      id: 'number',
      name: 'text',
      color: 'text',
      maximumConcurrentBookings: 'number',
      maximumDaysOfBookingForecast: 'number',
      minimumMinutesInAdvanceForBooking: 'number',
      minimumProductDuration: 'number',
      duration: 'number',
      createdAt: 'date',
      updatedAt: 'date',
    },
  }),
  anomalies: define<AnomalyListItem, { calendarId: number }>({
    access: requireAny('bookingCalendarsScheduleAnomaly_find'),
    query: listQuery(anomalyListFields),
    // GET /admin/booking-calendars/{id}/schedule-anomalies: the calendar is the path's id (404 when it
    // is not the license's, as there).
    scope: z.object({ calendarId: z.coerce.number().int().positive().max(2_147_483_647) }).strict(),
    read: (db, auth, query, scope) =>
      createCalendarsService({ db }).listAnomalies(auth, scope.calendarId, query),
    fields: {
      id: 'number',
      startsAt: 'date',
      endsAt: 'date',
      type: 'text',
      reason: 'text',
    },
  }),
  employees: define<Omit<Employee, 'permissions'>>({
    access: requireAny('employees_find'),
    query: listQuery(employeeListFields),
    scope: noScope,
    read: (db, auth, query) => createEmployeesService({ db }).list(auth, query),
    fields: {
      id: 'number',
      name: 'text',
      email: 'text',
      username: 'text',
      roles: 'text',
      enabled: 'boolean',
      createdAt: 'date',
      canManage: 'boolean',
    },
  }),
  mails: define<MailListItem>({
    access: requireAny('mails_find'),
    query: mailListQuery,
    scope: noScope,
    read: (db, auth, query) => createMailsService({ db, publicUrl: 'http://localhost' }).list(auth, query),
    fields: {
      id: 'number',
      type: 'text',
      kind: 'text',
      contactId: 'number',
      createdAt: 'date',
      sentAt: 'date',
      status: 'text',
      subject: 'text',
      body: 'text',
      contactEmail: 'text',
      error: 'text',
      errorCode: 'text',
      attempts: 'number',
    },
  }),
  licenses: define<LicenseListItem>({
    // Every license: the platform's, as GET /admin/licenses.
    access: platformOnly('licenses_find'),
    query: listQuery(licenseListFields),
    scope: noScope,
    read: (db, auth, query) =>
      createLicensesService({ db, settings: unused }).list({ ...query, timeZone: auth.timeZone }),
    fields: {
      id: 'number',
      name: 'text',
      code: 'text',
      status: 'text',
      customerId: 'number',
      productId: 'number',
      isPlatform: 'boolean',
      createdAt: 'date',
      productName: 'text',
      customerName: 'text',
      customerSurname: 'text',
    },
  }),
  subscriptions: define<SubscriptionListItem>({
    access: requireAny('subscriptions_find'),
    query: listQuery(subscriptionListFields),
    scope: noScope,
    read: (db, auth, query) =>
      createSubscriptionsService({ db, settings: unused, orders: unused }).list(auth, query),
    fields: {
      id: 'number',
      customerName: 'text',
      customerSurname: 'text',
      customerCompanyName: 'text',
      status: 'text',
      paymentPeriodicity: 'text',
      paymentMethod: 'text',
      startsAt: 'date',
      productName: 'text',
      customerId: 'number',
      productId: 'number',
      cancelAt: 'date',
      createdAt: 'date',
    },
  }),
  suppliers: define<SupplierListItem>({
    access: requireAny('suppliers_find'),
    query: listQuery(supplierListFields),
    scope: noScope,
    read: (db, auth, query) => createSuppliersService({ db, settings: unused }).list(auth, query),
    fields: {
      id: 'number',
      name: 'text',
      customerName: 'text',
      customerSurname: 'text',
      status: 'text',
      startsAt: 'day',
      customerId: 'number',
      commissionType: 'text',
      // A percentage or euros, by commissionType: written as the number the list shows.
      commissionQuantity: 'number',
      automaticActivation: 'boolean',
      createdAt: 'date',
    },
  }),
  giftVouchers: define<GiftVoucherListItem>({
    access: requireAny('giftVouchers_find'),
    query: listQuery(giftVoucherListFields),
    scope: noScope,
    read: (db, auth, query) => createGiftVouchersService({ db, settings: unused }).list(auth, query),
    fields: {
      id: 'number',
      createdAt: 'date',
      productName: 'text',
      code: 'text',
      expiresAt: 'date',
      status: 'text',
      maximumNumberOfBookings: 'number',
      numberOfAvailableBookings: 'number',
      customerName: 'text',
      customerSurname: 'text',
      customerEmail: 'text',
      productId: 'number',
      customerId: 'number',
    },
  }),
  cashRegisters: define<CashRegisterListItem>({
    access: requireAny('cashRegisters_find'),
    query: listQuery(cashRegisterListFields),
    scope: noScope,
    read: (db, auth, query) =>
      createCashRegistersService({ db, settings: unused, storage: unused }).list(auth, query),
    fields: {
      id: 'number',
      startsAt: 'date',
      endDate: 'date',
      username: 'text',
      notes: 'text',
      cashCount: 'text',
      reportFileId: 'number',
      initialAmount: 'money',
      currentCashAmount: 'money',
      ordersCount: 'number',
      ordersAmount: 'money',
      refundsCount: 'number',
      refundsAmount: 'money',
      cashOrdersCount: 'number',
      cashOrdersAmount: 'money',
      cashRefundsCount: 'number',
      cashRefundsAmount: 'money',
      cardOrdersCount: 'number',
      cardOrdersAmount: 'money',
      cardRefundsCount: 'number',
      cardRefundsAmount: 'money',
    },
  }),
  invoices: define<InvoiceListItem>({
    access: requireAny('orders_find'),
    query: invoiceListQuery,
    scope: noScope,
    read: (db, auth, query) =>
      createInvoicesService({ db, settings: unused, identity: unused, storage: unused }).list(auth, query),
    fields: {
      id: 'number',
      code: 'text',
      type: 'text',
      series: 'text',
      issuedAt: 'date',
      orderId: 'number',
      orderCode: 'number',
      customerId: 'number',
      recipientName: 'text',
      recipientTaxId: 'text',
      taxBase: 'money',
      total: 'money',
      annulled: 'boolean',
      verifactuState: 'text',
    },
  }),
  taxes: define<Tax>({
    // Every employee reads the taxes (GET /admin/taxes is for any signed-in employee).
    access: 'authenticated',
    query: listQuery(taxListFields),
    scope: noScope,
    read: (db, auth, query) => createTaxesService({ db }).list(auth, query),
    fields: {
      id: 'number',
      name: 'text',
      percentage: 'percent',
      createdAt: 'date',
    },
  }),
} satisfies Record<ExportableList, unknown>;

/** A list of the registry, its item and scope types forgotten (the exports service walks them all). */
export type AnyExportList = ExportList<Record<string, unknown>, Record<string, unknown>>;
export const exportListOf = (list: ExportableList) => exportLists[list] as unknown as AnyExportList;
