import type { Settings } from '@mostrador/contract';
import { and, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { zonedToInstant, zoneOffsetMinutes } from '../lib/time.js';
import { bookings } from '../modules/bookings/bookings.table.js';
import { customerFullName } from '../modules/customers/customer-name.js';
import { customers } from '../modules/customers/customers.table.js';
import type { MailComposer } from '../modules/mails/mail-composer.js';
import { createMailsRepository } from '../modules/mails/mails.repository.js';
import type { MailsService } from '../modules/mails/mails.service.js';
import { notificationsSent } from '../modules/mails/mails.table.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

/** The wall clock in `timeZone` at `instant`. */
export function localClock(instant: Date, timeZone: string) {
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
  };
}

function addDays(d: { year: number; month: number; day: number }, days: number) {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

const isoDay = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Per run and license, at most this many mails of each kind; the next minute takes the rest. */
const batch = 500;

/**
 * The reminders and birthday greetings, run every minute. For each company with one switched on, it
 * reads the wall clock in the company's zone: once the configured hour has come today, the bookings of
 * the day `daysInAdvance` ahead (booked before that hour) get their reminder, and the customers born
 * on this day their greeting. Each goes once: a `notifications_sent` row (booking and its day; customer
 * and year) is inserted in the transaction that queues the mail, so a second process, a restart or a
 * later run finds it there. Moving a booking to another day earns it a reminder for the new day.
 */
export function createNotificationScheduler(deps: {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense' | 'licensesWithNotifications'>;
  composer: Pick<MailComposer, 'bookingReminder' | 'birthday'>;
  mails: Pick<MailsService, 'dispatch'>;
}) {
  async function reminders(licenseId: number, settings: Settings, now: Date) {
    const config = settings.notifications.booking;
    const tz = settings.timeZone;
    const today = localClock(now, tz);
    if (today.hour < config.hour) return [];
    const moment = zonedToInstant({ ...today, hour: config.hour }, tz);
    const target = addDays(today, config.daysInAdvance);
    const from = zonedToInstant({ ...target, hour: 0 }, tz);
    const to = zonedToInstant({ ...addDays(target, 1), hour: 0 }, tz);
    const occasion = isoDay(target);
    const due = await deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(customers, eq(customers.id, bookings.customerId))
      .where(
        and(
          eq(bookings.licenseId, licenseId),
          gte(bookings.startsAt, from),
          lt(bookings.startsAt, to),
          gte(bookings.startsAt, now),
          ne(bookings.status, 'cancelled'),
          lte(bookings.createdAt, moment),
          sql`${customers.email} is not null`,
          sql`not exists (select 1 from ${notificationsSent} ns where ns.license_id = ${licenseId} and ns.kind = 'booking_reminder' and ns.subject_id = ${bookings.id} and ns.occasion = ${occasion})`,
        ),
      )
      .orderBy(bookings.startsAt, bookings.id)
      .limit(batch);
    const ids: number[] = [];
    for (const { id } of due) {
      const mailId = await deps.db.transaction(async (tx) => {
        const repo = createMailsRepository(tx);
        if (!(await repo.recordNotification(licenseId, 'booking_reminder', id, occasion))) return null;
        const queued = await deps.composer.bookingReminder(tx, licenseId, id, settings);
        if (queued) await repo.linkNotification(licenseId, 'booking_reminder', id, occasion, queued);
        return queued;
      });
      if (mailId) ids.push(mailId);
    }
    return ids;
  }

  async function birthdays(licenseId: number, settings: Settings, now: Date) {
    const config = settings.notifications.birthday;
    const today = localClock(now, settings.timeZone);
    if (today.hour < config.hour) return [];
    const occasion = String(today.year);
    // Those born on 29 February are greeted on the 28th in other years.
    const days = today.month === 2 && today.day === 28 && !isLeap(today.year) ? [28, 29] : [today.day];
    const due = await deps.db
      .select({
        id: customers.id,
        // The full name, as in a reminder and in the settings' preview.
        name: customerFullName(),
        email: customers.email,
        language: customers.language,
      })
      .from(customers)
      .where(
        and(
          eq(customers.licenseId, licenseId),
          sql`${customers.birthdate} is not null`,
          sql`extract(month from ${customers.birthdate}) = ${today.month}`,
          sql`extract(day from ${customers.birthdate}) in (${sql.join(
            days.map((d) => sql`${d}`),
            sql`, `,
          )})`,
          sql`${customers.email} is not null`,
          sql`not exists (select 1 from ${notificationsSent} ns where ns.license_id = ${licenseId} and ns.kind = 'birthday' and ns.subject_id = ${customers.id} and ns.occasion = ${occasion})`,
        ),
      )
      .orderBy(customers.id)
      .limit(batch);
    const ids: number[] = [];
    for (const customer of due) {
      const mailId = await deps.db.transaction(async (tx) => {
        const repo = createMailsRepository(tx);
        if (!(await repo.recordNotification(licenseId, 'birthday', customer.id, occasion))) return null;
        const queued = await deps.composer.birthday(
          tx,
          licenseId,
          { ...customer, email: customer.email! },
          settings,
        );
        await repo.linkNotification(licenseId, 'birthday', customer.id, occasion, queued);
        return queued;
      });
      if (mailId) ids.push(mailId);
    }
    return ids;
  }

  return {
    /** One pass at `now`: queues what is due and answers how many mails it queued. */
    async run(now: Date): Promise<number> {
      let queued = 0;
      const failures: unknown[] = [];
      for (const licenseId of await deps.settings.licensesWithNotifications()) {
        // One company's failure (a template, a bad setting) must not stop the others' reminders.
        try {
          const settings = await deps.settings.ofLicense(licenseId);
          const ids = [
            ...(settings.notifications.booking.status ? await reminders(licenseId, settings, now) : []),
            ...(settings.notifications.birthday.status ? await birthdays(licenseId, settings, now) : []),
          ];
          deps.mails.dispatch(ids);
          queued += ids.length;
        } catch (error) {
          failures.push(error);
        }
      }
      // The job fails with them (pg-boss keeps the error), after every company had its turn.
      if (failures.length)
        throw new AggregateError(failures, `notifications failed for ${failures.length} companies`);
      return queued;
    },
  };
}
export type NotificationScheduler = ReturnType<typeof createNotificationScheduler>;
