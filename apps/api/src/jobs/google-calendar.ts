import type { PgBoss } from 'pg-boss';
import type { GoogleCalendarService } from '../modules/google-calendar/google-calendar.service.js';

/** The Google Calendar queues (issue 21). */
export const googleCalendarQueues = {
  /** Push one link's bookings to its Google calendar: `{ linkId }`, retried with backoff. */
  push: 'google-calendar-push',
  /** Read one link's busy times (free/busy): `{ linkId }`, retried with backoff. */
  busy: 'google-calendar-busy',
  /** Every minute: a push job for each working link. */
  pushTick: 'google-calendar-push-tick',
  /** Every 10 minutes: a busy-times job for each working link. */
  busyTick: 'google-calendar-busy-tick',
} as const;

type Log = { warn(obj: object, msg: string): void };

/**
 * The Google Calendar jobs of this process: one job per link and kind at a time (`stately`, the link's
 * id as singleton key), so a link is never pushed by two workers at once; a run that met Google
 * unreachable fails and pg-boss tries it again (5 times, 30 s doubling). The ticks make one job per
 * working link; a link just made or a staff's refresh asks for its own through `useQueue`. With
 * `workers: false` jobs are only sent.
 */
export async function startGoogleCalendarJobs(
  boss: PgBoss,
  service: GoogleCalendarService,
  log: Log,
  workers: boolean,
): Promise<void> {
  const perLink = {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    retryDelayMax: 1800,
    expireInSeconds: 600,
  } as const;
  await boss.createQueue(googleCalendarQueues.push, perLink);
  await boss.createQueue(googleCalendarQueues.busy, perLink);
  const tick = { policy: 'singleton', retryLimit: 0, expireInSeconds: 300 } as const;
  await boss.createQueue(googleCalendarQueues.pushTick, tick);
  await boss.createQueue(googleCalendarQueues.busyTick, tick);

  const send = (queue: string, linkId: number) =>
    boss
      .send(queue, { linkId }, { singletonKey: String(linkId) })
      .catch((err) =>
        log.warn({ err, linkId, queue }, 'Google Calendar job not queued; the schedule retries'),
      );
  service.useQueue({
    push: (linkId) => void send(googleCalendarQueues.push, linkId),
    refreshBusy: (linkId) => void send(googleCalendarQueues.busy, linkId),
  });
  if (!workers) return;

  const run = (work: (linkId: number) => Promise<string>) => async (jobs: { data: { linkId: number } }[]) => {
    for (const job of jobs) {
      // 'retry': Google could not be reached; failing the job makes pg-boss try it again.
      if ((await work(job.data.linkId)) === 'retry') throw new Error('Google Calendar unreachable');
    }
  };
  await boss.work<{ linkId: number }>(
    googleCalendarQueues.push,
    { pollingIntervalSeconds: 5 },
    run((id) => service.push(id)),
  );
  await boss.work<{ linkId: number }>(
    googleCalendarQueues.busy,
    { pollingIntervalSeconds: 5 },
    run((id) => service.refreshBusy(id)),
  );
  const fanOut = (queue: string) => async () => {
    for (const link of await service.workingLinks()) await send(queue, link.id);
  };
  await boss.work(
    googleCalendarQueues.pushTick,
    { pollingIntervalSeconds: 5 },
    fanOut(googleCalendarQueues.push),
  );
  await boss.work(
    googleCalendarQueues.busyTick,
    { pollingIntervalSeconds: 5 },
    fanOut(googleCalendarQueues.busy),
  );
  await boss.schedule(googleCalendarQueues.pushTick, '* * * * *');
  await boss.schedule(googleCalendarQueues.busyTick, '*/10 * * * *');
}
