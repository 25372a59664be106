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

/** A rate (0.853) as a percentage to one decimal in Spanish formatting: 85,3 %. */
export function formatRate(rate: number): string {
  return formatPercentage(Math.round(rate * 1000) / 10);
}

/** A list total, "10.000+" when the server stopped counting. */
export function formatTotal(total: number, capped?: boolean): string {
  return `${formatNumber(total)}${capped ? '+' : ''}`;
}

/** The dayjs locale of an interface language: English reads day-month-year (en-gb), Chinese is zh-cn. */
export function dayjsLocaleOf(language: string): string {
  if (language === 'en') return 'en-gb';
  if (language === 'zh') return 'zh-cn';
  return language;
}

/** A locale format with its times on the 24-hour clock, hours in two digits: "H:mm", "h:mm A" → "HH:mm". */
export function twentyFourHour(format: string): string {
  return format
    .replace(/Ah点mm分/g, ' HH:mm')
    .replace(/h:mm(:ss)? ?[Aa]/g, 'HH:mm$1')
    .replace(/(^|[^H])H:mm/g, '$1HH:mm');
}

/**
 * Makes a loaded dayjs locale the current one, its times read "09:00" whatever the language's habit
 * (Spanish, Catalan and Russian write "9:00", Chinese "上午9点00分"): 'LT', 'LLL' and the rest are
 * rewritten once, so every `format('LT')` of the app agrees.
 */
export function setDayjsLocale(name: string): void {
  const locale = dayjs.Ls[name] as { formats?: Record<string, string>; in24Hours?: boolean } | undefined;
  if (locale?.formats && !locale.in24Hours) {
    for (const [key, format] of Object.entries(locale.formats)) locale.formats[key] = twentyFourHour(format);
    locale.in24Hours = true;
  }
  dayjs.locale(name);
}

function inZone(iso: string | null | undefined, timeZone: string) {
  if (!iso) return null;
  const value = dayjs(iso);
  return value.isValid() ? value.tz(timeZone) : null;
}

/** A timestamp in the company's time zone and the user's language: 26/11/2026 09:00 (Spanish, English). */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  return inZone(iso, timeZone)?.format('L LT') ?? '';
}

/** The day of a timestamp in the company's time zone, in the user's language: 26/11/2026. */
export function formatDate(iso: string | null | undefined, timeZone: string): string {
  return inZone(iso, timeZone)?.format('L') ?? '';
}

/** The time of a timestamp in the company's time zone, 24-hour clock: 09:00. */
export function formatTime(iso: string | null | undefined, timeZone: string): string {
  return inZone(iso, timeZone)?.format('HH:mm') ?? '';
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
