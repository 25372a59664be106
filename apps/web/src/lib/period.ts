import type { Dayjs } from 'dayjs';
import { dayjs } from './dayjs';

/**
 * The period of the dashboard and the reports: whole days of the company's time zone, both included, at
 * most the three years the server takes, chosen by a preset or as a range of days and kept in the URL.
 */
export const periodPresets = ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'thisYear'] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export type PeriodChoice = PeriodPreset | 'custom';

/** The contract's longest period: about three years. */
export const maxPeriodDays = 1100;
export const dayFormat = 'YYYY-MM-DD';

/**
 * How a screen keeps its period: which presets it offers, the one it starts with, and what its URL holds:
 * `preset` names a preset (`?preset=`, counted again from each day's today, so a bookmark follows the days)
 * or else a range (`?from=&to=`); `range` always holds the days (`?from=&to=`, a bookmark keeps them), the
 * preset being the one whose days they are.
 */
export interface PeriodOptions {
  presets: readonly PeriodPreset[];
  fallback: PeriodPreset;
  url: 'preset' | 'range';
}

/** The reports' way: every preset, the days in the URL, this month to start with. */
export const reportPeriod: PeriodOptions = { presets: periodPresets, fallback: 'thisMonth', url: 'range' };

export interface Period {
  from: string;
  to: string;
  /** The preset of the period, or `custom` for other days. */
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

/**
 * A preset's days: from its first one up to `today`, except last month, which is the whole month. The
 * week starts on Monday whatever the language.
 */
export function presetRange(preset: PeriodPreset, today: Dayjs): { from: string; to: string } {
  const range = (start: Dayjs, end: Dayjs) => ({ from: start.format(dayFormat), to: end.format(dayFormat) });
  switch (preset) {
    case 'today':
      return range(today, today);
    case 'thisWeek':
      return range(today.subtract((today.day() + 6) % 7, 'day'), today);
    case 'lastMonth': {
      const start = today.subtract(1, 'month').startOf('month');
      return range(start, start.endOf('month'));
    }
    case 'thisYear':
      return range(today.startOf('year'), today);
    default:
      return range(today.startOf('month'), today);
  }
}

/** Two days of the URL as a period: real days, the wrong way round read in order, at most three years. */
function rangeOf(from: string | null, to: string | null): { from: string; to: string } | undefined {
  if (!isDay(from) || !isDay(to)) return undefined;
  const [start, end] = to < from ? [to, from] : [from, to];
  return dayjs(end).diff(dayjs(start), 'day') <= maxPeriodDays ? { from: start, to: end } : undefined;
}

/** The period the URL names (see `PeriodOptions`), else the screen's first preset. */
export function periodOf(params: URLSearchParams, today: Dayjs, options: PeriodOptions): Period {
  const preset = params.get('preset') as PeriodPreset | null;
  if (options.url === 'preset' && preset && options.presets.includes(preset))
    return { ...presetRange(preset, today), choice: preset };
  const range = rangeOf(params.get('from'), params.get('to'));
  if (!range) return { ...presetRange(options.fallback, today), choice: options.fallback };
  if (options.url === 'preset') return { ...range, choice: 'custom' };
  const matching = options.presets.find((p) => {
    const days = presetRange(p, today);
    return days.from === range.from && days.to === range.to;
  });
  return { ...range, choice: matching ?? 'custom' };
}

/** The URL parameters of a preset (in a `preset` URL, the days removed). */
export function presetParams(
  preset: PeriodPreset,
  today: Dayjs,
  options: PeriodOptions,
): Record<string, string | null> {
  return options.url === 'preset' ? { preset, from: null, to: null } : presetRange(preset, today);
}

/** The URL parameters of a range of days (the preset removed). */
export function rangeParams(from: string, to: string): Record<string, string | null> {
  return { preset: null, from, to };
}
