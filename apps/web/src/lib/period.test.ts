import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';
import { companyToday, type PeriodOptions, periodOf, presetParams, presetRange, rangeParams } from './period';

const day = (value: string) => dayjs(value);
const params = (search: string) => new URLSearchParams(search);

/** The dashboard's way: presets named in the URL. */
const dashboard: PeriodOptions = {
  presets: ['today', 'thisWeek', 'thisMonth', 'thisYear'],
  fallback: 'thisMonth',
  url: 'preset',
};
/** The reports' way: the days in the URL. */
const report: PeriodOptions = {
  presets: ['today', 'thisWeek', 'thisMonth', 'lastMonth', 'thisYear'],
  fallback: 'thisMonth',
  url: 'range',
};

describe('periods', () => {
  it('counts each preset from its first day up to today, the week from Monday, last month whole', () => {
    // Sunday 29 November 2026: its week began on Monday the 23rd.
    const sunday = day('2026-11-29');
    expect(presetRange('today', sunday)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(presetRange('thisWeek', sunday)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('thisWeek', day('2026-11-23'))).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('thisMonth', sunday)).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(presetRange('lastMonth', sunday)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetRange('lastMonth', day('2026-03-31'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', day('2027-01-15'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('thisYear', sunday)).toEqual({ from: '2026-01-01', to: '2026-11-29' });
  });

  it('takes today in the company’s time zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid, still 31 December in New York.
    const now = dayjs('2026-12-31T23:30:00Z');
    expect(companyToday('Europe/Madrid', now).format('YYYY-MM-DD')).toBe('2027-01-01');
    expect(companyToday('America/New_York', now).format('YYYY-MM-DD')).toBe('2026-12-31');
  });

  it('reads a preset or a valid range from a URL that names presets, else the first preset', () => {
    const today = day('2026-11-27');
    expect(periodOf(params('preset=thisYear'), today, dashboard)).toEqual({
      from: '2026-01-01',
      to: '2026-11-27',
      choice: 'thisYear',
    });
    expect(periodOf(params('from=2025-03-01&to=2025-03-31'), today, dashboard)).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      choice: 'custom',
    });
    // The days of a preset, given as a range, stay a fixed range.
    expect(periodOf(params('from=2026-11-01&to=2026-11-27'), today, dashboard).choice).toBe('custom');
    // The wrong way round: its days in order.
    expect(periodOf(params('from=2025-03-31&to=2025-03-01'), today, dashboard)).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      choice: 'custom',
    });
    const thisMonth = { from: '2026-11-01', to: '2026-11-27', choice: 'thisMonth' };
    expect(periodOf(params(''), today, dashboard)).toEqual(thisMonth);
    expect(periodOf(params('preset=nextYear'), today, dashboard)).toEqual(thisMonth);
    // A preset the screen does not offer.
    expect(periodOf(params('preset=lastMonth'), today, dashboard)).toEqual(thisMonth);
    // A day that does not exist, longer than three years: this month instead.
    expect(periodOf(params('from=2025-02-30&to=2025-03-01'), today, dashboard)).toEqual(thisMonth);
    expect(periodOf(params('from=2020-01-01&to=2026-01-01'), today, dashboard)).toEqual(thisMonth);
  });

  it('reads the days of a URL that holds days, with the preset they are', () => {
    const today = day('2026-11-27');
    expect(periodOf(params('from=2026-10-01&to=2026-10-31'), today, report)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      choice: 'lastMonth',
    });
    expect(periodOf(params('from=2026-10-01&to=2026-10-30'), today, report).choice).toBe('custom');
    // Last month is no preset of a screen that does not offer it.
    expect(periodOf(params('from=2026-10-01&to=2026-10-31'), today, dashboard).choice).toBe('custom');
    expect(periodOf(params('from=2026-10-31&to=2026-10-01'), today, report)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      choice: 'lastMonth',
    });
    // A preset named in the URL means nothing here.
    const thisMonth = { from: '2026-11-01', to: '2026-11-27', choice: 'thisMonth' };
    expect(periodOf(params('preset=thisYear'), today, report)).toEqual(thisMonth);
    expect(periodOf(params('from=2025-02-30&to=2025-03-01'), today, report)).toEqual(thisMonth);
    expect(periodOf(params('from=2020-01-01&to=2026-01-01'), today, report)).toEqual(thisMonth);
  });

  it('writes a preset as its name or as its days, and a range without a preset', () => {
    const today = day('2026-11-27');
    expect(presetParams('thisYear', today, dashboard)).toEqual({ preset: 'thisYear', from: null, to: null });
    expect(presetParams('lastMonth', today, report)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(rangeParams('2026-10-01', '2026-10-15')).toEqual({
      preset: null,
      from: '2026-10-01',
      to: '2026-10-15',
    });
  });
});
