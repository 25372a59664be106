import type { PaymentGateway, Settings, StripeMode } from '@mostrador/contract';
import type { DbOrTx } from '../../db/client.js';
import type { RedsysConfig } from '../../integrations/redsys/client.js';
import { AppError } from '../../lib/app-error.js';
import type { SettingsService } from '../settings/settings.service.js';

/** What a gateway needs to take a payment, its secrets decrypted; never sent to a client. */
export type GatewayConfig =
  | {
      gateway: 'stripe';
      mode: StripeMode;
      secretKey: string;
      webhookSecret: string;
      successUrl: string | null;
      errorUrl: string | null;
    }
  | {
      gateway: 'redsys';
      redsys: RedsysConfig;
      transactionType: 'authorization' | 'pre-authorization' | 'authentication';
      successUrl: string | null;
      errorUrl: string | null;
    };

/** Why a gateway cannot be used yet (409): 1000037 for Stripe, 1000158 for Redsys. */
export function gatewayMissing(settings: Settings, gateway: PaymentGateway): AppError | null {
  if (gateway === 'stripe') {
    const s = settings.stripe;
    const key = s.mode === 'live' ? s.secretKeySet : s.testSecretKeySet;
    return key && s.webhookSecretSet ? null : new AppError('stripeNotConfigured');
  }
  const r = settings.redsys;
  return r.url && r.fuc && r.terminal && r.currency && r.encryptionKeySet
    ? null
    : new AppError('redsysNotConfigured');
}

/**
 * The gateway new online payments use, ready (settings as `get` answers them, read in the caller's
 * transaction): 409 1000159 when none is chosen, 1000037 or 1000158 when the chosen one lacks a key.
 */
export function assertOnlineReady(settings: Settings): PaymentGateway {
  const gateway = settings.payment.gateway;
  if (!gateway) throw new AppError('onlinePaymentsNotConfigured');
  const missing = gatewayMissing(settings, gateway);
  if (missing) throw missing;
  return gateway;
}

/** The chosen (or the named) gateway's configuration with its secrets; 409 as `assertOnlineReady`. */
export async function gatewayConfig(
  settingsService: SettingsService,
  licenseId: number,
  gateway?: PaymentGateway,
  /** A payment's own Stripe mode (its refund uses the keys it was taken with). */
  stripeMode?: StripeMode,
  /** The caller's transaction, when there is one. */
  db?: DbOrTx,
): Promise<GatewayConfig> {
  const settings = await settingsService.ofLicense(licenseId, db);
  const chosen = gateway ?? settings.payment.gateway;
  if (!chosen) throw new AppError('onlinePaymentsNotConfigured');
  const mode = stripeMode ?? settings.stripe.mode;
  const missing = gatewayMissing({ ...settings, stripe: { ...settings.stripe, mode } }, chosen);
  if (missing) throw missing;
  const back = { successUrl: settings.stripe.successUrl, errorUrl: settings.stripe.errorUrl };
  if (chosen === 'stripe') {
    const secretKey = await settingsService.secret(
      licenseId,
      mode === 'live' ? 'stripe.secretKey' : 'stripe.testSecretKey',
      db,
    );
    const webhookSecret = await settingsService.secret(licenseId, 'stripe.webhookSecret', db);
    if (!secretKey || !webhookSecret) throw new AppError('stripeNotConfigured');
    return { gateway: 'stripe', mode, secretKey, webhookSecret, ...back };
  }
  const key = await settingsService.secret(licenseId, 'redsys.encryptionKey', db);
  const r = settings.redsys;
  if (!key || !r.url || !r.fuc || !r.terminal || !r.currency) throw new AppError('redsysNotConfigured');
  return {
    gateway: 'redsys',
    redsys: {
      url: r.url,
      fuc: r.fuc,
      terminal: r.terminal,
      currency: r.currency,
      secretKey: key,
      version: r.version ?? 'HMAC_SHA256_V1',
    },
    transactionType: r.transactionType ?? 'authorization',
    ...back,
  };
}
