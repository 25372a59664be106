// @vitest-environment jsdom
import { type BookingCalendar, emptySchedule } from '@mostrador/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, renderRoutes, testUser } from '../../../test/render';
import { CalendarEditPage } from './calendar-edit-page';
import { CalendarsPage } from './calendars-page';

const slow = { timeout: 8000 };

const calendar: BookingCalendar = {
  id: 3,
  name: 'Sala de masajes',
  color: null,
  schedule: {
    ...emptySchedule(),
    // Stored before the rule existed, say: the form must point at the second range.
    monday: [
      { openAt: '09:00', closedAt: '14:00' },
      { openAt: '13:00', closedAt: '18:00' },
    ],
  },
  duration: 30,
  publicDuration: null,
  canCustomersChangeTheBookingDate: false,
  howManyTimesCanCustomerRescheduleBooking: null,
  maximumDaysOfBookingForecast: null,
  minimumMinutesInAdvanceForBooking: 0,
  maximumConcurrentBookings: 1,
  minimumProductDuration: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};

const routes = [
  { path: '/calendars', element: <p>calendar list</p> },
  {
    path: '/calendars/edit/:id',
    element: (
      <App>
        <CalendarEditPage />
      </App>
    ),
  },
];
const user = testUser({
  can: ['bookingCalendars_find', 'bookingCalendars_edit', 'bookingCalendarsScheduleAnomaly_find'],
});

describe('the calendar list', () => {
  it('sorts by name and reads the limits as people say them', async () => {
    const items = [
      {
        ...calendar,
        maximumDaysOfBookingForecast: 90,
        minimumMinutesInAdvanceForBooking: 90,
        minimumProductDuration: null,
        maximumConcurrentBookings: 12,
      },
    ];
    const calls = stubFetch(() => ({ body: { data: { items, total: 1, page: 1, limit: 50 } } }));
    renderInApp(<CalendarsPage />, { path: '/calendars', user });
    expect(await screen.findByText('1 calendar', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('orders={"name":"asc"}');
    const row = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Sala de masajes' }).getAttribute('href')).toBe(
      '/calendars/edit/3',
    );
    // Without a colour of its own, the palette's for its id (3).
    expect(within(row).getByTestId('calendar-colour-3').style.background).toBe('rgb(173, 78, 0)');
    expect(within(row).getByText('90 days')).toBeTruthy();
    expect(within(row).getByText('1 h 30 min')).toBeTruthy();
    expect(within(row).getByText('No limit')).toBeTruthy();
    // Without bookings_find or the delete permission, neither is offered.
    expect(within(row).queryByLabelText('Delete Sala de masajes')).toBeNull();
    fireEvent.click(within(row).getByLabelText('More actions for Sala de masajes'));
    const exceptions = await screen.findByRole('link', { name: 'Exceptions of Sala de masajes' }, slow);
    expect(exceptions.getAttribute('href')).toBe('/calendars/edit/3/anomalies');
    expect(screen.queryByRole('link', { name: 'Bookings of Sala de masajes' })).toBeNull();
    expect(screen.queryByTestId('create-calendar')).toBeNull();
  });
});

describe('the calendar form', () => {
  it('shows an overlap on the very range at fault and sends nothing', async () => {
    const calls = stubFetch(() => ({ body: { data: calendar } }));
    renderRoutes(routes, { route: '/calendars/edit/3', user });
    expect(await screen.findByRole('heading', { name: 'Sala de masajes' }, slow)).toBeTruthy();
    expect(screen.getByTestId('calendar-anomalies-link').getAttribute('href')).toBe(
      '/calendars/edit/3/anomalies',
    );
    expect(within(screen.getByTestId('schedule-sunday')).getByText('Closed')).toBeTruthy();
    fireEvent.click(screen.getByTestId('calendar-save'));
    const second = screen.getByTestId('schedule-monday-1');
    expect(await within(second).findByText('Overlaps range 1 of the same day', undefined, slow)).toBeTruthy();
    expect(within(screen.getByTestId('schedule-monday-0')).queryByText(/Overlaps/)).toBeNull();
    expect(calls.filter((c) => c.init.method === 'PUT')).toHaveLength(0);

    // Removing the first range takes the error away; the week goes as the contract wants it.
    fireEvent.click(screen.getByTestId('schedule-monday-0-remove'));
    await waitFor(() => expect(screen.queryByText('Overlaps range 1 of the same day')).toBeNull(), slow);
    fireEvent.click(screen.getByTestId('calendar-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(put?.url).toBe('/v1/admin/booking-calendars/3');
    expect(JSON.parse(String(put?.init.body)).color).toBeNull();
    expect(JSON.parse(String(put?.init.body)).schedule.monday).toEqual([
      { openAt: '13:00', closedAt: '18:00' },
    ]);
  });

  it('sends the colour picked from the palette', async () => {
    const calls = stubFetch(() => ({ body: { data: { ...calendar, schedule: { ...emptySchedule() } } } }));
    renderRoutes(routes, { route: '/calendars/edit/3', user });
    expect(await screen.findByRole('heading', { name: 'Sala de masajes' }, slow)).toBeTruthy();
    expect(screen.getByText('Automatic')).toBeTruthy();
    fireEvent.click(screen.getByTestId('calendar-color'));
    // The palette's fifth colour, #531dab.
    const preset = await waitFor(() => {
      const found = document.querySelectorAll('.ant-color-picker-presets-color')[4];
      if (!found) throw new Error('no preset');
      return found as HTMLElement;
    }, slow);
    fireEvent.click(preset);
    await waitFor(() => expect(screen.queryByText('Automatic')).toBeNull(), slow);
    fireEvent.click(screen.getByTestId('calendar-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
    const put = calls.find((c) => c.init.method === 'PUT');
    expect(JSON.parse(String(put?.init.body)).color).toBe('#531dab');
  });

  it('puts the server’s field errors on the range they name', async () => {
    const calls = stubFetch((_url, init) =>
      init.method === 'PUT'
        ? {
            status: 400,
            body: {
              error: {
                code: 1000100,
                message: 'invalid',
                details: [{ field: 'schedule.monday.1.openAt', message: 'overlaps range 0 of the same day' }],
              },
            },
          }
        : {
            body: {
              data: {
                ...calendar,
                schedule: {
                  ...emptySchedule(),
                  monday: calendar.schedule.monday.slice(0, 1),
                  tuesday: calendar.schedule.monday,
                },
              },
            },
          },
    );
    renderRoutes(routes, { route: '/calendars/edit/3', user });
    expect(await screen.findByRole('heading', { name: 'Sala de masajes' }, slow)).toBeTruthy();
    // Tuesday's overlap is the client's to find: move it out of the way to reach the server.
    fireEvent.click(screen.getByTestId('schedule-tuesday-1-remove'));
    fireEvent.click(screen.getByTestId('schedule-monday-add'));
    // The day is checked again just after a change; a person is never faster than that.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    fireEvent.click(screen.getByTestId('calendar-save'));
    await waitFor(() => expect(calls.some((c) => c.init.method === 'PUT')).toBe(true), slow);
    expect(
      await within(screen.getByTestId('schedule-monday-1')).findByText(
        'Overlaps range 1 of the same day',
        undefined,
        slow,
      ),
    ).toBeTruthy();
  });
});
