// @vitest-environment jsdom
import type { BookingsReport } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { captureDownloads } from '../../../test/invoices';
import { renderInApp, testUser } from '../../../test/render';
import { BookingsReportPage } from './bookings-report-page';

const figures = {
  bookings: 10,
  places: 14,
  attended: 6,
  notAttended: 2,
  unmarked: 2,
  cancelled: 1,
  attendanceRate: 0.75,
  noShowRate: 0.25,
};
const report: BookingsReport = {
  from: '2026-03-01',
  to: '2026-03-31',
  rows: [
    { ...figures, calendarId: 1, calendarName: 'Sala 1', productId: 5, productName: 'Masaje 60 min' },
    {
      ...figures,
      bookings: 0,
      places: 0,
      attended: 0,
      notAttended: 0,
      unmarked: 0,
      cancelled: 1,
      attendanceRate: null,
      noShowRate: null,
      calendarId: 1,
      calendarName: 'Sala 1',
      productId: 6,
      productName: 'Yoga',
    },
  ],
  calendars: [
    {
      ...figures,
      calendarId: 1,
      calendarName: 'Sala 1',
      offeredPlaceMinutes: 12_000,
      bookedPlaceMinutes: 750,
      occupancy: 0.0625,
    },
  ],
  totals: { ...figures, offeredPlaceMinutes: 12_000, bookedPlaceMinutes: 750, occupancy: 0.0625 },
  heatmap: [
    { weekday: 1, hour: 10, bookings: 7 },
    { weekday: 3, hour: 17, bookings: 3 },
  ],
};
const slow = { timeout: 8000 };
const long = 60_000;

function fakeApi() {
  return stubFetch((url) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (pathname.endsWith('/admin/booking-calendars'))
      return { body: { data: { items: [{ id: 1, name: 'Sala 1' }], total: 1, page: 1, limit: 500 } } };
    if (pathname.endsWith('/admin/products'))
      return {
        body: {
          data: {
            items: [
              { id: 5, name: 'Masaje 60 min' },
              { id: 6, name: 'Yoga' },
            ],
            total: 2,
            page: 1,
            limit: 500,
          },
        },
      };
    if (searchParams.get('format')) return { body: 'calendario;producto\n' };
    const from = searchParams.get('from');
    const to = searchParams.get('to');
    if (from === '2026-03-01')
      return {
        body: {
          data: searchParams.get('productId') ? { ...report, rows: report.rows.slice(0, 1) } : report,
        },
      };
    return {
      body: {
        data: {
          from,
          to,
          rows: [],
          calendars: [],
          totals: {
            ...report.totals,
            bookings: 0,
            places: 0,
            attendanceRate: null,
            noShowRate: null,
            occupancy: null,
          },
          heatmap: [],
        },
      },
    };
  });
}

describe('BookingsReportPage', () => {
  it(
    'shows the totals, each calendar’s occupancy, attendance per product and the busiest hours; filters and exports',
    async () => {
      const downloads = captureDownloads();
      const calls = fakeApi();
      const { router } = renderInApp(<BookingsReportPage />, {
        path: '/reports/bookings',
        route: '/reports/bookings?from=2026-03-01&to=2026-03-31',
        user: testUser({ can: ['bookings_find', 'bookingCalendars_find', 'products_find'] }),
      });
      const calendars = await screen.findByTestId('bookings-report-calendar-table', undefined, slow);
      const reportCalls = () => calls.filter((c) => c.url.includes('/admin/reports/bookings'));
      expect(reportCalls()[0]?.url).toBe('/v1/admin/reports/bookings?from=2026-03-01&to=2026-03-31');

      // Totals as cards; the rates as percentages of the language.
      expect(screen.getByTestId('bookings-report-total-bookings').textContent).toContain('10');
      expect(screen.getByTestId('bookings-report-total-places').textContent).toContain('14');
      expect(screen.getByTestId('bookings-report-total-attendanceRate').textContent).toContain('75 %');
      expect(screen.getByTestId('bookings-report-total-noShowRate').textContent).toContain('25 %');
      expect(screen.getByTestId('bookings-report-total-occupancy').textContent).toContain('6,3 %');
      expect(screen.getByText('12,5 of 200 place-hours')).toBeTruthy();
      expect(screen.getByText('6 of 8 marked')).toBeTruthy();

      // The calendar: occupancy and the place-hours offered and booked.
      const sala = within(calendars).getByText('Sala 1').closest('tr') as HTMLElement;
      const cells = [...sala.querySelectorAll('td')].map((cell) => cell.textContent);
      expect(cells.slice(0, 4)).toEqual(['Sala 1', '6,3 %', '200', '12,5']);

      // Per calendar and product: a product with no marked booking has no rates.
      const products = screen.getByTestId('bookings-report-product-table');
      const yoga = within(products).getByText('Yoga').closest('tr') as HTMLElement;
      expect([...yoga.querySelectorAll('td')].map((cell) => cell.textContent).slice(-3)).toEqual([
        '1',
        '—',
        '—',
      ]);
      const masaje = within(products).getByText('Masaje 60 min').closest('tr') as HTMLElement;
      expect([...masaje.querySelectorAll('td')].map((cell) => cell.textContent).slice(-2)).toEqual([
        '75 %',
        '25 %',
      ]);

      // The busiest hours: 10:00 to 17:00, the cells named.
      expect(screen.getAllByTestId('heatmap-cell')).toHaveLength(7 * 8);
      expect(screen.getByRole('img', { name: 'Monday 10:00: 7 bookings' }).textContent).toBe('7');
      expect(screen.getByRole('img', { name: 'Wednesday 17:00: 3 bookings' }).textContent).toBe('3');

      // A product chosen: in the URL and the question.
      fireEvent.mouseDown(within(screen.getByTestId('bookings-report-product')).getByRole('combobox'));
      fireEvent.click(await screen.findByTitle('Masaje 60 min', undefined, slow));
      await waitFor(() => expect(router.state.location.search).toContain('productId=5'), slow);
      await waitFor(
        () =>
          expect(reportCalls().at(-1)?.url).toBe(
            '/v1/admin/reports/bookings?from=2026-03-01&to=2026-03-31&productId=5',
          ),
        slow,
      );
      await waitFor(
        () =>
          expect(within(screen.getByTestId('bookings-report-product-table')).queryByText('Yoga')).toBeNull(),
        slow,
      );

      // Both files, with the filters shown.
      fireEvent.click(screen.getByTestId('bookings-report-export-csv'));
      await waitFor(
        () => expect(downloads.names).toEqual(['bookings-report-2026-03-01-2026-03-31.csv']),
        slow,
      );
      expect(calls.at(-1)?.url).toBe(
        '/v1/admin/reports/bookings?from=2026-03-01&to=2026-03-31&productId=5&format=csv',
      );
      fireEvent.click(screen.getByTestId('bookings-report-export-xlsx'));
      await waitFor(() => expect(downloads.names).toHaveLength(2), slow);
      expect(downloads.names[1]).toBe('bookings-report-2026-03-01-2026-03-31.xlsx');
      expect(calls.at(-1)?.url).toContain('format=xlsx');
    },
    long,
  );

  it('says so when no calendar and no booking is in the period', async () => {
    fakeApi();
    renderInApp(<BookingsReportPage />, {
      path: '/reports/bookings',
      route: '/reports/bookings?from=2025-01-01&to=2025-01-31',
      user: testUser({ can: ['bookings_find'] }),
    });
    expect((await screen.findByTestId('bookings-report-empty', undefined, slow)).textContent).toContain(
      'No bookings in this period.',
    );
    expect(screen.getByTestId('bookings-report-total-attendanceRate').textContent).toContain('—');
  });

  it(
    'offers a retry when the report fails',
    async () => {
      stubFetch((url) =>
        url.includes('/admin/reports/bookings')
          ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } } }
          : { body: { data: { items: [], total: 0, page: 1, limit: 500 } } },
      );
      renderInApp(<BookingsReportPage />, {
        path: '/reports/bookings',
        route: '/reports/bookings?from=2025-01-01&to=2025-01-31',
        user: testUser({ can: ['bookings_find'] }),
      });
      const alert = await screen.findByTestId('bookings-report-error', undefined, { timeout: 30_000 });
      expect(alert.textContent).toContain('The bookings report could not be loaded.');
    },
    long,
  );
});
