// @vitest-environment jsdom
import type { Dashboard, MailHealth } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { DashboardPage } from './dashboard-page';

const failing: MailHealth = {
  waiting: 0,
  failedLastWeek: 1,
  oldestWaitingAt: null,
  blockedBy: null,
  lastError: '550 Mailbox does not exist',
};
const slow = { timeout: 8000 };

/** An element's text with the non-breaking spaces of Spanish money (1.234,56\u00a0€) as plain ones. */
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\u00a0/g, ' ');

/** Today in Madrid, as the company sees it, worked out apart from the page's own code. */
const madridToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date());

/** An answer with every part, for a period in November 2026. */
const full: Dashboard = {
  from: '2026-11-01',
  to: '2026-11-26',
  previousFrom: '2025-11-01',
  previousTo: '2025-11-26',
  sales: {
    earnings: { current: 1234.56, previous: 1000, change: 0.23456 },
    orders: { current: 40, previous: 50, change: -0.2 },
    averageTicket: { current: 30.86, previous: 20, change: 0.543 },
    refunds: { current: 25, previous: 0, change: null },
  },
  bookings: {
    total: { current: 120, previous: 100, change: 0.2 },
    attended: 80,
    notAttended: 20,
    unmarked: 20,
    cancelled: 5,
    attendanceRate: { current: 0.8, previous: 0.75, change: 0.0667 },
  },
  newCustomers: { current: 12, previous: 12, change: 0 },
  chart: {
    granularity: 'day',
    points: [
      { key: '2026-11-01', current: 100.5, previous: 80 },
      { key: '2026-11-02', current: 0, previous: 40 },
    ],
  },
  agenda: [
    {
      id: 7,
      startsAt: '2026-11-26T16:30:00.000Z',
      endsAt: '2026-11-26T17:30:00.000Z',
      status: 'confirmed',
      attended: null,
      quantity: 2,
      productName: 'Masaje relajante',
      calendarId: 3,
      calendarName: 'Cabina 1',
      customerId: 9,
      customerName: 'Lucía Pérez',
    },
  ],
  cashRegister: {
    open: true,
    startsAt: new Date().toISOString(),
    currentCashAmount: 350.5,
    ordersCount: 4,
    ordersAmount: 120,
  },
};

/** The answer of a user who may see only the bookings: the other parts null. */
const bookingsOnly: Dashboard = {
  ...full,
  sales: null,
  newCustomers: null,
  chart: null,
  cashRegister: null,
  agenda: [],
};

const everything = ['orders_find', 'bookings_find', 'customers_find', 'cashRegisters_find'] as const;

function answering(dashboard: Dashboard | (() => { status: number; body: unknown }), health = failing) {
  return stubFetch((url) => {
    if (url.includes('/admin/mails/health')) return { body: { data: health } };
    if (url.includes('/admin/reports/dashboard'))
      return typeof dashboard === 'function' ? dashboard() : { body: { data: dashboard } };
    return { status: 404, body: { error: { code: 404, message: 'not found' } } };
  });
}

const dashboardCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.includes('/admin/reports/dashboard')).map((c) => new URL(c.url, 'http://x'));

describe('DashboardPage', () => {
  it('warns who may see the mails that some failed, leading to them', async () => {
    answering(full);
    renderInApp(<DashboardPage />, { user: testUser({ can: ['mails_find'] }) });
    const alert = await screen.findByTestId('mail-health-failed', undefined, slow);
    expect(alert.textContent).toContain('1 mail failed in the last 7 days');
    expect(screen.getByTestId('mail-health-failed-link').getAttribute('href')).toBe(
      `/mails?filters=${encodeURIComponent('{"status":{"in":["failed"]}}')}`,
    );
  });

  it('shows every figure with last year and the change, as text too, for this month by default', async () => {
    const calls = answering(full);
    renderInApp(<DashboardPage />, {
      user: testUser({ name: 'Ana García', can: [...everything] }),
      route: '/?from=2026-11-01&to=2026-11-26',
    });
    const earnings = await screen.findByTestId('dashboard-earnings', undefined, slow);
    expect(screen.getByText('Hello, Ana García')).toBeTruthy();
    expect(text(within(earnings).getByTestId('dashboard-earnings-value'))).toContain('1.234,56 €');
    expect(text(within(earnings).getByTestId('dashboard-earnings-previous'))).toBe('Last year: 1.000,00 €');
    const change = within(earnings).getByTestId('figure-change');
    expect(change.textContent?.trim()).toBe('+23,5 %');
    expect(change.getAttribute('data-trend')).toBe('up');
    expect(text(screen.getByTestId('dashboard-earnings-text'))).toBe(
      'Earnings 1.234,56 €, last year 1.000,00 €, +23,5 %',
    );

    const orders = screen.getByTestId('dashboard-orders');
    expect(within(orders).getByTestId('figure-change').getAttribute('data-trend')).toBe('down');
    expect(text(screen.getByTestId('dashboard-orders-text'))).toBe('Orders 40, last year 50, -20 %');
    expect(text(screen.getByTestId('dashboard-average-ticket-value'))).toContain('30,86 €');
    // Refunds last year were nothing: no percentage, said so.
    expect(text(screen.getByTestId('dashboard-refunds-text'))).toBe(
      'Refunds 25,00 €, last year 0,00 €, Nothing last year',
    );
    expect(text(screen.getByTestId('dashboard-new-customers-text'))).toBe(
      'New customers 12, last year 12, 0 %',
    );
    // Bookings with their attendance.
    expect(text(screen.getByTestId('dashboard-bookings-text'))).toBe(
      'Bookings 120, last year 100, +20 %. Attended 80, Did not attend 20, Not yet marked 20, Cancelled 5. Attendance 80 %, last year 75 %',
    );
    expect(text(screen.getByTestId('dashboard-bookings-rate'))).toContain('80 %');

    // The agenda links to the booking's calendar; the time is the company's (Madrid, UTC+1 in November).
    const item = screen.getByTestId('dashboard-agenda-item');
    expect(text(item)).toContain('17:30');
    expect(text(item)).toContain('Masaje relajante × 2');
    expect(text(item)).toContain('Lucía Pérez');
    expect(within(item).getByTestId('dashboard-agenda-calendar').getAttribute('href')).toBe(
      '/calendars/view/3',
    );
    // The register, open today.
    expect(text(screen.getByTestId('dashboard-cash-state'))).toMatch(/^Open since \d\d:\d\d$/);
    expect(text(screen.getByTestId('dashboard-cash-drawer'))).toContain('350,50 €');
    expect(text(screen.getByTestId('dashboard-cash-orders'))).toContain('4');
    // The same days last year, in the user's date format (the test's dayjs locale is American).
    expect(text(screen.getByTestId('dashboard-compared-with'))).toBe('Compared with 11/01/2025 – 11/26/2025');

    // The chart's figures as a table.
    fireEvent.click(within(screen.getByTestId('dashboard-chart-view')).getByText('Table'));
    const table = await screen.findByTestId('dashboard-chart-table');
    expect(text(table)).toContain('100,50 €');
    expect(text(table)).toContain('80,00 €');
    expect(text(table)).toContain('+25,6 %');

    const asked = dashboardCalls(calls);
    expect(asked.at(-1)?.searchParams.get('from')).toBe('2026-11-01');
    expect(asked.at(-1)?.searchParams.get('to')).toBe('2026-11-26');
  });

  it('hides the parts the answer leaves out, and says when no booking is left today', async () => {
    answering(bookingsOnly);
    renderInApp(<DashboardPage />, { user: testUser({ can: ['bookings_find'] }) });
    expect(await screen.findByTestId('dashboard-bookings', undefined, slow)).toBeTruthy();
    for (const part of [
      'earnings',
      'orders',
      'average-ticket',
      'refunds',
      'new-customers',
      'chart',
      'cash-register',
    ])
      expect(screen.queryByTestId(`dashboard-${part}`), part).toBeNull();
    expect(text(screen.getByTestId('dashboard-agenda-empty'))).toContain('No more bookings today');
  });

  it('asks for this month up to today in the company’s zone, and a preset of the URL', async () => {
    const calls = answering(full);
    renderInApp(<DashboardPage />, { user: testUser({ can: ['orders_find'] }), route: '/?preset=today' });
    await screen.findByTestId('dashboard-earnings', undefined, slow);
    const [asked] = dashboardCalls(calls);
    expect(asked?.searchParams.get('from')).toBe(madridToday);
    expect(asked?.searchParams.get('to')).toBe(madridToday);
    // Nothing about the mails for who may not see them.
    expect(calls.some((c) => c.url.includes('/mails'))).toBe(false);
    expect(screen.queryByTestId('mail-health')).toBeNull();
  });

  it('defaults to this month', async () => {
    const calls = answering(full);
    renderInApp(<DashboardPage />, { user: testUser({ can: ['orders_find'] }) });
    await waitFor(() => expect(dashboardCalls(calls)).toHaveLength(1), slow);
    const [asked] = dashboardCalls(calls);
    expect(asked?.searchParams.get('from')).toBe(`${madridToday.slice(0, 8)}01`);
    expect(asked?.searchParams.get('to')).toBe(madridToday);
  });

  it('asks nothing and shows only the greeting to an employee who may see no part', async () => {
    const calls = answering(full);
    renderInApp(<DashboardPage />, { user: testUser({ name: 'Javier', can: ['products_find'] }) });
    expect(await screen.findByText('Hello, Javier', undefined, slow)).toBeTruthy();
    expect(screen.queryByTestId('dashboard-preset')).toBeNull();
    expect(screen.queryByTestId('dashboard-loading')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let fail = true;
    answering(() =>
      fail
        ? { status: 500, body: { error: { code: 1000000, message: 'Internal error' } } }
        : { status: 200, body: { data: full } },
    );
    renderInApp(<DashboardPage />, { user: testUser({ can: ['orders_find'] }) });
    const error = await screen.findByTestId('dashboard-error', undefined, slow);
    expect(text(error)).toContain("The dashboard's figures could not be loaded.");
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('dashboard-earnings', undefined, slow)).toBeTruthy();
  });

  it('logged out (the open demo path) asks nothing and offers to log in', async () => {
    const calls = answering(full);
    renderInApp(<DashboardPage />, { user: null, path: '/one/backend/dashboard' });
    expect(await screen.findByTestId('dashboard-logged-out', undefined, slow)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
