import type { Product, ProductType } from '@mostrador/contract';
import { describe, expect, it } from 'vitest';
import { toBody, toFormValues } from './product-values';

/** A form of `type` with sessions, products and a credit amount all filled. */
const filled = (type: ProductType) => ({
  ...toFormValues(undefined, 1),
  name: 'Producto',
  price: 60,
  type,
  packSessions: 4,
  packProductIds: [7, 8],
  creditAmount: 50,
});

describe('the product body of the types that give sessions, name products or give credit', () => {
  it('sends each type only the fields it uses', () => {
    const pick = (body: ReturnType<typeof toBody>) => [
      body.packSessions,
      body.packProductIds,
      body.creditAmount,
    ];
    expect(pick(toBody(filled('pack')))).toEqual([4, [7, 8], null]);
    expect(pick(toBody(filled('bookings_subscription')))).toEqual([4, [7, 8], null]);
    expect(pick(toBody(filled('program_subscription')))).toEqual([null, [7, 8], null]);
    expect(pick(toBody(filled('credit')))).toEqual([null, null, 50]);
    expect(pick(toBody(filled('credit_subscription')))).toEqual([null, null, 50]);
    expect(pick(toBody(filled('regular')))).toEqual([null, null, null]);
  });
});

describe('a saved product of those types loads back into the form', () => {
  it('keeps its sessions, products and credit amount, which the body sends again unchanged', () => {
    const saved = (type: ProductType, fields: Partial<Product>) =>
      ({ name: 'Producto', price: 60, type, taxType: 1, ...fields }) as Product;
    const bookings = toFormValues(
      saved('bookings_subscription', { packSessions: 4, packProductIds: [7] }),
      1,
    );
    expect([bookings.packSessions, bookings.packProductIds]).toEqual([4, [7]]);
    expect([toBody(bookings).packSessions, toBody(bookings).packProductIds]).toEqual([4, [7]]);
    const program = toFormValues(saved('program_subscription', { packProductIds: [7, 8] }), 1);
    expect(toBody(program).packProductIds).toEqual([7, 8]);
    const credit = toFormValues(saved('credit_subscription', { creditAmount: 25 }), 1);
    expect(credit.creditAmount).toBe(25);
    expect(toBody(credit).creditAmount).toBe(25);
  });
});
