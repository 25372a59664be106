import { anomalyBody, type BookingCalendarBody, bookingCalendarBody } from '@mostrador/contract';
import type { Services } from '../app.js';

type Auth = Parameters<Services['calendars']['create']>[0];

/** The demo centre's calendars, by the key its products name them with. */
export type DemoCalendarKey = 'massage' | 'thermal' | 'yoga';

const workdays = (ranges: { openAt: string; closedAt: string }[]) => ({
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: ranges,
});

const demoCalendars: Record<DemoCalendarKey, BookingCalendarBody> = {
  massage: {
    name: 'Sala de masajes',
    schedule: {
      ...workdays([
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '16:00', closedAt: '20:00' },
      ]),
      saturday: [{ openAt: '10:00', closedAt: '14:00' }],
      sunday: [],
    },
    duration: 30,
    canCustomersChangeTheBookingDate: true,
    howManyTimesCanCustomerRescheduleBooking: 2,
    maximumDaysOfBookingForecast: 90,
    minimumMinutesInAdvanceForBooking: 120,
    maximumConcurrentBookings: 1,
    minimumProductDuration: 30,
  },
  thermal: {
    name: 'Circuito termal',
    schedule: {
      ...workdays([{ openAt: '10:00', closedAt: '21:00' }]),
      saturday: [{ openAt: '10:00', closedAt: '21:00' }],
      sunday: [{ openAt: '10:00', closedAt: '14:00' }],
    },
    duration: 30,
    canCustomersChangeTheBookingDate: true,
    howManyTimesCanCustomerRescheduleBooking: 1,
    maximumDaysOfBookingForecast: 60,
    minimumMinutesInAdvanceForBooking: 60,
    maximumConcurrentBookings: 12,
  },
  yoga: {
    name: 'Clases de yoga',
    schedule: {
      monday: [{ openAt: '18:00', closedAt: '21:00' }],
      tuesday: [{ openAt: '09:00', closedAt: '10:00' }],
      wednesday: [{ openAt: '18:00', closedAt: '21:00' }],
      thursday: [{ openAt: '09:00', closedAt: '10:00' }],
      friday: [{ openAt: '18:00', closedAt: '20:00' }],
      saturday: [{ openAt: '10:00', closedAt: '12:00' }],
      sunday: [],
    },
    duration: 60,
    publicDuration: 55,
    maximumDaysOfBookingForecast: 30,
    minimumMinutesInAdvanceForBooking: 30,
    maximumConcurrentBookings: 12,
    minimumProductDuration: 60,
  },
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A local date-time of the company, as a client sends it (no offset). */
const local = (year: number, month: number, day: number, time = '00:00') =>
  `${year}-${pad(month)}-${pad(day)}T${time}`;

/**
 * Holidays and special days around the demo's present: the coming Christmas and New Year's Day closed
 * everywhere, the Sunday before Christmas opened for massages, a maintenance morning of the thermal
 * circuit and the yoga teacher's August holidays.
 */
function demoAnomalies(today: Date) {
  const year = today.getUTCFullYear();
  const christmasYear = today.getUTCMonth() === 11 && today.getUTCDate() > 25 ? year + 1 : year;
  const newYear = christmasYear + 1;
  const christmas = new Date(Date.UTC(christmasYear, 11, 25));
  const sundayBefore = new Date(christmas.getTime() - (christmas.getUTCDay() || 7) * 86_400_000);
  const inTwoWeeks = new Date(today.getTime() + 14 * 86_400_000);
  const monday = new Date(inTwoWeeks.getTime() + ((8 - inTwoWeeks.getUTCDay()) % 7) * 86_400_000);
  const augustYear = today.getUTCMonth() >= 7 ? year + 1 : year;
  const closedAllDay = (y: number, m: number, d: number, reason: string) => ({
    type: 'close' as const,
    startDate: local(y, m, d),
    endDate: local(...nextDay(y, m, d)),
    reason,
  });
  const everywhere = [
    closedAllDay(christmasYear, 12, 25, 'Festivo: Navidad'),
    closedAllDay(newYear, 1, 1, 'Festivo: Año Nuevo'),
    closedAllDay(newYear, 1, 6, 'Festivo: Reyes'),
  ];
  return {
    massage: [
      ...everywhere,
      {
        type: 'open' as const,
        startDate: local(christmasYear, 12, sundayBefore.getUTCDate(), '10:00'),
        endDate: local(christmasYear, 12, sundayBefore.getUTCDate(), '14:00'),
        reason: 'Apertura especial: domingo antes de Navidad',
      },
    ],
    thermal: [
      ...everywhere,
      {
        type: 'close' as const,
        startDate: local(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), '10:00'),
        endDate: local(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate(), '14:00'),
        reason: 'Mantenimiento de la piscina de hidromasaje',
      },
    ],
    yoga: [
      ...everywhere,
      {
        type: 'close' as const,
        startDate: local(augustYear, 8, 1),
        endDate: local(augustYear, 8, 16),
        reason: 'Vacaciones de la profesora',
      },
    ],
  } satisfies Record<DemoCalendarKey, unknown[]>;
}

function nextDay(y: number, m: number, d: number): [number, number, number] {
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

/** The demo centre's calendars and their anomalies; answers each calendar's id by key. */
export async function seedDemoCalendars(
  services: Services,
  auth: Auth,
  today = new Date(),
): Promise<Record<DemoCalendarKey, number>> {
  const anomalies = demoAnomalies(today);
  const ids = {} as Record<DemoCalendarKey, number>;
  for (const key of Object.keys(demoCalendars) as DemoCalendarKey[]) {
    // Parsed as the API would: the demo data meets the same rules and takes the same defaults.
    const calendar = await services.calendars.create(auth, bookingCalendarBody.parse(demoCalendars[key]));
    ids[key] = calendar.id;
    for (const anomaly of anomalies[key]) {
      await services.calendars.createAnomaly(auth, calendar.id, anomalyBody.parse(anomaly));
    }
  }
  return ids;
}
