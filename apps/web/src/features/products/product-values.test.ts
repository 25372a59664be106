import type { ProductType } from '@mostrador/contract';
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
