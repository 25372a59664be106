import 'dayjs/locale/ca';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/es';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import { afterAll, describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';
import {
  dayjsLocaleOf,
  formatDate,
  formatDateTime,
  formatEuros,
  formatTime,
  parseDecimalInput,
  setDayjsLocale,
  twentyFourHour,
} from './format';

describe('parseDecimalInput', () => {
  it.each([
    ['45,5', '45.5'],
    ['45.5', '45.5'],
    ['45,50 €', '45.50'],
    ['1.234,56', '1234.56'],
    ['1,234.56', '1234.56'],
    ['1 234,5', '1234.5'],
    ['1.234', '1234'],
    ['300', '300'],
    [',5', '0.5'],
    ['-2,5', '-2.5'],
    ['', ''],
    ['abc', ''],
  ])('reads %j as %j', (typed, parsed) => {
    expect(parseDecimalInput(typed)).toBe(parsed);
  });
});

describe('formatEuros', () => {
  it('shows Spanish formatting with grouping', () => {
    expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1.234,50 €');
  });
});

describe('dates and times', () => {
  const initial = dayjs.locale();
  afterAll(() => {
    dayjs.locale(initial);
  });
  // 08:05 UTC: 09:05 in Madrid in winter, a one-digit hour where "H:mm" would print "9:05".
  const morning = '2026-01-15T08:05:00Z';
  const madrid = 'Europe/Madrid';

  it('reads English as day-month-year, Chinese as zh-cn', () => {
    expect(dayjsLocaleOf('en')).toBe('en-gb');
    expect(dayjsLocaleOf('zh')).toBe('zh-cn');
    expect(dayjsLocaleOf('es')).toBe('es');
  });

  it.each([
    ['H:mm', 'HH:mm'],
    ['h:mm A', 'HH:mm'],
    ['h:mm:ss A', 'HH:mm:ss'],
    ['D MMMM [de] YYYY H:mm', 'D MMMM [de] YYYY HH:mm'],
    ['D MMM YYYY, H:mm', 'D MMM YYYY, HH:mm'],
    ['HH:mm', 'HH:mm'],
    ['YYYY年M月D日Ah点mm分', 'YYYY年M月D日 HH:mm'],
  ])('puts %j on the 24-hour clock: %j', (format, expected) => {
    expect(twentyFourHour(format)).toBe(expected);
  });

  it.each([
    ['en', '15/01/2026 09:05', '15/01/2026', '15 January 2026 09:05'],
    ['es', '15/01/2026 09:05', '15/01/2026', '15 de enero de 2026 09:05'],
    ['ca', '15/01/2026 09:05', '15/01/2026', '15 Gener de 2026 a les 09:05'],
    ['ru', '15.01.2026 09:05', '15.01.2026', '15 января 2026 г., 09:05'],
    ['zh', '2026/01/15 09:05', '2026/01/15', '2026年1月15日 09:05'],
  ])('in %s: %j, the day %j, the long form %j', (language, dateTime, date, long) => {
    setDayjsLocale(dayjsLocaleOf(language));
    expect(formatDateTime(morning, madrid)).toBe(dateTime);
    expect(formatDate(morning, madrid)).toBe(date);
    expect(formatTime(morning, madrid)).toBe('09:05');
    expect(dayjs(morning).tz(madrid).format('LT')).toBe('09:05');
    expect(dayjs(morning).tz(madrid).format('LLL')).toBe(long);
  });

  it('reads the time in the company zone, and nothing for nothing', () => {
    setDayjsLocale('es');
    expect(formatTime('2026-07-01T21:30:00Z', madrid)).toBe('23:30');
    expect(formatTime('2026-07-01T21:30:00Z', 'Atlantic/Canary')).toBe('22:30');
    expect(formatDateTime(null, madrid)).toBe('');
    expect(formatDate('not a date', madrid)).toBe('');
    expect(formatTime(undefined, madrid)).toBe('');
  });
});
