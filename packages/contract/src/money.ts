/**
 * Money is integer cents everywhere but JSON, which carries euros with at most two decimals.
 * Conversions go through strings so that no float arithmetic touches an amount.
 */
export function eurosToCents(euros: number): number {
  if (!Number.isFinite(euros)) throw new RangeError('amount is not a finite number');
  const negative = euros < 0;
  const [whole, fraction = ''] = Math.abs(euros).toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
  const rest = Number(fraction.slice(2));
  if (rest !== 0) throw new RangeError('amount has more than two decimals');
  return negative ? -cents : cents;
}

export function centsToEuros(cents: number): number {
  if (!Number.isInteger(cents)) throw new RangeError('cents must be an integer');
  return cents / 100;
}

/** True when a number has at most two decimals, e.g. 12.5 or 3.99. */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  return /^-?\d+(\.\d{1,2})?$/.test(Math.abs(value) < 1e-7 ? '0' : String(value));
}

const euroFormat = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
});

/** Euros in Spanish formatting, e.g. 1.234,56 €. Takes cents. */
export function formatCents(cents: number): string {
  return euroFormat.format(cents / 100);
}

const numberFormat = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });
/** Whole numbers in Spanish formatting, e.g. 10.000. */
export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** `amount / (1 + percentage/100)` rounded half up, in integer arithmetic (percentage in hundredths). */
export function taxBaseOf(totalCents: number, percentageHundredths: number): number {
  const numerator = totalCents * 10000;
  const denominator = 10000 + percentageHundredths;
  const sign = numerator < 0 ? -1 : 1;
  const abs = Math.abs(numerator);
  return sign * Math.floor((abs * 2 + denominator) / (denominator * 2));
}
