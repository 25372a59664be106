import type { Permission } from '@mostrador/contract';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { cashRegisters } from '../modules/cash-registers/cash-registers.table.js';
import { createEmployeesRepository } from '../modules/employees/employees.repository.js';
import { createLicense } from '../workflows/create-license.js';
import { seedDemoBalances } from './balances.js';
import { seedDemoBookings } from './bookings.js';
import { seedDemoCalendars } from './calendars.js';
import { seedDemoCustomers } from './customers.js';
import { seedDemoGiftVouchers } from './gift-vouchers.js';
import { seedDemoInvoices } from './invoices.js';
import { seedDemoMails } from './mails.js';
import { seedDemoOrders } from './orders.js';
import { seedDemoPayments } from './payments.js';
import { seedDemoProducts } from './products.js';
import { seedDemoSubscriptions } from './subscriptions.js';
import { seedDemoSuppliers } from './suppliers.js';

export const demoLicense = { code: 'demo', username: 'demo', password: 'demo-mostrador' };

const demoTaxes = [
  { name: 'IVA 21%', percentage: 21 },
  { name: 'IVA 10%', percentage: 10 },
  { name: 'IVA 4%', percentage: 4 },
  { name: 'Exento', percentage: 0 },
];

const demoEmployees: { name: string; username: string; email: string; permissions: Permission[] }[] = [
  {
    name: 'Lucía Fernández',
    username: 'lucia',
    email: 'lucia.fernandez@example.es',
    permissions: [
      'bookings_find',
      'bookings_create',
      'bookings_edit',
      'customers_find',
      'customers_create',
      'customers_edit',
      'cashRegisters_open',
      'orders_find',
      'orders_create',
      'sales_physical',
    ],
  },
  {
    name: 'Javier Moreno',
    username: 'javier',
    email: 'javier.moreno@example.es',
    permissions: ['bookings_find', 'customers_find', 'products_find'],
  },
];

/**
 * The demo company: license `demo` with its settings, taxes and staff. Each module adds its own
 * realistic data here. Running it twice leaves the existing demo as it is.
 */
export async function seedDemo(db: Db, services: Services): Promise<string> {
  const login = `license "${demoLicense.code}", username "${demoLicense.username}", password "${demoLicense.password}"`;
  if (await services.licenses.findByCode(demoLicense.code))
    return `Demo license already there: log in with ${login}`;
  const { license } = await createLicense(
    { db, settings: services.settings },
    {
      name: 'Centro Bienestar Aurora',
      code: demoLicense.code,
      adminUsername: demoLicense.username,
      adminEmail: 'gerencia@aurora-bienestar.example.es',
      adminPassword: demoLicense.password,
    },
  );
  const auth = { licenseId: license.id } as Parameters<typeof services.taxes.create>[0];
  for (const tax of demoTaxes) await services.taxes.create(auth, tax);
  await seedDemoCustomers(db, services, auth as Parameters<typeof services.customers.create>[0]);
  await services.settings.update({ ...auth, permissions: new Set(['settings_edit']) } as typeof auth, {
    companyName: 'Centro Bienestar Aurora S.L.',
    vat: 'B12345678',
    email: 'hola@aurora-bienestar.example.es',
    phone: '+34915550123',
    street: 'Calle de Alcalá, 120',
    postalCode: '28009',
    city: 'Madrid',
    state: 'Madrid',
    country: 'España',
    web: 'https://aurora-bienestar.example.es',
    locale: 'es',
    otherLanguages: ['en', 'ca'],
    timeZone: 'Europe/Madrid',
  });
  // Anomalies' dates without an offset are read in the company's time zone, as the API reads a client's.
  const calendars = await seedDemoCalendars(services, {
    ...auth,
    timeZone: 'Europe/Madrid',
  } as Parameters<typeof services.calendars.create>[0]);
  await seedDemoProducts(services, auth as Parameters<typeof services.products.create>[0], calendars);
  await seedDemoBookings(
    db,
    services,
    { ...auth, timeZone: 'Europe/Madrid' } as Parameters<typeof services.bookings.list>[0],
    calendars,
  );
  const employees = createEmployeesRepository(db);
  const passwordHash = await hashPassword(demoLicense.password);
  for (const e of demoEmployees) {
    const row = await employees.insert({
      licenseId: license.id,
      name: e.name,
      email: e.email,
      username: e.username,
      passwordHash,
    });
    await employees.setPermissions(
      license.id,
      row.id,
      e.permissions.map((permission) => ({ scope: 'can_do' as const, permission })),
    );
  }
  // The bookings' orders, the counter sales and the registers, once the staff who kept them are in.
  await seedDemoOrders(db, { licenseId: license.id, timeZone: 'Europe/Madrid' });
  // The last fortnight's registers get the report closing them in the app would have made (rendering
  // two years of them would take minutes).
  const latest = await db
    .select({ id: cashRegisters.id })
    .from(cashRegisters)
    .where(and(eq(cashRegisters.licenseId, license.id), isNotNull(cashRegisters.closedAt)))
    .orderBy(desc(cashRegisters.closedAt))
    .limit(14);
  for (const register of latest) await services.cashRegisters.addMissingReport(license.id, register.id);
  // The gift cards sold gave their vouchers: active, used up and expired ones.
  await seedDemoGiftVouchers(db, license.id, 'Europe/Madrid');
  // The packs and credits sold gave their balances, through the paid sale's own grant (refunds revoked).
  await seedDemoBalances(db, services, license.id);
  // Online sales paid through Redsys's test merchant; those awaiting payment with their link.
  await seedDemoPayments(db, services, license.id);
  // The last two months invoiced: billing data, full invoices and tickets, rectifying invoices.
  await seedDemoInvoices(db, services, license.id);
  // The outbox of the last month, and the reminders and greetings switched on.
  await seedDemoMails(db, services, license.id);
  // The suppliers of the shop's products, linked to them: the settlement report shows their sales.
  await seedDemoSuppliers(db, services, {
    ...auth,
    timeZone: 'Europe/Madrid',
  } as Parameters<typeof services.suppliers.create>[0]);
  // Subscriptions of every type over the last seven months, through activation and the daily renewal run.
  await seedDemoSubscriptions(db, services, license.id);
  return `Demo license created: log in with ${login} (staff "lucia" and "javier" share the password)`;
}
