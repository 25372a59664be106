import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import rootPackage from '../../../package.json' with { type: 'json' };
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createGoogleCalendarApi } from './integrations/google-calendar.js';
import { createSmtpClient } from './integrations/smtp.js';
import { createNotificationScheduler } from './jobs/notifications.js';
import { createSubscriptionRenewer } from './jobs/subscription-renewals.js';
import type { SecretBox } from './lib/secrets.js';
import { authenticationRoutes } from './modules/authentication/authentication.routes.js';
import { createAuthenticationService } from './modules/authentication/authentication.service.js';
import { createLoginThrottle, type LoginThrottle } from './modules/authentication/login-throttle.js';
import { listenForAuthChanges } from './modules/authentication/session-cache.js';
import { balancesRoutes } from './modules/balances/balances.routes.js';
import { createBalancesService } from './modules/balances/balances.service.js';
import { bookingsRoutes } from './modules/bookings/bookings.routes.js';
import { createBookingsService } from './modules/bookings/bookings.service.js';
import { createCalendarHoldsService } from './modules/bookings/calendar-holds.js';
import { calendarFeedRoutes, calendarFeedsRoutes } from './modules/calendar-feeds/calendar-feeds.routes.js';
import { createCalendarFeedsService } from './modules/calendar-feeds/calendar-feeds.service.js';
import { calendarsRoutes } from './modules/calendars/calendars.routes.js';
import { createCalendarsService } from './modules/calendars/calendars.service.js';
import { cashRegistersRoutes } from './modules/cash-registers/cash-registers.routes.js';
import { createCashRegistersService } from './modules/cash-registers/cash-registers.service.js';
import { checkInRoutes } from './modules/check-in/check-in.routes.js';
import { createCheckInService } from './modules/check-in/check-in.service.js';
import { customFieldsRoutes } from './modules/custom-fields/custom-fields.routes.js';
import { createCustomFieldsService } from './modules/custom-fields/custom-fields.service.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { createCustomersService } from './modules/customers/customers.service.js';
import { employeesRoutes } from './modules/employees/employees.routes.js';
import { createEmployeesService } from './modules/employees/employees.service.js';
import { exportsRoutes } from './modules/exports/exports.routes.js';
import { createExportsService } from './modules/exports/exports.service.js';
import { createDiskStorage, type FileStorage } from './modules/files/file-storage.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { createFilesService } from './modules/files/files.service.js';
import { giftVouchersRoutes } from './modules/gift-vouchers/gift-vouchers.routes.js';
import { createGiftVouchersService } from './modules/gift-vouchers/gift-vouchers.service.js';
import { googleCalendarRoutes } from './modules/google-calendar/google-calendar.routes.js';
import { createGoogleCalendarService } from './modules/google-calendar/google-calendar.service.js';
import { appConfigRoutes, registerHealth } from './modules/health/health.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { createInvoicesService } from './modules/invoices/invoices.service.js';
import { licensesRoutes } from './modules/licenses/licenses.routes.js';
import { createLicensesService } from './modules/licenses/licenses.service.js';
import { createMailComposer } from './modules/mails/mail-composer.js';
import { mailsRoutes } from './modules/mails/mails.routes.js';
import { createMailsService } from './modules/mails/mails.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { paymentPagesRoutes, paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { createProductsService } from './modules/products/products.service.js';
import { bookingLinkRoutes, publicRoutes } from './modules/public/public.routes.js';
import { createPublicService } from './modules/public/public.service.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes.js';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.js';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.js';
import { createSuppliersService } from './modules/suppliers/suppliers.service.js';
import { taxesRoutes } from './modules/taxes/taxes.routes.js';
import { createTaxesService } from './modules/taxes/taxes.service.js';
import { loadWidgetDist, widgetRoutes } from './modules/widget/widget.routes.js';
import { registerAuth } from './plugins/auth.js';
import { frameworkErrorReply, notFoundBody, registerErrorHandler } from './plugins/errors.js';
import { loginPageHtml } from './plugins/login-page-html.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerSerializer } from './plugins/serializer.js';
import type { PaidOrderGrant } from './workflows/order-paid.js';
import { subscriptionGrants } from './workflows/subscription-grants.js';

export const appVersion = rootPackage.version;

export interface AppDeps {
  config: Config;
  database: Database;
  secretBox: SecretBox;
  throttle?: LoginThrottle;
  /** Where uploaded files live; local disk under DATA_DIR/files by default. */
  storage?: FileStorage;
  logger?: boolean | { level: string };
}

/** Every service, wired once; routes and scripts (bootstrap, demo) use the same instances. */
export function createServices(deps: AppDeps) {
  const { db } = deps.database;
  const settingsDeps: Parameters<typeof createSettingsService>[0] = {
    db,
    secretBox: deps.secretBox,
    publicUrl: deps.config.publicUrl,
  };
  const settings = createSettingsService(settingsDeps);
  const storage = deps.storage ?? createDiskStorage(path.resolve(deps.config.DATA_DIR, 'files'));
  const files = createFilesService({ db, storage });
  const smtp = createSmtpClient();
  const mails = createMailsService({ db, publicUrl: deps.config.publicUrl });
  settingsDeps.mails = mails;
  const mailComposer = createMailComposer({
    db,
    settings,
    mails,
    storage,
    files,
    smtp: () => smtp,
    publicUrl: deps.config.publicUrl,
    secretBox: deps.secretBox,
  });
  const bookings = createBookingsService({ db, mailer: { composer: mailComposer, mails }, settings });
  const invoices = createInvoicesService({
    db,
    settings,
    identity: {
      producerName: deps.config.VERIFACTU_PRODUCER_NAME,
      producerTaxId: deps.config.VERIFACTU_PRODUCER_TAX_ID,
      version: appVersion,
    },
    storage,
  });
  // What a paid sale gives its buyer; each module that grants something adds itself here.
  const grants: PaidOrderGrant[] = [];
  const giftVouchers = createGiftVouchersService({ db, settings, composer: mailComposer });
  grants.push(giftVouchers);
  const balances = createBalancesService({ db });
  grants.push(balances);
  grants.push(subscriptionGrants);
  const payments = createPaymentsService({
    db,
    settings,
    secretBox: deps.secretBox,
    invoices,
    grants,
    mailComposer,
    publicUrl: deps.config.publicUrl,
    stripe: { apiBase: deps.config.STRIPE_API_URL },
  });
  // The order workflows' collaborators, for the subscriptions' orders placed through them.
  const orderDeps = { db, bookings, invoices, payments, grants };
  // The public API's checkouts: a paid checkout's order turns its held place into the booking.
  const publicApi = createPublicService({
    db,
    settings,
    bookings,
    payments,
    files,
    orders: orderDeps,
    secretBox: deps.secretBox,
    publicUrl: deps.config.publicUrl,
  });
  grants.push(publicApi);
  return {
    smtp,
    storage,
    payments,
    publicApi,
    mails,
    mailComposer,
    notifications: createNotificationScheduler({ db, settings, composer: mailComposer, mails }),
    authentication: createAuthenticationService({
      db,
      throttle: deps.throttle ?? createLoginThrottle(),
      sessionIdleMinutes: deps.config.SESSION_IDLE_MINUTES,
    }),
    employees: createEmployeesService({ db }),
    settings,
    taxes: createTaxesService({ db }),
    customFields: createCustomFieldsService({ db }),
    licenses: createLicensesService({ db, settings }),
    customers: createCustomersService({ db }),
    products: createProductsService({ db, settings }),
    suppliers: createSuppliersService({ db, settings }),
    calendars: createCalendarsService({ db }),
    calendarFeeds: createCalendarFeedsService({
      db,
      secretBox: deps.secretBox,
      publicUrl: deps.config.publicUrl,
    }),
    googleCalendar: createGoogleCalendarService({
      db,
      secretBox: deps.secretBox,
      settings,
      mails,
      publicUrl: deps.config.publicUrl,
      api: createGoogleCalendarApi({
        oauthUrl: deps.config.GOOGLE_OAUTH_URL,
        apiUrl: deps.config.GOOGLE_API_URL,
      }),
    }),
    bookings,
    checkIn: createCheckInService({ db, secretBox: deps.secretBox, bookings }),
    giftVouchers,
    balances,
    orders: createOrdersService(orderDeps),
    subscriptions: createSubscriptionsService({
      db,
      settings,
      orders: orderDeps,
      mailLink: payments.mailLink,
    }),
    subscriptionRenewals: createSubscriptionRenewer({
      db,
      settings,
      orders: orderDeps,
      mailLink: payments.mailLink,
    }),
    invoices,
    cashRegisters: createCashRegistersService({ db, settings, storage }),
    files,
  };
}
export type Services = ReturnType<typeof createServices>;

function webDistDir(config: Config): string | undefined {
  const dir = config.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  registerSerializer(app, { verify: process.env.NODE_ENV === 'test' });
  registerErrorHandler(app);
  registerSecurityHeaders(app);

  const services = createServices(deps);
  registerAuth(app, services.authentication.authenticate);
  // Sessions kept in memory stay exact: dropped at every change any process makes (NOTIFY), and by
  // this process's own writes before their answer leaves.
  const keptSessions = services.authentication.sessions;
  const stopListening = await listenForAuthChanges(deps.database, keptSessions, (m) => app.log.warn(m));
  app.addHook('onClose', stopListening);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') keptSessions.clear();
    done(null, payload);
  });

  await registerOpenApi(app, appVersion);
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });

  registerHealth(app, deps.database.db);
  await app.register(
    async (v1) => {
      await v1.register(appConfigRoutes(deps.config, appVersion));
      await v1.register(authenticationRoutes(services.authentication));
      await v1.register(employeesRoutes(services.employees));
      await v1.register(settingsRoutes(services.settings, services.employees));
      await v1.register(taxesRoutes(services.taxes));
      await v1.register(customFieldsRoutes(services.customFields));
      await v1.register(licensesRoutes(services.licenses));
      await v1.register(customersRoutes(services.customers));
      await v1.register(productsRoutes(services.products));
      await v1.register(suppliersRoutes(services.suppliers));
      await v1.register(calendarsRoutes(services.calendars));
      await v1.register(calendarFeedsRoutes(services.calendarFeeds));
      await v1.register(googleCalendarRoutes(services.googleCalendar));
      await v1.register(
        bookingsRoutes(
          services.bookings,
          createCalendarHoldsService({ db: deps.database.db, bookings: services.bookings }),
        ),
      );
      await v1.register(giftVouchersRoutes(services.giftVouchers));
      await v1.register(checkInRoutes(services.checkIn));
      await v1.register(balancesRoutes(services.balances));
      await v1.register(ordersRoutes(services.orders));
      await v1.register(subscriptionsRoutes(services.subscriptions));
      await v1.register(paymentsRoutes(services.payments));
      await v1.register(publicRoutes(services.publicApi));
      await v1.register(
        invoicesRoutes(deps.database.db, services.invoices, services.storage, services.mailComposer),
      );
      await v1.register(cashRegistersRoutes(services.cashRegisters));
      await v1.register(reportsRoutes({ db: deps.database.db, cashRegisters: services.cashRegisters }));
      await v1.register(filesRoutes(services.files));
      await v1.register(mailsRoutes(services.mails, services.mailComposer, services.settings));
      await v1.register(
        exportsRoutes(createExportsService({ db: deps.database.db, log: (e) => app.log.error(e) })),
      );
    },
    { prefix: '/v1' },
  );
  // The customer's payment pages (the link sent by mail and the gateways' return addresses).
  await app.register(paymentPagesRoutes(services.payments));
  // The booking calendars' private iCal feeds, for calendar apps.
  await app.register(calendarFeedRoutes(services.calendarFeeds));
  // The customer's booking link of the confirmation mails (on to the widget's manage view).
  await app.register(bookingLinkRoutes(services.publicApi));
  // The booking widget companies embed in their websites (apps/widget), when it is built.
  const widget = loadWidgetDist(
    deps.config.WIDGET_DIST_DIR ?? path.resolve(import.meta.dirname, '../../widget/dist'),
  );
  if (widget)
    await app.register(widgetRoutes(widget, services.publicApi, { publicUrl: deps.config.publicUrl }));

  const web = webDistDir(deps.config);
  if (web) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Hashed file names never change content: cache them for a year.
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  // `/login`'s page names the login screen's chunks to fetch with the entry (login-page-html.ts).
  const loginHtml = web ? loginPageHtml(web) : undefined;
  // Unknown API paths answer JSON; any other GET is the web app, which shows its own 404 page.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith('/v1') || url.startsWith('/docs') || url.startsWith('/health');
    if (!isApi && web && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      const pathname = url.split('?', 1)[0];
      if (loginHtml && (pathname === '/login' || pathname === '/login/'))
        return reply.type('text/html; charset=utf-8').send(loginHtml);
      return reply.sendFile('index.html', web);
    }
    return reply.status(404).send(notFoundBody());
  });
  return { app, services };
}
