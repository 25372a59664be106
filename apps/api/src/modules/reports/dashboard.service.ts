import { type ComparedFigure, centsToEuros, type Dashboard, type DashboardQuery } from '@mostrador/contract';
import type { DbOrTx } from '../../db/client.js';
import type { AuthContext } from '../../lib/auth-context.js';
import { zonedToInstant } from '../../lib/time.js';
import type { CashRegistersService } from '../cash-registers/cash-registers.service.js';
import { createDashboardRepository, type Instants, type SalesDay } from './dashboard.repository.js';

/** A period of at most this many days is charted per day, a longer one per month. */
export const maxDailyChartDays = 62;
const agendaSize = 10;

interface Day {
  year: number;
  month: number;
  day: number;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dayKey = (d: Day) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
const monthKey = (d: Day) => `${pad(d.year, 4)}-${pad(d.month)}`;

function parseDay(value: string): Day {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The calendar day `n` days after `d` (n may be negative). */
function addDays(d: Day, n: number): Day {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

const nextMonth = (d: Day): Day =>
  d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The same day `years` years later (or before): 29 February becomes 28 February in a common year. */
function shiftYears(d: Day, years: number): Day {
  const year = d.year + years;
  return d.month === 2 && d.day === 29 && !isLeap(year) ? { year, month: 2, day: 28 } : { ...d, year };
}

const daysBetween = (from: Day, to: Day) =>
  Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  );

/** [start of `from`, start of the day after `to`) in the company's zone. */
function instantsOf(from: Day, to: Day, timeZone: string): Instants {
  return { start: zonedToInstant(from, timeZone), end: zonedToInstant(addDays(to, 1), timeZone) };
}

/** The company day `now` falls on. */
function companyDay(now: Date, timeZone: string): Day {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: field('year'), month: field('month'), day: field('day') };
}

/** (current − previous) / |previous|; null when there is nothing (or zero) to compare with. */
export function changeOf(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

const compared = (current: number, previous: number): ComparedFigure => ({
  current,
  previous,
  change: changeOf(current, previous),
});

/** Cents compared, in euros; the change is worked out on the cents. */
const comparedCents = (current: number, previous: number): ComparedFigure => ({
  current: centsToEuros(current),
  previous: centsToEuros(previous),
  change: changeOf(current, previous),
});

interface SalesSums {
  earningsCents: number;
  orders: number;
  moneyOrders: number;
  moneySalesCents: number;
  refundsCents: number;
}

function sumOf(days: SalesDay[]): SalesSums {
  const sums = { earningsCents: 0, orders: 0, moneyOrders: 0, moneySalesCents: 0, refundsCents: 0 };
  for (const d of days) {
    sums.earningsCents += d.earningsCents;
    sums.orders += d.orders;
    sums.moneyOrders += d.moneyOrders;
    sums.moneySalesCents += d.moneySalesCents;
    sums.refundsCents += d.refundsCents;
  }
  return sums;
}

/** The money sales' mean, to the cent (half up); 0 without any. */
const averageTicketCents = (s: SalesSums) =>
  s.moneyOrders ? Math.round(s.moneySalesCents / s.moneyOrders) : 0;

/** The chart's points: a day each over at most `maxDailyChartDays` days, else a month each. */
const chartGranularity = (from: Day, to: Day) =>
  daysBetween(from, to) + 1 <= maxDailyChartDays ? ('day' as const) : ('month' as const);

/**
 * The chart's points: every day (or month) of the period, zeros included, against the same day (month)
 * a year before. A previous 29 February goes to this 28 February; a previous 28 February goes to this 29
 * February only when the period starts on it (28 February is then not a point), so every previous day of
 * the previous period is drawn once.
 */
function chartOf(from: Day, to: Day, days: SalesDay[]): NonNullable<Dashboard['chart']> {
  const granularity = chartGranularity(from, to);
  const keyOf = granularity === 'day' ? dayKey : monthKey;
  const points = new Map<string, { key: string; current: number; previous: number }>();
  if (granularity === 'day') {
    for (let d = from; daysBetween(d, to) >= 0; d = addDays(d, 1)) {
      points.set(dayKey(d), { key: dayKey(d), current: 0, previous: 0 });
    }
  } else {
    for (let month = from; monthKey(month) <= monthKey(to); month = nextMonth(month)) {
      const key = monthKey(month);
      points.set(key, { key, current: 0, previous: 0 });
    }
  }
  const cents = new Map<string, { current: number; previous: number }>();
  for (const d of days) {
    const day = parseDay(d.day);
    let key = keyOf(d.period === 0 ? day : shiftYears(day, 1));
    if (d.period === 1 && !points.has(key) && granularity === 'day' && day.month === 2 && day.day === 28) {
      key = dayKey({ year: day.year + 1, month: 2, day: 29 });
    }
    if (!points.has(key)) continue;
    const entry = cents.get(key) ?? { current: 0, previous: 0 };
    if (d.period === 0) entry.current += d.earningsCents;
    else entry.previous += d.earningsCents;
    cents.set(key, entry);
  }
  return {
    granularity,
    points: [...points.values()].map((p) => {
      const c = cents.get(p.key);
      return { key: p.key, current: centsToEuros(c?.current ?? 0), previous: centsToEuros(c?.previous ?? 0) };
    }),
  };
}

export interface DashboardDeps {
  db: DbOrTx;
  cashRegisters: CashRegistersService;
}

/**
 * The dashboard (issue 18): this period's figures against the same days one year before, each part only
 * for a caller with its permission (null otherwise), read in the company's time zone.
 */
export function createDashboardService(deps: DashboardDeps) {
  const repo = createDashboardRepository(deps.db);

  return {
    async dashboard(auth: AuthContext, query: DashboardQuery, now = new Date()): Promise<Dashboard> {
      const can = (p: Parameters<typeof auth.permissions.has>[0]) => auth.permissions.has(p);
      const zone = auth.timeZone;
      const from = parseDay(query.from);
      const to = parseDay(query.to);
      const previousFrom = shiftYears(from, -1);
      const previousTo = shiftYears(to, -1);
      const periods: [Instants, Instants] = [
        instantsOf(from, to, zone),
        instantsOf(previousFrom, previousTo, zone),
      ];

      const salesPart = async () => {
        if (!can('orders_find')) return { sales: null, chart: null };
        // A chart by month reads whole UTC days between the months' first midnights from the day summaries.
        const monthly = chartGranularity(from, to) === 'month';
        const monthStarts = (first: Day, last: Day) => {
          const starts: Date[] = [];
          for (let m = nextMonth(first); monthKey(m) <= monthKey(last); m = nextMonth(m))
            starts.push(zonedToInstant(m, zone));
          return starts;
        };
        const days = await repo.salesByDay(
          auth.licenseId,
          periods,
          zone,
          monthly ? [monthStarts(from, to), monthStarts(previousFrom, previousTo)] : undefined,
        );
        const current = sumOf(days.filter((d) => d.period === 0));
        const previous = sumOf(days.filter((d) => d.period === 1));
        return {
          sales: {
            earnings: comparedCents(current.earningsCents, previous.earningsCents),
            orders: compared(current.orders, previous.orders),
            averageTicket: comparedCents(averageTicketCents(current), averageTicketCents(previous)),
            refunds: comparedCents(current.refundsCents, previous.refundsCents),
          },
          chart: chartOf(from, to, days),
        };
      };

      const bookingsPart = async (): Promise<Dashboard['bookings']> => {
        if (!can('bookings_find')) return null;
        const [current, previous] = await repo.bookingCounts(auth.licenseId, periods);
        const rate = (c: { attended: number; notAttended: number }) =>
          c.attended + c.notAttended ? c.attended / (c.attended + c.notAttended) : null;
        const currentRate = rate(current);
        const previousRate = rate(previous);
        return {
          total: compared(current.total, previous.total),
          attended: current.attended,
          notAttended: current.notAttended,
          unmarked: current.unmarked,
          cancelled: current.cancelled,
          attendanceRate: {
            current: currentRate,
            previous: previousRate,
            change: changeOf(currentRate, previousRate),
          },
        };
      };

      const customersPart = async (): Promise<Dashboard['newCustomers']> => {
        if (!can('customers_find')) return null;
        const [current, previous] = await repo.newCustomers(auth.licenseId, periods);
        return compared(current, previous);
      };

      const agendaPart = async (): Promise<Dashboard['agenda']> => {
        if (!can('bookings_find')) return null;
        const today = companyDay(now, zone);
        const rows = await repo.agenda(auth.licenseId, instantsOf(today, today, zone), now, agendaSize);
        return rows.map((r) => ({
          ...r,
          startsAt: r.startsAt.toISOString(),
          endsAt: r.endsAt.toISOString(),
        }));
      };

      const cashRegisterPart = async (): Promise<Dashboard['cashRegister']> => {
        if (!can('cashRegisters_find')) return null;
        const open = await deps.cashRegisters.current(auth);
        if (!open)
          return {
            open: false,
            startsAt: null,
            currentCashAmount: null,
            ordersCount: null,
            ordersAmount: null,
          };
        return {
          open: true,
          startsAt: open.startsAt,
          currentCashAmount: open.currentCashAmount,
          ordersCount: open.ordersCount,
          ordersAmount: open.ordersAmount,
        };
      };

      // PGlite runs one query at a time; PostgreSQL's pool runs these in parallel.
      const [salesAndChart, bookingsFigures, newCustomers, agenda, cashRegister] = await Promise.all([
        salesPart(),
        bookingsPart(),
        customersPart(),
        agendaPart(),
        cashRegisterPart(),
      ]);
      return {
        from: query.from,
        to: query.to,
        previousFrom: dayKey(previousFrom),
        previousTo: dayKey(previousTo),
        sales: salesAndChart.sales,
        bookings: bookingsFigures,
        newCustomers,
        chart: salesAndChart.chart,
        agenda,
        cashRegister,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
