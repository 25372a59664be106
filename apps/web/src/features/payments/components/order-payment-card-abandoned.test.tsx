// @vitest-environment jsdom
import type { Order, OrderPayment } from '@mostrador/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderInApp, testUser } from '../../../test/render';
import { OrderPaymentCard } from './order-payment-card';

const order: Order = {
  id: 52,
  code: 1051,
  customerId: 3,
  status: 'awaiting_payment',
  paymentMethod: 'online',
  notes: 'Online checkout abandoned: payment link disabled',
  taxBase: 37.19,
  taxes: 7.81,
  total: 45,
  invoiceCode: null,
  paymentDate: null,
  paymentTransactionToken: null,
  originalOrderId: null,
  cashRegisterId: null,
  createdAt: '2026-03-02T09:15:00Z',
  updatedAt: '2026-03-02T09:56:00Z',
  lines: [],
};
const slow = { timeout: 8000 };

function serve(payment: OrderPayment) {
  stubFetch((url) =>
    new URL(url, 'http://x').pathname === '/v1/admin/orders/52/payment'
      ? { body: { data: payment } }
      : { status: 404, body: { error: { code: 1000104, message: 'Not found' } } },
  );
}

describe('OrderPaymentCard of an abandoned public checkout', () => {
  it('says the customer left without paying and the link was disabled, not to check the gateway', async () => {
    serve({
      link: null,
      linkDisabledAt: '2026-03-02T09:56:00Z',
      gateway: 'stripe',
      capturable: false,
      attempts: [],
    });
    renderInApp(<OrderPaymentCard order={order} defaultEmail="irene@example.es" />, {
      user: testUser({ can: ['orders_find', 'orders_edit'] }),
    });
    const text = (await screen.findByTestId('payment-no-link', undefined, slow)).textContent ?? '';
    expect(text).toContain('The customer left the online checkout without paying');
    expect(text).toContain('A payment already started at the gateway is still received.');
    expect(text).not.toContain('check the payment gateway');
    // Nothing to copy or mail.
    expect(screen.queryByTestId('payment-link')).toBeNull();
    expect(screen.queryByTestId('payment-link-mail')).toBeNull();
  });

  it('without a disabled link, an awaiting order with no link still points to the gateway settings', async () => {
    serve({ link: null, linkDisabledAt: null, gateway: null, capturable: false, attempts: [] });
    renderInApp(<OrderPaymentCard order={order} defaultEmail="irene@example.es" />, {
      user: testUser({ can: ['orders_find'] }),
    });
    expect((await screen.findByTestId('payment-no-link', undefined, slow)).textContent).toContain(
      'check the payment gateway',
    );
  });
});
