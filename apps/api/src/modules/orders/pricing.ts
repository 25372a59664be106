import { eurosToCents, taxBaseOf } from '@mostrador/contract';
import { invalid } from '../../lib/app-error.js';
import type { ProductRow } from '../products/products.repository.js';
import type { OrderBody } from './order-rules.js';
import type { OrderLineValues } from './orders.repository.js';

type LineBody = OrderBody['lines'][number];

/** The largest amount a cents column holds. */
const maxCents = 2_147_483_647;

export interface PricedLine {
  body: LineBody;
  product: ProductRow;
  values: OrderLineValues;
}

/**
 * Prices the lines, VAT included: a line's total is quantity × unitPrice − discount and its tax base that
 * total over 1 + its product's tax, half up to the cent; the order's figures are the sums. Every product
 * is in `products`; `taxes` holds the percentages (hundredths) by tax id. 400 above a cents column.
 */
export function priceLines(
  lines: LineBody[],
  products: ReadonlyMap<number, ProductRow>,
  taxes: ReadonlyMap<number, number>,
) {
  let taxBaseCents = 0;
  let totalCents = 0;
  const priced = lines.map((l, i): PricedLine => {
    const product = products.get(l.productId)!;
    const unitPriceCents = eurosToCents(l.unitPrice);
    const discountCents = eurosToCents(l.discount);
    const lineTotal = unitPriceCents * l.quantity - discountCents;
    if (lineTotal > maxCents) throw invalid(`lines.${i}.quantity`, 'the line total is too large');
    const taxPercentage = taxes.get(product.taxId) ?? 0;
    const lineTaxBase = taxBaseOf(lineTotal, taxPercentage);
    taxBaseCents += lineTaxBase;
    totalCents += lineTotal;
    return {
      body: l,
      product,
      values: {
        productId: product.id,
        quantity: l.quantity,
        unitPriceCents,
        discountCents,
        taxPercentage,
        taxBaseCents: lineTaxBase,
        totalCents: lineTotal,
      },
    };
  });
  if (totalCents > maxCents) throw invalid('lines', 'the order total is too large');
  return { lines: priced, taxBaseCents, totalCents };
}
