import { describe, expect, it } from 'vitest';
import { initialValues, nextDay, sameInstant, startOptions } from './booking-values';

describe('booking form values', () => {
  it('starts a new booking on the clicked moment, in the company’s local day', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    const start = new Date('2026-12-31T23:30:00Z');
    expect(
      initialValues(undefined, { bookingCalendarId: 2, start, withTime: true }, 'Europe/Madrid'),
    ).toMatchObject({
      bookingCalendarId: 2,
      day: '2027-01-01',
      startsAt: '2026-12-31T23:30:00.000Z',
      quantity: 1,
    });
    // A click on a whole day (month view) chooses the day, not a time.
    expect(initialValues(undefined, { start, withTime: false }, 'Europe/Madrid').startsAt).toBeUndefined();
  });

  it('comes with the customer chosen before (the calendar opened from their page), else none', () => {
    const start = new Date('2027-03-29T08:00:00Z');
    expect(
      initialValues(undefined, { start, withTime: true, customerId: 7 }, 'Europe/Madrid').customerId,
    ).toBe(7);
    expect(initialValues(undefined, { start, withTime: true }, 'Europe/Madrid').customerId).toBeUndefined();
  });

  it('counts days across month ends and compares instants whatever their offsets', () => {
    expect(nextDay('2027-02-28')).toBe('2027-03-01');
    expect(nextDay('2027-03-28')).toBe('2027-03-29');
    expect(sameInstant('2027-03-29T10:00:00+02:00', '2027-03-29T08:00:00.000Z')).toBe(true);
  });

  it('offers the day’s starts, full ones marked, and keeps the current start of an edited booking', () => {
    const items = [
      {
        startsAt: '2027-03-29T09:00:00+02:00',
        endsAt: '2027-03-29T10:00:00+02:00',
        freeSpaces: 2,
        status: 'reservable' as const,
      },
      {
        startsAt: '2027-03-29T10:00:00+02:00',
        endsAt: '2027-03-29T11:00:00+02:00',
        freeSpaces: 0,
        status: 'unavailable' as const,
      },
      {
        startsAt: '2027-03-29T12:00:00+02:00',
        endsAt: '2027-03-29T15:00:00+02:00',
        freeSpaces: 0,
        status: 'exceptionally_closed' as const,
      },
    ];
    expect(startOptions(items, undefined, 1).map((s) => [s.value.slice(11, 16), s.full])).toEqual([
      ['09:00', false],
      ['10:00', true],
    ]);
    // 09:30 UTC is 11:30 in Madrid: after the other two.
    const kept = startOptions(items, '2027-03-29T09:30:00.000Z', 3);
    expect(kept.map((s) => [s.value, s.isCurrent, s.full])).toEqual([
      ['2027-03-29T09:00:00+02:00', false, true],
      ['2027-03-29T10:00:00+02:00', false, true],
      ['2027-03-29T09:30:00.000Z', true, false],
    ]);
  });
});
