import type { Language } from '@mostrador/contract';
import { intlLocales } from './i18n.js';

/** Text made safe for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Plain text in HTML: escaped, its line breaks kept as `<br>`. */
export function textToHtml(value: string): string {
  return escapeHtml(value).replace(/\r\n|\r|\n/g, '<br>\n');
}

/** One line: line breaks and runs of white space become one space (a subject, a header). */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

type Style = 'longDate' | 'time' | 'longDateTime' | 'mediumDateTime';

const styles: Record<Style, Intl.DateTimeFormatOptions> = {
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  longDateTime: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  mediumDateTime: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
};

/** Formatters are costly to build and mails come in batches: one per language, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, timeZone: string, style: Style): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocales[language], { ...styles[style], timeZone });
    formatters.set(key, found);
  }
  return found;
}

/** Dates and times as the customer reads them: in the language, on the company's clock. */
export interface DateFormats {
  /** "jueves, 26 de noviembre de 2026" */
  longDate(instant: Date): string;
  /** "10:00" */
  time(instant: Date): string;
  /** "10:00–11:00" */
  timeRange(start: Date, end: Date): string;
  /** "jueves, 26 de noviembre de 2026, 10:00" */
  longDateTime(instant: Date): string;
  /** "jueves, 26 de noviembre de 2026, 10:00 – viernes, 27 de noviembre de 2026, 11:00" */
  longDateTimeRange(start: Date, end: Date): string;
  /** "26 nov 2026, 10:00" (subjects, receipts) */
  mediumDateTime(instant: Date): string;
  /** The calendar day in the zone, e.g. "2026-11-26": whether two instants fall on the same day. */
  day(instant: Date): string;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayKey(instant: Date, timeZone: string): string {
  let found = dayFormatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, found);
  }
  return found.format(instant);
}

export function dateFormats(language: Language, timeZone: string): DateFormats {
  return {
    longDate: (instant) => formatter(language, timeZone, 'longDate').format(instant),
    time: (instant) => formatter(language, timeZone, 'time').format(instant),
    // Ranges are joined here: ICU's range patterns pick their own hour digits ("9:00–10:00" in
    // Spanish next to "09:00" alone), and a mail writes a time the same way everywhere.
    timeRange: (start, end) =>
      `${formatter(language, timeZone, 'time').format(start)}–${formatter(language, timeZone, 'time').format(end)}`,
    longDateTime: (instant) => formatter(language, timeZone, 'longDateTime').format(instant),
    longDateTimeRange: (start, end) =>
      `${formatter(language, timeZone, 'longDateTime').format(start)} – ${formatter(language, timeZone, 'longDateTime').format(end)}`,
    mediumDateTime: (instant) => formatter(language, timeZone, 'mediumDateTime').format(instant),
    day: (instant) => dayKey(instant, timeZone),
  };
}
