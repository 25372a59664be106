import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { createSmtpClient, type SmtpClient } from '../integrations/smtp.js';
import type { FileStorage } from '../modules/files/file-storage.js';
import type { GoogleCalendarService } from '../modules/google-calendar/google-calendar.service.js';
import { createMailsRepository } from '../modules/mails/mails.repository.js';
import type { MailsService } from '../modules/mails/mails.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { startGoogleCalendarJobs } from './google-calendar.js';
import { createBoss, type JobQueueOptions, queueNames } from './job-queue.js';
import { createMailWorker } from './mail-worker.js';
import type { NotificationScheduler } from './notifications.js';
import type { VerifactuSubmitter } from './verifactu-submission.js';

export interface JobRuntime {
  boss: PgBoss;
  /** Queues the mails nobody is sending (the minute sweep, also run at start). */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts the job queue of this process: the queues with their retry policies, the mail worker, and the
 * minute schedules (the sweep of orphaned mails, the reminders and greetings; with their deps, the
 * Verifactu submission, the invoices' PDFs, the subscriptions' renewals and the public checkouts). With `workers:
 * false` it only sends jobs, for another process to work.
 */
export async function startJobs(deps: {
  database: Database;
  config: Pick<Config, 'MAIL_RETRY_LIMIT' | 'MAIL_RETRY_DELAY_SECONDS'>;
  mails: MailsService;
  settings: SettingsService;
  storage: FileStorage;
  notifications: NotificationScheduler;
  log: JobQueueOptions['log'];
  workers?: boolean;
  smtp?: SmtpClient;
  /** Sends pending Verifactu records to AEAT (the minute job). */
  verifactu?: Pick<VerifactuSubmitter, 'run'>;
  /** Renders the PDFs of invoices issued without one yet (the minute job). */
  invoiceDocuments?: () => Promise<unknown>;
  /** Renews the subscriptions due at the time given (the minute job; tests call it with their clock). */
  subscriptionRenewals?: { run(now: Date): Promise<{ failed: number }> };
  /** Closes abandoned checkouts and retries their late refunds (the minute job; tests pass their clock). */
  checkouts?: { run(now: Date): Promise<{ failed: number; givenUp: number }> };
  /** Pushes bookings to linked Google calendars and reads their busy times (jobs/google-calendar.ts). */
  googleCalendar?: GoogleCalendarService;
}): Promise<JobRuntime> {
  const workers = deps.workers ?? true;
  const boss = createBoss({ database: deps.database, log: deps.log });
  await boss.start();
  const mailQueue = {
    // One waiting and one running job per mail at most: a second dispatch of the same mail is a no-op.
    policy: 'stately',
    retryLimit: deps.config.MAIL_RETRY_LIMIT,
    retryDelay: deps.config.MAIL_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 300,
    notify: true,
  } as const;
  await boss.createQueue(queueNames.mailSend, mailQueue);
  const { policy: _policy, ...mailUpdate } = mailQueue;
  await boss.updateQueue(queueNames.mailSend, mailUpdate);
  await boss.createQueue(queueNames.mailSweep, { policy: 'singleton', retryLimit: 0, expireInSeconds: 120 });
  await boss.createQueue(queueNames.notificationsTick, {
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 600,
  });
  await boss.createQueue(queueNames.verifactuSubmit, {
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 900,
  });
  await boss.createQueue(queueNames.invoiceDocuments, {
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 900,
  });
  await boss.createQueue(queueNames.subscriptionsRenew, {
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 900,
  });
  await boss.createQueue(queueNames.checkoutsSweep, {
    policy: 'singleton',
    retryLimit: 0,
    expireInSeconds: 900,
  });

  async function dispatchAll(ids: number[]) {
    for (const mailId of ids) {
      await boss.send(queueNames.mailSend, { mailId }, { singletonKey: String(mailId) });
    }
  }
  deps.mails.useDispatcher({
    dispatch: (ids) => {
      dispatchAll(ids).catch((err) => deps.log.warn({ err, ids }, 'mail dispatch failed; the sweep retries'));
    },
  });
  if (deps.googleCalendar) await startGoogleCalendarJobs(boss, deps.googleCalendar, deps.log, workers);

  async function sweep() {
    const withServer = await deps.settings.licensesWithMailServer();
    const orphans = await createMailsRepository(deps.database.db).orphans(1000, withServer);
    await dispatchAll(orphans.map((o) => o.id));
    return orphans.length;
  }

  const smtp = deps.smtp ?? createSmtpClient();
  if (workers) {
    const sendMail = createMailWorker({
      db: deps.database.db,
      settings: deps.settings,
      storage: deps.storage,
      smtp,
    });
    await boss.work(
      queueNames.mailSend,
      {
        batchSize: 20,
        localConcurrency: 2,
        includeMetadata: true,
        perJobResults: true,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: 1,
        notifyPollingIntervalSeconds: 5,
      },
      async (jobs: JobWithMetadata<{ mailId: number }>[]) =>
        Promise.all(
          jobs.map(async (job) => {
            try {
              const attempt = await sendMail(job.data.mailId, job.retryCount >= job.retryLimit);
              const status =
                attempt === 'retry' ? 'failed' : attempt === 'failed' ? 'deadletter' : 'completed';
              return { id: job.id, status, output: { attempt } } as const;
            } catch (err) {
              deps.log.error({ err, mailId: job.data.mailId }, 'mail send crashed');
              return { id: job.id, status: 'failed', output: { error: String(err) } } as const;
            }
          }),
        ),
    );
    await boss.work(queueNames.mailSweep, { pollingIntervalSeconds: 5 }, async () => {
      await sweep();
    });
    await boss.work(queueNames.notificationsTick, { pollingIntervalSeconds: 5 }, async () => {
      await deps.notifications.run(new Date());
    });
    const { verifactu, invoiceDocuments, subscriptionRenewals, checkouts } = deps;
    if (verifactu) {
      await boss.work(queueNames.verifactuSubmit, { pollingIntervalSeconds: 5 }, async () => {
        for (const result of await verifactu.run())
          if (result.error) deps.log.warn({ result }, 'Verifactu submission did not complete');
      });
      await boss.schedule(queueNames.verifactuSubmit, '* * * * *');
    }
    if (invoiceDocuments) {
      await boss.work(queueNames.invoiceDocuments, { pollingIntervalSeconds: 5 }, async () => {
        await invoiceDocuments();
      });
      await boss.schedule(queueNames.invoiceDocuments, '* * * * *');
    }
    if (subscriptionRenewals) {
      // Each period's row is unique: a job run twice, or by two processes at once, charges it once.
      await boss.work(queueNames.subscriptionsRenew, { pollingIntervalSeconds: 5 }, async () => {
        const summary = await subscriptionRenewals.run(new Date());
        if (summary.failed)
          deps.log.warn({ summary }, 'some subscription renewals failed; retried next minute');
      });
      await boss.schedule(queueNames.subscriptionsRenew, '* * * * *');
    }
    if (checkouts) {
      // Each checkout is closed or refunded under its order's and hold's locks: a second run finds it done.
      await boss.work(queueNames.checkoutsSweep, { pollingIntervalSeconds: 5 }, async () => {
        const summary = await checkouts.run(new Date());
        if (summary.failed || summary.givenUp)
          deps.log.warn({ summary }, 'checkouts job: some checkouts failed or were left for staff');
      });
      await boss.schedule(queueNames.checkoutsSweep, '* * * * *');
    }
    // pg-boss creates one job per minute for each, however many processes schedule them.
    await boss.schedule(queueNames.mailSweep, '* * * * *');
    await boss.schedule(queueNames.notificationsTick, '* * * * *');
    await sweep();
  }

  return {
    boss,
    sweep,
    async stop() {
      deps.mails.useDispatcher({ dispatch: () => undefined });
      // Within main's 10 s shutdown budget: jobs still running after 8 s are retried elsewhere or later.
      await boss.stop({ graceful: true, timeout: 8_000 });
      smtp.close();
    },
  };
}
