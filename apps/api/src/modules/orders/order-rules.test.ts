import { ErrorCode, type Permission } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../lib/app-error.js';
import {
  checkDeletable,
  checkLockedEdit,
  checkPaymentPermission,
  checkRemovedLines,
  checkStatusChange,
  lockReason,
  moneyChanges,
  type OrderBody,
  registerAfterEdit,
} from './order-rules.js';
import type { OrderLineRecord, OrderRow } from './orders.repository.js';

const at = new Date('2026-03-01T10:00:00Z');
const order = (values: Partial<OrderRow> = {}): OrderRow => ({
  id: 1,
  licenseId: 1,
  code: 1,
  customerId: null,
  status: 'paid',
  paymentMethod: 'cash',
  notes: null,
  taxBaseCents: 826,
  totalCents: 1000,
  invoiceCode: null,
  paymentDate: at,
  paymentTransactionToken: null,
  originalOrderId: null,
  cashRegisterId: 7,
  createdBy: null,
  createdAt: at,
  updatedAt: at,
  ...values,
});
const line = (values: Partial<OrderLineRecord> = {}): OrderLineRecord => ({
  id: 10,
  licenseId: 1,
  orderId: 1,
  productId: 3,
  quantity: 2,
  unitPriceCents: 550,
  discountCents: 100,
  chargesBooking: false,
  taxPercentage: 2100,
  taxBaseCents: 826,
  totalCents: 1000,
  refundedQuantity: 0,
  originalLineId: null,
  cashRegisterId: 7,
  createdAt: at,
  updatedAt: at,
  productName: 'Aceite',
  bookingId: null,
  ...values,
});
const body = (values: Partial<OrderBody> = {}): OrderBody => ({
  customerId: null,
  status: 'paid',
  paymentMethod: 'cash',
  notes: null,
  lines: [{ id: 10, productId: 3, quantity: 2, unitPrice: 5.5, discount: 1 }],
  ...values,
});

/** The error code `run` throws, or undefined. */
function codeOf(run: () => void): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as AppError).code;
  }
}

describe('payment permissions', () => {
  const holding = (...p: Permission[]) => new Set<Permission>(p);
  it('asks sales_physical for cash and card, sales_online for the rest', () => {
    for (const method of ['cash', 'card'] as const) {
      expect(codeOf(() => checkPaymentPermission(holding('sales_physical'), method))).toBeUndefined();
      expect(codeOf(() => checkPaymentPermission(holding('sales_online'), method))).toBe(ErrorCode.forbidden);
    }
    for (const method of ['online', 'transfer', 'external_billing'] as const) {
      expect(codeOf(() => checkPaymentPermission(holding('sales_online'), method))).toBeUndefined();
      expect(codeOf(() => checkPaymentPermission(holding('sales_physical'), method))).toBe(
        ErrorCode.forbidden,
      );
    }
  });
});

describe('status changes', () => {
  it('go forward only; refunded only where the order already is', () => {
    expect(codeOf(() => checkStatusChange('draft', 'paid'))).toBeUndefined();
    expect(codeOf(() => checkStatusChange('paid', 'paid'))).toBeUndefined();
    expect(codeOf(() => checkStatusChange('refunded', 'refunded'))).toBeUndefined();
    expect(codeOf(() => checkStatusChange('awaiting_payment', 'draft'))).toBe(ErrorCode.orderStatusBackwards);
    expect(codeOf(() => checkStatusChange('paid', 'awaiting_payment'))).toBe(ErrorCode.orderStatusBackwards);
    expect(codeOf(() => checkStatusChange('refunded', 'draft'))).toBe(ErrorCode.orderStatusBackwards);
    expect(codeOf(() => checkStatusChange(null, 'refunded'))).toBe(ErrorCode.validation);
    expect(codeOf(() => checkStatusChange('paid', 'refunded'))).toBe(ErrorCode.validation);
  });
});

describe('money locks', () => {
  it('lock paid, (partly) refunded and refund orders and those on a closed register, not open drafts', () => {
    expect(lockReason(order(), [line()])).toBe('paid');
    expect(lockReason(order({ status: 'refunded' }), [line()])).toBe('refunded');
    expect(lockReason(order(), [line({ refundedQuantity: 1 })])).toBe('refunded');
    expect(lockReason(order({ status: 'draft', originalOrderId: 4 }), [line()])).toBe('refund');
    expect(lockReason(order({ status: 'draft' }), [line()])).toBeNull();
    expect(lockReason(order({ status: 'awaiting_payment' }), [line()])).toBeNull();
  });

  it('name each money field that differs', () => {
    const lines = [line()];
    expect(moneyChanges(order(), lines, body({ notes: 'x', customerId: 5 }))).toEqual([]);
    const sent = body({
      status: 'draft',
      paymentMethod: 'card',
      lines: [
        { id: 10, productId: 4, quantity: 3, unitPrice: 6, discount: 0 },
        { productId: 3, quantity: 1, unitPrice: 1, discount: 0 },
      ],
    });
    expect(moneyChanges(order(), lines, sent).map((c) => c.field)).toEqual([
      'status',
      'paymentMethod',
      'lines.0.productId',
      'lines.0.quantity',
      'lines.0.unitPrice',
      'lines.0.discount',
      'lines.1',
    ]);
    expect(moneyChanges(order(), [line(), line({ id: 11 })], body()).map((c) => c.field)).toEqual(['lines']);
    const twice = body({ lines: [body().lines[0]!, body().lines[0]!] });
    expect(moneyChanges(order(), [line(), line({ id: 11 })], twice).map((c) => c.field)).toEqual([
      'lines.1',
      'lines',
    ]);
  });

  it('read a refund’s lines as the positive amounts they give back', () => {
    const refund = order({ originalOrderId: 4, totalCents: -1000 });
    const lines = [line({ quantity: -2, discountCents: -100, originalLineId: 9 })];
    expect(moneyChanges(refund, lines, body())).toEqual([]);
    expect(codeOf(() => checkLockedEdit(refund, lines, body({ notes: 'ok' }), 'refund'))).toBeUndefined();
    expect(codeOf(() => checkLockedEdit(refund, lines, body({ customerId: 5 }), 'refund'))).toBe(
      ErrorCode.refundNotEditable,
    );
    expect(codeOf(() => checkLockedEdit(order(), [line()], body({ paymentMethod: 'card' }), 'paid'))).toBe(
      ErrorCode.orderMoneyLocked,
    );
  });

  it('keep refunded lines', () => {
    expect(codeOf(() => checkRemovedLines([line({ refundedQuantity: 1 })], new Set([10])))).toBeUndefined();
    expect(codeOf(() => checkRemovedLines([line()], new Set()))).toBeUndefined();
    expect(codeOf(() => checkRemovedLines([line({ refundedQuantity: 1 })], new Set()))).toBe(
      ErrorCode.refundedLineNotRemovable,
    );
  });
});

describe('the register after an edit', () => {
  const next = { paymentMethod: 'cash' as const, status: 'paid' as const, totalCents: 1000 };
  it('stays while nothing counted changes, moves to the open one otherwise, none for other methods', () => {
    expect(registerAfterEdit(order(), next)).toBe(7);
    expect(registerAfterEdit(order({ status: 'draft' }), next)).toBeUndefined();
    expect(registerAfterEdit(order(), { ...next, totalCents: 900 })).toBeUndefined();
    expect(registerAfterEdit(order(), { ...next, paymentMethod: 'transfer' })).toBeNull();
  });
});

describe('deleting', () => {
  it('takes drafts and awaiting orders without payments or refunds only; invoiced answers 1000006 first', () => {
    const draft = order({ status: 'draft', paymentDate: null });
    const lines = [line()];
    expect(codeOf(() => checkDeletable(draft, lines))).toBeUndefined();
    expect(codeOf(() => checkDeletable({ ...draft, status: 'awaiting_payment' }, lines))).toBeUndefined();
    expect(codeOf(() => checkDeletable({ ...draft, paymentTransactionToken: 'tok' }, lines))).toBe(
      ErrorCode.orderNotDeletable,
    );
    expect(codeOf(() => checkDeletable(draft, [line({ refundedQuantity: 1 })]))).toBe(
      ErrorCode.orderNotDeletable,
    );
    expect(codeOf(() => checkDeletable({ ...draft, originalOrderId: 2 }, lines))).toBe(
      ErrorCode.orderNotDeletable,
    );
    expect(codeOf(() => checkDeletable(order(), lines))).toBe(ErrorCode.orderNotDeletable);
    expect(codeOf(() => checkDeletable(order({ status: 'refunded' }), lines))).toBe(
      ErrorCode.orderNotDeletable,
    );
    expect(codeOf(() => checkDeletable(order({ invoiceCode: 'T2026-000001' }), lines))).toBe(
      ErrorCode.orderHasInvoice,
    );
  });
});
