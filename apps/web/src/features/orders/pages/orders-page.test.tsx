// @vitest-environment jsdom
import type { OrderListItem } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import 'dayjs/locale/en-gb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dayjs } from '../../../lib/dayjs';
import { setDayjsLocale } from '../../../lib/format';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, setViewportWidth, testUser } from '../../../test/render';
import { OrdersPage } from './orders-page';

const base: OrderListItem = {
  id: 41,
  originalOrderId: null,
  code: 1040,
  image: null,
  createdAt: '2026-03-02T09:15:00+01:00',
  contactEmail: 'lucia@example.es',
  contactPhone: '+34600123456',
  companyName: null,
  name: 'Lucía',
  surname: 'García López',
  amount: 1234.5,
  status: 'paid',
  invoiceCode: '2026-000042',
  paymentDate: '2026-03-02T09:16:00+01:00',
  paymentMethod: 'card',
  paymentTransactionToken: 'tok_123',
  customerId: 7,
  cashRegisterId: 3,
};
const refund: OrderListItem = {
  ...base,
  id: 42,
  originalOrderId: 41,
  code: 1041,
  amount: -25,
  invoiceCode: null,
  createdAt: '2026-03-03T10:00:00+01:00',
};
const draft: OrderListItem = {
  ...base,
  id: 43,
  code: 1042,
  status: 'draft',
  invoiceCode: null,
  paymentDate: null,
  paymentTransactionToken: null,
};
const items = [refund, base, draft];

const slow = { timeout: 8000 };
const everything = testUser({ can: ['orders_find', 'orders_create', 'orders_edit', 'orders_delete'] });

/** Answers the list, and the lookup of the refunds' originals (a list filtered by id). */
function stubOrders(onOther?: (url: string, init: RequestInit) => { status?: number; body?: unknown }) {
  return stubFetch((url, init) => {
    if (init.method && init.method !== 'GET' && onOther) return onOther(url, init);
    const decoded = decodeURIComponent(url);
    if (decoded.includes('"id":{"in"'))
      return { body: { data: { items: [base], total: 1, page: 1, limit: 1 } } };
    return { body: { data: { items, total: 3, page: 1, limit: 50 } } };
  });
}

describe('OrdersPage', () => {
  it('lists orders newest first with euros, statuses, refunds marked, and only the columns shown by default', async () => {
    const calls = stubOrders();
    renderInApp(<OrdersPage />, { path: '/orders', user: testUser({ can: ['orders_find'] }) });
    expect(await screen.findByText('3 orders', undefined, slow)).toBeTruthy();
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('orders={"createdAt":"desc"}');
    expect(
      screen.getAllByTestId('order-amount').map((cell) => cell.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['-25,00 €', '1.234,50 €', '1.234,50 €']);
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
    expect(screen.getByText('Draft')).toBeTruthy();
    // A refund has a label of its own (its stored status is paid), never "Paid".
    expect(screen.getAllByTestId('order-refund-tag').map((tag) => tag.textContent)).toEqual(['Refund']);
    expect(screen.getAllByTestId('order-status-tag').map((tag) => tag.textContent)).toEqual([
      'Paid',
      'Draft',
    ]);
    expect(screen.getAllByText('Card').length).toBe(3);
    // The refund names its original by its code, found in one more call.
    expect(await screen.findByText('Refund of #1040', undefined, slow)).toBeTruthy();
    expect(calls.filter((c) => decodeURIComponent(c.url).includes('"id":{"in":[41]}'))).toHaveLength(1);
    // Hidden by default: invoice, transaction, original order.
    expect(screen.queryByText('2026-000042')).toBeNull();
    expect(screen.queryByText('tok_123')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'lucia@example.es' })[0]?.getAttribute('href')).toBe(
      'mailto:lucia@example.es',
    );
    // Without other permissions: no actions, no new order.
    expect(screen.queryByTestId('create-order')).toBeNull();
    expect(screen.queryByLabelText('Delete order #1040')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  }, 60_000);

  it('offers edit or view, refund, reorder and delete only where they apply', async () => {
    stubOrders();
    renderInApp(<OrdersPage />, { path: '/orders', user: everything });
    expect(await screen.findByText('3 orders', undefined, slow)).toBeTruthy();
    expect(screen.getByTestId('create-order').getAttribute('href')).toBe('/orders/create');
    // A refund opens as a view; it cannot be edited, refunded, reordered or deleted.
    expect(screen.queryByLabelText('Edit order #1041')).toBeNull();
    expect(screen.getAllByLabelText('View order #1041')[0]?.getAttribute('href')).toBe('/orders/edit/42');
    expect(screen.queryByLabelText('More actions for order #1041')).toBeNull();
    expect(screen.queryByLabelText('Delete order #1041')).toBeNull();
    // A draft: edit and delete.
    expect(screen.getAllByLabelText('Edit order #1042').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('Delete order #1042')).toBeTruthy();
    // A paid sale: a view, no delete, and in the menu refund and reorder.
    expect(screen.queryByLabelText('Edit order #1040')).toBeNull();
    expect(screen.getAllByLabelText('View order #1040').length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('Delete order #1040')).toBeNull();
    fireEvent.click(screen.getByLabelText('More actions for order #1040'));
    const refundLink = await screen.findByRole('link', { name: 'Refund order #1040' }, slow);
    expect(refundLink.getAttribute('href')).toBe('/orders/refund/41');
    expect(screen.getByRole('link', { name: 'Reorder order #1040' }).getAttribute('href')).toBe(
      '/orders/create-cloning-order/41',
    );
  }, 60_000);

  it('asks before deleting and says why the server refused (paid meanwhile)', async () => {
    const calls = stubOrders(() => ({
      status: 409,
      body: { error: { code: 1000133, message: 'Only a draft ... can be deleted' } },
    }));
    renderInApp(<OrdersPage />, { path: '/orders', user: everything });
    fireEvent.click(await screen.findByLabelText('Delete order #1042', undefined, slow));
    const confirm = await screen.findByRole('tooltip', undefined, slow);
    expect(within(confirm).getByText('Delete order #1042?')).toBeTruthy();
    expect(within(confirm).getByText(/bookings made with it will be lost/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText(/Only a draft or an awaiting-payment order without payments/, undefined, slow),
    ).toBeTruthy();
    const deletion = calls.find((c) => c.init.method === 'DELETE');
    expect(deletion?.url).toBe('/v1/admin/orders/43');
  }, 60_000);

  it('filters by status and payment method from the toolbar', async () => {
    const calls = stubOrders();
    renderInApp(<OrdersPage />, { path: '/orders', user: everything });
    expect(await screen.findByText('3 orders', undefined, slow)).toBeTruthy();
    fireEvent.mouseDown(screen.getAllByLabelText('Status')[0] as HTMLElement);
    fireEvent.click(await screen.findByTitle('Refunded', undefined, slow));
    await waitFor(() =>
      expect(decodeURIComponent(calls.at(-1)?.url ?? '')).toContain('filters={"status":{"in":["refunded"]}}'),
    );
    fireEvent.mouseDown(screen.getAllByLabelText('Payment method')[0] as HTMLElement);
    fireEvent.click(await screen.findByTitle('Bank transfer', undefined, slow));
    await waitFor(() =>
      expect(decodeURIComponent(calls.at(-1)?.url ?? '')).toContain('"paymentMethod":{"in":["transfer"]}'),
    );
  }, 60_000);

  it('sets the dates to the company’s today with the Today button, and clears them pressed again', async () => {
    // 23:30 in UTC, already the 3rd in Madrid: the company's day, not the browser's.
    vi.useFakeTimers({ now: new Date('2026-03-02T23:30:00Z'), toFake: ['Date'] });
    try {
      const calls = stubOrders();
      renderInApp(<OrdersPage />, { path: '/orders', user: everything });
      expect(await screen.findByText('3 orders', undefined, slow)).toBeTruthy();
      const today = screen.getByTestId('order-filter-dates-today');
      expect(today.getAttribute('aria-pressed')).toBe('false');
      fireEvent.click(today);
      await waitFor(() =>
        expect(decodeURIComponent(calls.at(-1)?.url ?? '')).toContain(
          'filters={"createdAt":{"gte":"2026-03-03","lt":"2026-03-04"}}',
        ),
      );
      await waitFor(() => expect(today.getAttribute('aria-pressed')).toBe('true'));
      fireEvent.click(today);
      await waitFor(() => expect(decodeURIComponent(calls.at(-1)?.url ?? '')).not.toContain('filters='));
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);

  describe('on a phone', () => {
    const initial = dayjs.locale();
    beforeAll(() => setDayjsLocale('en-gb'));
    afterAll(() => {
      dayjs.locale(initial);
      setViewportWidth(1024);
    });

    it('shows each order as a card: number and total, customer, date and time, status and payment', async () => {
      setViewportWidth(390);
      stubOrders();
      renderInApp(<OrdersPage />, { path: '/orders', user: everything });
      const cards = await screen.findAllByTestId('order-card', undefined, slow);
      expect(cards).toHaveLength(3);
      const paid = cards[1] as HTMLElement;
      expect(paid.textContent?.replace(/\s/g, ' ')).toContain('#1040');
      expect(paid.textContent?.replace(/\s/g, ' ')).toContain('1.234,50 €');
      expect(paid.textContent).toContain('Lucía García López');
      expect(paid.textContent).toContain('02/03/2026 09:15');
      expect(within(paid).getByTestId('order-status-tag').textContent).toBe('Paid');
      expect(within(paid).getByText('Card')).toBeTruthy();
      expect(within(cards[0] as HTMLElement).getByTestId('order-refund-tag')).toBeTruthy();
      // The card stands for the columns; the actions stay in reach.
      expect(screen.queryByTestId('order-amount')).toBeNull();
      expect(screen.getAllByTestId('order-more').length).toBeGreaterThan(0);
    }, 60_000);
  });
});
