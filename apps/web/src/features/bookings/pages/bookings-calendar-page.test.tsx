// @vitest-environment jsdom
import { type BookingCalendar, type BookingRangeItem, emptySchedule } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/dayjs';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, setViewportWidth, testUser } from '../../../test/render';
import { BookingsCalendarPage } from './bookings-calendar-page';

const slow = { timeout: 10_000 };
const allDay = [{ openAt: '08:00', closedAt: '21:00' }];
const schedule = Object.fromEntries(Object.keys(emptySchedule()).map((d) => [d, allDay]));

function calendar(id: number, name: string, capacity: number, color: string | null): BookingCalendar {
  return {
    id,
    name,
    color,
    schedule: schedule as BookingCalendar['schedule'],
    duration: 60,
    publicDuration: null,
    canCustomersChangeTheBookingDate: false,
    howManyTimesCanCustomerRescheduleBooking: null,
    maximumDaysOfBookingForecast: null,
    minimumMinutesInAdvanceForBooking: 0,
    maximumConcurrentBookings: capacity,
    minimumProductDuration: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  };
}

const studio = calendar(1, 'Yoga studio', 12, '#1677ff');
const cabin = calendar(2, 'Massage cabin', 1, null);
const today = dayjs().tz('Europe/Madrid').format('YYYY-MM-DD');
const at = (time: string) => dayjs.tz(`${today}T${time}`, 'Europe/Madrid').toISOString();

let nextId = 1;
function booking(over: Partial<BookingRangeItem>): BookingRangeItem {
  return {
    id: nextId++,
    bookingCalendarId: 1,
    productId: 7,
    customerId: 1,
    startsAt: at('10:00'),
    endsAt: at('11:00'),
    quantity: 1,
    spaces: 1,
    price: 12,
    notes: null,
    attended: null,
    productName: 'Hatha yoga',
    customerName: 'Ana García',
    customerPhone: '+34600111222',
    ...over,
  };
}

const items = [
  booking({ customerName: 'Luis Pérez', quantity: 2, spaces: 2 }),
  booking({ customerName: 'Ana García' }),
  booking({ bookingCalendarId: 2, productId: 8, productName: 'Masaje', customerName: 'Eva Ruiz' }),
];

const lucia = { id: 5, name: 'Lucía', surname: 'García', email: null, phone: '+34689921849' };

function stubApi() {
  return stubFetch((url) => {
    if (url.includes('/admin/bookings/range')) return { body: { data: { bookings: items } } };
    if (url.includes('/admin/customers/5')) return { body: { data: lucia } };
    if (url.includes('/schedule-anomalies'))
      return { body: { data: { items: [], total: 0, page: 1, limit: 500 } } };
    if (url.includes('/admin/booking-calendars/1')) return { body: { data: studio } };
    if (url.includes('/admin/booking-calendars/2')) return { body: { data: cabin } };
    if (url.includes('/admin/booking-calendars'))
      return { body: { data: { items: [studio, cabin], total: 2, page: 1, limit: 500 } } };
    return { body: { data: { items: [], total: 0, page: 1, limit: 20 } } };
  });
}

const user = testUser({
  can: ['bookings_find', 'bookings_create', 'bookings_edit'],
  uiConfig: { calendar: { view: 'timeGridDay' } },
});

afterEach(() => setViewportWidth(1280));

describe('the bookings calendar', () => {
  it('reads the visible range in one call, with the legend of every calendar', async () => {
    setViewportWidth(1280);
    const calls = stubApi();
    renderInApp(<BookingsCalendarPage />, { path: '/calendars/view', user });
    const legend = await screen.findByTestId('calendar-legend', undefined, slow);
    expect(within(legend).getByText('Yoga studio')).toBeTruthy();
    expect(within(legend).getByText('Massage cabin')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/admin/bookings/range'))).toBe(true), slow);
    const range = new URL(calls.find((c) => c.url.includes('/admin/bookings/range'))!.url, 'http://x');
    // The day shown, as instants: no page, no limit.
    expect(Date.parse(range.searchParams.get('to')!) - Date.parse(range.searchParams.get('from')!)).toBe(
      86_400_000,
    );
    expect(range.searchParams.get('limit')).toBeNull();
    expect(calls.some((c) => c.url.includes('/admin/bookings?'))).toBe(false);
    // FullCalendar's buttons in the app's words.
    expect(await screen.findByRole('button', { name: 'Today' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Week' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Month' })).toBeTruthy();
    expect(screen.getByTitle('Next day')).toBeTruthy();
    expect(screen.getByTitle('Previous day')).toBeTruthy();
    // Side by side: the class as one block with its places, each calendar in its band of the day.
    const places = await screen.findByTestId('class-places', undefined, slow);
    expect(places.textContent).toBe('3/12');
    expect(screen.getByTestId('calendar-bands').textContent).toBe('Yoga studioMassage cabin');
    const yoga = places.closest('.fc-event') as HTMLElement;
    expect(yoga.className).toMatch(/sbs-0-500/);
    const massage = screen.getByText('Eva Ruiz').closest('.fc-event') as HTMLElement;
    expect(massage.className).toMatch(/sbs-500-500/);
    expect(document.head.textContent + document.body.innerHTML).toContain('left: 50% !important');
  });

  it('opened for a customer, says so and books for them until staff clear it', async () => {
    setViewportWidth(1280);
    stubApi();
    const { router } = renderInApp(<BookingsCalendarPage />, {
      path: '/calendars/view',
      route: '/calendars/view?customer=5',
      user,
    });
    const hint = await screen.findByTestId('booking-for-customer', undefined, slow);
    expect(hint.textContent).toContain('Booking for Lucía García');
    fireEvent.click(screen.getByTestId('create-booking'));
    const drawer = await screen.findByTestId('booking-drawer', undefined, slow);
    await waitFor(
      () => expect(within(drawer).getByTestId('booking-customer').textContent).toContain('Lucía García'),
      slow,
    );
    fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel' }));
    // Someone else: the hint goes, and the next booking comes without a customer.
    fireEvent.click(within(hint).getByTestId('booking-for-customer-clear'));
    await waitFor(() => expect(screen.queryByTestId('booking-for-customer')).toBeNull(), slow);
    expect(router.state.location.search).toBe('');
    fireEvent.click(screen.getByTestId('create-booking'));
    const next = await screen.findByTestId('booking-drawer', undefined, slow);
    expect(within(next).getByTestId('booking-customer').textContent).not.toContain('Lucía');
  });

  it('opens on a phone as a week’s agenda, a class as one line with its places and attendees', async () => {
    setViewportWidth(390);
    stubApi();
    renderInApp(<BookingsCalendarPage />, { path: '/calendars/view', user });
    const agenda = await screen.findByTestId('bookings-agenda', undefined, slow);
    const day = await within(agenda).findByTestId(`agenda-day-${today}`, undefined, slow);
    // Two bookings of the yoga class make one line: 3 of its 12 places; the massage stays on its own.
    const lines = within(day).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(day).getByText(/Hatha yoga · 3\/12/)).toBeTruthy();
    expect(within(day).getByText('Eva Ruiz')).toBeTruthy();
    expect(within(day).getAllByText('10:00')).toHaveLength(2);
    expect(screen.queryByTestId('bookings-calendar')?.querySelector('.fc')).toBeNull();

    fireEvent.click(within(day).getByText(/Hatha yoga · 3\/12/));
    const dialog = await screen.findByTestId('class-attendees', undefined, slow);
    expect(within(dialog).getByText('Yoga studio · 3 of 12 places taken')).toBeTruthy();
    const names = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toHaveLength(2);
    expect(names[0]).toContain('Ana García');
    expect(names[1]).toContain('Luis Pérez ×2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open the booking of Luis Pérez' }));
    const drawer = await screen.findByTestId('booking-drawer', undefined, slow);
    expect(screen.getByText('Booking of Luis Pérez')).toBeTruthy();
    // The start shows as a time of the company, never as an ISO string.
    await waitFor(
      () => expect(within(drawer).getByTestId('booking-time').textContent).toContain('10:00'),
      slow,
    );
    expect(drawer.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
