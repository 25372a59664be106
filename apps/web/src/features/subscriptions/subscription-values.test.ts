import type { Subscription } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dayjs';
import {
  defaultPaymentPeriodicity,
  nextRenewalDays,
  periodicitiesFor,
  renewalCharge,
  toBody,
  toFormValues,
} from './subscription-values';

const monthly = {
  periodicity: { quantity: 1, unit: 'month' as const },
  periodicityOfSubscriptionPayment: null,
};

describe('subscription values', () => {
  it('offers the payment periodicities that fit the product’s period, its own first', () => {
    expect(periodicitiesFor(monthly)).toEqual(['monthly', 'quarterly', 'biannual', 'annual']);
    expect(periodicitiesFor({ periodicity: { quantity: 1, unit: 'week' } })).toEqual(['weekly']);
    expect(periodicitiesFor({ periodicity: null })).toEqual(['monthly', 'quarterly', 'biannual', 'annual']);
    expect(defaultPaymentPeriodicity(monthly)).toBe('monthly');
    expect(defaultPaymentPeriodicity({ ...monthly, periodicityOfSubscriptionPayment: 'annual' })).toBe(
      'annual',
    );
    // Its own choice that does not fit gives way to one that does.
    expect(
      defaultPaymentPeriodicity({
        periodicity: { quantity: 3, unit: 'month' },
        periodicityOfSubscriptionPayment: 'monthly',
      }),
    ).toBe('quarterly');
  });

  it('charges the price once per product period covered; month ends renew on the month’s last day', () => {
    expect(renewalCharge({ price: 30, ...monthly }, 'quarterly')).toEqual({ cents: 9000, periods: 3 });
    expect(renewalCharge({ price: 30, ...monthly }, 'weekly')).toBeNull();
    expect(nextRenewalDays(dayjs('2027-01-31'), 'monthly', 4)).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });

  it('sends a plain start date, or the instant it was when its day did not change', () => {
    const subscription = {
      customerId: 9,
      productId: 5,
      startsAt: '2027-01-31T08:15:00.000Z',
      paymentPeriodicity: 'monthly',
      paymentMethod: 'online',
    } as Subscription;
    const values = toFormValues(subscription, 'Europe/Madrid');
    expect(values.startsAt?.format('YYYY-MM-DD')).toBe('2027-01-31');
    expect(toBody(values, subscription, 'Europe/Madrid').startsAt).toBe('2027-01-31T08:15:00.000Z');
    expect(toBody({ ...values, startsAt: dayjs('2027-02-01') }, subscription, 'Europe/Madrid').startsAt).toBe(
      '2027-02-01',
    );
    expect(toFormValues(undefined, 'Europe/Madrid', { customerId: 4 }).customerId).toBe(4);
  });
});
