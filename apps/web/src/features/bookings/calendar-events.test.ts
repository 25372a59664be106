import type { BookingRangeHold, BookingRangeItem, WeeklySchedule } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { calendarColour, calendarPalette, textColourOn } from '../calendars/calendar-colour';
import {
  anomalyEvent,
  bookingEvent,
  businessHoursOf,
  byLocalDay,
  classEvent,
  groupClasses,
  holdEvent,
  liveHolds,
  noShowBackground,
  placementClass,
  placementCss,
  placesOf,
  sideBySide,
  visibleHours,
} from './calendar-events';
import { mondayOf, weekRange } from './components/agenda-view';

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

  it('shades exceptions behind the bookings', () => {
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

let nextId = 1;
function booking(over: Partial<BookingRangeItem> = {}): BookingRangeItem {
  return {
    id: nextId++,
    bookingCalendarId: 1,
    productId: 10,
    customerId: 100,
    startsAt: '2026-12-01T09:00:00.000Z',
    endsAt: '2026-12-01T10:00:00.000Z',
    quantity: 1,
    spaces: 1,
    price: 12,
    notes: null,
    attended: null,
    productName: 'Yoga',
    customerName: 'Ana García',
    customerPhone: null,
    ...over,
  };
}

describe('calendar colours', () => {
  it('keeps a calendar’s own colour and gives one without a colour the palette’s by its id', () => {
    expect(calendarColour({ id: 3, color: '#123456' })).toBe('#123456');
    expect(calendarColour({ id: 3, color: null })).toBe(calendarPalette[3]);
    expect(calendarColour({ id: 3 + calendarPalette.length })).toBe(calendarPalette[3]);
    expect(calendarColour({ id: 4 })).not.toBe(calendarColour({ id: 5 }));
  });

  it('writes white on dark colours and near-black on light ones', () => {
    for (const colour of calendarPalette) expect(textColourOn(colour)).toBe('#ffffff');
    expect(textColourOn('#ffe58f')).toBe('rgba(0, 0, 0, 0.88)');
    expect(textColourOn('#ffffff')).toBe('rgba(0, 0, 0, 0.88)');
    expect(textColourOn('#000000')).toBe('#ffffff');
  });

  it('paints a booking in its calendar’s colour with readable text', () => {
    expect(bookingEvent(booking({ attended: true }), '#0958d9', true)).toMatchObject({
      backgroundColor: '#0958d9',
      borderColor: '#0958d9',
      textColor: '#ffffff',
      editable: true,
      classNames: [],
      extendedProps: { calendarId: 1 },
    });
    expect(bookingEvent(booking({ attended: null }), '#ffe58f', false)).toMatchObject({
      backgroundColor: '#ffe58f',
      textColor: 'rgba(0, 0, 0, 0.88)',
      editable: false,
    });
  });

  it('shows a no-show pale, in its calendar’s border, with dark text rather than faded', () => {
    const event = bookingEvent(booking({ attended: false }), '#0958d9', true);
    expect(event).toMatchObject({
      backgroundColor: noShowBackground,
      borderColor: '#0958d9',
      textColor: 'rgba(0, 0, 0, 0.88)',
      classNames: ['booking-unattended'],
    });
  });
});

describe('classes', () => {
  it('counts the places of a calendar by the spaces a unit takes', () => {
    expect(placesOf(12, { spaces: 1, quantity: 1 })).toBe(12);
    expect(placesOf(12, { spaces: 6, quantity: 3 })).toBe(6);
    expect(placesOf(1, { spaces: 1, quantity: 1 })).toBe(1);
  });

  it('groups the bookings of a product, calendar and time into one block with booked / places', () => {
    const capacities = new Map([
      [1, 12],
      [2, 1],
    ]);
    const zoe = booking({ customerName: 'Zoe', quantity: 2, spaces: 2 });
    const ana = booking({ customerName: 'Ana' });
    const later = booking({ startsAt: '2026-12-01T11:00:00.000Z', endsAt: '2026-12-01T12:00:00.000Z' });
    const otherProduct = booking({ productId: 11, productName: 'Pilates' });
    const massage = booking({ bookingCalendarId: 2, productName: 'Masaje' });
    const { singles, classes } = groupClasses([zoe, ana, later, otherProduct, massage], (id) =>
      capacities.get(id),
    );
    // Alone at their time, the later yoga and the pilates stay bookings, as does the one-place massage.
    expect(singles).toEqual([otherProduct, massage, later]);
    expect(classes).toHaveLength(1);
    const yoga = classes[0]!;
    expect(yoga).toMatchObject({ productName: 'Yoga', booked: 3, places: 12, bookingCalendarId: 1 });
    expect(yoga.attendees.map((a) => a.customerName)).toEqual(['Ana', 'Zoe']);
    const event = classEvent(yoga, '#0958d9');
    expect(event).toMatchObject({ title: 'Yoga 3/12', editable: false, classNames: ['booking-class'] });
    expect(event.extendedProps.block).toBe(yoga);
  });

  it('keeps bookings single while the calendar’s capacity is unknown', () => {
    const one = booking();
    expect(groupClasses([one], () => undefined)).toEqual({ singles: [one], classes: [] });
  });
});

describe('side by side', () => {
  const at = (id: string, calendarId: number, start: string, end: string) => ({
    ...bookingEvent(booking({ bookingCalendarId: calendarId }), '#000000', false),
    id,
    start: `2026-12-01T${start}:00Z`,
    end: `2026-12-01T${end}:00Z`,
  });

  it('gives each calendar its band and splits a band where its own bookings share time', () => {
    const events = [
      at('a', 1, '09:00', '10:00'),
      at('b', 2, '09:00', '10:00'),
      at('c', 2, '09:30', '10:30'),
      at('d', 2, '11:00', '12:00'),
      at('e', 3, '09:00', '10:00'),
      {
        ...anomalyEvent(
          {
            id: 1,
            type: 'close',
            startsAt: '2026-12-01T00:00:00Z',
            endsAt: '2026-12-02T00:00:00Z',
            reason: null,
          },
          3,
        ),
      },
    ];
    const placed = sideBySide(events, [1, 2, 3]);
    const third = 100 / 3;
    expect(placed.get('a')).toEqual({ left: 0, width: third });
    expect(placed.get('b')).toEqual({ left: third, width: third / 2 });
    expect(placed.get('c')).toEqual({ left: third + third / 2, width: third / 2 });
    // Alone again after the overlap: the whole band.
    expect(placed.get('d')).toEqual({ left: third, width: third });
    expect(placed.get('e')).toEqual({ left: 2 * third, width: third });
    expect(placed.get('anomaly-3-1')).toEqual({ left: 2 * third, width: third });
  });

  it('writes one rule per placement that moves FullCalendar’s harness', () => {
    const p = { left: 50, width: 25 };
    expect(placementClass(p)).toBe('sbs-500-250');
    const css = placementCss([p, p, { left: 0, width: 50 }]);
    expect(css.split('\n')).toHaveLength(2);
    expect(css).toContain('.fc-timegrid-event-harness:has(> .sbs-500-250), ');
    expect(css).toContain(
      '.fc-timegrid-bg-harness:has(> .sbs-500-250) { left: 50% !important; right: 25% !important; }',
    );
  });
});

describe('the phone agenda', () => {
  it('groups items by the company’s local day, in time order', () => {
    const items = [
      { start: '2026-12-01T23:30:00Z' },
      { start: '2026-12-01T08:00:00Z' },
      { start: '2026-12-02T09:00:00Z' },
    ];
    // 23:30 UTC is 00:30 on the 2nd in Madrid.
    expect(byLocalDay(items, 'Europe/Madrid')).toEqual([
      ['2026-12-01', [{ start: '2026-12-01T08:00:00Z' }]],
      ['2026-12-02', [{ start: '2026-12-01T23:30:00Z' }, { start: '2026-12-02T09:00:00Z' }]],
    ]);
  });

  it('reads a week from Monday, local midnight to local midnight, across a DST change', () => {
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
    expect(mondayOf('2026-03-23')).toBe('2026-03-23');
    expect(weekRange('2026-03-23', 'Europe/Madrid')).toEqual({
      from: '2026-03-22T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
  });

  it('draws a live hold as a muted, fixed event of its calendar that opens nothing, and drops expired ones', () => {
    const hold: BookingRangeHold = {
      id: 7,
      bookingCalendarId: 3,
      productId: 5,
      productName: 'Masaje',
      startsAt: '2026-12-01T10:00:00Z',
      endsAt: '2026-12-01T11:00:00Z',
      quantity: 1,
      spaces: 1,
      expiresAt: '2026-12-01T09:10:00Z',
    };
    const event = holdEvent(hold, '#1677ff', 'Held for online payment · Masaje · expires 10:10');
    expect(event).toMatchObject({
      id: 'hold-7',
      start: hold.startsAt,
      end: hold.endsAt,
      borderColor: '#1677ff',
      editable: false,
      classNames: ['booking-hold'],
      extendedProps: { calendarId: 3, hold },
    });
    expect(event.extendedProps.booking).toBeUndefined();
    expect(event.extendedProps.block).toBeUndefined();
    // Side by side it takes a lane in its calendar's band like a booking.
    const booking = bookingEvent(
      {
        ...hold,
        customerId: 1,
        price: 45,
        notes: null,
        attended: null,
        customerName: 'Ana',
        customerPhone: null,
      },
      '#1677ff',
      true,
    );
    const placements = sideBySide([booking, event], [3]);
    expect(placements.get('hold-7')).toEqual({ left: 50, width: 50 });
    const at = Date.parse('2026-12-01T09:05:00Z');
    expect(liveHolds([hold], at)).toEqual([hold]);
    expect(liveHolds([hold], Date.parse(hold.expiresAt))).toEqual([]);
  });
});
