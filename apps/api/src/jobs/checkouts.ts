import type { Settings } from '@mostrador/contract';
import type { Db } from '../db/client.js';
import { createBookingHoldsRepository } from '../modules/bookings/booking-holds.repository.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import {
  type AbandonedOutcome,
  abandonedCheckoutGraceMinutes,
  closeAbandonedCheckout,
  type RefundRetryOutcome,
  retryCheckoutRefund,
} from '../workflows/checkout-holds.js';
import type { OrderWorkflowDeps } from '../workflows/order-steps.js';

/** Holds read per query while walking. */
const batch = 200;
const MINUTE = 60_000;

export interface CheckoutsRunSummary {
  /** Abandoned checkouts whose order was deleted. */
  deleted: number;
  /** Abandoned checkouts whose order stays awaiting a late payment, its link disabled. */
  kept: number;
  /** Abandoned holds released with no order left to close. */
  released: number;
  refunded: number;
  /** Refunds refused again, to be tried after their backoff. */
  retrying: number;
  /** Refunds left for staff after the last try. */
  givenUp: number;
  /** Checkouts this run could not handle (an error: logged, tried next run). */
  failed: number;
}

/**
 * The public checkouts' minute job (`checkouts-sweep`), run with the time it runs at so tests drive
 * the clock. It walks, any license (or `licenseId`'s) by id, 200 a query:
 * - the holds still `held` whose `expires_at` passed more than `abandonedCheckoutGraceMinutes` ago:
 *   each abandoned checkout is closed in its own transaction (`closeAbandonedCheckout`);
 * - the `refund_due` holds whose backoff is over: each refund is tried again (`retryCheckoutRefund`).
 * One that fails is logged and left for the next run; the others go on.
 */
export function createCheckoutsJob(deps: {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense'>;
  orders: OrderWorkflowDeps;
  log?: { warn(obj: object, msg: string): void };
}) {
  const warn = (obj: object, msg: string) => deps.log?.warn(obj, msg);
  return {
    async run(now: Date, scope: { licenseId?: number } = {}): Promise<CheckoutsRunSummary> {
      const summary: CheckoutsRunSummary = {
        deleted: 0,
        kept: 0,
        released: 0,
        refunded: 0,
        retrying: 0,
        givenUp: 0,
        failed: 0,
      };
      const settingsOf = new Map<number, Settings>();
      const settings = async (licenseId: number) => {
        let found = settingsOf.get(licenseId);
        if (!found) {
          found = await deps.settings.ofLicense(licenseId);
          settingsOf.set(licenseId, found);
        }
        return found;
      };
      const holds = createBookingHoldsRepository(deps.db);

      const cutoff = new Date(now.getTime() - abandonedCheckoutGraceMinutes * MINUTE);
      for (let afterId = 0; ; ) {
        const page = await holds.abandoned(cutoff, afterId, batch, scope.licenseId);
        if (!page.length) break;
        for (const { id, licenseId } of page) {
          afterId = id;
          let outcome: AbandonedOutcome;
          try {
            const { locale } = await settings(licenseId);
            outcome = await closeAbandonedCheckout(deps.orders, licenseId, id, cutoff, {
              language: locale,
              now,
            });
          } catch (err) {
            summary.failed++;
            warn({ err, holdId: id, licenseId }, 'abandoned checkout not closed; tried next run');
            continue;
          }
          if (outcome !== 'skipped') summary[outcome]++;
        }
      }

      for (let afterId = 0; ; ) {
        const page = await holds.refundsDue(now, afterId, batch, scope.licenseId);
        if (!page.length) break;
        for (const { id, licenseId } of page) {
          afterId = id;
          let outcome: RefundRetryOutcome;
          try {
            const { locale, timeZone } = await settings(licenseId);
            outcome = await retryCheckoutRefund(
              deps.orders,
              licenseId,
              id,
              { language: locale, timeZone, now },
              warn,
            );
          } catch (err) {
            summary.failed++;
            warn({ err, holdId: id, licenseId }, 'checkout refund retry crashed; tried next run');
            continue;
          }
          if (outcome === 'refunded') summary.refunded++;
          else if (outcome === 'retry') summary.retrying++;
          else if (outcome === 'given_up') summary.givenUp++;
        }
      }
      return summary;
    },
  };
}
export type CheckoutsJob = ReturnType<typeof createCheckoutsJob>;
