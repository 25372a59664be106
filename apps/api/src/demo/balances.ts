import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { balanceMovements, customerBalances } from '../modules/balances/balances.table.js';
import { revokeRefundedBalances } from '../modules/balances/refund-balances.js';
import { orderLines } from '../modules/orders/order-lines.table.js';
import { orders } from '../modules/orders/orders.table.js';
import { products } from '../modules/products/products.table.js';

/**
 * The packs and credits the demo's paid sales gave their customers. The demo writes its orders directly,
 * so the paid order's grants did not run: each paid sale of a `pack` or `credit` product is handed to the
 * same grant `onOrderPaid` calls (the balances service's `grantForPaidOrder`: one balance per unit, with its
 * 'granted' movement), and each refund of such a line to the refund's own step (`revokeRefundedBalances`:
 * the units given back revoked). The rows are then dated as the sale and refund that made them.
 */
export async function seedDemoBalances(db: Db, services: Services, licenseId: number) {
  const sales = await db
    .selectDistinct({
      orderId: orders.id,
      customerId: orders.customerId,
      createdBy: orders.createdBy,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        eq(orders.licenseId, licenseId),
        inArray(products.type, ['pack', 'credit']),
        inArray(orders.status, ['paid', 'refunded']),
        isNull(orders.originalOrderId),
        isNotNull(orders.customerId),
        isNotNull(orders.paymentDate),
      ),
    )
    .orderBy(asc(orders.id));
  if (!sales.length) return;
  const refundLines = await db
    .select({
      refundOrderId: orderLines.orderId,
      originalLineId: orderLines.originalLineId,
      quantity: orderLines.quantity,
      createdBy: orders.createdBy,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        eq(orderLines.licenseId, licenseId),
        inArray(products.type, ['pack', 'credit']),
        isNotNull(orderLines.originalLineId),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orderLines.id));
  await db.transaction(async (tx) => {
    for (const sale of sales)
      await services.balances.grantForPaidOrder(tx, {
        licenseId,
        orderId: sale.orderId,
        customerId: sale.customerId,
        userId: sale.createdBy,
        mailIds: [],
      });
    for (const line of refundLines)
      await revokeRefundedBalances(tx, licenseId, {
        refundOrderId: line.refundOrderId,
        lines: [{ lineId: line.originalLineId!, quantity: -line.quantity }],
        userId: line.createdBy,
      });
    // Dated as what made them: a balance and its grant at the sale's payment, a revocation at its refund.
    await tx.execute(sql`
      update ${balanceMovements} m set created_at = o.payment_date, updated_at = o.payment_date
      from ${orders} o
      where m.license_id = ${licenseId} and o.id = m.order_id`);
    await tx.execute(sql`
      update ${customerBalances} b set created_at = o.payment_date, updated_at = v.last_moved
      from ${orderLines} l
      join ${orders} o on o.id = l.order_id
      join (select balance_id, max(created_at) as last_moved from ${balanceMovements}
            where license_id = ${licenseId} group by balance_id) v on true
      where b.license_id = ${licenseId} and l.id = b.order_line_id and v.balance_id = b.id`);
  });
}
