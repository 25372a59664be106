import { describe, expect, it } from 'vitest';
import type { Periodicity } from './products.js';
import {
  addPeriods,
  allowedPaymentPeriodicities,
  formatPeriodicity,
  isoLocalDay,
  parsePeriodicity,
  paymentPeriod,
  paymentPeriodicityRefusal,
  renewalAmountCents,
  renewalDays,
  servicePeriodsPerPayment,
} from './subscription-periods.js';

const month: Periodicity = { quantity: 1, unit: 'month' };
const day = (iso: string) => {
  const [year, m, d] = iso.split('-').map(Number);
  return { year: year!, month: m!, day: d! };
};

describe('parsePeriodicity', () => {
  it('reads the spec text form', () => {
    expect(parsePeriodicity('1 month')).toEqual({ quantity: 1, unit: 'month' });
    expect(parsePeriodicity(' 2 Weeks ')).toEqual({ quantity: 2, unit: 'week' });
    expect(parsePeriodicity('1 year')).toEqual({ quantity: 1, unit: 'year' });
    expect(parsePeriodicity('10 days')).toEqual({ quantity: 10, unit: 'day' });
  });
  it('refuses what is not a whole quantity ≥ 1 of day, week, month or year', () => {
    for (const text of ['0 month', '1.5 month', 'month', '1 hour', '-1 day', '', '1 monthly'])
      expect(parsePeriodicity(text)).toBeUndefined();
  });
  it('formats back', () => {
    expect(formatPeriodicity({ quantity: 1, unit: 'month' })).toBe('1 month');
    expect(formatPeriodicity({ quantity: 3, unit: 'week' })).toBe('3 weeks');
  });
});

describe('servicePeriodsPerPayment', () => {
  it('counts the service periods a payment covers', () => {
    expect(servicePeriodsPerPayment(month, 'monthly')).toEqual({ periods: 1 });
    expect(servicePeriodsPerPayment(month, 'quarterly')).toEqual({ periods: 3 });
    expect(servicePeriodsPerPayment(month, 'biannual')).toEqual({ periods: 6 });
    expect(servicePeriodsPerPayment(month, 'annual')).toEqual({ periods: 12 });
    expect(servicePeriodsPerPayment({ quantity: 3, unit: 'month' }, 'annual')).toEqual({ periods: 4 });
    expect(servicePeriodsPerPayment({ quantity: 1, unit: 'week' }, 'weekly')).toEqual({ periods: 1 });
    expect(servicePeriodsPerPayment({ quantity: 1, unit: 'day' }, 'weekly')).toEqual({ periods: 7 });
    expect(servicePeriodsPerPayment({ quantity: 1, unit: 'year' }, 'annual')).toEqual({ periods: 1 });
    expect(servicePeriodsPerPayment({ quantity: 12, unit: 'month' }, 'annual')).toEqual({ periods: 1 });
  });
  it('refuses a payment periodicity shorter than the service period', () => {
    expect(paymentPeriodicityRefusal(month, 'weekly')).toBe('shorter');
    expect(paymentPeriodicityRefusal({ quantity: 1, unit: 'year' }, 'biannual')).toBe('shorter');
    expect(paymentPeriodicityRefusal({ quantity: 2, unit: 'week' }, 'weekly')).toBe('shorter');
    expect(paymentPeriodicityRefusal({ quantity: 5, unit: 'week' }, 'monthly')).toBe('shorter');
    expect(paymentPeriodicityRefusal({ quantity: 2, unit: 'month' }, 'monthly')).toBe('shorter');
  });
  it('refuses a payment that is not a whole number of service periods', () => {
    expect(paymentPeriodicityRefusal({ quantity: 1, unit: 'week' }, 'monthly')).toBe('notWhole');
    expect(paymentPeriodicityRefusal({ quantity: 1, unit: 'day' }, 'monthly')).toBe('notWhole');
    expect(paymentPeriodicityRefusal({ quantity: 2, unit: 'month' }, 'quarterly')).toBe('notWhole');
    expect(paymentPeriodicityRefusal({ quantity: 4, unit: 'day' }, 'weekly')).toBe('notWhole');
  });
  it('lists the periodicities that fit', () => {
    expect(allowedPaymentPeriodicities(month)).toEqual(['monthly', 'quarterly', 'biannual', 'annual']);
    expect(allowedPaymentPeriodicities({ quantity: 1, unit: 'week' })).toEqual(['weekly']);
    expect(allowedPaymentPeriodicities({ quantity: 1, unit: 'year' })).toEqual(['annual']);
  });
});

describe('renewalAmountCents', () => {
  it('charges the price once per service period covered', () => {
    expect(renewalAmountCents(3000, month, 'quarterly')).toBe(9000);
    expect(renewalAmountCents(3000, month, 'monthly')).toBe(3000);
    expect(renewalAmountCents(1999, month, 'annual')).toBe(23988);
    expect(renewalAmountCents(500, { quantity: 1, unit: 'day' }, 'weekly')).toBe(3500);
  });
  it('throws for a periodicity that does not fit', () => {
    expect(() => renewalAmountCents(3000, month, 'weekly')).toThrow();
  });
});

describe('addPeriods and renewal days', () => {
  it('anchors month ends: 31 January → 28 February → 31 March', () => {
    const anchor = day('2027-01-31');
    expect(renewalDays(anchor, 'monthly', 4).map(isoLocalDay)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(isoLocalDay(addPeriods(day('2028-01-31'), month, 1))).toBe('2028-02-29');
  });
  it('keeps 29 February on leap years and its last day otherwise', () => {
    expect(renewalDays(day('2028-02-29'), 'annual', 5).map(isoLocalDay)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });
  it('counts quarters, halves and weeks, across years', () => {
    expect(renewalDays(day('2026-11-30'), 'quarterly', 3).map(isoLocalDay)).toEqual([
      '2026-11-30',
      '2027-02-28',
      '2027-05-30',
    ]);
    expect(renewalDays(day('2026-08-31'), 'biannual', 3).map(isoLocalDay)).toEqual([
      '2026-08-31',
      '2027-02-28',
      '2027-08-31',
    ]);
    expect(renewalDays(day('2026-12-29'), 'weekly', 3).map(isoLocalDay)).toEqual([
      '2026-12-29',
      '2027-01-05',
      '2027-01-12',
    ]);
  });
  it('gives each period its first day and the next one', () => {
    const p = paymentPeriod(day('2027-01-31'), 'monthly', 1);
    expect(isoLocalDay(p.start)).toBe('2027-02-28');
    expect(isoLocalDay(p.end)).toBe('2027-03-31');
  });
  it('a year of monthly renewals is twelve periods ending on the anchor a year later', () => {
    const days = renewalDays(day('2027-03-15'), 'monthly', 13).map(isoLocalDay);
    expect(days).toHaveLength(13);
    expect(days[12]).toBe('2028-03-15');
    expect(new Set(days).size).toBe(13);
  });
});
