/*
 * Dates, times and prices as customers read them: prices in euros the Spanish way (35,00 €), dates and
 * times in the customer's language and in the company's time zone.
 */

const euros = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', useGrouping: true });
export const formatPrice = (value: number) => euros.format(value);

/** The language's Intl tag (Basque and Catalan are known to Intl by their codes). */
const tag = (language: string) => (language === 'zh' ? 'zh-CN' : language);

/** A company day (YYYY-MM-DD) as words: "viernes, 4 de diciembre de 2026". */
export function formatDay(language: string, day: string, style: 'long' | 'short' = 'long') {
  return new Intl.DateTimeFormat(tag(language), {
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    year: style === 'long' ? 'numeric' : undefined,
  }).format(new Date(`${day}T12:00:00Z`));
}

/** A month as its title: "diciembre de 2026". */
export function formatMonth(language: string, year: number, month: number) {
  return new Intl.DateTimeFormat(tag(language), { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(Date.UTC(year, month, 1, 12)),
  );
}

/** The week's day names, Monday first, narrow and long. */
export function weekdayNames(language: string) {
  const narrow = new Intl.DateTimeFormat(tag(language), { timeZone: 'UTC', weekday: 'short' });
  const long = new Intl.DateTimeFormat(tag(language), { timeZone: 'UTC', weekday: 'long' });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 1 + i, 12));
    return { short: narrow.format(date), long: long.format(date) };
  });
}

/** An instant's wall time in the company's zone: "10:30". */
export function formatTime(language: string, instant: string, timeZone: string) {
  return new Intl.DateTimeFormat(tag(language), { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** An instant's company day (YYYY-MM-DD). */
export function dayOf(instant: string | number, timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

/** YYYY-MM-DD of a UTC date's parts. */
export const isoDay = (year: number, month: number, day: number) =>
  new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);

/** Minutes as "50 min" or "1 h 30 min". */
export function formatDuration(minutes: number) {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
}
