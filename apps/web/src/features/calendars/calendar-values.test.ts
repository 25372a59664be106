import {
  type BookingCalendar,
  bookingCalendarBody,
  emptySchedule,
  maxRangesPerDay,
} from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import {
  calendarIssueMessage,
  closeTimes,
  contractMessage,
  copyDay,
  defaultSchedule,
  formName,
  minutesParts,
  nextRange,
  openTimes,
  type RangeValues,
  toBody,
  toFormValues,
  weekdayNames,
} from './calendar-values';

const calendar: BookingCalendar = {
  id: 4,
  name: 'Sala de masajes',
  color: null,
  schedule: {
    ...emptySchedule(),
    monday: [
      { openAt: '09:00', closedAt: '14:00' },
      { openAt: '16:00', closedAt: '20:00' },
    ],
    saturday: [{ openAt: '10:00', closedAt: '24:00' }],
  },
  duration: 30,
  publicDuration: null,
  canCustomersChangeTheBookingDate: true,
  howManyTimesCanCustomerRescheduleBooking: 2,
  maximumDaysOfBookingForecast: 90,
  minimumMinutesInAdvanceForBooking: 120,
  maximumConcurrentBookings: 1,
  minimumProductDuration: 30,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

describe('calendar form values', () => {
  it('reads a calendar and sends it back unchanged', () => {
    const values = toFormValues(calendar);
    expect(values.schedule.monday).toEqual(calendar.schedule.monday);
    expect(values.schedule.sunday).toEqual([]);
    const { id, createdAt, updatedAt, ...body } = calendar;
    expect(toBody(values)).toEqual(body);
    expect(bookingCalendarBody.safeParse(toBody(values)).success).toBe(true);
  });

  it('does not share the ranges of the calendar it was read from', () => {
    const values = toFormValues(calendar);
    values.schedule.monday[0]!.openAt = '08:00';
    expect(calendar.schedule.monday[0]?.openAt).toBe('09:00');
  });

  it('starts a new calendar open on weekdays with a valid body once named', () => {
    const values = toFormValues();
    expect(values.schedule.friday).toEqual([
      { openAt: '09:00', closedAt: '14:00' },
      { openAt: '16:00', closedAt: '20:00' },
    ]);
    expect(values.schedule.saturday).toEqual([]);
    expect(values).toMatchObject({
      duration: 30,
      maximumConcurrentBookings: 1,
      maximumDaysOfBookingForecast: null,
    });
    expect(bookingCalendarBody.safeParse(toBody({ ...values, name: 'Yoga' })).success).toBe(true);
  });

  it('sends no reschedule limit when customers may not change the date, and no notice as 0', () => {
    const values = {
      ...toFormValues(calendar),
      canCustomersChangeTheBookingDate: false,
      minimumMinutesInAdvanceForBooking: null,
    };
    expect(toBody(values)).toMatchObject({
      canCustomersChangeTheBookingDate: false,
      howManyTimesCanCustomerRescheduleBooking: null,
      minimumMinutesInAdvanceForBooking: 0,
    });
  });

  it('sends times not chosen as empty text, which the contract refuses on that very time', () => {
    const values = toFormValues(calendar);
    values.schedule.tuesday = [{ openAt: '10:00', closedAt: null }];
    const body = toBody(values);
    expect(body.schedule.tuesday).toEqual([{ openAt: '10:00', closedAt: '' }]);
    const issue = bookingCalendarBody.safeParse(body).error?.issues[0];
    expect(issue?.path).toEqual(['schedule', 'tuesday', 0, 'closedAt']);
    expect(calendarIssueMessage(issue, '')).toEqual(['validation.required']);
  });
});

describe('the contract’s schedule errors', () => {
  const parse = (monday: RangeValues[]) =>
    bookingCalendarBody.safeParse(
      toBody({ ...toFormValues(calendar), schedule: { ...defaultSchedule(), monday } }),
    ).error?.issues ?? [];

  it('name the form field of the range at fault, counted from 1 for people', () => {
    const [overlap] = parse([
      { openAt: '09:00', closedAt: '14:00' },
      { openAt: '13:00', closedAt: '18:00' },
    ]);
    expect(formName(overlap!.path)).toEqual(['schedule', 'monday', 1, 'openAt']);
    expect(calendarIssueMessage(overlap, '13:00')).toEqual(['calendars.errors.overlap', { range: 1 }]);

    const [backwards] = parse([{ openAt: '14:00', closedAt: '09:00' }]);
    expect(formName(backwards!.path)).toEqual(['schedule', 'monday', 0, 'closedAt']);
    expect(calendarIssueMessage(backwards, '09:00')).toEqual(['calendars.errors.closeAfterOpen']);
  });

  it('lets ranges touch: 14:00 closes one and opens the next', () => {
    expect(
      parse([
        { openAt: '09:00', closedAt: '14:00' },
        { openAt: '14:00', closedAt: '24:00' },
      ]),
    ).toEqual([]);
  });

  it('reads the server’s field paths and messages the same way', () => {
    expect(formName('body.schedule.monday.1.openAt')).toEqual(['schedule', 'monday', 1, 'openAt']);
    expect(formName('schedule.friday.10.closedAt')).toEqual(['schedule', 'friday', 10, 'closedAt']);
    expect(contractMessage('overlaps range 0 of the same day')).toEqual([
      'calendars.errors.overlap',
      { range: 1 },
    ]);
    expect(contractMessage('must be after startDate')).toEqual(['anomalies.errors.endAfterStart']);
    expect(contractMessage('something else')).toBeUndefined();
  });
});

describe('the schedule editor’s helpers', () => {
  it('offers times every five minutes, closing up to the end of the day', () => {
    expect(openTimes[0]).toBe('00:00');
    expect(openTimes.at(-1)).toBe('23:55');
    expect(openTimes).toHaveLength(288);
    expect(closeTimes[0]).toBe('00:05');
    expect(closeTimes.at(-1)).toBe('24:00');
  });

  it('adds a range after the day’s latest close, or the morning on a closed day', () => {
    expect(nextRange([])).toEqual({ openAt: '09:00', closedAt: '14:00' });
    expect(nextRange([{ openAt: '09:00', closedAt: '14:00' }])).toEqual({
      openAt: '15:00',
      closedAt: '19:00',
    });
    expect(nextRange([{ openAt: '16:00', closedAt: '22:00' }])).toEqual({
      openAt: '23:00',
      closedAt: '24:00',
    });
    expect(nextRange([{ openAt: '20:00', closedAt: '23:30' }])).toEqual({
      openAt: '23:30',
      closedAt: '24:00',
    });
    expect(nextRange([{ openAt: '10:00', closedAt: '24:00' }])).toBeUndefined();
    const full = Array.from({ length: maxRangesPerDay }, () => ({ openAt: '01:00', closedAt: '02:00' }));
    expect(nextRange(full)).toBeUndefined();
  });

  it('copies Monday onto other days without sharing its ranges', () => {
    const schedule = toFormValues(calendar).schedule;
    const copied = copyDay(schedule, 'monday', ['tuesday', 'friday']);
    expect(copied.tuesday).toEqual(schedule.monday);
    expect(copied.friday).toEqual(schedule.monday);
    expect(copied.wednesday).toEqual([]);
    expect(copied.tuesday[0]).not.toBe(schedule.monday[0]);
    expect(schedule.tuesday).toEqual([]);
  });

  it('splits minutes into days, hours and minutes', () => {
    expect(minutesParts(45)).toEqual({ days: 0, hours: 0, minutes: 45 });
    expect(minutesParts(120)).toEqual({ days: 0, hours: 2, minutes: 0 });
    expect(minutesParts(1530)).toEqual({ days: 1, hours: 1, minutes: 30 });
  });

  it('names the weekdays in the user’s language, Monday first', () => {
    expect(Object.values(weekdayNames('en'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(weekdayNames('es').monday).toBe('Lunes');
    expect(weekdayNames('de').sunday).toBe('Sonntag');
  });
});
