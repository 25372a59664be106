/**
 * Calendars' value lists and limits, without zod: the calendars and anomalies lists read them without the
 * schemas (calendars.ts re-exports them).
 */

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof weekdays)[number];

/** At most this many opening ranges a day. */
export const maxRangesPerDay = 12;

export const anomalyTypes = ['open', 'close'] as const;
export type AnomalyType = (typeof anomalyTypes)[number];
