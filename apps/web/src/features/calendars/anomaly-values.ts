import type { AnomalyBody, AnomalyType } from '@mostrador/contract';
import type { Dayjs } from 'dayjs';

/** The anomaly form's fields: the period as picked, whole days or to the minute. */
export interface AnomalyFormValues {
  type: AnomalyType;
  /** Whole days: `start` is the first day, `end` the last one (included). */
  allDay: boolean;
  start: Dayjs | null;
  end: Dayjs | null;
  reason: string;
}

export const newAnomalyValues = (): AnomalyFormValues => ({
  type: 'close',
  allDay: false,
  start: null,
  end: null,
  reason: '',
});

/**
 * A picked date-time as the API takes a company's wall-clock time: 'YYYY-MM-DDTHH:mm' without an offset.
 * The server reads it in the company's time zone, so the browser's own zone must not shift it: only the
 * digits the person chose are sent.
 */
export function localDateTime(value: Dayjs): string {
  return value.format('YYYY-MM-DDTHH:mm');
}

/** The form's field of a body path: `startDate` is `start`, `endDate` is `end`. */
export function anomalyFieldOf(path: readonly PropertyKey[]): keyof AnomalyFormValues | undefined {
  if (path[0] === 'startDate') return 'start';
  if (path[0] === 'endDate') return 'end';
  if (path[0] === 'type' || path[0] === 'reason') return path[0];
  return undefined;
}

/**
 * The body to send. Whole days run from the first day's 00:00 to the 00:00 after the last day (the end is
 * excluded); a date not chosen goes as '' and the contract says so.
 */
export function toAnomalyBody(values: AnomalyFormValues): AnomalyBody {
  const { start, end } = values;
  const day = (value: Dayjs) => `${value.format('YYYY-MM-DD')}T00:00`;
  return {
    type: values.type,
    startDate: start ? (values.allDay ? day(start) : localDateTime(start)) : '',
    endDate: end ? (values.allDay ? day(end.add(1, 'day')) : localDateTime(end)) : '',
    reason: values.reason,
  };
}
