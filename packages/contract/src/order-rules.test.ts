import { describe, expect, it } from 'vitest';
import { bookingRefusalCodes, bookingStartRefusalCodes } from './error-groups.js';
import { ErrorCode } from './errors.js';
import {
  allowedPaymentMethods,
  canChangeOrderCustomer,
  canDeleteOrder,
  isOrderLocked,
  isStatusBackwards,
  orderDeleteRefusal,
  orderLockReason,
} from './order-rules.js';

const draft = {
  status: 'draft' as const,
  originalOrderId: null,
  invoiceCode: null,
  paymentDate: null,
  paymentTransactionToken: null,
  lines: [{ refundedQuantity: 0 }],
};

describe('isOrderLocked', () => {
  it('leaves drafts and awaiting-payment orders editable', () => {
    expect(isOrderLocked(draft)).toBe(false);
    expect(isOrderLocked({ ...draft, status: 'awaiting_payment' })).toBe(false);
  });

  it('locks a paid order, a refunded or partly refunded one, a refund', () => {
    expect(orderLockReason({ ...draft, status: 'paid' })).toBe('paid');
    expect(orderLockReason({ ...draft, status: 'refunded' })).toBe('refunded');
    expect(
      orderLockReason({
        ...draft,
        status: 'paid',
        lines: [{ refundedQuantity: 0 }, { refundedQuantity: 1 }],
      }),
    ).toBe('refunded');
    expect(orderLockReason({ ...draft, status: 'paid', originalOrderId: 4 })).toBe('refund');
    expect(isOrderLocked({ ...draft, status: 'paid' })).toBe(true);
  });
});

describe('the customer and the status', () => {
  it('lets the customer change until the order is invoiced', () => {
    expect(canChangeOrderCustomer({ invoiceCode: null })).toBe(true);
    expect(canChangeOrderCustomer({ invoiceCode: 'F2026-1' })).toBe(false);
  });

  it('never moves a status backwards', () => {
    expect(isStatusBackwards('draft', 'paid')).toBe(false);
    expect(isStatusBackwards('paid', 'paid')).toBe(false);
    expect(isStatusBackwards('paid', 'awaiting_payment')).toBe(true);
    expect(isStatusBackwards('refunded', 'paid')).toBe(true);
  });
});

describe('canDeleteOrder', () => {
  it('deletes only unpaid drafts and awaiting-payment orders', () => {
    expect(canDeleteOrder(draft)).toBe(true);
    expect(canDeleteOrder({ ...draft, status: 'awaiting_payment' })).toBe(true);
    expect(orderDeleteRefusal({ ...draft, status: 'paid' })).toBe('orderNotDeletable');
    expect(orderDeleteRefusal({ ...draft, status: 'refunded' })).toBe('orderNotDeletable');
    expect(orderDeleteRefusal({ ...draft, status: 'paid', originalOrderId: 3 })).toBe('orderNotDeletable');
  });

  it('refuses one with a payment, an invoice (its own code) or refunds', () => {
    expect(orderDeleteRefusal({ ...draft, paymentDate: '2026-03-02T10:00:00Z' })).toBe('orderNotDeletable');
    expect(orderDeleteRefusal({ ...draft, status: 'awaiting_payment', paymentTransactionToken: 'tok' })).toBe(
      'orderNotDeletable',
    );
    expect(orderDeleteRefusal({ ...draft, lines: [{ refundedQuantity: 1 }] })).toBe('orderNotDeletable');
    expect(orderDeleteRefusal({ ...draft, status: 'paid', invoiceCode: 'F1' })).toBe('orderHasInvoice');
  });

  it('works on a list row, which has no lines', () => {
    const { lines: _lines, ...row } = draft;
    expect(canDeleteOrder(row)).toBe(true);
  });
});

describe('allowedPaymentMethods', () => {
  it('offers cash and card with sales_physical, the others with sales_online', () => {
    expect(allowedPaymentMethods(new Set(['sales_physical']))).toEqual(['cash', 'card']);
    expect(allowedPaymentMethods(new Set(['sales_online']))).toEqual([
      'online',
      'transfer',
      'external_billing',
      'credit',
    ]);
    expect(allowedPaymentMethods((p) => p === 'sales_online' || p === 'sales_physical')).toEqual([
      'cash',
      'online',
      'card',
      'transfer',
      'external_billing',
      'credit',
    ]);
    expect(allowedPaymentMethods(new Set())).toEqual([]);
  });
});

describe('error groups', () => {
  it('hold every booking refusal from 1000118 to 1000126, the start ones included', () => {
    const range = Array.from({ length: 9 }, (_, i) => 1000118 + i);
    expect([...bookingRefusalCodes].sort()).toEqual(range);
    expect(bookingStartRefusalCodes).toContain(ErrorCode.bookingProductTooShort);
  });
});
