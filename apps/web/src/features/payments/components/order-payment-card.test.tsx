// @vitest-environment jsdom
import type { Mail, Order, OrderPayment, PaymentAttempt } from '@mostrador/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/query-keys';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, setViewportWidth, testUser } from '../../../test/render';
import { awaitingRefreshMs } from '../api';
import { OrderPaymentCard } from './order-payment-card';

const order: Order = {
  id: 41,
  code: 1040,
  customerId: 3,
  status: 'awaiting_payment',
  paymentMethod: 'online',
  notes: null,
  taxBase: 20,
  taxes: 4.2,
  total: 24.2,
  invoiceCode: null,
  paymentDate: null,
  paymentTransactionToken: null,
  originalOrderId: null,
  cashRegisterId: null,
  createdAt: '2026-03-02T09:15:00Z',
  updatedAt: '2026-03-02T09:15:00Z',
  lines: [],
};
const attempt = (overrides: Partial<PaymentAttempt>): PaymentAttempt => ({
  id: 1,
  kind: 'payment',
  gateway: 'redsys',
  status: 'pending',
  amount: 24.2,
  currency: 'EUR',
  reference: '0041a1b2c3d4',
  transactionToken: null,
  failureReason: null,
  refundOrderId: null,
  createdAt: '2026-03-02T09:20:00Z',
  updatedAt: '2026-03-02T09:20:00Z',
  ...overrides,
});
const link = 'https://mostrador.example.es/pay/tok_Zx81';
const open: OrderPayment = { link, gateway: 'redsys', capturable: false, attempts: [] };
const slow = { timeout: 8000 };
const clerk = testUser({ can: ['orders_find', 'orders_edit'] });
const refusal = (status: number, code: number, details?: unknown) => ({
  status,
  body: { error: { code, message: 'refused', details } },
});

type Answer = { status?: number; body?: unknown };

/** A fake API: the order's payment (as `payment()` says now), the link mail and the capture. */
function fakeApi(
  payment: () => Answer,
  answers: { mail?: (body: unknown) => Answer; capture?: () => Answer } = {},
) {
  return stubFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/v1/admin/orders/41/payment') return payment();
    if (path === '/v1/admin/orders/41/payment-link/mail')
      return answers.mail?.(JSON.parse(String(init.body))) ?? { status: 500 };
    if (path === '/v1/admin/orders/41/payment/capture') return answers.capture?.() ?? { status: 500 };
    return { status: 404, body: { error: { code: 1000104, message: 'Not found' } } };
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('OrderPaymentCard', () => {
  it('gives the link to copy and mails it to the customer, saying the server’s refusals', async () => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    const answers: Answer[] = [
      refusal(409, 1000160),
      { status: 201, body: { data: { id: 9, contactEmail: 'irene@example.es' } as Mail } },
    ];
    const calls = fakeApi(() => ({ body: { data: open } }), {
      mail: () => answers.shift() ?? { status: 500 },
    });
    renderInApp(<OrderPaymentCard order={order} defaultEmail="irene@example.es" />, { user: clerk });

    const field = (await screen.findByTestId('payment-link', undefined, slow)) as HTMLInputElement;
    expect(field.value).toBe(link);
    expect(screen.getByTestId('order-payment-gateway').textContent).toBe('Redsys');
    expect(screen.getByText(/it opens the Redsys payment page/)).toBeTruthy();
    expect(screen.getByTestId('payment-waiting').textContent).toBe('Waiting for the payment…');
    expect(screen.getByTestId('payment-attempts-none').textContent).toBe(
      'No payments yet: the customer has not opened the link.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy: Payment link' }));
    expect(await screen.findByText('Copied: Payment link', undefined, slow)).toBeTruthy();
    expect(written).toEqual([link]);

    fireEvent.click(screen.getByTestId('payment-link-mail'));
    const dialog = await screen.findByTestId('payment-link-mail-dialog', undefined, slow);
    expect(within(dialog).getByText('Send the payment link of order #1040')).toBeTruthy();
    expect((within(dialog).getByTestId('payment-link-mail-dialog-email') as HTMLInputElement).value).toBe(
      'irene@example.es',
    );
    // Paid meanwhile: said in the dialog.
    fireEvent.click(screen.getByTestId('payment-link-mail-dialog-send'));
    expect(
      (await within(dialog).findByTestId('payment-link-mail-dialog-error', undefined, slow)).textContent,
    ).toContain('This order is not awaiting an online payment.');
    fireEvent.click(screen.getByTestId('payment-link-mail-dialog-send'));
    expect(
      await screen.findByText(
        'The payment link of order #1040 has been queued for irene@example.es',
        undefined,
        slow,
      ),
    ).toBeTruthy();
    const mails = calls.filter((call) => call.url.endsWith('/payment-link/mail'));
    expect(mails.map((call) => JSON.parse(String(call.init.body)))).toEqual([{}, {}]);
    await waitFor(() => expect(screen.queryByTestId('payment-link-mail-dialog')).toBeNull());
  });

  it('reads the payment again every 10 s while the order awaits it, and the order once it is paid (phone)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // At phone width: each attempt a card, no table cut off.
    setViewportWidth(390);
    let payment: OrderPayment = { ...open, attempts: [attempt({})] };
    const calls = fakeApi(() => ({ body: { data: payment } }));
    const { queryClient } = renderInApp(<OrderPaymentCard order={order} defaultEmail={null} />, {
      user: clerk,
    });
    queryClient.setQueryData(queryKeys.orders.detail(41), order);
    await screen.findByTestId('payment-attempt', undefined, slow);
    // Once the grid has measured the width.
    await waitFor(() => expect(screen.getByTestId('order-payment').querySelector('table')).toBeNull(), slow);
    const row = screen.getByTestId('payment-attempt');
    expect(row.getAttribute('data-status')).toBe('pending');
    expect(row.textContent).toContain('Reference: 0041a1b2c3d4');
    expect(within(row).getByTestId('payment-status-tag').textContent).toBe('Pending');
    const reads = () => calls.filter((call) => call.url.endsWith('/payment')).length;
    expect(reads()).toBe(1);

    // Nothing new: read again, the order left alone.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(awaitingRefreshMs);
    });
    await waitFor(() => expect(reads()).toBe(2));
    expect(queryClient.getQueryState(queryKeys.orders.detail(41))?.isInvalidated).toBe(false);

    // Redsys notified the payment: the link closes, the attempt succeeded, the order is read again.
    payment = {
      ...open,
      link: null,
      attempts: [attempt({ status: 'succeeded', transactionToken: '123456' })],
    };
    await act(async () => {
      await vi.advanceTimersByTimeAsync(awaitingRefreshMs);
    });
    await waitFor(() => expect(screen.getByTestId('payment-status-tag').textContent).toBe('Succeeded'));
    expect(screen.queryByTestId('payment-link')).toBeNull();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.orders.detail(41))?.isInvalidated).toBe(true),
    );
  });

  it('lists the attempts newest first with their status, amount, reference and the gateway’s reason', async () => {
    const payment: OrderPayment = {
      link: null,
      gateway: 'redsys',
      capturable: false,
      attempts: [
        attempt({ id: 1, status: 'failed', failureReason: 'Ds_Response 0190: denegada sin especificar' }),
        attempt({ id: 2, status: 'succeeded', reference: '0041e5f6a7b8', createdAt: '2026-03-02T09:30:00Z' }),
        attempt({
          id: 3,
          kind: 'refund',
          status: 'succeeded',
          amount: 10,
          reference: '0041e5f6a7b8',
          refundOrderId: 77,
          createdAt: '2026-03-03T10:00:00Z',
        }),
      ],
    };
    fakeApi(() => ({ body: { data: payment } }));
    // Wide enough for every column (the reference shows from antd's lg breakpoint).
    setViewportWidth(1280);
    renderInApp(<OrderPaymentCard order={{ ...order, status: 'paid' }} defaultEmail={null} />, {
      user: clerk,
    });
    // The gateway and reference columns show once the grid has measured the width.
    await screen.findAllByText('0041e5f6a7b8', undefined, slow);
    const rows = screen.getAllByTestId('payment-attempt');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['succeeded', 'succeeded', 'failed']);
    expect(rows[0]?.textContent).toContain('Refund');
    expect(within(rows[0] as HTMLElement).getByTestId('payment-attempt-amount').textContent).toBe(
      '-10,00\u00a0€',
    );
    expect(
      within(rows[0] as HTMLElement)
        .getByTestId('payment-attempt-refund')
        .getAttribute('href'),
    ).toBe('/orders/edit/77');
    expect(within(rows[1] as HTMLElement).getByTestId('payment-attempt-amount').textContent).toBe(
      '24,20\u00a0€',
    );
    expect(rows[1]?.textContent).toContain('0041e5f6a7b8');
    expect(within(rows[2] as HTMLElement).getByTestId('payment-status-tag').textContent).toBe('Failed');
    expect(within(rows[2] as HTMLElement).getByTestId('payment-attempt-reason').textContent).toBe(
      'Ds_Response 0190: denegada sin especificar',
    );
    // Paid: the link is closed, and nothing is mailed or polled.
    expect(screen.getByTestId('payment-no-link').textContent).toBe(
      'The order no longer awaits payment: its link is closed.',
    );
    expect(screen.queryByTestId('payment-link-mail')).toBeNull();
  });

  it('confirms a held payment after asking, and says why the gateway refused it', async () => {
    const held: OrderPayment = {
      link,
      gateway: 'redsys',
      capturable: true,
      attempts: [attempt({ status: 'authorized', amount: 24.2 })],
    };
    const answers: Answer[] = [
      refusal(409, 1000162, { gateway: 'redsys', reason: 'SIS0075: la operación ha caducado' }),
      { body: { data: { ...order, status: 'paid' } } },
    ];
    const calls = fakeApi(() => ({ body: { data: held } }), {
      capture: () => answers.shift() ?? { status: 500 },
    });
    renderInApp(<OrderPaymentCard order={order} defaultEmail={null} />, { user: clerk });
    const alert = await screen.findByTestId('payment-held', undefined, slow);
    expect(alert.textContent).toContain('A card payment of 24,20\u00a0€ is held');
    expect(screen.getByTestId('payment-status-tag').textContent).toBe('Held');

    fireEvent.click(within(alert).getByTestId('payment-capture'));
    expect(
      (await screen.findAllByText('Confirm the card payment of order #1040?', undefined, slow)).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getAllByText(
        /^Redsys will charge the 24,20\s€ held on the customer’s card, and the order will be paid\.$/,
      ).length,
    ).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('payment-capture-confirm'));
    expect(
      (await screen.findAllByText('The payment gateway refused the operation.', undefined, slow)).length,
    ).toBeGreaterThan(0);
    expect(screen.getAllByText('The gateway said: SIS0075: la operación ha caducado').length).toBeGreaterThan(
      0,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'OK' })[0] as HTMLElement);

    fireEvent.click(within(alert).getByTestId('payment-capture'));
    await waitFor(() => expect(screen.getAllByTestId('payment-capture-confirm').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('payment-capture-confirm').at(-1) as HTMLElement);
    expect(await screen.findByText('Payment confirmed: order #1040 is paid', undefined, slow)).toBeTruthy();
    const captures = calls.filter((call) => call.url.endsWith('/payment/capture'));
    expect(captures.map((call) => call.init.method)).toEqual(['POST', 'POST']);
  });

  it('says when the payment cannot be loaded, and tries again', async () => {
    let fail = true;
    fakeApi(() =>
      fail ? { status: 500, body: { error: { code: 0, message: 'boom' } } } : { body: { data: open } },
    );
    renderInApp(<OrderPaymentCard order={order} defaultEmail={null} />, { user: clerk });
    const error = await screen.findByTestId('order-payment-error', undefined, slow);
    expect(error.textContent).toContain('The card payment could not be loaded');
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByTestId('payment-link', undefined, slow)) as HTMLInputElement).value).toBe(
      link,
    );
  });
});
