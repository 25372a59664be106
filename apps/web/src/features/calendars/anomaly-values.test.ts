import { anomalyBody } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dayjs';
import { anomalyFieldOf, localDateTime, newAnomalyValues, toAnomalyBody } from './anomaly-values';

describe('anomaly form values', () => {
  it('sends the wall-clock time picked, without an offset, whatever the browser’s zone', () => {
    // A picked value may carry any zone: only its digits count, the server reads them in the company's.
    const picked = dayjs.tz('2026-12-24 14:05', 'America/New_York');
    expect(localDateTime(picked)).toBe('2026-12-24T14:05');
    const body = toAnomalyBody({
      ...newAnomalyValues(),
      start: dayjs('2026-12-24T10:00'),
      end: dayjs('2026-12-24T14:00'),
      reason: 'Cierre por inventario',
    });
    expect(body).toEqual({
      type: 'close',
      startDate: '2026-12-24T10:00',
      endDate: '2026-12-24T14:00',
      reason: 'Cierre por inventario',
    });
    expect(anomalyBody.safeParse(body).success).toBe(true);
  });

  it('runs whole days from the first day’s midnight to the midnight after the last one', () => {
    const body = toAnomalyBody({
      ...newAnomalyValues(),
      allDay: true,
      start: dayjs('2026-12-31T18:30'),
      end: dayjs('2027-01-01T09:00'),
    });
    expect(body).toMatchObject({ startDate: '2026-12-31T00:00', endDate: '2027-01-02T00:00' });
    // One day: the same day picked twice.
    const oneDay = toAnomalyBody({
      ...newAnomalyValues(),
      allDay: true,
      start: dayjs('2027-03-28'),
      end: dayjs('2027-03-28'),
    });
    expect(oneDay).toMatchObject({ startDate: '2027-03-28T00:00', endDate: '2027-03-29T00:00' });
  });

  it('lets the contract say what is missing or backwards, on the form’s own fields', () => {
    const missing = anomalyBody.safeParse(toAnomalyBody(newAnomalyValues())).error?.issues ?? [];
    expect(missing.map((issue) => anomalyFieldOf(issue.path))).toEqual(['start', 'end']);
    const backwards = anomalyBody.safeParse(
      toAnomalyBody({
        ...newAnomalyValues(),
        start: dayjs('2027-01-02T10:00'),
        end: dayjs('2027-01-02T09:00'),
      }),
    ).error?.issues;
    expect(backwards?.map((issue) => [anomalyFieldOf(issue.path), issue.message])).toEqual([
      ['end', 'must be after startDate'],
    ]);
    // Whole days: the last day may be the first one, not before it.
    const lastBeforeFirst = anomalyBody.safeParse(
      toAnomalyBody({
        ...newAnomalyValues(),
        allDay: true,
        start: dayjs('2027-01-02'),
        end: dayjs('2027-01-01'),
      }),
    );
    expect(lastBeforeFirst.success).toBe(false);
  });
});
