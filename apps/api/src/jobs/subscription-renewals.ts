import type { Settings } from '@mostrador/contract';
import type { Db } from '../db/client.js';
import type { AuthContext } from '../lib/auth-context.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import { createSubscriptionsRepository } from '../modules/subscriptions/subscriptions.repository.js';
import {
  ordererOf,
  type RenewalOutcome,
  renewalDue,
  renewSubscription,
  type SubscriptionWorkflowDeps,
} from '../workflows/subscription-renewal.js';

/** Subscriptions read per query while walking the active ones. */
const batch = 200;

export interface RenewalRunSummary {
  renewed: number;
  orders: number;
  cancelled: number;
  failed: number;
  /** Online renewals whose payment link could not be mailed (e.g. no email): staff send it from the order. */
  unmailed: number;
}

/**
 * The subscription renewals, run every minute (`subscriptions-renew`) with the time it runs at, so tests
 * drive the clock. Walks the active subscriptions of every license by id, 200 a query with what tells
 * whether anything is due (`renewalDue`); each one due is renewed in its own transaction
 * (`renewSubscription`): a cancellation at period end that has come, a renewal left unpaid
 * beyond the days to pay, each period begun by `now` charged once. One that fails (a gateway not set up
 * for an online renewal, a product no longer a subscription) is logged and tried again next run; the
 * others go on.
 */
export function createSubscriptionRenewer(deps: {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense'>;
  orders: SubscriptionWorkflowDeps['orders'];
  /** Mails an online renewal's payment link to its customer (after the renewal's commit). */
  mailLink?: (auth: AuthContext, orderId: number) => Promise<unknown>;
  log?: { warn(obj: object, msg: string): void };
}) {
  return {
    /** `licenseId` limits the run to one license (a test's company); the job walks them all. */
    async run(now: Date, scope: { licenseId?: number } = {}): Promise<RenewalRunSummary> {
      const summary: RenewalRunSummary = { renewed: 0, orders: 0, cancelled: 0, failed: 0, unmailed: 0 };
      const settingsOf = new Map<number, Settings>();
      const repo = createSubscriptionsRepository(deps.db);
      let afterId = 0;
      for (;;) {
        const page = await repo.activeAfter(afterId, batch, scope.licenseId);
        if (!page.length) break;
        for (const candidate of page) {
          const { id, licenseId } = candidate;
          afterId = id;
          let settings = settingsOf.get(licenseId);
          if (!settings) {
            settings = await deps.settings.ofLicense(licenseId);
            settingsOf.set(licenseId, settings);
          }
          if (!renewalDue(candidate, settings, now)) continue;
          let outcome: RenewalOutcome;
          try {
            outcome = await renewSubscription(
              { db: deps.db, orders: deps.orders },
              licenseId,
              id,
              settings,
              now,
            );
          } catch (err) {
            summary.failed++;
            deps.log?.warn(
              { err, subscriptionId: id, licenseId },
              'subscription renewal failed; retried next run',
            );
            continue;
          }
          if (outcome.kind === 'renewed') {
            summary.renewed++;
            summary.orders += outcome.orderIds.length;
            if (outcome.paymentMethod === 'online' && deps.mailLink) {
              const auth = ordererOf({ licenseId, paymentMethod: 'online' }, settings.timeZone, null);
              for (const orderId of outcome.orderIds)
                await deps.mailLink(auth, orderId).catch((err) => {
                  summary.unmailed++;
                  deps.log?.warn({ err, orderId }, "a renewal's payment link was not mailed");
                });
            }
          } else if (outcome.kind === 'cancelled') summary.cancelled++;
        }
      }
      return summary;
    },
  };
}
export type SubscriptionRenewer = ReturnType<typeof createSubscriptionRenewer>;
