// @vitest-environment jsdom
import {
  type BookingListItem,
  type Customer,
  type CustomerSummary,
  formatCents,
  type OrderListItem,
} from '@mostrador/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { CustomerViewPage } from './customer-view-page';

const slow = { timeout: 8000 };

const customer: Customer = {
  id: 7,
  name: 'Lucía',
  surname: 'García López',
  company: 'Gimnasio Vértice S.L.',
  vat: 'B62962907',
  email: 'lucia@example.es',
  phone: '+34689921849',
  birthdate: '1988-02-14',
  gender: 'female',
  street: 'Calle Mayor',
  streetNumber: '12',
  city: 'Getafe',
  state: 'Madrid',
  postalCode: '28901',
  country: 'España',
  notes: 'Prefiere las citas por la tarde.',
  image: null,
  language: null,
  customFields: [],
  createdAt: '2026-01-15T10:00:00+01:00',
  updatedAt: '2026-01-15T10:00:00+01:00',
};

const summary: CustomerSummary = {
  customerId: 7,
  bookings: {
    upcoming: 1,
    past: 3,
    attended: 1,
    notAttended: 1,
    cancelled: 1,
    nextBooking: '2027-03-01T11:00:00.000Z',
    lastVisit: '2026-02-09T09:00:00.000Z',
  },
  orders: {
    orders: 3,
    paidOrders: 2,
    refunds: 2,
    paidCents: 10_500,
    refundedCents: 5_250,
    totalSpentCents: 5_250,
    lastOrderAt: '2026-11-20T10:00:00.000Z',
  },
};

const booking: BookingListItem = {
  id: 31,
  date: '2026-02-09T09:00:00.000Z',
  image: null,
  notes: null,
  price: 45,
  amount: 45,
  status: 'confirmed',
  quantity: 1,
  duration: 60,
  productName: 'Masaje relajante',
  calendarName: 'Sala de masajes',
  customerName: 'Lucía García López',
  customerEmail: 'lucia@example.es',
  customerPhone: '+34689921849',
  bookingCalendarId: 2,
  productId: 3,
  customerId: 7,
  startsAt: '2026-02-09T09:00:00.000Z',
  endsAt: '2026-02-09T10:00:00.000Z',
  attended: true,
  orderId: null,
  orderStatus: null,
  giftVoucherCode: null,
  balanceName: null,
};

const order: OrderListItem = {
  id: 51,
  originalOrderId: null,
  code: 12,
  image: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  contactEmail: 'lucia@example.es',
  contactPhone: '+34689921849',
  companyName: null,
  name: 'Lucía',
  surname: 'García López',
  amount: 95,
  status: 'paid',
  invoiceCode: null,
  paymentDate: '2026-11-20T10:00:00.000Z',
  paymentMethod: 'cash',
  paymentTransactionToken: null,
  customerId: 7,
  cashRegisterId: 1,
};

function stubApi(partial: Partial<CustomerSummary> = {}) {
  const list = (items: unknown[]) => ({ body: { data: { items, total: items.length, page: 1, limit: 10 } } });
  return stubFetch((url) => {
    const path = decodeURIComponent(url);
    if (path.includes('/admin/customers/7/summary')) return { body: { data: { ...summary, ...partial } } };
    if (path.includes('/admin/customers/7')) return { body: { data: customer } };
    if (path.includes('/admin/bookings')) return list(path.includes('"lt"') ? [booking] : []);
    if (path.includes('/admin/orders')) return list([order]);
    return { status: 404, body: { error: { code: 1000104, message: 'not found' } } };
  });
}

const everything = testUser({
  can: [
    'customers_find',
    'customers_edit',
    'bookings_find',
    'bookings_create',
    'orders_find',
    'orders_create',
    'orders_edit',
  ],
});

function renderView(user = everything, route = '/customers/view/7') {
  return renderInApp(<CustomerViewPage />, { path: '/customers/view/:id', route, user });
}

describe("a customer's page", () => {
  it('shows who they are, their figures and the next actions', async () => {
    stubApi();
    renderView();
    expect(await screen.findByRole('heading', { name: 'Lucía García López' }, slow)).toBeTruthy();
    const figures = await screen.findByTestId('customer-figures', undefined, slow);
    expect(within(figures).getByTestId('customer-figure-spent').textContent).toContain(formatCents(5_250));
    expect(within(figures).getByTestId('customer-figure-spent').textContent).toContain(
      '2 paid orders, 2 refunds',
    );
    expect(within(figures).getByTestId('customer-figure-lastVisit').textContent).toContain(
      '1 attended, 1 missed',
    );
    expect(within(figures).getByTestId('customer-figure-nextBooking').textContent).toContain(
      '1 booking ahead',
    );
    const profile = screen.getByTestId('customer-profile');
    expect(within(profile).getByRole('link', { name: '+34 689 921 849' }).getAttribute('href')).toBe(
      'tel:+34689921849',
    );
    expect(within(profile).getByText('Calle Mayor 12, 28901 Getafe, Madrid, España')).toBeTruthy();
    expect(screen.getByTestId('customer-new-order').getAttribute('href')).toBe(
      '/orders/create-by-customer/7',
    );
    expect(screen.getByTestId('customer-new-booking').getAttribute('href')).toBe(
      '/calendars/view?customer=7',
    );
    expect(screen.getByTestId('customer-edit').getAttribute('href')).toBe('/customers/edit/7');
  });

  it("lists the customer's bookings, upcoming and past, and their orders, filtered by the customer", async () => {
    const calls = stubApi();
    const { router } = renderView();
    fireEvent.click(await screen.findByRole('tab', { name: 'Bookings' }, slow));
    const past = await screen.findByTestId('customer-past-bookings', undefined, slow);
    expect(await within(past).findByText('Masaje relajante', undefined, slow)).toBeTruthy();
    expect(within(past).getByText('Attended')).toBeTruthy();
    expect(
      within(screen.getByTestId('customer-upcoming-bookings')).getByText('No bookings ahead'),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=bookings');
    const bookingCalls = calls
      .map((c) => decodeURIComponent(c.url))
      .filter((u) => u.includes('/admin/bookings'));
    expect(bookingCalls.every((u) => u.includes('"customerId":{"eq":7}'))).toBe(true);

    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    const orders = await screen.findByTestId('customer-orders', undefined, slow);
    expect((await within(orders).findByRole('link', { name: '#12' }, slow)).getAttribute('href')).toBe(
      '/orders/edit/51',
    );
    expect(orders.textContent).toContain(formatCents(9_500));
    const orderCall = calls.map((c) => decodeURIComponent(c.url)).find((u) => u.includes('/admin/orders'));
    expect(orderCall).toContain('"customerId":{"eq":7}');
  });

  it('hides what the user may not see or do: no sales figures, tabs or buttons without their permissions', async () => {
    stubApi({ orders: null });
    renderView(testUser({ can: ['customers_find', 'bookings_find'] }), '/customers/view/7?tab=orders');
    expect(await screen.findByRole('heading', { name: 'Lucía García López' }, slow)).toBeTruthy();
    await screen.findByTestId('customer-figure-lastVisit', undefined, slow);
    expect(screen.queryByTestId('customer-figure-spent')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Orders' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Bookings' })).toBeTruthy();
    // An address asking for a tab the user may not see opens the profile.
    expect(screen.getByTestId('customer-profile')).toBeTruthy();
    expect(screen.queryByTestId('customer-new-order')).toBeNull();
    expect(screen.queryByTestId('customer-new-booking')).toBeNull();
    expect(screen.queryByTestId('customer-edit')).toBeNull();
  });

  it('says so when the customer does not exist', async () => {
    stubApi();
    renderView(everything, '/customers/view/8');
    expect(await screen.findByTestId('customer-not-found', undefined, slow)).toBeTruthy();
  });
});
