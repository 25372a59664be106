import { describe, expect, it } from 'vitest';
import { centsToEuros, eurosToCents, formatCents, hasAtMostTwoDecimals, taxBaseOf } from './money.js';

describe('eurosToCents', () => {
  it('converts without float drift', () => {
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
    expect(eurosToCents(1.1 + 2.2)).toBe(330);
    expect(eurosToCents(0.07)).toBe(7);
    expect(eurosToCents(19.99)).toBe(1999);
    expect(eurosToCents(1234567.89)).toBe(123456789);
  });

  it('converts whole and one-decimal amounts', () => {
    expect(eurosToCents(0)).toBe(0);
    expect(eurosToCents(12)).toBe(1200);
    expect(eurosToCents(12.5)).toBe(1250);
  });

  it('keeps the sign of negative amounts', () => {
    expect(eurosToCents(-3.99)).toBe(-399);
    expect(eurosToCents(-0.01)).toBe(-1);
    expect(eurosToCents(-12.5)).toBe(-1250);
  });

  it('refuses more than two decimals and non-finite numbers', () => {
    expect(() => eurosToCents(1.001)).toThrow(RangeError);
    expect(() => eurosToCents(-3.999)).toThrow(RangeError);
    expect(() => eurosToCents(0.005)).toThrow(RangeError);
    expect(() => eurosToCents(Number.NaN)).toThrow(RangeError);
    expect(() => eurosToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('centsToEuros and hasAtMostTwoDecimals', () => {
  it('round-trips cents', () => {
    for (const cents of [0, 1, 30, 399, -399, 1250, 123456789]) {
      expect(eurosToCents(centsToEuros(cents))).toBe(cents);
    }
    expect(() => centsToEuros(1.5)).toThrow(RangeError);
  });

  it('accepts at most two decimals', () => {
    expect(hasAtMostTwoDecimals(12.5)).toBe(true);
    expect(hasAtMostTwoDecimals(-3.99)).toBe(true);
    expect(hasAtMostTwoDecimals(0)).toBe(true);
    expect(hasAtMostTwoDecimals(1.001)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
  });
});

describe('taxBaseOf', () => {
  it('divides a VAT-inclusive amount by 1 + percentage', () => {
    expect(taxBaseOf(1210, 2100)).toBe(1000);
    expect(taxBaseOf(1100, 1000)).toBe(1000);
    expect(taxBaseOf(1000, 0)).toBe(1000);
    expect(taxBaseOf(0, 2100)).toBe(0);
  });

  it('rounds half up to the cent', () => {
    expect(taxBaseOf(100, 2100)).toBe(83); // 82.64
    expect(taxBaseOf(1, 2100)).toBe(1); // 0.83
    expect(taxBaseOf(105, 500)).toBe(100); // exactly 100
    expect(taxBaseOf(33, 1000)).toBe(30); // exactly 30
    expect(taxBaseOf(211, 550)).toBe(200); // 200.0
    expect(taxBaseOf(399, 2100)).toBe(330); // 329.75
    expect(taxBaseOf(398, 2100)).toBe(329); // 328.93
  });

  it('rounds an exact half up (away from zero)', () => {
    expect(taxBaseOf(5, 10000)).toBe(3); // 2.5 at 100 %
    expect(taxBaseOf(1, 10000)).toBe(1); // 0.5
    expect(taxBaseOf(-5, 10000)).toBe(-3);
  });

  it('handles negative amounts (refunds) symmetrically', () => {
    expect(taxBaseOf(-1210, 2100)).toBe(-1000);
    expect(taxBaseOf(-100, 2100)).toBe(-83);
    expect(taxBaseOf(-399, 2100)).toBe(-330); // 329.75
  });
});

describe('formatCents', () => {
  it('formats euros the Spanish way', () => {
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('1.234,56 €');
  });
});
