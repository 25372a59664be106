// @vitest-environment jsdom
import type { Order, OrderLine } from '@mostrador/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { fullInvoice, simplifiedInvoice } from '../../../test/invoices';
import { renderRoutes, testUser } from '../../../test/render';
import { refundCentsOf } from '../components/refund-amounts';
import { OrderRefundPage } from './order-refund-page';

const line = (overrides: Partial<OrderLine>): OrderLine => ({
  id: 1,
  productId: 5,
  productName: 'Masaje 60 min',
  quantity: 3,
  unitPrice: 4,
  discount: 2,
  taxPercentage: 21,
  taxBase: 8.26,
  total: 10,
  refundedQuantity: 1,
  bookingId: null,
  originalLineId: null,
  ...overrides,
});

const order: Order = {
  id: 41,
  code: 1040,
  customerId: null,
  status: 'paid',
  paymentMethod: 'card',
  notes: null,
  taxBase: 28.93,
  taxes: 6.07,
  total: 35,
  invoiceCode: null,
  paymentDate: '2026-03-02T09:16:00+01:00',
  paymentTransactionToken: null,
  originalOrderId: null,
  cashRegisterId: 3,
  createdAt: '2026-03-02T09:15:00+01:00',
  updatedAt: '2026-03-02T09:16:00+01:00',
  lines: [
    line({}),
    line({
      id: 2,
      productName: 'Crema hidratante',
      quantity: 1,
      unitPrice: 25,
      discount: 0,
      total: 25,
      refundedQuantity: 0,
    }),
  ],
};

/**
 * As in the app, antd's App (which shows the messages) wraps every page, so the message said on leaving the
 * refund page survives the navigation to the list (one App per route unmounted it with the page).
 */
const routes = [
  {
    element: (
      <App>
        <Outlet />
      </App>
    ),
    children: [
      { path: '/orders', element: <p>order list</p> },
      { path: '/orders/refund/:id', element: <OrderRefundPage /> },
    ],
  },
];
const user = testUser({ can: ['orders_find', 'orders_create'] });
/** jsdom renders antd slowly on a busy machine: every wait gets the same budget (waitFor's own is 1 s). */
const slow = { timeout: 8000 };
const total = () => screen.getByTestId('refund-total').textContent?.replace(/\s/g, ' ');

/**
 * The refund's confirmation, found by its button's test id. Not by role: under jsdom every role query
 * computes the style of each element against antd's whole CSS-in-JS sheet (a second or more per query on
 * a busy machine), so polling for a dialog by role outran the waits and failed at random.
 */
async function confirmation() {
  const ok = await screen.findByTestId('refund-confirm', undefined, slow);
  return { dialog: ok.closest('.ant-modal') as HTMLElement, ok };
}

/** Confirms, and waits for the confirmation to be gone so that the next one cannot be mistaken for it. */
async function confirm() {
  const { ok } = await confirmation();
  fireEvent.click(ok);
  await waitFor(() => expect(screen.queryByTestId('refund-confirm')).toBeNull(), slow);
}

/**
 * Answers the order, the list lookup of its customer, its invoices (none unless given), and `refund` for
 * the refund itself.
 */
function stubOrder(
  current: Order,
  refund: (body: unknown) => { status?: number; body?: unknown },
  invoices: unknown[] = [],
) {
  return stubFetch((url, init) => {
    if (init.method === 'POST') return refund(JSON.parse(String(init.body)));
    if (url.endsWith(`/admin/orders/${current.id}/invoices`)) return { body: { data: invoices } };
    if (url.startsWith('/v1/admin/orders?'))
      return { body: { data: { items: [], total: 0, page: 1, limit: 1 } } };
    return { body: { data: current } };
  });
}

describe('refund amounts', () => {
  it('gives back each line’s proportional share, in cents, as the server does', () => {
    const sold = { quantity: 3, unitPrice: 3.5, total: 10, taxPercentage: 21, refundedQuantity: 0 };
    expect(refundCentsOf(sold, 1)).toBe(333);
    expect(refundCentsOf({ ...sold, refundedQuantity: 1 }, 1)).toBe(334);
    expect(refundCentsOf({ ...sold, refundedQuantity: 2 }, 1)).toBe(333);
    expect(refundCentsOf(sold, 3)).toBe(1000);
    expect(refundCentsOf(sold, 0)).toBe(0);
  });
});

describe('OrderRefundPage', () => {
  it('computes the refund live, confirms, sends the chosen lines and goes back to the list', async () => {
    const calls = stubOrder(order, (body) => ({
      status: 201,
      body: { data: { ...order, id: 50, code: 1050, total: -3.34, originalOrderId: 41, body } },
    }));
    const { router } = renderRoutes(routes, { route: '/orders/refund/41', user });
    expect(await screen.findByText('Refund order #1040', undefined, slow)).toBeTruthy();
    expect(screen.getByTestId('refund-already').textContent).toContain('3,33');
    expect(total()).toBe('0,00 €');

    // The second unit of three of a 10 € line gives back 3,34 €.
    fireEvent.change(screen.getByLabelText('Units of Masaje 60 min to refund'), { target: { value: '1' } });
    await waitFor(() => expect(total()).toBe('3,34 €'), slow);
    // Everything left: the two units of the first line and the cream.
    fireEvent.click(screen.getByTestId('refund-all'));
    await waitFor(() => expect(total()).toBe('31,67 €'), slow);
    fireEvent.click(screen.getByTestId('refund-none'));
    await waitFor(() => expect(total()).toBe('0,00 €'), slow);
    fireEvent.change(screen.getByLabelText('Units of Masaje 60 min to refund'), { target: { value: '1' } });
    await waitFor(() => expect(total()).toBe('3,34 €'), slow);

    fireEvent.mouseDown(screen.getByLabelText('Refund method'));
    fireEvent.click(await screen.findByTitle('Bank transfer', undefined, slow));
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: ' Talla equivocada ' } });
    fireEvent.click(screen.getByTestId('refund-submit'));
    const { dialog, ok } = await confirmation();
    expect(within(dialog).getAllByText(/Refund 3,34\s€ of order #1040\?/).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Units to give back: 1. Refund method: Bank transfer.')).toBeTruthy();
    expect(ok.textContent).toBe('Refund');
    fireEvent.click(ok);

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(post?.url).toBe('/v1/admin/orders/41/refund');
    expect(JSON.parse(String(post?.init.body))).toEqual({
      lines: [{ lineId: 1, quantity: 1 }],
      paymentMethod: 'transfer',
      notes: 'Talla equivocada',
    });
    expect(await screen.findByText(/Refund #1050 created: 3,34\s€ given back/, undefined, slow)).toBeTruthy();
  }, 90_000);

  it('puts a quantity above what is left on its line, and a closed register on the payment method', async () => {
    let answer = 0;
    stubOrder(order, () =>
      answer++ === 0
        ? {
            status: 409,
            body: {
              error: {
                code: 1000128,
                message: 'too many',
                details: [{ field: 'lines.0.quantity', message: 'more than is left' }],
              },
            },
          }
        : { status: 409, body: { error: { code: 1000013, message: 'register closed' } } },
    );
    renderRoutes(routes, { route: '/orders/refund/41', user });
    fireEvent.change(await screen.findByLabelText('Units of Crema hidratante to refund', undefined, slow), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await confirm();
    expect(
      await screen.findByText(
        'The quantity to refund is more than what is left to refund on this line',
        { exact: false },
        slow,
      ),
    ).toBeTruthy();

    // Again: a new confirmation (the first one is gone), and this time the register is closed.
    fireEvent.click(screen.getByTestId('refund-submit'));
    await confirm();
    expect(
      await screen.findByText('The cash register is closed: open it to place the order.', undefined, slow),
    ).toBeTruthy();
  }, 90_000);

  it('says when vouchers of a gift card sale were already used (1000180), nothing refunded', async () => {
    stubOrder(order, () => ({
      status: 409,
      body: { error: { code: 1000180, message: 'Vouchers of this sale were already used' } },
    }));
    renderRoutes(routes, { route: '/orders/refund/41', user });
    fireEvent.change(await screen.findByLabelText('Units of Crema hidratante to refund', undefined, slow), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await confirm();
    expect(
      await screen.findByText(
        'Vouchers of this sale were already used: only the units of its unused vouchers can be refunded.',
        undefined,
        slow,
      ),
    ).toBeTruthy();
  }, 90_000);

  it('refunds a sale paid online through its gateway, and says why the gateway refused, nothing saved', async () => {
    const online: Order = { ...order, paymentMethod: 'online', cashRegisterId: null };
    let answer = 0;
    const calls = stubOrder(online, () =>
      answer++ === 0
        ? {
            status: 409,
            body: {
              error: {
                code: 1000162,
                message: 'refused',
                details: { gateway: 'redsys', reason: 'SIS0057: el importe a devolver supera el permitido' },
              },
            },
          }
        : { status: 502, body: { error: { code: 1000163, message: 'unreachable' } } },
    );
    const { router } = renderRoutes(routes, { route: '/orders/refund/41', user });
    fireEvent.change(await screen.findByLabelText('Units of Crema hidratante to refund', undefined, slow), {
      target: { value: '1' },
    });
    expect(screen.getByTestId('refund-online-help').textContent).toContain(
      'The money goes back to the customer’s card through the payment gateway',
    );
    fireEvent.click(screen.getByTestId('refund-submit'));
    await confirm();
    const failure = await screen.findByTestId('refund-gateway-failure', undefined, slow);
    expect(failure.textContent).toContain('The refund was not made');
    expect(failure.textContent).toContain('The payment gateway refused the operation.');
    expect(within(failure).getByTestId('refund-gateway-detail').textContent).toBe(
      'The gateway said: SIS0057: el importe a devolver supera el permitido',
    );
    expect(router.state.location.pathname).toBe('/orders/refund/41');
    expect(JSON.parse(String(calls.find((c) => c.init.method === 'POST')?.init.body))).toMatchObject({
      paymentMethod: 'online',
    });

    // Again, the gateway out of reach: said without details.
    fireEvent.click(screen.getByTestId('refund-submit'));
    await confirm();
    await waitFor(
      () =>
        expect(screen.getByTestId('refund-gateway-failure').textContent).toContain(
          'The payment gateway could not be reached',
        ),
      slow,
    );
    expect(screen.queryByTestId('refund-gateway-detail')).toBeNull();
  }, 90_000);

  it('says the gateway is no longer set up, with the way to the payment settings', async () => {
    stubOrder({ ...order, paymentMethod: 'online', cashRegisterId: null }, () => ({
      status: 409,
      body: { error: { code: 1000158, message: 'Redsys not configured' } },
    }));
    renderRoutes(routes, {
      route: '/orders/refund/41',
      user: testUser({ can: ['orders_find', 'orders_create', 'settings_paymentGateway'] }),
    });
    fireEvent.change(await screen.findByLabelText('Units of Crema hidratante to refund', undefined, slow), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByTestId('refund-submit'));
    await confirm();
    const failure = await screen.findByTestId('refund-gateway-failure', undefined, slow);
    expect(failure.textContent).toContain(
      'The card payment method (Redsys) must be configured for this action.',
    );
    expect(within(failure).getByTestId('refund-payment-settings').getAttribute('href')).toBe(
      '/settings/payment',
    );
  }, 90_000);

  it('asks why the full invoice is rectified (R1 unless chosen) and sends it with the refund', async () => {
    const invoiced = { ...order, invoiceCode: fullInvoice.code };
    const calls = stubOrder(
      invoiced,
      (body) => ({ status: 201, body: { data: { ...order, id: 51, code: 1051, total: -25, body } } }),
      [simplifiedInvoice, { ...fullInvoice, type: 'F3' }],
    );
    renderRoutes(routes, { route: '/orders/refund/41', user });
    const reason = await screen.findByTestId('refund-rectification-reason', undefined, slow);
    expect(reason.textContent).toContain('R1 · Returns, discounts or errors');
    expect(screen.getByText(/The sale has the full invoice 2026-000012/)).toBeTruthy();
    fireEvent.mouseDown(within(reason).getByRole('combobox'));
    fireEvent.click(await screen.findByText('R3 · Uncollectable debt', undefined, slow));
    fireEvent.change(screen.getByLabelText('Units of Crema hidratante to refund'), {
      target: { value: '1' },
    });
    fireEvent.click(screen.getByTestId('refund-submit'));
    const { dialog, ok } = await confirmation();
    expect(within(dialog).getByTestId('refund-confirm-rectifying').textContent).toBe(
      'A rectifying invoice (R3) of invoice 2026-000012 will be issued.',
    );
    fireEvent.click(ok);
    await waitFor(() => expect(calls.some((c) => c.init.method === 'POST')).toBe(true), slow);
    const post = calls.find((c) => c.init.method === 'POST');
    expect(JSON.parse(String(post?.init.body))).toMatchObject({
      lines: [{ lineId: 2, quantity: 1 }],
      rectificationReason: 'R3',
    });
  }, 90_000);

  it('says a simplified invoice is rectified by an R5, without asking', async () => {
    stubOrder({ ...order, invoiceCode: simplifiedInvoice.code }, () => ({ status: 500 }), [
      simplifiedInvoice,
    ]);
    renderRoutes(routes, { route: '/orders/refund/41', user });
    expect((await screen.findByTestId('refund-simplified-rectified', undefined, slow)).textContent).toBe(
      'The sale has the simplified invoice T2026-000031: the refund issues its rectifying invoice (R5).',
    );
    expect(screen.queryByTestId('refund-rectification-reason')).toBeNull();
  });

  it('explains why a refund, an unpaid order or a wholly refunded one cannot be refunded', async () => {
    stubOrder({ ...order, originalOrderId: 12, total: -10 }, () => ({ status: 500 }));
    renderRoutes(routes, { route: '/orders/refund/41', user });
    expect(await screen.findByTestId('refund-not-possible', undefined, slow)).toBeTruthy();
    expect(
      screen.getByText('It is itself a refund. To give back more, refund the original order.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('refund-form')).toBeNull();
    expect(screen.getByText('Refund the original order').closest('a')?.getAttribute('href')).toBe(
      '/orders/refund/12',
    );
  });

  it('says when an order is not paid yet', async () => {
    stubOrder({ ...order, status: 'draft' }, () => ({ status: 500 }));
    renderRoutes(routes, { route: '/orders/refund/41', user });
    expect(
      await screen.findByText('Only paid orders can be refunded, and this one is “Draft”.', undefined, slow),
    ).toBeTruthy();
  });
});
