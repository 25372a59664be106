import { dayjs } from './dayjs';

const euroFormat = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  useGrouping: 'always',
});
const numberFormat = new Intl.NumberFormat('es-ES', { useGrouping: 'always', maximumFractionDigits: 2 });

/** Euros as the API sends them (12.5) in Spanish formatting: 12,50 €. */
export function formatEuros(euros: number): string {
  return euroFormat.format(euros);
}

/** A number in Spanish formatting: 1.234,5. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** A tax or discount percentage: 21 %, 5,5 %. */
export function formatPercentage(value: number): string {
  return `${numberFormat.format(value)} %`;
}

/** A list total, "10.000+" when the server stopped counting. */
export function formatTotal(total: number, capped?: boolean): string {
  return `${formatNumber(total)}${capped ? '+' : ''}`;
}

/** A timestamp in the company's time zone and the user's language (dayjs locale set at boot). */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const value = dayjs(iso);
  if (!value.isValid()) return '';
  return value.tz(timeZone).format('L LT');
}

/** The decimal separator of a language, for number inputs. */
export function decimalSeparatorOf(language: string): string {
  const part = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}

/** A phone as stored (+34600123456) made readable, +34 600 123 456: the contract's one formatter. */
export { formatPhone } from '@mostrador/contract';

/**
 * A decimal number as people type it, whatever their keyboard's habit: "45,5", "45.5", "1.234,56" and
 * "1,234.56" all read right. The last comma or dot followed by one or two digits is the decimal mark;
 * other commas, dots and spaces group thousands. Anything else that is not a digit is dropped.
 */
export function parseDecimalInput(text: string | undefined): string {
  if (!text) return '';
  const cleaned = text.replace(/[^\d,.-]/g, '');
  const negative = cleaned.startsWith('-');
  const unsigned = cleaned.replace(/-/g, '');
  const decimal = /[.,](\d{1,2})$/.exec(unsigned);
  const whole = (decimal ? unsigned.slice(0, decimal.index) : unsigned).replace(/[.,]/g, '');
  const value = decimal ? `${whole || '0'}.${decimal[1]}` : whole;
  return value && negative ? `-${value}` : value;
}
