import type { Dayjs } from 'dayjs';
import { dayjs } from '../../lib/dayjs';

/** The dashboard's periods: each from its first day up to today (the company's day), or a custom range. */
export const dashboardPresets = ['today', 'thisWeek', 'thisMonth', 'thisYear'] as const;
export type DashboardPreset = (typeof dashboardPresets)[number];
export type PeriodChoice = DashboardPreset | 'custom';

export const defaultPreset: DashboardPreset = 'thisMonth';
/** The contract's longest period: about three years. */
export const maxPeriodDays = 1100;

export const dayFormat = 'YYYY-MM-DD';

export interface Period {
  from: string;
  to: string;
  /** The preset the URL names, or `custom` for a range of days. */
  choice: PeriodChoice;
}

const isDay = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(dayFormat) === value;

/**
 * Today in the company's time zone as a plain calendar day (local midnight), so that counting days, weeks
 * and months from it never crosses a time zone or a change of summer time.
 */
export function companyToday(timeZone: string, now: Dayjs = dayjs()): Dayjs {
  return dayjs(now.tz(timeZone).format(dayFormat));
}

/** A preset's days, from its first one to `today`; the week starts on Monday whatever the language. */
export function presetRange(preset: DashboardPreset, today: Dayjs): { from: string; to: string } {
  const start =
    preset === 'today'
      ? today
      : preset === 'thisWeek'
        ? today.subtract((today.day() + 6) % 7, 'day')
        : preset === 'thisMonth'
          ? today.startOf('month')
          : today.startOf('year');
  return { from: start.format(dayFormat), to: today.format(dayFormat) };
}

/**
 * The period of the URL: `?preset=` (today, thisWeek, thisMonth, thisYear: counted from today, so a
 * bookmark follows the days), else `?from=&to=` (a valid range of at most three years), else this month.
 */
export function periodOf(params: URLSearchParams, today: Dayjs): Period {
  const preset = params.get('preset');
  if (dashboardPresets.includes(preset as DashboardPreset))
    return { ...presetRange(preset as DashboardPreset, today), choice: preset as DashboardPreset };
  const from = params.get('from');
  const to = params.get('to');
  if (isDay(from) && isDay(to)) {
    const days = dayjs(to).diff(dayjs(from), 'day');
    if (days >= 0 && days <= maxPeriodDays) return { from, to, choice: 'custom' };
  }
  return { ...presetRange(defaultPreset, today), choice: defaultPreset };
}

/** The URL parameters of a preset (the others removed). */
export function presetParams(preset: DashboardPreset): Record<string, string | null> {
  return { preset, from: null, to: null };
}

/** The URL parameters of a range of days (the preset removed). */
export function rangeParams(from: string, to: string): Record<string, string | null> {
  return { preset: null, from, to };
}
