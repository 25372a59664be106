import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { taxBaseOf } from './money.js';
import { refundShare } from './refunds.js';

describe('refundShare', () => {
  it('gives back a third of a discounted line, then the rest, to the cent', () => {
    // 3 × 10,00 € − 1,00 € = 29,00 €, IVA 21 %.
    const line = {
      quantity: 3,
      unitPriceCents: 1000,
      totalCents: 2900,
      taxPercentage: 2100,
      refundedQuantity: 0,
    };
    const first = refundShare(line, 1);
    expect(first).toEqual({ quantity: 1, totalCents: 967, taxBaseCents: 799, discountCents: 33 });
    const rest = refundShare({ ...line, refundedQuantity: 1 }, 2);
    expect(first.totalCents + rest.totalCents).toBe(2900);
    expect(first.taxBaseCents + rest.taxBaseCents).toBe(taxBaseOf(2900, 2100));
    expect(first.discountCents + rest.discountCents).toBe(100);
  });

  it('refuses more than what is left', () => {
    const line = {
      quantity: 2,
      unitPriceCents: 500,
      totalCents: 1000,
      taxPercentage: 1000,
      refundedQuantity: 1,
    };
    expect(() => refundShare(line, 2)).toThrow(RangeError);
  });

  it('adds up to the line in any split, and each part is priced as quantity × unit price − discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(0, 400, 1000, 2100),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 100 }),
        (quantity, unitPriceCents, taxPercentage, parts, discountPercent) => {
          const discount = Math.floor((quantity * unitPriceCents * discountPercent) / 100);
          const totalCents = quantity * unitPriceCents - discount;
          let refunded = 0;
          let total = 0;
          let base = 0;
          for (const part of parts) {
            const q = Math.min(part, quantity - refunded);
            if (q < 1) break;
            const share = refundShare(
              { quantity, unitPriceCents, totalCents, taxPercentage, refundedQuantity: refunded },
              q,
            );
            expect(share.totalCents).toBeGreaterThanOrEqual(0);
            expect(q * unitPriceCents - share.discountCents).toBe(share.totalCents);
            refunded += q;
            total += share.totalCents;
            base += share.taxBaseCents;
          }
          if (refunded < quantity) {
            const share = refundShare(
              { quantity, unitPriceCents, totalCents, taxPercentage, refundedQuantity: refunded },
              quantity - refunded,
            );
            total += share.totalCents;
            base += share.taxBaseCents;
          }
          expect(total).toBe(totalCents);
          expect(base).toBe(taxBaseOf(totalCents, taxPercentage));
        },
      ),
    );
  });
});
