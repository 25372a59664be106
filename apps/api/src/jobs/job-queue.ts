import { fromPglite, PgBoss } from 'pg-boss';
import type { Database } from '../db/client.js';

/** The queues and schedules of the product; each is created at start with its own retry policy. */
export const queueNames = {
  /** Send one outbox mail: `{ mailId }`. */
  mailSend: 'mail-send',
  /** Every minute: find outbox mails nobody is sending (lost dispatch, crashed worker) and queue them. */
  mailSweep: 'mail-sweep',
  /** Every minute: queue the reminders and greetings whose hour has come in each company's zone. */
  notificationsTick: 'notifications-tick',
  /** Every minute: send the Verifactu records of each license whose wait (TiempoEsperaEnvio) is over. */
  verifactuSubmit: 'verifactu-submit',
  /** Every minute: render the PDFs of invoices issued since (kept as files, mailed and downloaded). */
  invoiceDocuments: 'invoice-documents',
  /** Every minute: the subscriptions' renewal orders due, cancellations at period end and for unpaid renewals. */
  subscriptionsRenew: 'subscriptions-renew',
  /** Every minute: close abandoned public checkouts, try again the refunds of checkouts paid too late. */
  checkoutsSweep: 'checkouts-sweep',
} as const;

export interface JobQueueOptions {
  database: Database;
  /** Log sink for the queue's own errors and warnings. */
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * The job queue: pg-boss in the product's own database (its tables in the `pgboss` schema). On the
 * embedded database it shares PGlite's single connection through pg-boss's PGlite adapter; on a
 * PostgreSQL server it opens a small pool of its own, and several processes share the work: each job
 * is fetched by one of them (`SKIP LOCKED`), each cron minute creates one job.
 */
export function createBoss(options: JobQueueOptions): PgBoss {
  const { database } = options;
  const common = {
    schema: 'pgboss',
    // Finished jobs are kept a week for inspection, then removed by pg-boss's maintenance.
    superviseIntervalSeconds: 30,
    cronMonitorIntervalSeconds: 30,
    persistWarnings: false,
  } as const;
  const boss =
    database.kind === 'pglite' && database.pglite
      ? new PgBoss({
          ...common,
          db: fromPglite(database.pglite as never),
          backend: 'pglite',
          useListenNotify: true,
        })
      : new PgBoss({
          ...common,
          connectionString: database.url,
          max: 4,
          application_name: 'mostrador-jobs',
          useListenNotify: true,
        });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  boss.on('warning', (warning) => options.log.warn({ warning }, 'job queue warning'));
  return boss;
}
