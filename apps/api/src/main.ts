import path from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemo } from './demo/seed.js';
import { createCheckoutsJob } from './jobs/checkouts.js';
import { startJobs } from './jobs/runtime.js';
import { createVerifactuSubmitter } from './jobs/verifactu-submission.js';
import { createSecretBox, loadSecretKey } from './lib/secrets.js';
import { bootstrapPlatform } from './modules/licenses/bootstrap.js';
import { renderPendingInvoiceDocuments } from './workflows/invoice-document.js';

const config = loadConfig();
const started = Date.now();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.resolve(config.DATA_DIR, 'pgdata'),
});
await runMigrations(database);
const secretBox = createSecretBox(loadSecretKey(config.secretsKey, config.DATA_DIR));
const { app, services } = await buildApp({
  config,
  database,
  secretBox,
  logger: { level: config.LOG_LEVEL },
});

const boot = await bootstrapPlatform(database.db, services.licenses, {
  license: config.BOOTSTRAP_LICENSE,
  username: config.BOOTSTRAP_USERNAME,
  password: config.BOOTSTRAP_PASSWORD,
});
if (boot.created) {
  const password = boot.generatedPassword ?? '(from BOOTSTRAP_PASSWORD)';
  console.log(
    `\nPlatform license created. Log in with license "${config.BOOTSTRAP_LICENSE}", username "${config.BOOTSTRAP_USERNAME}", password ${password}\n`,
  );
}
if (config.DEMO_DATA) console.log(await seedDemo(database.db, services));

// Background jobs: the mail worker, the sweep of orphaned mails, the reminders and greetings, the
// Verifactu submission, the invoices' PDFs, the subscriptions' renewals and the public checkouts.
const jobs = await startJobs({
  database,
  config,
  mails: services.mails,
  settings: services.settings,
  storage: services.storage,
  notifications: services.notifications,
  smtp: services.smtp,
  log: app.log,
  workers: config.JOBS,
  verifactu: createVerifactuSubmitter({
    db: database.db,
    settings: services.settings,
    endpoint: config.VERIFACTU_ENDPOINT,
  }),
  invoiceDocuments: () =>
    renderPendingInvoiceDocuments({
      db: database.db,
      invoices: services.invoices,
      storage: services.storage,
    }),
  subscriptionRenewals: services.subscriptionRenewals,
  checkouts: createCheckoutsJob({
    db: database.db,
    settings: services.settings,
    orders: {
      db: database.db,
      bookings: services.bookings,
      invoices: services.invoices,
      payments: services.payments,
    },
    log: app.log,
  }),
  googleCalendar: services.googleCalendar,
});

// Expired sessions are useless rows: sweep them now and every hour.
const sweep = () =>
  services.authentication.sweepExpired().catch((err) => app.log.warn({ err }, 'session sweep failed'));
void sweep();
const sweeper = setInterval(sweep, 3_600_000);
sweeper.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  clearInterval(sweeper);
  try {
    await app.close();
    await jobs.stop();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ ms: Date.now() - started, database: database.kind }, 'ready');
