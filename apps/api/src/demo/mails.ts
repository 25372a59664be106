import { and, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { bookings } from '../modules/bookings/bookings.table.js';
import { customers } from '../modules/customers/customers.table.js';
import { mails } from '../modules/mails/mails.table.js';

const DAY = 86_400_000;

/**
 * The demo's sent mails: the confirmations of the last month's bookings, as the outbox would hold
 * them (sent a minute after each booking, two refused by the customer's server), and the reminders
 * and birthday greetings switched on. No mail server is set: mails of new bookings wait, and the
 * mail list says why.
 */
export async function seedDemoMails(db: Db, services: Services, licenseId: number, now = new Date()) {
  await services.settings.update(
    { licenseId, permissions: new Set(['settings_edit']) } as unknown as Parameters<
      typeof services.settings.update
    >[0],
    {
      notifications: {
        booking: {
          status: true,
          hour: 10,
          daysInAdvance: 1,
          subject: 'Recordatorio: su cita del {{bookingDate}}',
          body: 'Hola {{customerName}}:\n\nLe recordamos su cita de {{productName}} el {{bookingDate}} a las {{bookingTime}} en {{companyName}} ({{companyAddress}}).\n\nSi no puede venir, llámenos y la cambiamos.\n\nUn saludo,\n{{companyName}}',
        },
        birthday: {
          status: true,
          hour: 9,
          daysInAdvance: 0,
          subject: '¡Feliz cumpleaños, {{customerName}}!',
          body: 'Todo el equipo de {{companyName}} le desea un feliz cumpleaños.\n\nEste mes tiene un 10 % de descuento en cualquier tratamiento.',
        },
      },
    },
  );
  const recent = await db
    .select({ id: bookings.id, createdAt: bookings.createdAt })
    .from(bookings)
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      and(
        eq(bookings.licenseId, licenseId),
        isNotNull(customers.email),
        gte(bookings.startsAt, new Date(now.getTime() - 30 * DAY)),
        lt(bookings.startsAt, new Date(now.getTime() + 7 * DAY)),
      ),
    )
    .orderBy(desc(bookings.startsAt))
    .limit(60);
  const queued: { id: number; at: Date }[] = [];
  for (const booking of recent) {
    const id = await db.transaction((tx) =>
      services.mailComposer.bookingChanged(tx, licenseId, booking.id, 'booking_created'),
    );
    if (id !== null) queued.push({ id, at: new Date(Math.min(booking.createdAt.getTime(), now.getTime())) });
  }
  for (const [k, { id, at }] of queued.entries()) {
    const refused = k === 7 || k === 23;
    await db
      .update(mails)
      .set({
        createdAt: at,
        status: refused ? 'failed' : 'sent',
        sentAt: refused ? null : new Date(at.getTime() + 60_000),
        attempts: 1,
        error: refused ? '550 5.1.1 <destinatario>: Recipient address rejected: User unknown' : null,
        errorCode: refused ? 'permanent' : null,
      })
      .where(eq(mails.id, id));
  }
  // Mails of the bookings created by the demo itself stay as they are: none is waiting.
  await db
    .update(mails)
    .set({ status: 'sent', sentAt: sql`${mails.createdAt}` })
    .where(
      and(
        eq(mails.licenseId, licenseId),
        eq(mails.status, 'waiting'),
        inArray(
          mails.id,
          queued.map((q) => q.id),
        ),
      ),
    );
  return queued.length;
}
