// @vitest-environment jsdom
import type { BookingListItem } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { dayjs } from '../../../lib/dayjs';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, renderRoutes, setViewportWidth, testUser } from '../../../test/render';
import { BookingsListPage, chargeSelection, isChargeable, todayFilter } from './bookings-list-page';

const slow = { timeout: 10_000 };
/** Rendering a whole list page in jsdom takes a while on a busy machine. */
const long = 90_000;

let nextId = 40;
function booking(over: Partial<BookingListItem>): BookingListItem {
  const id = nextId++;
  return {
    id,
    date: '2027-03-01T09:00:00.000Z',
    image: null,
    notes: null,
    price: 40,
    amount: 40,
    status: 'confirmed',
    quantity: 1,
    duration: 60,
    productName: 'Quiromasaje',
    calendarName: 'Cabina 1',
    customerName: 'Aitana Cobro',
    customerEmail: null,
    customerPhone: null,
    bookingCalendarId: 2,
    productId: 3,
    customerId: 7,
    startsAt: '2027-03-01T09:00:00.000Z',
    endsAt: '2027-03-01T10:00:00.000Z',
    attended: null,
    orderId: null,
    orderStatus: null,
    giftVoucherCode: null,
    balanceName: null,
    ...over,
  };
}

// Newest first, as the list answers: her 12:00 then her 10:00, Bea's, a sold one and a cancelled one.
const later = booking({ startsAt: '2027-03-01T11:00:00.000Z', date: '2027-03-01T11:00:00.000Z' });
const earlier = booking({});
const beas = booking({ customerId: 8, customerName: 'Bea Núñez' });
const sold = booking({ orderId: 90, orderStatus: 'paid' });
const cancelled = booking({ status: 'cancelled' });
const items = [later, earlier, beas, sold, cancelled];

function stubApi() {
  return stubFetch((url) => {
    if (url.includes('/admin/bookings'))
      return { body: { data: { items, total: items.length, page: 1, limit: 20 } } };
    return { body: { data: { items: [], total: 0, page: 1, limit: 500 } } };
  });
}

const user = testUser({ can: ['bookings_find', 'bookings_edit', 'orders_create', 'orders_edit'] });

afterEach(() => setViewportWidth(1280));

describe('charging bookings from the list', () => {
  it('orders the chosen bookings by start for one order, and says why two customers cannot share one', () => {
    const one = chargeSelection([later, earlier]);
    expect(one.problem).toBeNull();
    expect(one.path).toBe(`/orders/create-from-bookings/${earlier.id},${later.id}`);
    expect(chargeSelection([earlier, beas]).problem).toBe('customers');
    expect(chargeSelection(Array.from({ length: 51 }, (_, i) => booking({ id: 1000 + i }))).problem).toBe(
      'tooMany',
    );
  });

  it('reads today as the company’s day, not the browser’s', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(todayFilter('Europe/Madrid', new Date('2026-12-31T23:30:00Z'))).toEqual({
      startsAt: { gte: '2027-01-01', lt: '2027-01-02' },
    });
  });

  it(
    'checks only unsold bookings; one customer’s go to one order, two customers’ are refused',
    async () => {
      setViewportWidth(1280);
      stubApi();
      const { router } = renderRoutes(
        [
          {
            path: '/bookings',
            element: (
              <App>
                <BookingsListPage />
              </App>
            ),
          },
          { path: '/orders/create-from-bookings/:ids', element: <p>the order form</p> },
        ],
        { route: '/bookings', user },
      );
      const boxes = await screen.findAllByRole('checkbox', { name: /Select the booking of/ }, slow);
      expect(boxes).toHaveLength(3);
      const unavailable = screen.getAllByRole('checkbox', { name: /is already charged or cancelled/ });
      expect(unavailable).toHaveLength(2);
      for (const box of unavailable) expect((box as HTMLInputElement).disabled).toBe(true);
      // The sold one shows its order's state.
      expect(screen.getByTestId('booking-row-sale').textContent).toBe('Paid');

      fireEvent.click(boxes[0] as HTMLElement);
      fireEvent.click(boxes[1] as HTMLElement);
      const bar = await screen.findByTestId('booking-selection', undefined, slow);
      expect(within(bar).getByTestId('booking-selection-count').textContent).toBe(
        '2 bookings of Aitana Cobro · 80,00\u00a0€',
      );
      fireEvent.click(boxes[2] as HTMLElement);
      await waitFor(() => expect(within(bar).getByTestId('booking-selection-problem')).toBeTruthy(), slow);
      expect(within(bar).getByTestId('booking-selection-problem').textContent).toContain(
        'different customers',
      );
      expect((within(bar).getByTestId('booking-charge-selected') as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(boxes[2] as HTMLElement);
      await waitFor(() => expect(within(bar).queryByTestId('booking-selection-problem')).toBeNull(), slow);
      fireEvent.click(within(bar).getByTestId('booking-charge-selected'));
      expect(await screen.findByText('the order form', undefined, slow)).toBeTruthy();
      expect(router.state.location.pathname).toBe(`/orders/create-from-bookings/${earlier.id},${later.id}`);
    },
    long,
  );

  it(
    'shows each booking’s status as a tag, and filters by it',
    async () => {
      setViewportWidth(1280);
      const calls = stubApi();
      renderInApp(<BookingsListPage />, { path: '/bookings', user });
      const tags = await screen.findAllByTestId('booking-status', undefined, slow);
      expect(tags.map((tag) => tag.getAttribute('data-status'))).toEqual([
        'confirmed',
        'confirmed',
        'confirmed',
        'confirmed',
        'cancelled',
      ]);
      expect(tags[4]?.textContent).toBe('Cancelled');
      expect(screen.getAllByRole('columnheader', { name: /Status/ }).length).toBeGreaterThan(0);

      fireEvent.mouseDown(within(screen.getByTestId('booking-filter-status')).getByRole('combobox'));
      fireEvent.click(await screen.findByTitle('Cancelled', undefined, slow));
      await waitFor(() => {
        const last = new URL(calls.filter((c) => c.url.includes('/admin/bookings')).at(-1)!.url, 'http://x');
        expect(JSON.parse(last.searchParams.get('filters') ?? '{}')).toEqual({ status: { eq: 'cancelled' } });
      }, slow);
    },
    long,
  );

  it(
    'shows today’s bookings by start as the URL says, and each booking as a card on a phone',
    async () => {
      setViewportWidth(390);
      const calls = stubApi();
      const { router } = renderInApp(<BookingsListPage />, { path: '/bookings', user });
      const cards = await screen.findAllByTestId('booking-summary', undefined, slow);
      expect(cards).toHaveLength(5);
      const at = dayjs(later.startsAt).tz('Europe/Madrid');
      expect(cards[0]?.textContent).toContain(`${at.format('HH:mm')}${at.format('L')}`);
      expect(cards[0]?.textContent).toContain('Aitana Cobro');
      expect(cards[0]?.textContent).toContain('Quiromasaje · Cabina 1');
      expect(cards[0]?.textContent).toContain('Not marked');
      expect(cards[0]?.textContent).toContain('Not charged yet');
      expect(within(cards[3] as HTMLElement).getByTestId('booking-row-sale').textContent).toBe('Paid');
      expect(cards[4]?.textContent).toContain('Cancelled');
      // The other columns are the card's: hidden on a phone.
      expect(screen.queryByRole('columnheader', { name: 'Customer' })).toBeNull();

      fireEvent.click(screen.getByText('Today'));
      await waitFor(() => expect(router.state.location.search).toContain('preset=today'), slow);
      expect(router.state.location.search).toContain('sort=date&order=asc');
      const today = todayFilter('Europe/Madrid');
      await waitFor(() => {
        const last = new URL(calls.filter((c) => c.url.includes('/admin/bookings'))!.at(-1)!.url, 'http://x');
        expect(JSON.parse(last.searchParams.get('filters') ?? '{}')).toEqual(today);
        expect(JSON.parse(last.searchParams.get('orders') ?? '{}')).toEqual({ date: 'asc' });
      }, slow);
      // No range to pick: the day is the preset's.
      expect(screen.queryByTestId('booking-filter-dates')).toBeNull();
    },
    long,
  );
});

describe('isChargeable', () => {
  it('is a confirmed booking no order charges, that neither a voucher nor a pack paid', () => {
    const unsold = { status: 'confirmed' as const, orderId: null };
    expect(isChargeable(unsold)).toBe(true);
    expect(isChargeable({ ...unsold, status: 'cancelled' })).toBe(false);
    expect(isChargeable({ ...unsold, orderId: 4 })).toBe(false);
    expect(isChargeable({ ...unsold, giftVoucherCode: 'ABCD-EFGH-JKMN' })).toBe(false);
    expect(isChargeable({ ...unsold, balanceName: '5 masajes' })).toBe(false);
    expect(isChargeable({ ...unsold, subscriptionName: 'Yoga ilimitado' })).toBe(false);
  });
});
