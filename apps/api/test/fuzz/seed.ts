import { allPermissions, companyPermissions, type Permission } from '@mostrador/contract';
import { expect } from 'vitest';
import {
  call,
  createEmployee,
  createLicense,
  login,
  pngImage,
  type TestApp,
  uploadFile,
} from '../helpers.js';

/** The kinds of record a route's path can name; a path's first segment after /v1/admin/ says which. */
export type Resource =
  | 'users'
  | 'taxes'
  | 'customFields'
  | 'customers'
  | 'products'
  | 'calendars'
  | 'anomalies'
  | 'bookings'
  | 'orders'
  | 'registers'
  | 'files'
  | 'mails'
  | 'invoices'
  | 'giftVouchers'
  | 'suppliers'
  | 'subscriptions'
  | 'licenses';

/** A caller of the fuzz: who he is, what he holds, and how to get a token for him. */
export interface Caller {
  name: string;
  /** The license's label ('A', 'B', 'P'), or null without a valid token. */
  license: string | null;
  permissions: ReadonlySet<Permission>;
  platform: boolean;
  token: string | null;
  /** A new session of the same user (for routes that end the session they are called with). */
  freshToken?: () => Promise<string>;
}

export interface Company {
  label: string;
  /** A string in the names of the company's seeded records: no other license may ever read it. */
  marker: string;
  licenseId: number;
  code: string;
  owner: Caller;
  /** An employee with no permission at all. */
  nobody: Caller;
  /** Bodies that the API accepts for this company (as its records stand after the seed). */
  examples: Record<'calendar' | 'booking' | 'order', Record<string, unknown>>;
  ids: Record<Resource, number[]>;
}

async function created(res: { status: number; body: { data?: { id: number } } }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data!.id;
}

const morning = [{ openAt: '09:00', closedAt: '14:00' }];
const weekdays = {
  monday: morning,
  tuesday: morning,
  wednesday: morning,
  thursday: morning,
  friday: morning,
  saturday: [],
  sunday: [],
};

/** A license with one record of every kind, all named with its marker. */
export async function seedCompany(t: TestApp, label: string, png: Buffer): Promise<Company> {
  const marker = `Zq${label}mark${label}Zq`;
  const owner = await createLicense(t);
  const token = owner.token;
  const post = (url: string, payload: unknown) => call(t, 'POST', url, { token, payload });
  const tax = await created(await post('/v1/admin/taxes', { name: `IVA ${marker}`, percentage: 21 }), 'tax');
  const customField = await created(
    await post('/v1/admin/customFields', { entity: 'customer', name: `Origen ${marker}`, type: 'text' }),
    'custom field',
  );
  const customer = await created(
    await post('/v1/admin/customers', {
      name: `Ana ${marker}`,
      email: 'ana@example.es',
      customFields: [{ customFieldId: customField, value: `Valor ${marker}` }],
    }),
    'customer',
  );
  const calendar = await created(
    await post('/v1/admin/booking-calendars', { name: `Sala ${marker}`, duration: 30, schedule: weekdays }),
    'calendar',
  );
  const anomaly = await created(
    await post(`/v1/admin/booking-calendars/${calendar}/schedule-anomalies`, {
      type: 'close',
      startDate: '2027-12-25',
      endDate: '2027-12-26',
      reason: `Navidad ${marker}`,
    }),
    'anomaly',
  );
  const massage = await created(
    await post('/v1/admin/products', {
      name: `Masaje ${marker}`,
      type: 'bookable',
      price: 45,
      taxType: tax,
      durationInMinutes: 60,
      bookingCalendarId: calendar,
    }),
    'bookable product',
  );
  const oil = await created(
    await post('/v1/admin/products', { name: `Aceite ${marker}`, type: 'regular', price: 10, taxType: tax }),
    'product',
  );
  const booking = await created(
    await post('/v1/admin/bookings', {
      bookingCalendarId: calendar,
      productId: massage,
      customerId: customer,
      startsAt: '2027-03-01T10:00',
      notes: `Reserva ${marker}`,
    }),
    'booking',
  );
  const examples = {
    calendar: { name: `Sala 2 ${label}`, duration: 30, schedule: weekdays },
    booking: {
      bookingCalendarId: calendar,
      productId: massage,
      customerId: customer,
      startsAt: '2027-03-08T11:00',
    },
    order: {
      customerId: customer,
      status: 'paid',
      paymentMethod: 'cash',
      lines: [{ productId: oil, quantity: 1, unitPrice: 10 }],
    },
  };
  const register = await created(
    await post('/v1/admin/cash-register/open', { initialAmount: 100 }),
    'register',
  );
  // Billing data with simplified invoices on: the paid order below gets its invoice (a ticket).
  const billing = await call(t, 'PUT', '/v1/admin/settings', {
    token,
    payload: {
      billing: {
        legalName: `Empresa ${marker} S.L.`,
        street: 'Calle 1',
        postalCode: '28001',
        city: 'Madrid',
        state: 'Madrid',
        country: 'España',
        fullSeries: '',
        simplifiedSeries: 'T',
        rectifyingSeries: 'R',
        simplifiedInvoices: true,
        simplifiedInvoiceLimit: 400,
      },
      verifactu: { status: false, environment: 'test', taxId: 'B12345674' },
    },
  });
  expect(billing.status, JSON.stringify(billing.body)).toBe(200);
  const order = await created(
    await post('/v1/admin/orders', {
      customerId: customer,
      status: 'paid',
      paymentMethod: 'cash',
      notes: `Venta ${marker}`,
      lines: [{ productId: oil, quantity: 2, unitPrice: 10 }],
    }),
    'order',
  );
  const invoices = await call(t, 'GET', `/v1/admin/orders/${order}/invoices`, { token });
  expect(invoices.status).toBe(200);
  const invoice = (invoices.body.data as { id: number }[])[0]!.id;
  // The booking's confirmation, queued in the outbox (its customer has an email).
  const mails = await call(t, 'GET', '/v1/admin/mails', { token });
  expect(mails.status).toBe(200);
  const mail = (mails.body.data.items as { id: number }[])[0]!.id;
  // A gift card sold: its voucher.
  const gift = await created(
    await post('/v1/admin/products', {
      name: `Regalo ${marker}`,
      type: 'bookable_gift',
      price: 50,
      taxType: tax,
      durationInMinutes: 60,
      bookingCalendarId: calendar,
    }),
    'gift product',
  );
  await created(
    await post('/v1/admin/orders', {
      customerId: customer,
      status: 'paid',
      paymentMethod: 'cash',
      lines: [{ productId: gift, quantity: 1, unitPrice: 50 }],
    }),
    'gift order',
  );
  const vouchers = await call(t, 'GET', '/v1/admin/gift-vouchers', { token });
  expect(vouchers.status).toBe(200);
  const voucher = (vouchers.body.data.items as { id: number }[])[0]!.id;
  // A supplier, of the customer.
  const supplier = await created(
    await post('/v1/admin/suppliers', { name: `Proveedor ${marker}`, customerId: customer }),
    'supplier',
  );
  // A subscription of the customer to a monthly plan (inactive: nothing is charged).
  const plan = await created(
    await post('/v1/admin/products', {
      name: `Cuota ${marker}`,
      type: 'subscription',
      price: 30,
      taxType: tax,
      periodicity: { quantity: 1, unit: 'month' },
    }),
    'subscription product',
  );
  const subscription = await created(
    await post('/v1/admin/subscriptions', {
      customerId: customer,
      productId: plan,
      startsAt: '2027-03-01',
      paymentMethod: 'transfer',
    }),
    'subscription',
  );
  const upload = await uploadFile(t, token, png, `logo-${marker}.png`, 'image');
  expect(upload.status).toBe(201);
  // An employee the fuzz may edit and delete, and one without any permission who calls every route.
  const victim = await createEmployee(t, owner.code, token, [
    { scope: 'can_do', permission: 'customers_find' },
  ]);
  const nobody = await createEmployee(t, owner.code, token, []);
  const company = (permissions: readonly Permission[]) => new Set(permissions);
  return {
    label,
    marker,
    examples,
    licenseId: owner.license.id,
    code: owner.code,
    owner: {
      name: `${label}.owner`,
      license: label,
      permissions: company(companyPermissions),
      platform: false,
      token,
      freshToken: () => login(t, { license: owner.code, username: 'owner', password: owner.password }),
    },
    nobody: {
      name: `${label}.nobody`,
      license: label,
      permissions: new Set(),
      platform: false,
      token: nobody.token,
      freshToken: () =>
        login(t, { license: owner.code, username: nobody.username, password: nobody.password }),
    },
    ids: {
      users: [victim.id],
      taxes: [tax],
      customFields: [customField],
      customers: [customer],
      products: [massage, oil],
      calendars: [calendar],
      anomalies: [anomaly],
      bookings: [booking],
      orders: [order],
      registers: [register],
      files: [upload.body.data.id],
      mails: [mail],
      invoices: [invoice],
      giftVouchers: [voucher],
      suppliers: [supplier],
      subscriptions: [subscription],
      licenses: [],
    },
  };
}

/** The platform license's owner: every permission, the platform's routes included. */
export async function seedPlatform(t: TestApp): Promise<Caller & { victimLicenseId: number }> {
  const platform = await createLicense(t, { platform: true });
  // A company the platform's fuzz may edit, disable and delete, so that A and B stay as they are.
  const victim = await createLicense(t);
  return {
    name: 'P.owner',
    license: 'P',
    permissions: new Set(allPermissions),
    platform: true,
    token: platform.token,
    freshToken: () => login(t, { license: platform.code, username: 'owner', password: platform.password }),
    victimLicenseId: victim.license.id,
  };
}

/** Which kind of record a path parameter names, from the path (`/v1/admin/<segment>/{id}/...`). */
export function resourceOf(path: string, param: string): Resource | null {
  const segment = path.split('/')[3];
  if (param === 'anomalyId') return 'anomalies';
  if (param === 'userId') return 'users';
  // A position inside the mail the path names (fuzz.test.ts' positionParams), not a record.
  if (param === 'attachmentId') return null;
  switch (segment) {
    case 'users':
      return 'users';
    case 'taxes':
      return 'taxes';
    case 'customFields':
      return 'customFields';
    case 'customers':
      return 'customers';
    case 'products':
      return 'products';
    case 'booking-calendars':
      return 'calendars';
    case 'bookings':
      return 'bookings';
    case 'orders':
      return 'orders';
    case 'cash-register':
      return 'registers';
    case 'files':
      return 'files';
    case 'mails':
      return 'mails';
    case 'invoices':
      return 'invoices';
    case 'gift-vouchers':
      return 'giftVouchers';
    case 'suppliers':
      return 'suppliers';
    case 'subscriptions':
      return 'subscriptions';
    case 'licenses':
      return 'licenses';
    default:
      return null;
  }
}

/** Which kind of record a body or query field names, from its name. */
export function resourceOfField(field: string): Resource | null {
  switch (field) {
    case 'customerId':
      return 'customers';
    case 'customFieldId':
      return 'customFields';
    case 'productId':
      return 'products';
    case 'taxType':
      return 'taxes';
    case 'bookingCalendarId':
    case 'calendarId':
      return 'calendars';
    case 'image':
    case 'logo':
    case 'certificateFile':
    case 'reportFileId':
      return 'files';
    case 'orderId':
    case 'originalOrderId':
      return 'orders';
    case 'bookingId':
      return 'bookings';
    case 'cashRegisterId':
      return 'registers';
    case 'supplierId':
      return 'suppliers';
    default:
      return null;
  }
}

export { pngImage };
