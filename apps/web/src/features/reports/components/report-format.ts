const rateFormats = new Map<string, Intl.NumberFormat>();

/** A rate (0.625) as a percentage in the interface language (62,5 %, 62.5%); a dash when there is none. */
export function formatRate(rate: number | null | undefined, language: string): string {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return '—';
  let format = rateFormats.get(language);
  if (!format) {
    try {
      format = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    } catch {
      format = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 });
    }
    rateFormats.set(language, format);
  }
  return format.format(rate);
}

/** Place-minutes as place-hours, in Spanish formatting with at most one decimal (1.234,5). */
export function placeHours(minutes: number): number {
  return Math.round(minutes / 6) / 10;
}
