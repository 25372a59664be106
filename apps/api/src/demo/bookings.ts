import { eurosToCents, isBookableType, type Weekday } from '@mostrador/contract';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { zonedToInstant } from '../lib/time.js';
import { type BookingValues, createBookingsRepository } from '../modules/bookings/bookings.repository.js';
import {
  type AnomalyPeriod,
  availability,
  type ExistingBooking,
  rulesOf,
} from '../modules/calendars/availability.js';
import type { DemoCalendarKey } from './calendars.js';
import { random } from './random.js';

type Auth = Parameters<Services['bookings']['list']>[0];

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Two years of bookings back (issue 5); ahead they go as far as each calendar takes bookings. */
const daysBack = 730;
/** Ahead, at most this far (the calendars' forecasts are shorter: 90, 60 and 30 days). */
const daysAhead = 365;

/** How full each calendar gets on a day of the week, before the season and the noise. */
const fill: Record<DemoCalendarKey, Record<Weekday, number>> = {
  massage: {
    monday: 0.55,
    tuesday: 0.6,
    wednesday: 0.65,
    thursday: 0.7,
    friday: 0.75,
    saturday: 0.65,
    sunday: 0,
  },
  thermal: {
    monday: 0.2,
    tuesday: 0.22,
    wednesday: 0.25,
    thursday: 0.3,
    friday: 0.35,
    saturday: 0.4,
    sunday: 0.3,
  },
  yoga: {
    monday: 0.5,
    tuesday: 0.4,
    wednesday: 0.5,
    thursday: 0.4,
    friday: 0.35,
    saturday: 0.35,
    sunday: 0,
  },
};
/** A wellness centre's year: quiet in summer and after the holidays, busy before Christmas. */
const season = [0.8, 0.9, 1, 1, 1, 0.9, 0.75, 0.6, 0.9, 1, 1.05, 1.15];
/** Days the centre closes every year, whatever the anomalies of the present say. */
const holidays = ['01-01', '01-06', '05-01', '08-15', '10-12', '11-01', '12-06', '12-08', '12-25'];
const notes = [
  'Primera visita',
  'Prefiere presión suave',
  'Alergia a los frutos secos: sin aceite de almendras',
  'Viene con su pareja',
  'Pide terapeuta mujer',
  'Embarazada: sin aceites esenciales',
  'Llega 10 minutos tarde',
  'Regalo de cumpleaños',
];
const weekdayOf: Weekday[] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The company's local date of an instant, YYYY-MM-DD. */
function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

interface DemoProduct {
  id: number;
  priceCents: number;
  durationInMinutes: number;
  spaces: number;
  movable: boolean;
  /** How often it is chosen against the calendar's other products. */
  weight: number;
}

/**
 * About a year of past bookings and the coming ones on each demo calendar, as its products are booked:
 * inside the schedule and the anomalies, never beyond the capacity, weekdays busier towards the weekend,
 * a seasonal year, the future thinning out up to the calendar's forecast. Past bookings are mostly marked
 * attended; a few were no-shows or cancelled. Written in batches, one statement per thousand bookings.
 */
export async function seedDemoBookings(
  db: Db,
  services: Services,
  auth: Auth,
  calendars: Record<DemoCalendarKey, number>,
  now = new Date(),
): Promise<number> {
  const next = random(20_260_101);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const timeZone = auth.timeZone;

  const customerIds = (await services.customers.list(auth, { page: 1, limit: 500 })).items.map((c) => c.id);
  // A few regulars book most: the lower indices come up far more often.
  const customer = () => customerIds[Math.floor(customerIds.length * next() ** 2)]!;
  const productItems = (
    await services.products.list(auth, {
      page: 1,
      limit: 500,
      filters: { bookingCalendarId: { isNull: false } },
    })
  ).items;
  const products = await Promise.all(productItems.map((p) => services.products.get(auth, p.id)));

  const today = localDate(now, timeZone);
  const rows: (BookingValues & { createdAt: Date; updatedAt: Date })[] = [];
  for (const key of Object.keys(calendars) as DemoCalendarKey[]) {
    const calendar = await services.calendars.get(auth, calendars[key]);
    const anomalies: AnomalyPeriod[] = (
      await services.calendars.listAnomalies(auth, calendar.id, { page: 1, limit: 500 })
    ).items.map((a) => ({ type: a.type, startsAt: new Date(a.startsAt), endsAt: new Date(a.endsAt) }));
    const own: DemoProduct[] = products
      .filter((p) => p.bookingCalendarId === calendar.id && isBookableType(p.type) && p.durationInMinutes)
      .map((p) => ({
        id: p.id,
        priceCents: eurosToCents(p.price),
        durationInMinutes: p.durationInMinutes!,
        spaces: p.spacesOccupiedInTheCalendar ?? 1,
        movable: p.canCustomersChangeTheBookingDate,
        // Plain bookings sell most; gift cards and subscriptions are booked now and then.
        weight: p.type === 'bookable' ? (p.durationInMinutes === 60 ? 5 : 2) : 0.5,
      }));
    if (!own.length) continue;
    const totalWeight = own.reduce((sum, p) => sum + p.weight, 0);
    const chooseProduct = () => {
      let r = next() * totalWeight;
      for (const p of own) {
        r -= p.weight;
        if (r < 0) return p;
      }
      return own[own.length - 1]!;
    };
    const rules = rulesOf(calendar);
    const ahead = Math.min(daysAhead, calendar.maximumDaysOfBookingForecast ?? daysAhead);

    for (let offset = -daysBack; offset <= ahead; offset++) {
      const date = addDays(today, offset);
      const weekday = weekdayOf[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
      if (holidays.includes(date.slice(5))) continue;
      // The further ahead, the fewer already booked.
      const future = offset > 0 ? Math.exp(-offset / (ahead / 3)) : 1;
      const target =
        fill[key][weekday] * season[Number(date.slice(5, 7)) - 1]! * future * (0.8 + 0.4 * next());
      const openMinutes = calendar.schedule[weekday].reduce(
        (sum, r) => sum + minutesOf(r.closedAt) - minutesOf(r.openAt),
        0,
      );
      const wanted = target * openMinutes * calendar.maximumConcurrentBookings;
      if (wanted <= 0) continue;
      // Days to come are booked from now, under every rule; past days (and today) were booked earlier.
      const past = offset <= 0;
      const dayRules = past ? { ...rules, maximumDaysOfBookingForecast: null } : rules;
      const dayNow = past ? new Date(zonedToInstant(dateParts(date), timeZone).getTime() - DAY) : now;
      const taken: ExistingBooking[] = [];
      let booked = 0;
      for (let misses = 0; booked < wanted && misses < 4; ) {
        const product = chooseProduct();
        const quantity = key === 'thermal' && next() < 0.3 ? 2 : 1;
        const items = availability({
          timeZone,
          now: dayNow,
          from: date,
          to: addDays(date, 1),
          calendar: dayRules,
          anomalies,
          product: { durationInMinutes: product.durationInMinutes, spaces: product.spaces },
          bookings: taken,
        }).filter((i) => i.status === 'reservable' && i.freeSpaces >= quantity * product.spaces);
        if (!items.length) {
          misses++;
          continue;
        }
        const { startsAt, endsAt } = pick(items);
        const spaces = quantity * product.spaces;
        taken.push({ startsAt, endsAt, spaces });
        booked += spaces * product.durationInMinutes;
        rows.push(demoBooking(calendar.id, product, startsAt, endsAt, quantity, spaces));
      }
    }
  }

  function demoBooking(
    calendarId: number,
    product: DemoProduct,
    startsAt: Date,
    endsAt: Date,
    quantity: number,
    spaces: number,
  ) {
    const ended = endsAt.getTime() <= now.getTime();
    const r = next();
    // Booked one to thirty days before (never after now), some moved once since.
    const createdAt = new Date(
      Math.min(
        now.getTime() - MINUTE,
        startsAt.getTime() - (1 + Math.floor(next() * 30)) * DAY + next() * DAY,
      ),
    );
    const moved = product.movable && next() < 0.06;
    const cancelled = next() < 0.03;
    const recentlyEnded = ended && now.getTime() - endsAt.getTime() < 3 * DAY;
    return {
      bookingCalendarId: calendarId,
      productId: product.id,
      customerId: customer(),
      startsAt,
      endsAt,
      quantity,
      spaces,
      // Now and then a regular's discount.
      priceCents: next() < 0.08 ? Math.round((product.priceCents * 0.9) / 10) * 10 : product.priceCents,
      notes: next() < 0.06 ? pick(notes) : null,
      status: cancelled ? ('cancelled' as const) : ('confirmed' as const),
      // Past ones are marked, mostly attended; the last days' are not all marked yet.
      attended: !ended || cancelled || (recentlyEnded && r < 0.5) ? null : r < 0.93,
      rescheduleCount: moved ? 1 : 0,
      createdAt,
      updatedAt: ended ? new Date(Math.min(now.getTime(), endsAt.getTime() + 2 * 3_600_000)) : createdAt,
    };
  }

  // Oldest first, as they would have been created; a thousand a statement.
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await db.transaction(async (tx) => {
    const repo = createBookingsRepository(tx);
    for (let i = 0; i < rows.length; i += 1000)
      await repo.insertMany(auth.licenseId, rows.slice(i, i + 1000));
  });
  return rows.length;
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

function dateParts(date: string) {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
}
