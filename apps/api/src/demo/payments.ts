import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Services } from '../app.js';
import type { Db } from '../db/client.js';
import { newRedsysOrder } from '../integrations/redsys/client.js';
import type { AuthContext } from '../lib/auth-context.js';
import { orders } from '../modules/orders/orders.table.js';
import { payments } from '../modules/payments/payments.table.js';

/**
 * The demo company's online payments: Redsys's public test merchant (reference §2.7) chosen for new
 * online payments; each online sale paid through it (a succeeded payment whose Redsys order number is
 * the order's transaction token), and each online order still awaiting payment with its payment link.
 */
export async function seedDemoPayments(db: Db, services: Services, licenseId: number) {
  const auth = {
    licenseId,
    userId: null,
    permissions: new Set(['settings_paymentGateway']),
  } as unknown as AuthContext;
  await services.settings.update(auth, {
    payment: { gateway: 'redsys' },
    redsys: {
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      fuc: '999008881',
      terminal: '1',
      currency: '978',
      transactionType: 'authorization',
      version: 'HMAC_SHA256_V1',
      encryptionKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
    },
  });
  const online = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.licenseId, licenseId),
        eq(orders.paymentMethod, 'online'),
        inArray(orders.status, ['awaiting_payment', 'paid', 'refunded']),
      ),
    )
    .orderBy(asc(orders.id));
  await db.transaction(async (tx) => {
    const paid = online.filter((o) => o.status !== 'awaiting_payment' && o.originalOrderId === null);
    for (let i = 0; i < paid.length; i += 500) {
      const chunk = paid.slice(i, i + 500).map((o) => ({ order: o, reference: newRedsysOrder() }));
      await tx.insert(payments).values(
        chunk.map(({ order, reference }) => ({
          licenseId,
          orderId: order.id,
          kind: 'payment' as const,
          gateway: 'redsys' as const,
          mode: 'authorization',
          status: 'succeeded' as const,
          amountCents: order.totalCents,
          currency: '978',
          reference,
          transactionToken: reference,
          createdAt: order.paymentDate ?? order.createdAt,
          updatedAt: order.paymentDate ?? order.createdAt,
        })),
      );
      for (const { order, reference } of chunk)
        await tx.update(orders).set({ paymentTransactionToken: reference }).where(eq(orders.id, order.id));
    }
    for (const order of online.filter((o) => o.status === 'awaiting_payment'))
      await services.payments.ensureLink(tx, licenseId, order.id);
  });
  return { paid: online.filter((o) => o.status !== 'awaiting_payment').length };
}
