import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dayjs';
import { companyToday, periodOf, presetRange } from './period';

const day = (value: string) => dayjs(value);
const params = (search: string) => new URLSearchParams(search);

describe('dashboard periods', () => {
  it('counts each preset from its first day up to today, the week from Monday', () => {
    // Sunday 29 November 2026: its week began on Monday the 23rd.
    const sunday = day('2026-11-29');
    expect(presetRange('today', sunday)).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(presetRange('thisWeek', sunday)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(presetRange('thisWeek', day('2026-11-23'))).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(presetRange('thisMonth', sunday)).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(presetRange('thisYear', sunday)).toEqual({ from: '2026-01-01', to: '2026-11-29' });
  });

  it('takes today in the company’s time zone', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid, still 31 December in New York.
    const now = dayjs('2026-12-31T23:30:00Z');
    expect(companyToday('Europe/Madrid', now).format('YYYY-MM-DD')).toBe('2027-01-01');
    expect(companyToday('America/New_York', now).format('YYYY-MM-DD')).toBe('2026-12-31');
  });

  it('reads a preset or a valid range from the URL, else this month', () => {
    const today = day('2026-11-27');
    expect(periodOf(params('preset=thisYear'), today)).toEqual({
      from: '2026-01-01',
      to: '2026-11-27',
      choice: 'thisYear',
    });
    expect(periodOf(params('from=2025-03-01&to=2025-03-31'), today)).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      choice: 'custom',
    });
    const thisMonth = { from: '2026-11-01', to: '2026-11-27', choice: 'thisMonth' };
    expect(periodOf(params(''), today)).toEqual(thisMonth);
    expect(periodOf(params('preset=nextYear'), today)).toEqual(thisMonth);
    // Backwards, a day that does not exist, longer than three years: this month instead.
    expect(periodOf(params('from=2025-03-31&to=2025-03-01'), today)).toEqual(thisMonth);
    expect(periodOf(params('from=2025-02-30&to=2025-03-01'), today)).toEqual(thisMonth);
    expect(periodOf(params('from=2020-01-01&to=2026-01-01'), today)).toEqual(thisMonth);
  });
});
