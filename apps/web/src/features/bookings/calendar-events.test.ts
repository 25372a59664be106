import type { WeeklySchedule } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { anomalyEvent, businessHoursOf, colourOf, visibleHours } from './calendar-events';

const closed = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };
const massage: WeeklySchedule = {
  ...closed,
  monday: [
    { openAt: '09:00', closedAt: '14:00' },
    { openAt: '16:00', closedAt: '20:00' },
  ],
  saturday: [{ openAt: '10:00', closedAt: '14:00' }],
};
const pool: WeeklySchedule = {
  ...closed,
  monday: [{ openAt: '09:00', closedAt: '14:00' }],
  sunday: [{ openAt: '08:00', closedAt: '24:00' }],
};

describe('calendar view helpers', () => {
  it('turns schedules into business hours, Sunday being day 0, without repeating shared ranges', () => {
    expect(businessHoursOf([massage, pool])).toEqual([
      { daysOfWeek: [1], startTime: '09:00', endTime: '14:00' },
      { daysOfWeek: [1], startTime: '16:00', endTime: '20:00' },
      { daysOfWeek: [6], startTime: '10:00', endTime: '14:00' },
      { daysOfWeek: [0], startTime: '08:00', endTime: '24:00' },
    ]);
  });

  it('shows the hours from an hour before the first opening to an hour after the last closing', () => {
    expect(visibleHours([massage])).toEqual({ slotMinTime: '08:00:00', slotMaxTime: '21:00:00' });
    expect(visibleHours([pool])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '24:00:00' });
    expect(visibleHours([])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '22:00:00' });
  });

  it('gives each calendar its colour and shades exceptions behind the bookings', () => {
    expect(colourOf([4, 9], 9)).not.toBe(colourOf([4, 9], 4));
    const event = anomalyEvent(
      {
        id: 3,
        type: 'close',
        startsAt: '2026-12-25T00:00:00+01:00',
        endsAt: '2026-12-26T00:00:00+01:00',
        reason: 'Navidad',
      },
      4,
    );
    expect(event).toMatchObject({ display: 'background', title: 'Navidad', classNames: ['anomaly-close'] });
  });
});
